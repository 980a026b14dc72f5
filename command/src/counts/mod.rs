//! The physical count aggregate: started with its sheet, quantities typed in, then
//! closed (every product counted) or cancelled, once. The stock moves on the product streams
//! when it closes (`service.rs`).

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use cqrs_es::event_sink::EventSink;
use optica_events::counts::{Contado, ConteoEvent, Diferencia, Esperado, COUNT_AGGREGATE};
use serde::{Deserialize, Serialize};

use crate::products::MAX_STOCK;

mod service;
pub use service::*;

/// Products on one sheet: a whole branch's catalogue, with room to spare.
pub const MAX_PRODUCTOS: usize = 20_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConteoCommand {
    Iniciar {
        local_id: i64,
        categoria_id: Option<i64>,
        marca_id: Option<i64>,
        productos: Vec<Esperado>,
        fecha: NaiveDateTime,
    },
    Cargar {
        contados: Vec<Contado>,
    },
    Cerrar {
        fecha: NaiveDateTime,
    },
    Cancelar {
        fecha: NaiveDateTime,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConteoError {
    #[error("the count already exists")]
    AlreadyExists,
    #[error("the count does not exist")]
    NotFound,
    #[error("invalid count: {0:?}")]
    Invalid(Vec<Regla>),
}

/// A rule of counts, in the Spanish the screens show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("No hay productos para contar en ese local con ese filtro.")]
    SinProductos,
    #[error("Un conteo puede tener como máximo {MAX_PRODUCTOS} productos: filtrá por categoría o marca.")]
    DemasiadosProductos,
    #[error("El conteo ya está cerrado.")]
    Cerrado,
    #[error("El conteo está cancelado.")]
    Cancelado,
    #[error("El producto {producto_id} no está en la planilla de este conteo.")]
    FueraDeLaPlanilla { producto_id: i64 },
    #[error("La cantidad contada de {modelo} debe estar entre 0 y {MAX_STOCK}.")]
    ContadoFueraDeRango { modelo: String },
    #[error("Faltan contar {faltan} productos: escribí 0 en los que no hay ninguno.")]
    FaltanContar { faltan: usize },
    /// One product twice in one load: which quantity counts would be a guess.
    #[error("El producto {producto_id} está más de una vez en las cantidades cargadas.")]
    Repetido { producto_id: i64 },
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Estado {
    #[default]
    Nuevo,
    Abierto,
    Cerrado,
    Cancelado,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Conteo {
    estado: Estado,
    local_id: i64,
    /// The sheet by product id.
    productos: BTreeMap<i64, Esperado>,
    /// Per product: counted, and the stock when it was counted.
    contados: BTreeMap<i64, (i64, i64)>,
    diferencias: Vec<Diferencia>,
}

impl Conteo {
    pub fn estado(&self) -> Estado {
        self.estado
    }
    pub fn local_id(&self) -> i64 {
        self.local_id
    }
    /// Once closed, what it found per product.
    pub fn diferencias(&self) -> &[Diferencia] {
        &self.diferencias
    }

    fn open(&self) -> Result<(), ConteoError> {
        match self.estado {
            Estado::Nuevo => Err(ConteoError::NotFound),
            Estado::Abierto => Ok(()),
            Estado::Cerrado => Err(ConteoError::Invalid(vec![Regla::Cerrado])),
            Estado::Cancelado => Err(ConteoError::Invalid(vec![Regla::Cancelado])),
        }
    }

    fn cargado(&self, contados: Vec<Contado>) -> Result<ConteoEvent, ConteoError> {
        let mut errors = Vec::new();
        for c in &contados {
            match self.productos.get(&c.producto_id) {
                None => errors.push(Regla::FueraDeLaPlanilla {
                    producto_id: c.producto_id,
                }),
                Some(p) if !(0..=MAX_STOCK).contains(&c.contado) => errors.push(Regla::ContadoFueraDeRango {
                    modelo: p.modelo.clone(),
                }),
                Some(_) => {}
            }
        }
        if errors.is_empty() {
            Ok(ConteoEvent::ConteoCargado { contados })
        } else {
            errors.dedup();
            Err(ConteoError::Invalid(errors))
        }
    }

    fn cerrado(&self, fecha: NaiveDateTime) -> Result<ConteoEvent, ConteoError> {
        let faltan = self
            .productos
            .keys()
            .filter(|id| !self.contados.contains_key(id))
            .count();
        if faltan > 0 {
            return Err(ConteoError::Invalid(vec![Regla::FaltanContar { faltan }]));
        }
        // Each product against the stock it had when counted.
        let diferencias = self
            .contados
            .iter()
            .map(|(&producto_id, &(contado, esperado))| Diferencia {
                producto_id,
                esperado,
                contado,
            })
            .filter(|d| d.contado != d.esperado)
            .collect();
        Ok(ConteoEvent::ConteoCerrado { diferencias, fecha })
    }
}

aggregate!(Conteo: COUNT_AGGREGATE, ConteoCommand => ConteoEvent, ConteoError);

impl Conteo {
    async fn decide(&mut self, command: ConteoCommand, sink: &EventSink<Self>) -> Result<(), ConteoError> {
        let event = match command {
            ConteoCommand::Iniciar {
                local_id,
                categoria_id,
                marca_id,
                productos,
                fecha,
            } => {
                if self.estado != Estado::Nuevo {
                    return Err(ConteoError::AlreadyExists);
                }
                if productos.is_empty() {
                    return Err(ConteoError::Invalid(vec![Regla::SinProductos]));
                }
                if productos.len() > MAX_PRODUCTOS {
                    return Err(ConteoError::Invalid(vec![Regla::DemasiadosProductos]));
                }
                ConteoEvent::ConteoIniciado {
                    local_id,
                    categoria_id,
                    marca_id,
                    productos,
                    fecha,
                }
            }
            ConteoCommand::Cargar { contados } => {
                self.open()?;
                if contados.is_empty() {
                    return Ok(());
                }
                let mut seen = std::collections::BTreeSet::new();
                if let Some(c) = contados.iter().find(|c| !seen.insert(c.producto_id)) {
                    let regla = Regla::Repetido {
                        producto_id: c.producto_id,
                    };
                    return Err(ConteoError::Invalid(vec![regla]));
                }
                self.cargado(contados)?
            }
            ConteoCommand::Cerrar { fecha } => {
                self.open()?;
                self.cerrado(fecha)?
            }
            ConteoCommand::Cancelar { fecha } => {
                self.open()?;
                ConteoEvent::ConteoCancelado { fecha }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: ConteoEvent) {
        match event {
            ConteoEvent::ConteoIniciado {
                local_id, productos, ..
            } => {
                self.estado = Estado::Abierto;
                self.local_id = local_id;
                self.productos = productos.into_iter().map(|p| (p.producto_id, p)).collect();
            }
            ConteoEvent::ConteoCargado { contados } => {
                let counted = contados.iter().map(|c| (c.producto_id, (c.contado, c.stock)));
                self.contados.extend(counted);
            }
            ConteoEvent::ConteoCerrado { diferencias, .. } => {
                self.estado = Estado::Cerrado;
                self.diferencias = diferencias;
            }
            ConteoEvent::ConteoCancelado { .. } => self.estado = Estado::Cancelado,
        }
    }
}

impl crate::store::links::Linked for Conteo {
    fn targets(&self) -> std::collections::BTreeSet<crate::store::links::Target> {
        // Open, it names its branch (which cannot be deleted meanwhile).
        match self.estado {
            Estado::Abierto => [crate::store::links::lookup(
                optica_events::LookupKind::Local,
                self.local_id,
            )]
            .into(),
            _ => Default::default(),
        }
    }
}

#[cfg(test)]
mod tests;
