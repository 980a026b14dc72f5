//! Units that take the same gapless counter commit together.
//!
//! A counter's row (a branch's receipt numbers) stays locked from the statement that takes it
//! until its transaction has committed, so the units on one counter commit one after another,
//! each waiting for the one before to flush its commit to disk. Here, the units of this process
//! that reach their commit on a counter while another unit on it is committing gather, and
//! when that commit ends they are written in one transaction: one hold of the counter and one
//! flush for all of them, instead of one each. A unit that finds its counter idle commits at
//! once, alone, as before; only a busy counter gathers.
//!
//! What it keeps:
//! - Every gathered unit loaded its streams before the batch's transaction writes its first
//!   row: a unit joins only a batch not yet begun, so the transaction id still comes after
//!   every load (the projector's ordering proof, `store/mod.rs`).
//! - Two units of a batch never write the same stream or the same `Idempotency-Key`: the later
//!   one waits for the next batch, so one unit's events never make another's lose the race.
//! - Each unit of a batch is written after a savepoint of its own. When one fails (a rule
//!   refuses it, it lost a race for a stream, a twin request holds its key), its writes are
//!   rolled back to the savepoint and it answers that failure, as it would have alone; the
//!   others commit. A number taken by a unit rolled back to its savepoint is taken again by
//!   the next: no gap. When the batch itself fails before its commit (its connection is
//!   lost), each unit is written again alone, in its own transaction.
//! - A batch is written by a task of its own, so a request that goes away meanwhile (a client
//!   that hangs up) leaves neither its batch nor its counter waiting.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use sqlx::PgPool;
use tokio::sync::oneshot;

use super::{AppendError, Plan};
use crate::store::extra::Counter;
use crate::store::Appended;

/// The most units written in one transaction. Each writes under a savepoint of its own, and
/// PostgreSQL keeps the first 64 subtransactions of a transaction in shared memory; past them
/// every other session's snapshot checks grow slower while the batch runs.
const MOST: usize = 32;

