//! Read-your-writes: a command's answer waits until the projector has passed its events, so the
//! web app's next read sees them.

use std::time::{Duration, Instant};

use sqlx::PgPool;
use tokio::sync::watch;

/// Waits until every named projection's checkpoint is at or past `(tx_id, position)`.
/// Returns false when `limit` passed first (the command still succeeded; the read model is late).
///
/// With `local`, the progress of this process's projector, the wait wakes as soon as that
/// projector's round commits. It reads the checkpoints too, for rounds another process's
/// projector ran: every 20 to 100 ms while another projector leads, and only every 250 ms while
/// this one does (then nobody else moves the checkpoints). Without `local`, it polls the
/// checkpoints with a growing pause.
pub async fn wait_for_projections(
    pool: &PgPool,
    names: &[&'static str],
    tx_id: i64,
    position: i64,
    limit: Duration,
    local: Option<&watch::Receiver<Applied>>,
) -> Result<bool, sqlx::Error> {
    let target = (tx_id, position);
    let deadline = Instant::now() + limit;
    let mut local = local.cloned();
    let (mut pause, longest) = if local.is_some() {
        (Duration::from_millis(20), Duration::from_millis(100))
    } else {
        (Duration::from_millis(2), Duration::from_millis(25))
    };
    // A command waits right after its commit, so the local projector's progress is the first
    // thing worth looking at; the database is read when a pause ends without it.
    let mut look_in_database = local.is_none();
    loop {
        if look_in_database && passed(pool, names, tx_id, position).await? {
            return Ok(true);
        }
        look_in_database = true;
        let now = Instant::now();
        if now >= deadline {
            return Ok(false);
        }
        let leading = local.as_ref().is_some_and(|l| l.borrow().leading);
        let this_pause = if leading { LEADING_POLL } else { pause };
        let until = tokio::time::Instant::from_std((now + this_pause).min(deadline));
        let reached = match local.as_mut() {
            Some(applied) => match tokio::time::timeout_at(until, applied.wait_for(|a| a.at >= target)).await {
                Ok(reached) => Some(reached.is_ok()),
                Err(_) => None,
            },
            None => {
                tokio::time::sleep_until(until).await;
                None
            }
        };
        match reached {
            Some(true) => return Ok(true),
            // the projector stopped: poll the database from now on
            Some(false) => local = None,
            None => {}
        }
        pause = (pause * 2).min(longest);
    }
}

/// How often the wait reads the checkpoints while the local projector leads: a safety net only.
const LEADING_POLL: Duration = Duration::from_millis(250);

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

/// What a projector has published about itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Every projection has passed this `(tx_id, position)`.
    pub at: (i64, i64),
    /// Its last round held the lock: no other projector is running rounds.
    pub leading: bool,
}
