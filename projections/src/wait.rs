//! Read-your-writes: a command's answer waits until the projector has passed its events, so the
//! web app's next read sees them.

use std::time::{Duration, Instant};

use sqlx::PgPool;

/// Waits until every named projection's checkpoint is at or past `(tx_id, position)`.
/// Returns false when `limit` passed first (the command still succeeded; the read model is late).
pub async fn wait_for_projections(
    pool: &PgPool,
    names: &[&'static str],
    tx_id: i64,
    position: i64,
    limit: Duration,
) -> Result<bool, sqlx::Error> {
    let deadline = Instant::now() + limit;
    let mut pause = Duration::from_millis(2);
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    loop {
        let caught_up: i64 = sqlx::query_scalar(
            "select count(*) from projection_checkpoints
             where name = any($1) and (last_tx, last_position) >= ($2, $3)",
        )
        .bind(&names)
        .bind(tx_id)
        .bind(position)
        .fetch_one(pool)
        .await?;
        if caught_up as usize >= names.len() {
            return Ok(true);
        }
        if Instant::now() >= deadline {
            return Ok(false);
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(Duration::from_millis(25));
    }
}
