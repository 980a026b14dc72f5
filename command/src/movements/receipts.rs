//! A collected payment's receipt (`ReciboEmitido`) is numbered per collecting branch, 1, 2, 3…
//! with no gaps, in a series apart from the sales' receipts. The number is taken from the
//! branch's counter in the statement that appends the event (after the unit's other writes), so
//! a unit that rolls back takes none, and the event carries it: a collection's answer names its
//! receipt even while the read models are late. Collections are few, so the counter's row is
//! never a queue. (A sale's receipt is numbered by the receipts projection instead, in the log's
//! order: a branch's sales are many, and queued on such a row.)

use async_trait::async_trait;
use optica_events::movements::MOVEMENT_AGGREGATE;
use sqlx::PgConnection;

use crate::store::extra::{Counter, Extra, ExtraError, Stamp, StampValue};

/// Movement `id`'s collection receipt takes branch `local_id`'s next number.
pub struct CollectionNumber {
    pub id: String,
    pub local_id: i64,
}

#[async_trait]
impl Extra for CollectionNumber {
    async fn before(&self, _tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        Ok(vec![Stamp {
            aggregate_type: MOVEMENT_AGGREGATE,
            id: self.id.clone(),
            event_type: "ReciboEmitido",
            field: "numero",
            value: StampValue::Next(Counter {
                table: "collection_counters",
                key_column: "local_id",
                value_column: "ultimo",
                key: self.local_id,
            }),
        }])
    }
}
