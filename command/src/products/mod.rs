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

mod service;
pub use service::*;

/// A branch and the stock the product should have there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalStock {
    pub local_id: i64,
    pub stock: i64,
}

/// One stock change of `AdjustMany`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ajuste {
    pub local_id: i64,
    pub cantidad: i64,
    pub motivo: MotivoStock,
}

/// Which amount a mass update changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Campo {
    Precio,
    Costo,
}

/// How a mass update changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cambio {
    /// new = old + old × percent / 100; `millionths` is the percentage in millionths (10% = 10_000_000).
    Porcentaje { millionths: i128 },
    /// new = the amount.
    Fijo(Money),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProductoCommand {
    Create {
        datos: ProductoDatos,
        locales: Vec<LocalStock>,
        fecha: NaiveDate,
    },
    /// `locales: None` leaves the branches and stock alone. `expected_version`: the version the
    /// client read; a different current version refuses the edit.
    Edit {
        datos: ProductoDatos,
        locales: Option<Vec<LocalStock>>,
        expected_version: Option<u64>,
        fecha: NaiveDate,
    },
    AdjustStock {
        local_id: i64,
        cantidad: i64,
        motivo: MotivoStock,
        origen: Origen,
    },
    /// Several stock changes behind one cash-box movement, transfer or count (an edited sale may
    /// return stock at one branch and take it at another): all of them or none.
    AdjustMany { ajustes: Vec<Ajuste>, origen: Origen },
    /// A manual adjustment (issue 23): a reason from `MotivoStock::MANUALES` and a note.
    AdjustManually {
        local_id: i64,
        cantidad: i64,
        motivo: MotivoStock,
        nota: Option<String>,
    },
    /// A physical count's difference (counted − expected when it started), applied to the stock
    /// as it is now (sales since are kept), never below zero; nothing at a branch the product
    /// left meanwhile.
    AdjustCount {
        local_id: i64,
        diferencia: i64,
        conteo_id: i64,
    },
    /// Sets or clears (`None`) the branch's reorder point.
    SetMinimo { local_id: i64, minimo: Option<i64> },
    ChangeAmount {
        campo: Campo,
        cambio: Cambio,
        fecha: NaiveDate,
    },
    /// Refused by the store while cash-box movements use the product (`command::links`).
    Delete,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProductoError {
    #[error("the product already exists")]
    AlreadyExists,
    #[error("the product does not exist")]
    NotFound,
    #[error("the product changed since version {expected}")]
    Stale { expected: u64 },
    /// Every rule the data broke.
    #[error("invalid product: {0:?}")]
    Invalid(Vec<Regla>),
    #[error("the product is not offered at branch {0}")]
    LocalAusente(i64),
    #[error("not enough stock of {modelo}")]
    StockInsuficiente { modelo: String },
}

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
    fn require_exists(&self) -> Result<(), ProductoError> {
        if self.exists() {
            Ok(())
        } else {
            Err(ProductoError::NotFound)
        }
    }

    /// An edit that does not say which version it read (the existing front end never does) may
    /// come from a form opened before sales changed the stock: sending back the level the form
    /// showed would undo them. A branch's stock in such a body counts as a correction only when
    /// it is none of the branch's recent levels; a recent level is taken as "unchanged" and the
    /// current stock stays (docs/decisions.md, "Stock in an edit without a version").
    fn keep_stock_the_form_showed(&self, wanted: &mut [LocalStock]) {
        for w in wanted {
            let (Some(&current), Some(recent)) = (self.stock.get(&w.local_id), self.recent.get(&w.local_id)) else {
                continue;
            };
            if w.stock != current && recent.contains(&w.stock) {
                w.stock = current;
            }
        }
    }

    fn remember_level(&mut self, local_id: i64, level: i64) {
        let recent = self.recent.entry(local_id).or_default();
        recent.retain(|&l| l != level);
        recent.push_back(level);
        if recent.len() > RECENT_LEVELS {
            recent.pop_front();
        }
    }

    /// The events that bring the branches and their stock to `wanted`.
    fn stock_changes(&self, wanted: &[LocalStock]) -> Vec<ProductoEvent> {
        let mut events = Vec::new();
        for (&local_id, &stock) in &self.stock {
            if !wanted.iter().any(|w| w.local_id == local_id) {
                if stock != 0 {
                    events.push(adjust(
                        local_id,
                        MotivoStock::CorreccionManual,
                        -stock,
                        0,
                        Origen::default(),
                    ));
                }
                events.push(ProductoEvent::LocalQuitado { local_id });
            }
        }
        for w in wanted {
            match self.stock.get(&w.local_id) {
                None => {
                    events.push(ProductoEvent::LocalAgregado { local_id: w.local_id });
                    if w.stock != 0 {
                        events.push(adjust(
                            w.local_id,
                            MotivoStock::CargaInicial,
                            w.stock,
                            w.stock,
                            Origen::default(),
                        ));
                    }
                }
                Some(&current) if current != w.stock => events.push(adjust(
                    w.local_id,
                    MotivoStock::CorreccionManual,
                    w.stock - current,
                    w.stock,
                    Origen::default(),
                )),
                Some(_) => {}
            }
        }
        events
    }

    fn change_amount(
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

    fn adjust_stock(
        &self,
        local_id: i64,
        cantidad: i64,
        motivo: MotivoStock,
        origen: &Origen,
    ) -> Result<Vec<ProductoEvent>, ProductoError> {
        let mut events = Vec::new();
        let current = match self.stock.get(&local_id) {
            Some(&stock) => stock,
            // Stock coming back (a sale edited or deleted, a transfer) re-opens the branch; a
            // transfer's 0 opens the receiving branch when sent, so what is on its way shows there.
            None if cantidad >= 0 && motivo != MotivoStock::Venta => {
                events.push(ProductoEvent::LocalAgregado { local_id });
                0
            }
            None => return Err(ProductoError::LocalAusente(local_id)),
        };
        let result = current + cantidad;
        if result < 0 {
            return Err(ProductoError::StockInsuficiente {
                modelo: self.datos.modelo.clone(),
            });
        }
        if result > MAX_STOCK {
            return Err(ProductoError::Invalid(vec![Regla::StockExcesivo]));
        }
        if cantidad != 0 {
            events.push(adjust(local_id, motivo, cantidad, result, origen.clone()));
        }
        Ok(events)
    }
}

fn adjust(local_id: i64, motivo: MotivoStock, cantidad: i64, result: i64, origen: Origen) -> ProductoEvent {
    ProductoEvent::StockAjustado {
        local_id,
        motivo,
        cantidad,
        stock_resultante: result,
        origen,
    }
}

impl Aggregate for Producto {
    const TYPE: &'static str = PRODUCT_AGGREGATE;
    type Command = ProductoCommand;
    type Event = ProductoEvent;
    type Error = ProductoError;
    type Services = ();

    async fn handle(&mut self, command: Self::Command, _: &(), sink: &EventSink<Self>) -> Result<(), Self::Error> {
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

    fn apply(&mut self, event: Self::Event) {
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
