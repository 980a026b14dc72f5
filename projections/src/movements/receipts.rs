//! Receipt numbers: sales' into `receipts` (one row per sale), collected payments' into
//! `collection_receipts`.

use async_trait::async_trait;
use optica_events::movements::{MovimientoEvent, MOVEMENT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct ReceiptsProjection;

#[async_trait]
impl Projection for ReceiptsProjection {
    identity!("receipts", ["receipts"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        self.apply_batch(conn, std::slice::from_ref(event)).await
    }

    /// Every sale of a batch has its receipt: one statement for all of them, not one per sale.
    async fn apply_batch(&self, conn: &mut PgConnection, events: &[StoredEvent]) -> Result<(), ProjectionError> {
        let (mut movimientos, mut locales, mut numeros) = (Vec::new(), Vec::new(), Vec::new());
        for event in events {
            // Only this event matters here; the others are not decoded.
            if event.aggregate_type != MOVEMENT_AGGREGATE || !event.payload.starts_with("{\"ComprobanteEmitido\"") {
                continue;
            }
            if let MovimientoEvent::ComprobanteEmitido { local_id, numero } = event.decode()? {
                movimientos.push(event.numeric_id()?);
                locales.push(local_id);
                numeros.push(numero);
            }
        }
        if !movimientos.is_empty() {
            execute!(
                conn,
                "insert into receipts (movimiento_id, local_id, numero)
                 select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])";
                &movimientos, &locales, &numeros
            )?;
        }
        Ok(())
    }
}

/// Collected payments' receipts into `collection_receipts`, one row per receipt.
pub struct CollectionReceiptsProjection;

#[async_trait]
impl Projection for CollectionReceiptsProjection {
    identity!("collection_receipts", ["collection_receipts"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        if event.aggregate_type != MOVEMENT_AGGREGATE || !event.payload.starts_with("{\"ReciboEmitido\"") {
            return Ok(());
        }
        if let MovimientoEvent::ReciboEmitido {
            local_id,
            numero,
            pago_id,
            metodo_pago_id,
            monto,
            fecha,
            saldo_anterior,
            saldo,
        } = event.decode()?
        {
            execute!(
                conn,
                "insert into collection_receipts (local_id, numero, movimiento_id, pago_id, metodo_pago_id,
                     monto_cents, fecha, saldo_anterior_cents, saldo_cents)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
                local_id, numero, event.numeric_id()?, pago_id, metodo_pago_id, monto.cents(), fecha,
                saldo_anterior.cents(), saldo.cents()
            )?;
        }
        Ok(())
    }
}
