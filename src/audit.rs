//! An entity "as of" a moment: its events up to then folded through its aggregate, the same code
//! that decides commands, so the answer is what the system believed at that time.

use chrono::{DateTime, Utc};
use cqrs_es::Aggregate;
use optica_command::movements::Movimiento;
use optica_command::patients::Paciente;
use optica_command::products::Producto;
use serde_json::Value;
use sqlx::PgPool;

/// The kinds whose past state can be rebuilt.
pub const KINDS: [&str; 3] = ["Producto", "Movimiento", "Paciente"];

async fn fold<A: Aggregate>(pool: &PgPool, id: &str, at: Option<DateTime<Utc>>) -> Result<Option<Value>, String> {
    let payloads: Vec<Value> = sqlx::query_scalar(
        "select payload::jsonb from events
         where aggregate_type = $1 and aggregate_id = $2 and ($3::timestamptz is null or recorded_at <= $3)
         order by sequence",
    )
    .bind(A::TYPE)
    .bind(id)
    .bind(at)
    .fetch_all(pool)
    .await
    .map_err(|e| e.to_string())?;
    if payloads.is_empty() {
        return Ok(None);
    }
    let mut aggregate = A::default();
    for payload in payloads {
        let event: A::Event = serde_json::from_value(payload).map_err(|e| e.to_string())?;
        aggregate.apply(event);
    }
    serde_json::to_value(&aggregate).map(Some).map_err(|e| e.to_string())
}

/// The state of `kind` `id` at `at` (now when `None`); `None` when it had no events by then.
/// An unknown kind is an error naming the known ones.
pub async fn state_at(pool: &PgPool, kind: &str, id: &str, at: Option<DateTime<Utc>>) -> Result<Option<Value>, String> {
    match kind {
        "Producto" => fold::<Producto>(pool, id, at).await,
        "Movimiento" => fold::<Movimiento>(pool, id, at).await,
        "Paciente" => fold::<Paciente>(pool, id, at).await,
        other => Err(format!(
            "no se puede reconstruir {other:?} (se puede: {})",
            KINDS.join(", ")
        )),
    }
}
