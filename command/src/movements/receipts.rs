//! Receipt numbers: each branch numbers a sale's receipt (`ComprobanteEmitido`) 1, 2, 3… with no
//! gaps, and a collected payment's receipt (`ReciboEmitido`) in a series of its own. The number
//! is taken from the branch's counter in the statement that appends the event (after the unit's
//! other writes), so a unit that rolls back (a lost race, a refused day) takes none, and a
//! branch's sales queue on the counter only for that statement and the commit.

use async_trait::async_trait;
use optica_events::movements::MOVEMENT_AGGREGATE;
use sqlx::PgConnection;

use crate::store::extra::{Counter, Extra, ExtraError, Stamp, StampValue};

/// Which receipt: the series' event (whose `numero` the counter fills in) and counter table.
#[derive(Clone, Copy, Debug)]
pub enum Serie {
    /// A sale's.
    Venta,
    /// A payment collected on a sale's balance.
    Cobro,
}

impl Serie {
    fn event_and_table(self) -> (&'static str, &'static str) {
        match self {
            Serie::Venta => ("ComprobanteEmitido", "receipt_counters"),
            Serie::Cobro => ("ReciboEmitido", "collection_counters"),
        }
    }
}

/// Movement `id`'s receipt of `serie` takes branch `local_id`'s next number in that series.
pub struct ReceiptNumber {
    pub id: String,
    pub local_id: i64,
    pub serie: Serie,
}

#[async_trait]
impl Extra for ReceiptNumber {
    async fn before(&self, _tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        let (event_type, _) = self.serie.event_and_table();
        Ok(vec![Stamp {
            aggregate_type: MOVEMENT_AGGREGATE,
            id: self.id.clone(),
            event_type,
            field: "numero",
            value: StampValue::Next(self.branch_counter()),
        }])
    }

    fn counter(&self) -> Option<Counter> {
        Some(self.branch_counter())
    }
}

impl ReceiptNumber {
    /// The branch's row of the series' counter.
    fn branch_counter(&self) -> Counter {
        Counter {
            table: self.serie.event_and_table().1,
            key_column: "local_id",
            value_column: "ultimo",
            key: self.local_id,
        }
    }
}
