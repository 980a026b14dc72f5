//! An event as the projector reads it from the log: only what projections use, with the payload
//! kept as its JSON text and decoded once, straight into the aggregate's event type.

use serde::de::DeserializeOwned;
use sqlx::PgConnection;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StoredEvent {
    pub position: i64,
    pub tx_id: i64,
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub payload: String,
}

impl StoredEvent {
    /// The payload as the event enum of its aggregate.
    pub fn decode<E: DeserializeOwned>(&self) -> Result<E, crate::ProjectionError> {
        serde_json::from_str(&self.payload).map_err(|e| crate::ProjectionError::Payload {
            position: self.position,
            source: e,
        })
    }

    /// Aggregate ids are decimal numbers (each kind's ids come from a PostgreSQL sequence).
    pub fn numeric_id(&self) -> Result<i64, crate::ProjectionError> {
        self.aggregate_id
            .parse()
            .map_err(|_| crate::ProjectionError::BadId(self.aggregate_id.clone()))
    }

    /// The numeric id of an event of `aggregate`; none for another aggregate's event, which a
    /// projection of `aggregate` passes over.
    pub fn id_in(&self, aggregate: &str) -> Result<Option<i64>, crate::ProjectionError> {
        if self.aggregate_type != aggregate {
            return Ok(None);
        }
        self.numeric_id().map(Some)
    }
}

/// The columns every event query selects, in `StoredEvent`'s shape.
pub const EVENT_COLUMNS: &str =
    "position, tx_id::text::bigint as tx_id, aggregate_type, aggregate_id, sequence, payload::text as payload";

/// The log's next `limit` events after `from` that the projector may apply (their transactions
/// ended before every running one began: see `projector.rs`), in `(tx_id, position)` order, and
/// the log's last event in the same snapshot (none: the log is empty), which tells whether events
/// are held back by a transaction still running. One statement: a round's every round trip is on
/// every answer's path.
pub(crate) async fn read_batch(
    conn: &mut PgConnection,
    from: (i64, i64),
    limit: i64,
) -> Result<(Vec<StoredEvent>, Option<(i64, i64)>), sqlx::Error> {
    let rows: Vec<BatchRow> = sqlx::query_as(&format!(
        "with batch as (
             select {EVENT_COLUMNS} from events
             where (tx_id, position) > ($1::text::xid8, $2)
               and tx_id < pg_snapshot_xmin(pg_current_snapshot())
             order by events.tx_id, events.position
             limit $3),
         log_end as (
             select tx_id::text::bigint as end_tx, position as end_position from events
             order by events.tx_id desc, events.position desc limit 1)
         select batch.*, log_end.* from log_end left join batch on true
         order by batch.tx_id, batch.position"
    ))
    .bind(from.0.to_string())
    .bind(from.1)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    let log_end = rows.first().map(|r| (r.end_tx, r.end_position));
    let events = rows.into_iter().filter_map(BatchRow::event).collect();
    Ok((events, log_end))
}

/// A row of `read_batch`: an event of the batch (none when the batch is empty), and the log's
/// last event.
#[derive(sqlx::FromRow)]
struct BatchRow {
    position: Option<i64>,
    tx_id: Option<i64>,
    aggregate_type: Option<String>,
    aggregate_id: Option<String>,
    sequence: Option<i64>,
    payload: Option<String>,
    end_tx: i64,
    end_position: i64,
}

impl BatchRow {
    fn event(self) -> Option<StoredEvent> {
        Some(StoredEvent {
            position: self.position?,
            tx_id: self.tx_id?,
            aggregate_type: self.aggregate_type?,
            aggregate_id: self.aggregate_id?,
            sequence: self.sequence?,
            payload: self.payload?,
        })
    }
}
