//! A product's stock per branch: what an edit's branch list changes, an adjustment's arithmetic
//! and its limits, and the recent levels that tell a correction from a form opened before the
//! sales that changed them.

use optica_events::{MotivoStock, Origen, ProductoEvent};

use super::{LocalStock, Producto, ProductoError, Regla, MAX_STOCK, RECENT_LEVELS};

impl Producto {
    pub(super) fn require_exists(&self) -> Result<(), ProductoError> {
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
    pub(super) fn keep_stock_the_form_showed(&self, wanted: &mut [LocalStock]) {
        for w in wanted {
            let (Some(&current), Some(recent)) = (self.stock.get(&w.local_id), self.recent.get(&w.local_id)) else {
                continue;
            };
            if w.stock != current && recent.contains(&w.stock) {
                w.stock = current;
            }
        }
    }

    pub(super) fn remember_level(&mut self, local_id: i64, level: i64) {
        let recent = self.recent.entry(local_id).or_default();
        recent.retain(|&l| l != level);
        recent.push_back(level);
        if recent.len() > RECENT_LEVELS {
            recent.pop_front();
        }
    }

    /// The events that bring the branches and their stock to `wanted`.
    pub(super) fn stock_changes(&self, wanted: &[LocalStock]) -> Vec<ProductoEvent> {
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

    pub(super) fn adjust_stock(
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

pub(super) fn adjust(local_id: i64, motivo: MotivoStock, cantidad: i64, result: i64, origen: Origen) -> ProductoEvent {
    ProductoEvent::StockAjustado {
        local_id,
        motivo,
        cantidad,
        stock_resultante: result,
        origen,
    }
}
