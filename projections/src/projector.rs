//! The durable projector.
//!
//! Order: events are applied in `(tx_id, position)` order, and only events whose writing
//! transaction is older than every transaction still running (`tx_id < pg_snapshot_xmin`).
//! Positions are taken at insert but become visible at commit, so a plain `position` order could
//! pass over a position whose transaction commits later; transactions below the snapshot's xmin,
//! in contrast, are all finished, and no new transaction can get an id below it, so the set the
//! projector reads never grows behind its checkpoint. Within one stream the order is the append
//! order, because a command's transaction gets its id only at its first write, at the commit,
//! after loading the stream (see command/src/store/mod.rs).
//!
//! Durability: each round applies one batch of events to every projection and moves their
//! checkpoints in one transaction, so a crash anywhere applies a batch fully or not at all. One
//! projector writes at a time: every batch transaction first takes a transaction-level advisory
//! lock. With several server processes, one projector leads and runs the rounds, the others
//! follow and take over when it stops or freezes (`crate::lead`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use sqlx::PgPool;
use tokio::sync::{watch, Notify};

pub use crate::projection::{Projection, ProjectionError};
pub use crate::wait::Applied;

/// Rounds failed in a row after which a leader steps down (`crate::lead::hold`).
const STEP_DOWN_AFTER: u32 = 5;

/// A task of the projector's, aborted when dropped (the projector's loop ended or panicked).
struct Stopped(tokio::task::JoinHandle<()>);

impl Stopped {
    /// Waits for the task to end by itself (it watches the same shutdown signal).
    async fn stop(mut self) {
        let _ = (&mut self.0).await;
    }
}

impl Drop for Stopped {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Advisory lock key held by the active projector while it writes a batch.
pub(crate) const PROJECTOR_LOCK: i64 = 0x6f70_7469_6361; // "optica"

/// What one batch did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchOutcome {
    Applied(usize),
    /// Another projector holds the lock.
    Busy,
}

/// What a round did, and the log's last event as it read the log.
struct Round {
    outcome: BatchOutcome,
    log_end: Option<(i64, i64)>,
}

/// How a projector and the commands of its process talk without a database round trip: the
/// event store pings `wake` after each commit, and the projector publishes in `applied` the
/// `(tx_id, position)` every projection has passed after each round, which a command's
/// read-your-writes wait watches. A round committed by another process's projector shows only
/// in the database, so the wait also polls the checkpoints: seldom while this projector leads,
/// often while another one does.
#[derive(Clone)]
pub struct Progress {
    pub wake: Arc<Notify>,
    pub applied: watch::Receiver<Applied>,
}

pub struct Projector {
    pool: PgPool,
    projections: Vec<Arc<dyn Projection>>,
    batch_size: i64,
    poll_interval: Duration,
    wake: Arc<Notify>,
    /// Another process's commits, while this projector leads.
    remote: Arc<Notify>,
    applied: watch::Sender<Applied>,
}

impl Projector {
    pub fn new(pool: PgPool, projections: Vec<Arc<dyn Projection>>) -> Self {
        Projector {
            pool,
            projections,
            batch_size: 500,
            poll_interval: Duration::from_millis(500),
            wake: Arc::new(Notify::new()),
            remote: Arc::new(Notify::new()),
            applied: watch::channel(Applied::default()).0,
        }
    }

    /// The signals that connect this projector to the commands of its process.
    pub fn progress(&self) -> Progress {
        Progress {
            wake: self.wake.clone(),
            applied: self.applied.subscribe(),
        }
    }

    /// How often the projector looks for events nothing told it about (default 500 ms).
    pub fn with_poll_interval(mut self, interval: Duration) -> Self {
        self.poll_interval = interval;
        self
    }

    pub fn with_batch_size(mut self, size: i64) -> Self {
        self.batch_size = size.max(1);
        self
    }

