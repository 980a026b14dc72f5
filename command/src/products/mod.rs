//! The product aggregate: what a product is, its prices, and its stock per branch.
//!
//! Stock changes only through `StockAjustado` events: a create loads the initial stock, an edit
//! that carries branch stocks turns each difference into a correction, and sales (the cash box)
//! adjust by their quantities. Stock never goes below zero.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use optica_events::products::PRODUCT_AGGREGATE;
use optica_events::{Money, MotivoStock, Origen, ProductoDatos, ProductoEvent};
use serde::{Deserialize, Serialize};

mod rules;
pub use rules::{
    validate, validate_locales, Regla, FORBIDDEN_MODEL_CHARS, MAX_DESCRIPCION, MAX_MODELO, MAX_NOTA, MAX_STOCK,
};

mod commands;
mod service;
mod stock;
pub use commands::{Ajuste, Cambio, Campo, LocalStock, ProductoCommand, ProductoError};
pub use service::*;

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Producto {
    created: bool,
    deleted: bool,
    datos: ProductoDatos,
    stock: BTreeMap<i64, i64>,
    /// Number of events in the stream: the version clients send back with an edit.
    version: u64,
    /// Per branch, the stock levels since its last typed count (initial load or correction),
    /// oldest first, at most `RECENT_LEVELS`: what a form opened since may show. An edit without
    /// a version uses them (`keep_stock_the_form_showed`).
    #[serde(default)]
    recent: BTreeMap<i64, std::collections::VecDeque<i64>>,
    /// Reorder points per branch. (Absent from snapshots taken before: none.)
    #[serde(default)]
    minimos: BTreeMap<i64, i64>,
}

/// How many past stock levels per branch an edit without a version is compared with.
pub const RECENT_LEVELS: usize = 100;

impl Producto {
    pub fn datos(&self) -> &ProductoDatos {
        &self.datos
    }
    pub fn stock(&self) -> &BTreeMap<i64, i64> {
        &self.stock
    }
    /// The reorder point per branch, where one is set.
    pub fn minimos(&self) -> &BTreeMap<i64, i64> {
        &self.minimos
    }
    pub fn version(&self) -> u64 {
        self.version
    }
    pub fn exists(&self) -> bool {
        self.created && !self.deleted
    }
}

impl Producto {
    pub(super) fn change_amount(
        &self,
        campo: Campo,
        cambio: Cambio,
        fecha: NaiveDate,
    ) -> Result<Option<ProductoEvent>, ProductoError> {
        let old = match campo {
            Campo::Precio => self.datos.precio,
            Campo::Costo => self.datos.costo.unwrap_or(Money::ZERO),
        };
        let out_of_range = || ProductoError::Invalid(vec![Regla::ValorFueraDeRango]);
        let new = match cambio {
            Cambio::Fijo(amount) => amount,
            Cambio::Porcentaje { millionths } => {
                let delta = old.scaled(millionths, 100 * 1_000_000).ok_or_else(out_of_range)?;
                old.checked_add(delta).ok_or_else(out_of_range)?
            }
        };
        if new.is_negative() {
            return Err(ProductoError::Invalid(vec![Regla::ValorNegativo]));
        }
        Ok(match campo {
            Campo::Precio if new != self.datos.precio => Some(ProductoEvent::PrecioActualizado {
                anterior: self.datos.precio,
                nuevo: new,
                fecha,
            }),
            Campo::Costo if self.datos.costo != Some(new) => Some(ProductoEvent::CostoActualizado {
                anterior: self.datos.costo,
                nuevo: new,
                fecha,
            }),
            _ => None,
        })
    }
}

aggregate!(Producto: PRODUCT_AGGREGATE, ProductoCommand => ProductoEvent, ProductoError);

