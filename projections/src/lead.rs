//! Which process's projector runs the rounds when several server processes share a database.
//!
//! Every round still takes the transaction-level lock (`PROJECTOR_LOCK`), and that lock alone
//! keeps two projectors from applying the same events. The lead only spares the rounds a second
//! projector would start, find the lock taken and roll back. The leader holds a session-level
//! advisory lock on a connection of its own, and the other processes try to take it every
//! `TRY_EVERY`:
//! - a leader that stops or is killed closes that connection, and PostgreSQL frees the lock at once;
//! - a frozen leader sends no heartbeat, so PostgreSQL ends its connection after `LEASE_MS` idle
//!   (`idle_session_timeout`), which frees the lock as well;
//! - a frozen leader that thaws finds its connection gone at its next heartbeat, and follows.
//!
//! Two notifications connect the processes: a follower's commits wake the leader (`APPENDED`),
//! and each round of the leader reaches the followers' read-your-writes waits (`PROJECTED`,
//! with the position its projections have passed and their names). A follower takes a round
//! as its own progress only when the leader runs every projection the follower waits for:
//! during an upgrade an older leader may lack a newer follower's, whose checkpoints its rounds
//! never move, and the follower then reads the checkpoints instead.

use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::postgres::PgListener;
use sqlx::{PgPool, Postgres};
use tokio::sync::{watch, Notify};

use crate::wait::Applied;

/// Advisory lock key held, for as long as it leads, by the projector that runs the rounds.
pub(crate) const LEADER_LOCK: i64 = 0x6f70_7469_6362;

/// How long a leader that stopped answering keeps the lead.
pub const LEASE_MS: u32 = 1000;
/// A leader's heartbeat: well inside the lease, so a busy but healthy leader keeps it.
const HEARTBEAT: Duration = Duration::from_millis(200);
/// How often a follower tries to take the lead.
const TRY_EVERY: Duration = Duration::from_millis(100);
/// The pause after the database could not be reached.
const RETRY: Duration = Duration::from_secs(1);
/// How long a leader whose rounds fail stays out before it seeks the lead again.
const STEP_DOWN: Duration = Duration::from_secs(10);

/// A follower has committed events.
pub(crate) const APPENDED: &str = "optica_appended";
/// The leader's projections have passed a position: the payload is `tx_id,position,names`,
/// the names of those projections separated by spaces (`notice`).
pub(crate) const PROJECTED: &str = "optica_projected";

/// The payload of a `PROJECTED` notice: `names` have passed `at`.
pub(crate) fn notice<S: std::borrow::Borrow<str>>(at: (i64, i64), names: &[S]) -> String {
    format!("{},{},{}", at.0, at.1, names.join(" "))
}

/// Holds or seeks the lead until `shutdown` or the pool closes, publishing in `leads` whether
/// this process leads. The lead's connection is one of the pool's, so closing the pool waits
/// for it, but it never goes back: it carries the lease's timeout, and it is closed instead.
/// While the projector reports its rounds failing (`healthy` false), a leader steps down and
/// waits `STEP_DOWN` before it seeks the lead again.
pub(crate) async fn hold(
    pool: PgPool,
    leads: watch::Sender<bool>,
    healthy: watch::Receiver<bool>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut connection: Option<PoolConnection<Postgres>> = None;
    // Whether the last attempt failed: logged once, then retried every `RETRY`.
    let mut failing = false;
    let closing = pool.close_event();
    tokio::pin!(closing);
    while !*shutdown.borrow() && !pool.is_closed() {
        let leading = *leads.borrow();
        let pause = if leading && !*healthy.borrow() {
            tracing::warn!("el proyector deja de ser líder: sus rondas fallan; otro proceso puede seguir");
            // Closing the connection frees the lock at once.
            if let Some(conn) = connection.take() {
                let _ = conn.close().await;
            }
            leads.send_replace(false);
            STEP_DOWN
        } else {
            let attempt = async {
                let conn = match connection.as_mut() {
                    Some(conn) => conn,
                    None => connection.insert(lease_connection(&pool).await?),
                };
                if leading {
                    sqlx::query("select 1").execute(&mut **conn).await.map(|_| true)
                } else {
                    sqlx::query_scalar("select pg_try_advisory_lock($1)")
                        .bind(LEADER_LOCK)
                        .fetch_one(&mut **conn)
                        .await
                }
            };
            let (now, pause) = match tokio::time::timeout(RETRY * 5, attempt).await {
                Ok(Ok(now)) => {
                    failing = false;
                    (now, if now { HEARTBEAT } else { TRY_EVERY })
                }
                outcome => {
                    let error = outcome.map_or_else(|_| "sin respuesta".to_string(), |e| format!("{e:?}"));
                    if !failing {
                        tracing::warn!(%error, leading, "falló la conexión del proyector que decide quién lidera");
                    }
                    if let Some(mut conn) = connection.take() {
                        conn.close_on_drop();
                    }
                    // A lease lost once is sought again at once; a database away, every second.
                    let pause = if failing { RETRY } else { TRY_EVERY };
                    failing = true;
                    (false, pause)
                }
            };
            if now != leading {
                tracing::info!(leads = now, "proyector: cambio de líder");
                leads.send_replace(now);
            }
            pause
        };
        tokio::select! {
            changed = shutdown.changed() => if changed.is_err() { break },
            _ = &mut closing => {}
            _ = tokio::time::sleep(pause) => {}
        }
    }
    if let Some(conn) = connection {
        let _ = conn.close().await;
    }
    leads.send_replace(false);
}