/// A counter's row: its table and key.
pub(crate) type Lane = (&'static str, i64);

/// What a unit gets back: its plan (to answer a failure with) and where its events landed.
type Answer = (Plan, Result<Appended, AppendError>);

struct Member {
    plan: Plan,
    metadata: serde_json::Value,
    answer: oneshot::Sender<Answer>,
}

/// The counters being committed on in this process, each with the units gathered for its next
/// batch. A counter missing from the map is idle.
#[derive(Default)]
pub(crate) struct Batches {
    lanes: Mutex<HashMap<Lane, Vec<Member>>>,
}

impl Batches {
    fn lanes(&self) -> MutexGuard<'_, HashMap<Lane, Vec<Member>>> {
        // Nothing is left half-changed under this lock, so a panic elsewhere does not spoil it.
        self.lanes.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Commits `plan` on `counter`: at once and alone when the counter is idle, or with the
    /// units gathered while it is busy. Answers the plan back with where its events landed.
    pub(crate) async fn commit(
        self: &Arc<Self>,
        pool: &PgPool,
        counter: Lane,
        plan: Plan,
        metadata: serde_json::Value,
    ) -> Answer {
        let (answer, answered) = oneshot::channel();
        let member = Member { plan, metadata, answer };
        let first = {
            let mut lanes = self.lanes();
            match lanes.get_mut(&counter) {
                Some(gathered) => {
                    gathered.push(member);
                    None
                }
                None => {
                    lanes.insert(counter, Vec::new());
                    Some(member)
                }
            }
        };
        if let Some(first) = first {
            let writer = Writer {
                batches: self.clone(),
                pool: pool.clone(),
                counter,
                done: false,
            };
            tokio::spawn(writer.run(vec![first]));
        }
        // The writer always answers; a missing answer means its task died (the runtime is
        // shutting down), and the unit wrote nothing it knows of.
        answered
            .await
            .unwrap_or_else(|_| (Plan::default(), Err(AppendError::Db(sqlx::Error::WorkerCrashed))))
    }

    /// How many units wait for a busy counter's next batch, on every counter.
    pub(crate) fn gathered(&self) -> usize {
        self.lanes().values().map(Vec::len).sum()
    }

    /// The next batch of `counter`'s gathered units, in arrival order, leaving for later a unit
    /// that writes a stream or a key an earlier one of the batch writes. `None` (and the counter
    /// is idle again) when none is gathered.
    fn next(&self, counter: Lane) -> Option<Vec<Member>> {
        let mut lanes = self.lanes();
        let gathered = lanes.get_mut(&counter)?;
        if gathered.is_empty() {
            lanes.remove(&counter);
            return None;
        }
        let mut batch: Vec<Member> = Vec::new();
        let mut later: Vec<Member> = Vec::new();
        for member in gathered.drain(..) {
            let overlaps = batch.iter().any(|m| m.plan.overlaps(&member.plan));
            if overlaps || batch.len() == MOST {
                later.push(member);
            } else {
                batch.push(member);
            }
        }
        *gathered = later;
        Some(batch)
    }
}

/// The task that writes a counter's batches while units keep gathering on it.
struct Writer {
    batches: Arc<Batches>,
    pool: PgPool,
    counter: Lane,
    /// Set once the counter was left idle in the map; until then, dropping the writer (its task
    /// panicked or was cancelled) does it, failing the units gathered.
    done: bool,
}

impl Writer {
    async fn run(mut self, mut batch: Vec<Member>) {
        loop {
            write(&self.pool, batch).await;
            match self.batches.next(self.counter) {
                Some(next) => batch = next,
                None => break,
            }
        }
        self.done = true;
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        if !self.done {
            // The gathered units' answers are dropped with them: each fails, and its request
            // runs again or answers an error; none waits forever on a counter nobody writes.
            self.batches.lanes().remove(&self.counter);
        }
    }
}

/// Writes a batch in one transaction, or each of its units alone when the batch fails before
/// its commit, and answers each unit.
async fn write(pool: &PgPool, batch: Vec<Member>) {
    if batch.len() > 1 {
        match together(pool, &batch).await {
            Together::Committed(landed) => {
                for (member, appended) in batch.into_iter().zip(landed) {
                    let _ = member.answer.send((member.plan, appended));
                }
                return;
            }
            // Whether it committed is unknown: every unit answers the error, as a unit alone
            // would, and its request's key tells on the next round.
            Together::Unknown(e) => {
                for member in batch {
                    let _ = member.answer.send((member.plan, Err(AppendError::Db(copy(&e)))));
                }
                return;
            }
            Together::RolledBack => {}
        }
    }
    for member in batch {
        let appended = member.plan.write_alone(&member.metadata, pool).await;
        let _ = member.answer.send((member.plan, appended));
    }
}

enum Together {
    /// Each unit's outcome: where its events landed, or why it wrote nothing.
    Committed(Vec<Result<Appended, AppendError>>),
    /// Nothing was written: the batch failed before its commit.
    RolledBack,
    /// The commit was sent and failed (a lost connection): it may have happened.
    Unknown(sqlx::Error),
}

async fn together(pool: &PgPool, batch: &[Member]) -> Together {
    let Ok(mut tx) = pool.begin().await else {
        return Together::RolledBack;
    };
    let mut landed = Vec::with_capacity(batch.len());
    for member in batch {
        // Dropping the transaction on a failure here rolls it back.
        if sqlx::query("savepoint unit").execute(&mut *tx).await.is_err() {
            return Together::RolledBack;
        }
        let appended = member.plan.write_all(&member.metadata, &mut tx).await;
        if appended.is_err()
            && sqlx::query("rollback to savepoint unit")
                .execute(&mut *tx)
                .await
                .is_err()
        {
            return Together::RolledBack;
        }
        landed.push(appended);
    }
    match tx.commit().await {
        Ok(()) => Together::Committed(landed),
        // PostgreSQL answered: the transaction is rolled back.
        Err(sqlx::Error::Database(_)) => Together::RolledBack,
        Err(e) => Together::Unknown(e),
    }
}

/// The same failure for each unit of a batch, keeping what the API tells by (a lost connection
/// answers 503, a fault 500).
fn copy(e: &sqlx::Error) -> sqlx::Error {
    match e {
        sqlx::Error::Io(io) => sqlx::Error::Io(std::io::Error::new(io.kind(), io.to_string())),
        sqlx::Error::PoolTimedOut => sqlx::Error::PoolTimedOut,
        sqlx::Error::PoolClosed => sqlx::Error::PoolClosed,
        other => sqlx::Error::Protocol(other.to_string()),
    }
}

impl Plan {
    /// The counter this plan's commit may share with other units' (see above): the one an
    /// extra takes, unless the plan must hold locks before it writes (guards), which a batch
    /// would hold for all of its units.
    pub(super) fn shared_counter(&self) -> Option<Lane> {
        if !self.guards.is_empty() {
            return None;
        }
        self.extras
            .iter()
            .find_map(|extra| extra.counter())
            .map(|Counter { table, key, .. }| (table, key))
    }

    /// Whether the two plans write a stream or an `Idempotency-Key` in common.
    fn overlaps(&self, other: &Plan) -> bool {
        let same_key = matches!((&self.key, &other.key), (Some(a), Some(b)) if a.key == b.key);
        same_key
            || self.writes.iter().any(|w| {
                other
                    .writes
                    .iter()
                    .any(|o| o.aggregate_type == w.aggregate_type && o.id == w.id)
            })
    }
}