impl Producto {
    async fn decide(&mut self, command: ProductoCommand, sink: &EventSink<Self>) -> Result<(), ProductoError> {
        let events = match command {
            ProductoCommand::Create { datos, locales, fecha } => {
                if self.created {
                    return Err(ProductoError::AlreadyExists);
                }
                let datos = validate(datos)?;
                validate_locales(&locales)?;
                let mut events = vec![ProductoEvent::ProductoCreado { datos, fecha }];
                events.extend(self.stock_changes(&locales));
                events
            }
            ProductoCommand::Edit {
                datos,
                locales,
                expected_version,
                fecha,
            } => {
                self.require_exists()?;
                if let Some(expected) = expected_version.filter(|v| *v != self.version) {
                    return Err(ProductoError::Stale { expected });
                }
                let datos = validate(datos)?;
                let mut events = Vec::new();
                if datos != self.datos {
                    events.push(ProductoEvent::ProductoEditado { datos, fecha });
                }
                if let Some(mut locales) = locales {
                    validate_locales(&locales)?;
                    if expected_version.is_none() {
                        self.keep_stock_the_form_showed(&mut locales);
                    }
                    events.extend(self.stock_changes(&locales));
                }
                events
            }
            ProductoCommand::AdjustStock {
                local_id,
                cantidad,
                motivo,
                origen,
            } => {
                self.require_exists()?;
                self.adjust_stock(local_id, cantidad, motivo, &origen)?
            }
            ProductoCommand::AdjustManually {
                local_id,
                cantidad,
                motivo,
                nota,
            } => {
                self.require_exists()?;
                let nota = rules::validate_manual(cantidad, motivo, nota)?;
                if !self.stock.contains_key(&local_id) {
                    return Err(ProductoError::LocalAusente(local_id));
                }
                let origen = Origen {
                    nota,
                    ..Origen::default()
                };
                self.adjust_stock(local_id, cantidad, motivo, &origen)?
            }
            ProductoCommand::AdjustCount {
                local_id,
                diferencia,
                conteo_id,
            } => {
                self.require_exists()?;
                match self.stock.get(&local_id).copied() {
                    None => vec![],
                    Some(current) => {
                        let origen = Origen {
                            conteo_id: Some(conteo_id),
                            ..Origen::default()
                        };
                        self.adjust_stock(local_id, diferencia.max(-current), MotivoStock::Conteo, &origen)?
                    }
                }
            }
            ProductoCommand::SetMinimo { local_id, minimo } => {
                self.require_exists()?;
                if !self.stock.contains_key(&local_id) {
                    return Err(ProductoError::LocalAusente(local_id));
                }
                if minimo.is_some_and(|m| !(0..=MAX_STOCK).contains(&m)) {
                    return Err(ProductoError::Invalid(vec![Regla::MinimoFueraDeRango]));
                }
                match self.minimos.get(&local_id).copied() == minimo {
                    true => vec![],
                    false => vec![ProductoEvent::PuntoDePedidoFijado { local_id, minimo }],
                }
            }
            ProductoCommand::AdjustMany { ajustes, origen } => {
                self.require_exists()?;
                // Each change sees the stock the previous ones left.
                let mut after = self.clone();
                let mut events = Vec::new();
                for a in ajustes {
                    for event in after.adjust_stock(a.local_id, a.cantidad, a.motivo, &origen)? {
                        after.apply(event.clone());
                        events.push(event);
                    }
                }
                events
            }
            ProductoCommand::ChangeAmount { campo, cambio, fecha } => {
                self.require_exists()?;
                self.change_amount(campo, cambio, fecha)?.into_iter().collect()
            }
            ProductoCommand::Delete => {
                self.require_exists()?;
                vec![ProductoEvent::ProductoEliminado]
            }
        };
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn evolve(&mut self, event: ProductoEvent) {
        self.version += 1;
        match event {
            ProductoEvent::ProductoCreado { datos, .. } => {
                self.created = true;
                self.datos = datos;
            }
            ProductoEvent::ProductoEditado { datos, .. } => self.datos = datos,
            ProductoEvent::PrecioActualizado { nuevo, .. } => self.datos.precio = nuevo,
            ProductoEvent::CostoActualizado { nuevo, .. } => self.datos.costo = Some(nuevo),
            ProductoEvent::LocalAgregado { local_id } => {
                self.stock.insert(local_id, 0);
                self.recent.insert(local_id, Default::default());
            }
            ProductoEvent::LocalQuitado { local_id } => {
                self.stock.remove(&local_id);
                self.recent.remove(&local_id);
                self.minimos.remove(&local_id);
            }
            ProductoEvent::PuntoDePedidoFijado { local_id, minimo } => match minimo {
                Some(m) => {
                    self.minimos.insert(local_id, m);
                }
                None => {
                    self.minimos.remove(&local_id);
                }
            },
            ProductoEvent::StockAjustado {
                local_id,
                motivo,
                stock_resultante,
                ..
            } => {
                self.stock.insert(local_id, stock_resultante);
                if matches!(motivo, MotivoStock::CargaInicial | MotivoStock::CorreccionManual) {
                    // A count someone typed: forms opened before it are stale anyway.
                    self.recent.insert(local_id, Default::default());
                }
                self.remember_level(local_id, stock_resultante);
            }
            ProductoEvent::ProductoEliminado => self.deleted = true,
        }
    }
}

impl crate::store::links::Linked for Producto {
    fn live(&self) -> bool {
        self.exists()
    }

    fn targets(&self) -> std::collections::BTreeSet<crate::store::links::Target> {
        use crate::store::links::lookup;
        use optica_events::LookupKind;
        if !self.exists() {
            return Default::default();
        }
        let d = &self.datos;
        let mut targets = std::collections::BTreeSet::from([lookup(LookupKind::Marca, d.marca_id)]);
        targets.extend(d.material_id.map(|id| lookup(LookupKind::Material, id)));
        targets.extend(d.categoria_ids.iter().map(|&id| lookup(LookupKind::Categoria, id)));
        targets.extend(d.proveedor_ids.iter().map(|&id| lookup(LookupKind::Proveedor, id)));
        targets.extend(self.stock.keys().map(|&id| lookup(LookupKind::Local, id)));
        targets
    }
}

#[cfg(test)]
mod tests;
