//! Sales' receipt numbers into `receipts`, one row per sale.

use async_trait::async_trait;
use optica_events::movements::{MovimientoEvent, MOVEMENT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct ReceiptsProjection;

#[async_trait]
impl Projection for ReceiptsProjection {
    identity!("receipts", ["receipts"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        // Only this event matters here; the others are not decoded.
        if event.aggregate_type != MOVEMENT_AGGREGATE || !event.payload.starts_with("{\"ComprobanteEmitido\"") {
            return Ok(());
        }
        if let MovimientoEvent::ComprobanteEmitido { local_id, numero } = event.decode()? {
            execute!(
                conn,
                "insert into receipts (movimiento_id, local_id, numero) values ($1, $2, $3)";
                event.numeric_id()?, local_id, numero
            )?;
        }
        Ok(())
    }
}
