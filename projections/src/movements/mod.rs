//! Movements into `movements`, `movement_lines`, `movement_extras` and `movement_payments`, and
//! the references that keep a sold product or a served patient from being deleted.

use std::collections::{BTreeMap, BTreeSet};

use async_trait::async_trait;
use optica_events::movements::{EstadoMovimiento, MovimientoDatos, MovimientoEvent, MOVEMENT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Prepared, Preparer, Projection, ProjectionError, StoredEvent};
use rows::MovementRows;

mod receipts;
mod rows;
pub use receipts::{CollectionReceiptsProjection, ReceiptsProjection};

/// The row changes one event makes.
#[derive(Debug, PartialEq)]
pub enum MovementChange {
    /// A movement registered or edited: its rows are written anew.
    Write {
        id: i64,
        datos: Box<MovimientoDatos>,
    },
    Estado {
        id: i64,
        estado: EstadoMovimiento,
    },
    Delete {
        id: i64,
    },
    /// The sale's rows stand; only its version moves (a return recorded on its stream: the
    /// return's own SALIDA carries what the read side shows).
    Touch {
        id: i64,
    },
    /// The sale's coverage was presented in a liquidación, or a rejected part of it billed to
    /// the patient (`facturado` cents): its version moves and its coverage row is amended.
    Cobertura {
        id: i64,
        liquidacion_id: Option<i64>,
        facturado: i64,
    },
}

/// The wire name of a state or type (`PEDIDO_CRISTALES`, `ENTRADA`).
pub(crate) fn wire<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

impl MovementChange {
    pub fn id(&self) -> i64 {
        match self {
            MovementChange::Write { id, .. }
            | MovementChange::Estado { id, .. }
            | MovementChange::Delete { id }
            | MovementChange::Touch { id }
            | MovementChange::Cobertura { id, .. } => *id,
        }
    }
}

/// Pure: the row change of an event (`None` for other aggregates).
pub fn movement_change(event: &StoredEvent) -> Result<Option<MovementChange>, ProjectionError> {
    let Some(id) = event.id_in(MOVEMENT_AGGREGATE)? else {
        return Ok(None);
    };
    Ok(Some(match event.decode::<MovimientoEvent>()? {
        MovimientoEvent::MovimientoRegistrado { datos } | MovimientoEvent::MovimientoEditado { datos } => {
            MovementChange::Write {
                id,
                datos: Box::new(datos),
            }
        }
        MovimientoEvent::EstadoCambiado { nuevo, .. } => MovementChange::Estado { id, estado: nuevo },
        MovimientoEvent::MovimientoEliminado => MovementChange::Delete { id },
        // The receipt numbers are the receipts projection's (`receipts.rs`).
        MovimientoEvent::LineasDevueltas { .. }
        | MovimientoEvent::ComprobanteEmitido { .. }
        | MovimientoEvent::ReciboEmitido { .. } => MovementChange::Touch { id },
        MovimientoEvent::CoberturaPresentada { liquidacion_id } => MovementChange::Cobertura {
            id,
            liquidacion_id: Some(liquidacion_id),
            facturado: 0,
        },
        MovimientoEvent::DebitoFacturado { monto, .. } => MovementChange::Cobertura {
            id,
            liquidacion_id: None,
            facturado: monto.cents(),
        },
    }))
}

pub struct MovementsProjection;

#[async_trait]
impl Projection for MovementsProjection {
    fn name(&self) -> &'static str {
        "movements"
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "movements",
            "movement_lines",
            "movement_extras",
            "movement_payments",
            "movement_returns",
            "sale_coverages",
            "stats_cash_day",
            "stats_sales_day",
            "stats_product_day",
            "stats_cristal_day",
            "stats_payment_day",
        ]
    }

    /// A rebuild skips the per-event statistics (see `optica_stats_add`) and the per-row
    /// payment counts: every table is recomputed once here, in bulk.
    /// (The rebuild analyzes every table it filled before this: without fresh statistics the
    /// planner would take them for empty and join them row by row.)
    async fn finish_rebuild(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        execute!(conn, "select optica_rebuild_stats()";)?;
        Ok(())
    }

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        self.apply_batch(conn, std::slice::from_ref(event)).await
    }

    /// Folds the batch per movement in memory, then writes each table with one statement: a
    /// movement's last write or deletion wins, and state changes after it amend it.
    async fn apply_batch(&self, conn: &mut PgConnection, events: &[StoredEvent]) -> Result<(), ProjectionError> {
        match fold(events)? {
            Some(folded) => folded.write(conn).await,
            None => Ok(()),
        }
    }

    fn preparer(&self) -> Option<Preparer> {
        Some(|events| Ok(Prepared::new(fold(events)?)))
    }

    async fn apply_prepared(
        &self,
        conn: &mut PgConnection,
        events: &[StoredEvent],
        prepared: Prepared,
    ) -> Result<(), ProjectionError> {
        match prepared.take::<Option<Folded>>() {
            Some(Some(folded)) => folded.write(conn).await,
            Some(None) => Ok(()),
            None => self.apply_batch(conn, events).await,
        }
    }
}

