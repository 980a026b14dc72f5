//! A sale's receipt number: each branch numbers its receipts 1, 2, 3… with no gaps. The number is
//! taken from the branch's counter in the statement that appends the sale's `ComprobanteEmitido`
//! (after the unit's other writes), so a unit that rolls back (a lost race, a refused day) takes none, and a
//! branch's sales queue on the counter only for that statement and the commit.

use async_trait::async_trait;
use optica_events::movements::MOVEMENT_AGGREGATE;
use sqlx::PgConnection;

use crate::store::extra::{Counter, Extra, ExtraError, Stamp, StampValue};

/// The event whose `numero` the counter fills in.
const RECEIPT_EVENT: &str = "ComprobanteEmitido";

/// Movement `id`'s receipt takes branch `local_id`'s next number.
pub struct ReceiptNumber {
    pub id: String,
    pub local_id: i64,
}

#[async_trait]
impl Extra for ReceiptNumber {
    async fn before(&self, _tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        Ok(vec![Stamp {
            aggregate_type: MOVEMENT_AGGREGATE,
            id: self.id.clone(),
            event_type: RECEIPT_EVENT,
            field: "numero",
            value: StampValue::Next(Counter {
                table: "receipt_counters",
                key_column: "local_id",
                value_column: "ultimo",
                key: self.local_id,
            }),
        }])
    }
}
