//! Who did what, when and from which request: recorded with every event.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The authenticated caller (or the system itself) behind a command.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Actor {
    pub username: String,
    pub roles: Vec<String>,
    /// The caller's branch (`local_id` of the token), when it has one.
    pub local_id: Option<i64>,
}

impl Actor {
    /// The server itself: start-up bootstrap and command-line tools.
    pub fn system(name: &str) -> Self {
        Actor {
            username: name.to_string(),
            roles: Vec::new(),
            local_id: None,
        }
    }
}

/// Metadata stored beside each event's payload, so support staff can answer
/// "who did this, when, from which request".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventMetadata {
    pub actor: Actor,
    /// UTC instant the command was accepted.
    pub at: DateTime<Utc>,
    pub request_id: String,
    /// The client's `Idempotency-Key`, when it sent one.
    pub idempotency_key: Option<String>,
}

impl EventMetadata {
    pub fn new(actor: Actor, request_id: impl Into<String>, idempotency_key: Option<String>) -> Self {
        EventMetadata {
            actor,
            at: Utc::now(),
            request_id: request_id.into(),
            idempotency_key,
        }
    }
}