/// A connection of the pool that PostgreSQL ends after `LEASE_MS` without a query, named after
/// this process (which process leads, for an operator and a test reading `pg_stat_activity`).
/// PostgreSQL before 14 has no such timeout: the lead then lasts until the process stops, and a
/// frozen leader holds it until it thaws.
async fn lease_connection(pool: &PgPool) -> Result<PoolConnection<Postgres>, sqlx::Error> {
    let mut conn = pool.acquire().await?;
    conn.close_on_drop();
    let bounded: bool = sqlx::query_scalar(
        "select set_config('application_name', $1, false) is not null
                and current_setting('server_version_num')::int >= 140000",
    )
    .bind(format!("optica proyector {}", std::process::id()))
    .fetch_one(&mut *conn)
    .await?;
    if bounded {
        sqlx::query("select set_config('idle_session_timeout', $1, false)")
            .bind(LEASE_MS.to_string())
            .execute(&mut *conn)
            .await?;
    } else {
        tracing::warn!("PostgreSQL anterior a 14: un líder congelado retiene el proyector hasta despertar");
    }
    Ok(conn)
}

/// Listens until `shutdown` or the pool closes: another process's commits wake this projector
/// (`remote`), and another projector's rounds move this process's published progress.
pub(crate) async fn listen(
    pool: PgPool,
    remote: Arc<Notify>,
    applied: watch::Sender<Applied>,
    own: Vec<&'static str>,
    mut shutdown: watch::Receiver<bool>,
) {
    let mut listener = loop {
        let connected = async {
            let mut listener = PgListener::connect_with(&pool).await?;
            listener.listen_all([APPENDED, PROJECTED]).await?;
            Ok::<_, sqlx::Error>(listener)
        };
        let connected = tokio::select! {
            _ = shutdown.changed() => return,
            connected = connected => connected,
        };
        match connected {
            Ok(listener) => break listener,
            Err(sqlx::Error::PoolClosed) => return,
            Err(error) => tracing::warn!(%error, "el proyector no pudo escuchar avisos; reintentando"),
        }
        tokio::select! {
            _ = shutdown.changed() => return,
            _ = tokio::time::sleep(RETRY) => {}
        }
    };
    loop {
        // Any change of `shutdown` (or its sender gone) ends the listener.
        let notification = tokio::select! {
            _ = shutdown.changed() => return,
            received = listener.try_recv() => received,
        };
        match notification {
            // The connection was lost (the next call connects again): a commit's notice sent
            // meanwhile is gone, so a round looks for it.
            Ok(None) => remote.notify_one(),
            Ok(Some(n)) if n.channel() == APPENDED => remote.notify_one(),
            Ok(Some(n)) => {
                if let Some(at) = position(n.payload(), &own) {
                    applied.send_if_modified(|a| {
                        let moved = a.at < at;
                        a.at = a.at.max(at);
                        moved
                    });
                }
            }
            Err(sqlx::Error::PoolClosed) => return,
            // The listener connects again on the next call; a round looks for what a notice
            // lost meanwhile announced.
            Err(error) => {
                tracing::warn!(%error, "el proyector perdió los avisos; reconectando");
                tokio::select! {
                    _ = shutdown.changed() => return,
                    _ = tokio::time::sleep(RETRY) => {}
                }
                remote.notify_one();
            }
        }
    }
}

/// The position a `PROJECTED` notice says every one of `own` has passed; none when the leader
/// does not run them all, or the payload is not one this version writes (an older leader's
/// names no projections).
fn position(payload: &str, own: &[&str]) -> Option<(i64, i64)> {
    let mut parts = payload.splitn(3, ',');
    let (tx, position, names) = (parts.next()?, parts.next()?, parts.next()?);
    let theirs: Vec<&str> = names.split(' ').collect();
    if !own.iter().all(|name| theirs.contains(name)) {
        return None;
    }
    Some((tx.parse().ok()?, position.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::{notice, position};

    #[test]
    fn a_projected_payload_is_read_or_ignored() {
        let own = ["lookups", "products"];
        assert_eq!(position(&notice((812, 4), &own), &own), Some((812, 4)));
        // A leader with more projections speaks for these too.
        let more = notice((812, 4), &["lookups", "products", "users"]);
        assert_eq!(position(&more, &own), Some((812, 4)));
        // One without a projection this process waits for does not.
        assert_eq!(position(&notice((812, 4), &["products"]), &own), None);
        assert_eq!(position("812,4", &own), None);
        assert_eq!(position("812", &own), None);
        assert_eq!(position("a,4,lookups products", &own), None);
    }
}
