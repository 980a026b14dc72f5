//! Read-your-writes: a command's answer waits until the projector has passed its events, so the
//! web app's next read sees them.

use std::time::{Duration, Instant};

use sqlx::PgPool;
use tokio::sync::watch;

/// Waits until every named projection's checkpoint is at or past `(tx_id, position)`.
/// Returns false when `limit` passed first (the command still succeeded; the read model is late).
///
/// With `local`, the progress of this process's projector, the wait wakes as soon as that
/// projector's round commits, and reads the checkpoints only now and then, for rounds another
/// process's projector ran. Without it, it polls the checkpoints with a growing pause.
pub async fn wait_for_projections(
    pool: &PgPool,
    names: &[&'static str],
    tx_id: i64,
    position: i64,
    limit: Duration,
    local: Option<&watch::Receiver<(i64, i64)>>,
) -> Result<bool, sqlx::Error> {
    let target = (tx_id, position);
    let deadline = Instant::now() + limit;
    let mut local = local.cloned();
    let mut pause = Duration::from_millis(if local.is_some() { 20 } else { 2 });
    // A command waits right after its commit, so the local projector's progress is the first
    // thing worth looking at; the database is read when a pause ends without it.
    let mut look_in_database = local.is_none();
    loop {
        if local.as_ref().is_some_and(|applied| *applied.borrow() >= target) {
            return Ok(true);
        }
        if look_in_database && passed(pool, names, tx_id, position).await? {
            return Ok(true);
        }
        look_in_database = true;
        let mut timer = Instant::now() + pause;
        loop {
            if timer >= deadline {
                if Instant::now() >= deadline {
                    return Ok(false);
                }
                timer = deadline;
            }
            let woken = match local.as_mut() {
                Some(applied) => tokio::select! {
                    changed = applied.changed() => changed.is_ok(),
                    _ = tokio::time::sleep_until(timer.into()) => false,
                },
                None => {
                    tokio::time::sleep_until(timer.into()).await;
                    false
                }
            };
            if local.as_ref().is_some_and(|applied| applied.has_changed().is_err()) {
                // the projector stopped: poll the database from now on
                local = None;
            }
            if !woken {
                break;
            }
            if local.as_ref().is_some_and(|applied| *applied.borrow() >= target) {
                return Ok(true);
            }
        }
        pause = (pause * 2).min(Duration::from_millis(if local.is_some() { 100 } else { 25 }));
    }
}

/// Whether every named projection's checkpoint is at or past `(tx_id, position)`.
pub async fn passed(pool: &PgPool, names: &[&'static str], tx_id: i64, position: i64) -> Result<bool, sqlx::Error> {
    let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
    let caught_up: i64 = sqlx::query_scalar(
        "select count(*) from projection_checkpoints
         where name = any($1) and (last_tx, last_position) >= ($2, $3)",
    )
    .bind(&names)
    .bind(tx_id)
    .bind(position)
    .fetch_one(pool)
    .await?;
    Ok(caught_up as usize >= names.len())
}

/// The log's last event `(tx_id, position)`, if any.
pub async fn last_event(pool: &PgPool) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select tx_id::text::bigint, position from events order by events.tx_id desc, events.position desc limit 1",
    )
    .fetch_optional(pool)
    .await
}
