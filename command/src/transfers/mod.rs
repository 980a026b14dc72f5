//! The transfer aggregate: sent, then received (all or part) or cancelled, once.
//! The stock itself moves on the product streams in the same unit (`service.rs`).

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use cqrs_es::event_sink::EventSink;
use optica_events::transfers::{Cantidad, LineaTransferida, TransferenciaEvent, TRANSFER_AGGREGATE};
use serde::{Deserialize, Serialize};

mod service;
pub use service::*;

/// Products per transfer: a week's shipment between two shops, with room to spare.
pub const MAX_LINEAS: usize = 200;
pub const MAX_TEXTO: usize = 255;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransferenciaCommand {
    Enviar {
        origen: i64,
        destino: i64,
        lineas: Vec<LineaTransferida>,
        nota: Option<String>,
        fecha: NaiveDateTime,
    },
    /// What arrived per product; a product not named arrived whole.
    Recibir {
        recibidas: Vec<Cantidad>,
        motivo: Option<String>,
        fecha: NaiveDateTime,
    },
    Cancelar {
        motivo: Option<String>,
        fecha: NaiveDateTime,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransferenciaError {
    #[error("the transfer already exists")]
    AlreadyExists,
    #[error("the transfer does not exist")]
    NotFound,
    #[error("invalid transfer: {0:?}")]
    Invalid(Vec<Regla>),
}

/// A rule of transfers, in the Spanish the screens show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("El local de destino debe ser distinto del de origen.")]
    MismoLocal,
    #[error("Agregá al menos un producto a la transferencia.")]
    SinLineas,
    #[error("Una transferencia puede tener como máximo {MAX_LINEAS} productos.")]
    DemasiadasLineas,
    #[error("La cantidad de {modelo} debe ser mayor a 0.")]
    CantidadNoPositiva { modelo: String },
    #[error("El producto {modelo} aparece más de una vez.")]
    ProductoRepetido { modelo: String },
    #[error("La nota o el motivo debe tener como máximo {MAX_TEXTO} caracteres.")]
    TextoLargo,
    #[error("La transferencia ya fue recibida.")]
    YaRecibida,
    #[error("La transferencia está cancelada.")]
    Cancelada,
    #[error("El producto {producto_id} no está en la transferencia.")]
    ProductoNoEnviado { producto_id: i64 },
    #[error("De {modelo} se enviaron {enviadas}: no se pueden recibir más ni menos de 0.")]
    RecibidasFueraDeRango { modelo: String, enviadas: i64 },
    #[error("Recibir menos de lo enviado necesita el motivo del faltante.")]
    FaltanteSinMotivo,
}

/// Where a transfer stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Estado {
    #[default]
    Nueva,
    Enviada,
    Recibida,
    Cancelada,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Transferencia {
    estado: Estado,
    origen: i64,
    destino: i64,
    lineas: Vec<LineaTransferida>,
    /// What arrived, once received.
    recibidas: Option<Vec<Cantidad>>,
}

impl Transferencia {
    pub fn recibidas(&self) -> Option<&[Cantidad]> {
        self.recibidas.as_deref()
    }
    pub fn estado(&self) -> Estado {
        self.estado
    }
    pub fn origen(&self) -> i64 {
        self.origen
    }
    pub fn destino(&self) -> i64 {
        self.destino
    }
    pub fn lineas(&self) -> &[LineaTransferida] {
        &self.lineas
    }
}

/// The request's own rules, checked before any product is loaded: a bounded number of products,
/// each once (a product named twice would be loaded twice in one unit).
pub fn pre_check(lineas: &[Cantidad]) -> Result<(), TransferenciaError> {
    if lineas.len() > MAX_LINEAS {
        return refused(vec![Regla::DemasiadasLineas]);
    }
    let mut seen = std::collections::BTreeSet::new();
    let repeated: Vec<Regla> = lineas
        .iter()
        .filter(|l| !seen.insert(l.producto_id))
        .map(|l| Regla::ProductoRepetido {
            modelo: l.producto_id.to_string(),
        })
        .collect();
    if repeated.is_empty() {
        Ok(())
    } else {
        refused(repeated)
    }
}

fn texto(t: Option<String>, errors: &mut Vec<Regla>) -> Option<String> {
    let t = t.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    if t.as_ref().is_some_and(|t| t.chars().count() > MAX_TEXTO) {
        errors.push(Regla::TextoLargo);
    }
    t
}

fn refused<T>(errors: Vec<Regla>) -> Result<T, TransferenciaError> {
    Err(TransferenciaError::Invalid(errors))
}

/// The sending's rules: two different branches, some products, each once with units.
fn enviada(
    origen: i64,
    destino: i64,
    lineas: Vec<LineaTransferida>,
    nota: Option<String>,
    fecha: NaiveDateTime,
) -> Result<TransferenciaEvent, TransferenciaError> {
    let mut errors = Vec::new();
    if origen == destino {
        errors.push(Regla::MismoLocal);
    }
    if lineas.is_empty() {
        errors.push(Regla::SinLineas);
    }
    if lineas.len() > MAX_LINEAS {
        return refused(vec![Regla::DemasiadasLineas]);
    }
    let mut seen = std::collections::BTreeSet::new();
    for l in &lineas {
        if l.cantidad <= 0 {
            errors.push(Regla::CantidadNoPositiva {
                modelo: l.modelo.clone(),
            });
        }
        if !seen.insert(l.producto_id) {
            errors.push(Regla::ProductoRepetido {
                modelo: l.modelo.clone(),
            });
        }
    }
    let nota = texto(nota, &mut errors);
    if !errors.is_empty() {
        return refused(errors);
    }
    Ok(TransferenciaEvent::TransferenciaEnviada {
        origen,
        destino,
        lineas,
        nota,
        fecha,
    })
}

impl Transferencia {
    /// The receipt's rules: each product sent, between 0 and what was sent; less needs a reason.
    fn recibida(
        &self,
        recibidas: Vec<Cantidad>,
        motivo: Option<String>,
        fecha: NaiveDateTime,
    ) -> Result<TransferenciaEvent, TransferenciaError> {
        let mut errors = Vec::new();
        let mut llegaron: BTreeMap<i64, i64> = self.lineas.iter().map(|l| (l.producto_id, l.cantidad)).collect();
        let mut named = std::collections::BTreeSet::new();
        for r in &recibidas {
            let Some(l) = self.lineas.iter().find(|l| l.producto_id == r.producto_id) else {
                errors.push(Regla::ProductoNoEnviado {
                    producto_id: r.producto_id,
                });
                continue;
            };
            if !named.insert(r.producto_id) {
                errors.push(Regla::ProductoRepetido {
                    modelo: l.modelo.clone(),
                });
            }
            if !(0..=l.cantidad).contains(&r.cantidad) {
                errors.push(Regla::RecibidasFueraDeRango {
                    modelo: l.modelo.clone(),
                    enviadas: l.cantidad,
                });
            }
            llegaron.insert(r.producto_id, r.cantidad);
        }
        let motivo = texto(motivo, &mut errors);
        let faltantes: Vec<Cantidad> = self
            .lineas
            .iter()
            .map(|l| Cantidad {
                producto_id: l.producto_id,
                cantidad: l.cantidad - llegaron.get(&l.producto_id).copied().unwrap_or(l.cantidad),
            })
            .filter(|f| f.cantidad > 0)
            .collect();
        if errors.is_empty() && !faltantes.is_empty() && motivo.is_none() {
            errors.push(Regla::FaltanteSinMotivo);
        }
        if !errors.is_empty() {
            errors.dedup();
            return refused(errors);
        }
        let recibidas = self
            .lineas
            .iter()
            .map(|l| Cantidad {
                producto_id: l.producto_id,
                cantidad: llegaron.get(&l.producto_id).copied().unwrap_or(l.cantidad),
            })
            .collect();
        Ok(TransferenciaEvent::TransferenciaRecibida {
            recibidas,
            faltantes,
            motivo,
            fecha,
        })
    }

    fn in_transit(&self) -> Result<(), TransferenciaError> {
        match self.estado {
            Estado::Nueva => Err(TransferenciaError::NotFound),
            Estado::Enviada => Ok(()),
            Estado::Recibida => refused(vec![Regla::YaRecibida]),
            Estado::Cancelada => refused(vec![Regla::Cancelada]),
        }
    }
}

aggregate!(Transferencia: TRANSFER_AGGREGATE, TransferenciaCommand => TransferenciaEvent, TransferenciaError);

impl Transferencia {
    async fn decide(
        &mut self,
        command: TransferenciaCommand,
        sink: &EventSink<Self>,
    ) -> Result<(), TransferenciaError> {
        let event = match command {
            TransferenciaCommand::Enviar {
                origen,
                destino,
                lineas,
                nota,
                fecha,
            } => {
                if self.estado != Estado::Nueva {
                    return Err(TransferenciaError::AlreadyExists);
                }
                enviada(origen, destino, lineas, nota, fecha)?
            }
            TransferenciaCommand::Recibir {
                recibidas,
                motivo,
                fecha,
            } => {
                self.in_transit()?;
                self.recibida(recibidas, motivo, fecha)?
            }
            TransferenciaCommand::Cancelar { motivo, fecha } => {
                self.in_transit()?;
                let mut errors = Vec::new();
                let motivo = texto(motivo, &mut errors);
                if !errors.is_empty() {
                    return refused(errors);
                }
                TransferenciaEvent::TransferenciaCancelada { motivo, fecha }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: TransferenciaEvent) {
        match event {
            TransferenciaEvent::TransferenciaEnviada {
                origen,
                destino,
                lineas,
                ..
            } => {
                self.estado = Estado::Enviada;
                (self.origen, self.destino, self.lineas) = (origen, destino, lineas);
            }
            TransferenciaEvent::TransferenciaRecibida { recibidas, .. } => {
                self.estado = Estado::Recibida;
                self.recibidas = Some(recibidas);
            }
            TransferenciaEvent::TransferenciaCancelada { .. } => self.estado = Estado::Cancelada,
        }
    }
}

impl crate::store::links::Linked for Transferencia {
    fn targets(&self) -> std::collections::BTreeSet<crate::store::links::Target> {
        use crate::store::links::{lookup, product};
        use optica_events::LookupKind;
        // Only in transit: its products and branches must stay while units are on their way.
        if self.estado != Estado::Enviada {
            return Default::default();
        }
        let mut targets: std::collections::BTreeSet<_> = self.lineas.iter().map(|l| product(l.producto_id)).collect();
        targets.insert(lookup(LookupKind::Local, self.origen));
        targets.insert(lookup(LookupKind::Local, self.destino));
        targets
    }
}

#[cfg(test)]
mod tests;