    pub fn projection_names(&self) -> Vec<&'static str> {
        self.projections.iter().map(|p| p.name()).collect()
    }

    /// Applies the next batch of events to every projection, with their checkpoints, in one
    /// transaction. Each projection gets the events past its own checkpoint (they differ after
    /// a replay of some projections), and no checkpoint moves back.
    pub async fn run_round(&self) -> Result<BatchOutcome, ProjectionError> {
        Ok(self.round().await?.outcome)
    }

    /// A round, and the log's last event as the round read it. A command's answer waits for
    /// rounds, so each round trip of a round is on every answer's path: the round sends six
    /// statements besides the projections' own writes (the `begin`, the lock, the checkpoints,
    /// the events with the log's end, the checkpoints' move with its notice, the commit).
    async fn round(&self) -> Result<Round, ProjectionError> {
        // Nothing is written before the events are read: a write would give this transaction an
        // id, which would hold the snapshot's xmin back to itself.
        // Generic plans for this transaction: the batch statements take arrays, for which
        // PostgreSQL would otherwise plan every call anew (a custom plan always looks cheaper for
        // the array it is given), and planning cost more than running them.
        let mut tx = self
            .pool
            .begin_with("begin; set local plan_cache_mode = force_generic_plan")
            .await?;
        let locked: bool = sqlx::query_scalar("select pg_try_advisory_xact_lock($1)")
            .bind(PROJECTOR_LOCK)
            .fetch_one(&mut *tx)
            .await?;
        if !locked {
            self.applied
                .send_if_modified(|a| std::mem::replace(&mut a.leading, false));
            return Ok(Round {
                outcome: BatchOutcome::Busy,
                log_end: None,
            });
        }
        // A statement of its own, after the lock's: its snapshot then holds the last round of
        // whichever projector had the lock before.
        let names: Vec<String> = self.projections.iter().map(|p| p.name().to_string()).collect();
        let checkpoints: HashMap<String, (i64, i64)> = sqlx::query_as::<_, (String, i64, i64)>(
            "select name, last_tx, last_position from projection_checkpoints where name = any($1)",
        )
        .bind(&names)
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|(name, last_tx, last_position)| (name, (last_tx, last_position)))
        .collect();
        let at = |name: &str| checkpoints.get(name).copied().unwrap_or((0, 0));
        let from = names.iter().map(|n| at(n)).min().unwrap_or((0, 0));
        let (events, log_end) = crate::stored::read_batch(&mut tx, from, self.batch_size).await?;
        let Some(last) = events.last() else {
            // Every projection has passed `from`, even after a restart with nothing new.
            self.applied.send_if_modified(|a| {
                let changed = a.at < from || !a.leading;
                a.at = a.at.max(from);
                a.leading = true;
                changed
            });
            return Ok(Round {
                outcome: BatchOutcome::Applied(0),
                log_end,
            });
        };
        let last = (last.tx_id, last.position);
        for projection in &self.projections {
            let own = at(projection.name());
            let start = events.partition_point(|e| (e.tx_id, e.position) <= own);
            if start < events.len() {
                projection.apply_batch(&mut tx, &events[start..]).await?;
            }
        }
        // The notice is delivered at commit, to the other processes' read-your-writes waits.
        execute!(
            tx,
            "with moved as (
                 insert into projection_checkpoints (name, last_tx, last_position, updated_at)
                 select name, $2, $3, now() from unnest($1::text[]) as name
                 on conflict (name) do update
                 set last_tx = excluded.last_tx, last_position = excluded.last_position, updated_at = now()
                 where (projection_checkpoints.last_tx, projection_checkpoints.last_position)
                       < (excluded.last_tx, excluded.last_position))
             select pg_notify($4, $5)";
            &names, last.0, last.1, crate::lead::PROJECTED, crate::lead::notice(last, &names)
        )?;
        tx.commit().await?;
        // Every checkpoint is now at or past `last` (none moves back, and each projection got
        // the events after its own).
        self.applied.send_if_modified(|a| {
            let changed = a.at < last || !a.leading;
            a.at = a.at.max(last);
            a.leading = true;
            changed
        });
        Ok(Round {
            outcome: BatchOutcome::Applied(events.len()),
            log_end,
        })
    }

    /// Runs rounds until every projection has applied all events that can be read now.
    /// Returns the number of events read, or `Busy` when another projector is active.
    pub async fn catch_up(&self) -> Result<BatchOutcome, ProjectionError> {
        Ok(self.catch_up_to_end().await?.0)
    }

    /// The same, and the log's last event as the last round read it.
    async fn catch_up_to_end(&self) -> Result<(BatchOutcome, Option<(i64, i64)>), ProjectionError> {
        let mut total = 0;
        loop {
            let round = self.round().await?;
            match round.outcome {
                BatchOutcome::Busy => return Ok((BatchOutcome::Busy, None)),
                BatchOutcome::Applied(n) => {
                    total += n;
                    if (n as i64) < self.batch_size {
                        return Ok((BatchOutcome::Applied(total), round.log_end));
                    }
                }
            }
        }
    }

    /// Runs rounds until every projection has passed the log's last event as of now, or until
    /// `limit`. `catch_up` alone can stop short: events behind a transaction still running on the
    /// cluster are not readable yet. When another projector holds the lock, this waits for it.
    pub async fn settle(&self, limit: Duration) -> Result<bool, ProjectionError> {
        let Some((tx_id, position)) = crate::wait::last_event(&self.pool).await? else {
            return Ok(true);
        };
        let names = self.projection_names();
        let deadline = tokio::time::Instant::now() + limit;
        loop {
            self.catch_up().await?;
            if crate::wait::passed(&self.pool, &names, tx_id, position).await? {
                return Ok(true);
            }
            if tokio::time::Instant::now() >= deadline {
                return Ok(false);
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// Whether the log's last event, as the last round read it, is past what every projection has
    /// applied: held back by a transaction still running when the round read the log. The
    /// projector then looks again soon instead of waiting for a wake-up or the poll. Events
    /// committed after the read are not counted: their commit woke the projector (this
    /// process's) or told it (another process's, through the leader's notices).
    fn behind(&self, log_end: Option<(i64, i64)>) -> bool {
        log_end.is_some_and(|end| end > self.applied.borrow().at)
    }

    /// Runs until `shutdown` turns true. While this process leads (`crate::lead`), it runs
    /// rounds: it wakes when a command of this process or of another commits, polls as a fallback,
    /// and keeps going through database errors (logged, retried with back-off). While it follows,
    /// it runs none, and tells the leader about this process's commits.
    ///
    /// When another projector holds the lock anyway (a leader that froze and thawed, a rebuild),
    /// this one retries soon: that round may have read the log just before this process's latest
    /// commit. Should it lose the lead meanwhile, it tells the new leader about those commits.
    pub async fn run(self: Arc<Self>, mut shutdown: watch::Receiver<bool>) {
        let (leads_tx, mut leads) = watch::channel(false);
        let (healthy, healthy_rx) = watch::channel(true);
        // Stopped with this loop, even when it panics: a lead outliving its projector would
        // keep every process from projecting.
        let holding = Stopped(tokio::spawn(crate::lead::hold(
            self.pool.clone(),
            leads_tx,
            healthy_rx,
            shutdown.clone(),
        )));
        let listening = Stopped(tokio::spawn(crate::lead::listen(
            self.pool.clone(),
            self.remote.clone(),
            self.applied.clone(),
            self.projection_names(),
            shutdown.clone(),
        )));
        let mut failures: u32 = 0;
        let mut busy: u32 = 0;
        let mut behind: u32 = 0;
        let mut woken = false;
        let mut holder_alive = true;
        loop {
            if *shutdown.borrow() {
                break;
            }
            let leading = *leads.borrow_and_update();
            let mut wait = self.poll_interval;
            if !leading {
                (failures, busy) = (0, 0);
                healthy.send_if_modified(|h| !std::mem::replace(h, true));
                self.applied
                    .send_if_modified(|a| std::mem::replace(&mut a.leading, false));
                if woken {
                    self.tell_leader().await;
                    woken = false;
                }
            } else {
                match self.catch_up_to_end().await {
                    Ok((BatchOutcome::Busy, _)) => {
                        failures = 0;
                        busy = busy.saturating_add(1);
                        wait = (Duration::from_millis(5) * 2u32.saturating_pow(busy.min(7))).min(self.poll_interval);
                    }
                    Ok((_, log_end)) => {
                        failures = 0;
                        busy = 0;
                        // Events the round could not read yet are looked for again soon
                        // (10 ms, doubling to 160 ms while a transaction holds them back),
                        // whatever this round applied. Otherwise this process's commits up to
                        // the round's read are applied; after a busy round `woken` stays set
                        // until here.
                        if self.behind(log_end) {
                            wait = Duration::from_millis(10) * 2u32.pow(behind.min(4));
                            behind = behind.saturating_add(1);
                        } else {
                            (woken, behind) = (false, 0);
                        }
                    }
                    Err(error) => {
                        failures = failures.saturating_add(1);
                        tracing::error!(%error, "projector batch failed; retrying");
                        wait = Duration::from_millis(100 * u64::from(failures.min(50)));
                    }
                }
                // A leader whose rounds keep failing (an event it cannot read after another
                // process's upgrade) lets another process try.
                let ok = failures < STEP_DOWN_AFTER;
                healthy.send_if_modified(|h| std::mem::replace(h, ok) != ok);
            }
            tokio::select! {
                changed = shutdown.changed() => if changed.is_err() { break },
                changed = leads.changed(), if holder_alive => holder_alive = changed.is_ok(),
                _ = self.wake.notified(), if failures == 0 => woken = true,
                _ = self.remote.notified(), if failures == 0 && leading => {}
                _ = tokio::time::sleep(wait) => {}
            }
        }
        holding.stop().await;
        listening.stop().await;
        tracing::info!("projector stopped");
    }

    /// Wakes the leading projector of another process after this process's commits. Lost when
    /// the database cannot be reached; the leader's poll finds the events then.
    async fn tell_leader(&self) {
        if let Err(error) = sqlx::query("select pg_notify($1, '')")
            .bind(crate::lead::APPENDED)
            .execute(&self.pool)
            .await
        {
            tracing::warn!(%error, "no se pudo avisar al proyector líder");
        }
    }
}
