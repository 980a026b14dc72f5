//! A batch of movement events folded per movement (a movement's last write or deletion wins;
//! state changes and coverage amendments after it amend it), then written with one statement
//! per table.

use std::collections::{BTreeMap, BTreeSet};

use optica_events::movements::{EstadoMovimiento, MovimientoDatos};
use sqlx::PgConnection;

use super::rows::MovementRows;
use super::{movement_change, wire, MovementChange};
use crate::{ProjectionError, StoredEvent};

/// A batch folded per movement, with its rows as arrays: everything `apply_batch` works out
/// before it touches the database, which a rebuild does for the next batch on another thread.
pub(super) struct Folded {
    /// Movements that had rows before the batch and are written anew or deleted.
    rewritten: Vec<i64>,
    rows: MovementRows,
    written: Vec<i64>,
    /// The sales whose debt the batch's returns change.
    owing: Vec<i64>,
    amend: BTreeMap<i64, (Option<i64>, i64)>,
}

/// The batch folded per movement (`None`: nothing of the movements' in it).
pub(super) fn fold(events: &[StoredEvent]) -> Result<Option<Folded>, ProjectionError> {
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
    rows.seal();
    Ok(Some(Folded {
        rewritten,
        rows,
        written,
        owing,
        amend,
    }))
}

impl Folded {
    pub(super) async fn write(self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
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