/// A batch folded per movement, with its rows as arrays: everything `apply_batch` works out
/// before it touches the database, which a rebuild does for the next batch on another thread.
struct Folded {
    /// Movements that had rows before the batch and are written anew or deleted.
    rewritten: Vec<i64>,
    rows: MovementRows,
    written: Vec<i64>,
    /// The sales whose debt the batch's returns change.
    owing: Vec<i64>,
    amend: BTreeMap<i64, (Option<i64>, i64)>,
}

/// The batch folded per movement (`None`: nothing of the movements' in it).
fn fold(events: &[StoredEvent]) -> Result<Option<Folded>, ProjectionError> {
    let mut last: BTreeMap<i64, Final> = BTreeMap::new();
    // Movements registered in this batch have no rows yet: nothing to look up or delete.
    let mut fresh: BTreeSet<i64> = BTreeSet::new();
    // Coverage amendments after each sale's last write in the batch (a write carries those
    // before it in its data).
    let mut amend: BTreeMap<i64, (Option<i64>, i64)> = BTreeMap::new();
    for event in events {
        let Some(change) = movement_change(event)? else {
            continue;
        };
        let id = change.id();
        if !last.contains_key(&id) && event.sequence == 1 {
            fresh.insert(id);
        }
        let change = match change {
            MovementChange::Cobertura {
                id,
                liquidacion_id,
                facturado,
            } => {
                let a = amend.entry(id).or_default();
                a.0 = liquidacion_id.or(a.0);
                a.1 += facturado;
                MovementChange::Touch { id }
            }
            MovementChange::Write { .. } | MovementChange::Delete { .. } => {
                amend.remove(&id);
                change
            }
            other => other,
        };
        match change {
            MovementChange::Write { id, datos } => {
                last.insert(
                    id,
                    Final::Write {
                        datos,
                        version: event.sequence,
                    },
                );
            }
            MovementChange::Delete { id } => {
                last.insert(id, Final::Delete);
            }
            MovementChange::Touch { id } | MovementChange::Cobertura { id, .. } => match last.get_mut(&id) {
                Some(Final::Write { version, .. } | Final::Estado { version, .. } | Final::Touch { version }) => {
                    *version = event.sequence;
                }
                Some(Final::Delete) => {}
                None => {
                    last.insert(
                        id,
                        Final::Touch {
                            version: event.sequence,
                        },
                    );
                }
            },
            MovementChange::Estado { id, estado } => match last.get_mut(&id) {
                Some(Final::Write { datos, version }) => {
                    datos.estado = Some(estado);
                    *version = event.sequence;
                }
                Some(Final::Estado { estado: e, version }) => {
                    *e = estado;
                    *version = event.sequence;
                }
                Some(Final::Touch { .. }) => {
                    let version = event.sequence;
                    last.insert(id, Final::Estado { estado, version });
                }
                // a state change of a deleted movement changes nothing, as an update of no row
                Some(Final::Delete) => {}
                None => {
                    last.insert(
                        id,
                        Final::Estado {
                            estado,
                            version: event.sequence,
                        },
                    );
                }
            },
        }
    }
    if last.is_empty() && amend.is_empty() {
        return Ok(None);
    }
    let rewritten: Vec<i64> = last
        .iter()
        .filter(|(id, f)| !matches!(f, Final::Estado { .. } | Final::Touch { .. }) && !fresh.contains(id))
        .map(|(id, _)| *id)
        .collect();
    let mut rows = MovementRows::default();
    let mut written = Vec::new();
    for (id, f) in &last {
        match f {
            Final::Write { datos, version } => {
                written.push(*id);
                rows.push(*id, datos, *version);
            }
            Final::Estado { estado, version } => {
                rows.estado_ids.push(*id);
                rows.estado_set.push(wire(estado));
                rows.estado_version.push(*version);
            }
            Final::Touch { version } => {
                rows.touch_ids.push(*id);
                rows.touch_version.push(*version);
            }
            Final::Delete => {}
        }
    }
    // The sales whose debt the returns change: those with a return in this batch, and those
    // rewritten here that may have had one before (a new sale has none: the usual batch
    // skips this).
    let mut owing: Vec<i64> = rows.ret_venta.clone();
    owing.extend(rewritten.iter().filter(|id| written.contains(id)));
    Ok(Some(Folded {
        rewritten,
        rows,
        written,
        owing,
        amend,
    }))
}

