//! A sale's receipt number: each branch numbers its receipts 1, 2, 3… with no gaps. The number is
//! taken from the branch's counter in the transaction that appends the sale's
//! `ComprobanteEmitido`, so a unit that rolls back (a lost race, a refused day) takes none.

use async_trait::async_trait;
use optica_events::movements::MOVEMENT_AGGREGATE;
use sqlx::PgConnection;

use crate::store::extra::{Extra, ExtraError, Stamp};

/// The event whose `numero` the counter fills in.
const RECEIPT_EVENT: &str = "ComprobanteEmitido";

/// Movement `id`'s receipt takes branch `local_id`'s next number.
pub struct ReceiptNumber {
    pub id: String,
    pub local_id: i64,
}

#[async_trait]
impl Extra for ReceiptNumber {
    /// The counter's row stays locked until the commit: a branch's sales number in order.
    async fn before(&self, tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        let numero: i64 = sqlx::query_scalar(
            "insert into receipt_counters (local_id, ultimo) values ($1, 1)
             on conflict (local_id) do update set ultimo = receipt_counters.ultimo + 1 returning ultimo",
        )
        .bind(self.local_id)
        .fetch_one(&mut *tx)
        .await?;
        Ok(vec![Stamp {
            aggregate_type: MOVEMENT_AGGREGATE,
            id: self.id.clone(),
            event_type: RECEIPT_EVENT,
            field: "numero",
            value: serde_json::json!(numero),
        }])
    }
}
