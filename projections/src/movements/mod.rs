//! Movements into `movements`, `movement_lines`, `movement_extras` and `movement_payments`, and
//! the references that keep a sold product or a served patient from being deleted.

use async_trait::async_trait;
use optica_events::movements::{EstadoMovimiento, MovimientoDatos, MovimientoEvent, MOVEMENT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Prepared, Preparer, Projection, ProjectionError, StoredEvent};

mod batch;
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

    fn preparer(&self) -> Option<Preparer> {
        Some(|events| Ok(Prepared::new(batch::fold(events)?)))
    }

    /// Folds the batch per movement in memory, then writes each table with one statement: a
    /// movement's last write or deletion wins, and state changes after it amend it.
    async fn apply_prepared(
        &self,
        conn: &mut PgConnection,
        _events: &[StoredEvent],
        prepared: Prepared,
    ) -> Result<(), ProjectionError> {
        match prepared.take::<Option<batch::Folded>>()? {
            Some(folded) => folded.write(conn).await,
            None => Ok(()),
        }
    }
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