impl Folded {
    async fn write(self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        let Folded {
            rewritten,
            rows,
            written,
            owing,
            amend,
        } = self;
        // The statistics lose the rewritten and deleted movements' share while their rows still
        // hold it, and gain the new share once the rows are written (see optica_stats_add). New
        // movements, the usual batch, have nothing to subtract or delete.
        if !rewritten.is_empty() {
            execute!(conn, "select optica_stats_add($1, -1)"; &rewritten)?;
            // Rewritten and deleted movements lose every row here; the writes below insert the new ones.
            for table in [
                "movement_lines",
                "movement_extras",
                "movement_payments",
                "movement_returns",
                "sale_coverages",
            ] {
                execute!(conn, &format!("delete from {table} where movimiento_id = any($1)"); &rewritten)?;
            }
            execute!(conn, "delete from movements where id = any($1)"; &rewritten)?;
        }
        rows.write(conn).await?;
        if !owing.is_empty() {
            // A sale's debt is its total less its payments and its returns' credit.
            execute!(
                conn,
                "update movements m set deuda_cents = greatest(0, m.total_cents
                     - coalesce((select sum(p.monto_cents) from movement_payments p where p.movimiento_id = m.id), 0)
                     - m.cobertura_cents - r.credito)
                 from (select venta_id, sum(credito_cents) as credito from movement_returns
                       where venta_id = any($1) group by venta_id) r
                 where m.id = r.venta_id";
                &owing
            )?;
        }
        if !amend.is_empty() {
            let ids: Vec<i64> = amend.keys().copied().collect();
            let liquidacion: Vec<Option<i64>> = amend.values().map(|a| a.0).collect();
            let facturado: Vec<i64> = amend.values().map(|a| a.1).collect();
            execute!(
                conn,
                "update sale_coverages c set liquidacion_id = coalesce(a.liquidacion_id, c.liquidacion_id),
                        facturado_cents = c.facturado_cents + a.facturado
                 from unnest($1::bigint[], $2::bigint[], $3::bigint[]) a(id, liquidacion_id, facturado)
                 where c.movimiento_id = a.id";
                &ids, &liquidacion, &facturado
            )?;
            // What the patient was billed leaves the obra social's part and joins the sale's
            // debt, computed as a write computes it (covered sales have no returns).
            execute!(
                conn,
                "update movements m set cobertura_cents = m.cobertura_cents - a.facturado,
                        deuda_cents = greatest(0, m.total_cents
                            - coalesce((select sum(p.monto_cents) from movement_payments p where p.movimiento_id = m.id), 0)
                            - (m.cobertura_cents - a.facturado))
                 from unnest($1::bigint[], $2::bigint[]) a(id, facturado)
                 where m.id = a.id and a.facturado <> 0";
                &ids, &facturado
            )?;
        }
        if !written.is_empty() {
            execute!(conn, "select optica_stats_add($1, 1)"; &written)?;
        }
        Ok(())
    }
}

/// Where a movement stands at the end of a batch.
enum Final {
    Write {
        datos: Box<MovimientoDatos>,
        version: i64,
    },
    /// Only state changes: the row keeps everything else.
    Estado {
        estado: EstadoMovimiento,
        version: i64,
    },
    /// Only the version moves.
    Touch {
        version: i64,
    },
    Delete,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lookups::tests::stored;

    #[test]
    fn a_state_change_is_written_with_its_wire_name() {
        let event = MovimientoEvent::EstadoCambiado {
            anterior: None,
            nuevo: EstadoMovimiento::AnteojoTerminado,
        };
        let stored = stored("Movimiento", "8", serde_json::to_value(event).unwrap());
        let change = movement_change(&stored).unwrap();
        assert_eq!(
            change,
            Some(MovementChange::Estado {
                id: 8,
                estado: EstadoMovimiento::AnteojoTerminado
            })
        );
        assert_eq!(wire(&EstadoMovimiento::AnteojoTerminado), "ANTEOJO_TERMINADO");
    }
}
