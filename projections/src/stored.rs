//! An event as the projector reads it from the log: only what projections use, with the payload
//! kept as its JSON text and decoded once, straight into the aggregate's event type.

use serde::de::DeserializeOwned;

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
