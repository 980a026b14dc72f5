//! Units that commit together. A busy shop's sales reach their commits at the same moment, and
//! each unit alone would send the same few statements (its key, its ledger's check and rows, its
//! events) and wait for its own commit; a branch's sales would also take its receipt counter one
//! after another. Units that wait for a commit are gathered instead, and a batch writes all of
//! theirs with one statement per table in one transaction: the keys, each kind of extra, the
//! events (the counter's row taken once for all its numbers), then one commit.
//!
//! A batch is an optimisation, never a new outcome. A unit whose streams or key another unit of
//! the batch already has commits alone (one of the two would fail). A unit that lost a stream to
//! another writer, or whose key another request recorded meanwhile, is answered that, as alone,
//! and the batch is written without it. When anything else refuses the batch (a closed day, a
//! deleted target), nothing of it is written and each of its units commits alone, as it would
//! have without the batch, to get its own answer. A commit whose outcome is unknown (the
//! connection dropped) is answered as one, to every unit.
//!
//! At most `SLOTS` batches are in flight; units that arrive meanwhile wait in the queue and form
//! the next one. The request that queued a unit takes a slot and writes whatever waits: a batch
//! runs in a task of its own, so a request that goes away cannot leave the others unanswered.

use std::any::{Any, TypeId};
use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use sqlx::PgPool;
use tokio::sync::{oneshot, Semaphore};

use super::extra::{Extra, Stamp};
use super::unit::{insert_events, AppendError, Conflicts, KeyWrite, Part, StreamWrite};
use super::Appended;

/// Batches in flight at once: while they run, the next units gather. Two let a batch's
/// statements before its counter overlap with the one holding the counter.
const SLOTS: usize = 2;

/// The most units in one batch: the statements' arrays stay small.
const MOST: usize = 64;

/// What a unit hands over to be committed with others, and gets back with the reply.
pub(crate) struct Pending {
    pub(crate) writes: Vec<StreamWrite>,
    pub(crate) extras: Vec<Box<dyn Extra>>,
    pub(crate) key: Option<KeyWrite>,
    pub(crate) metadata: serde_json::Value,
}

/// How a unit's commit went.
pub(crate) enum Reply {
    Done(Appended),
    /// Not written: commit alone.
    Alone,
    Failed(AppendError),
}

struct Waiting {
    pending: Pending,
    reply: oneshot::Sender<(Pending, Reply)>,
}

pub(crate) struct Gather {
    pool: PgPool,
    queue: Mutex<Vec<Waiting>>,
    slots: Arc<Semaphore>,
}

impl Gather {
    pub(crate) fn new(pool: PgPool) -> Self {
        Gather {
            pool,
            queue: Mutex::new(Vec::new()),
            slots: Arc::new(Semaphore::new(SLOTS)),
        }
    }

    /// Commits `pending` with whatever other units wait; answers it back with how it went (none
    /// when its batch's task died).
    pub(crate) async fn commit(&self, pending: Pending) -> Option<(Pending, Reply)> {
        let (reply, answer) = oneshot::channel();
        self.queue().push(Waiting { pending, reply });
        let slot = self.slots.clone().acquire_owned().await.ok()?;
        let batch: Vec<Waiting> = {
            let mut queue = self.queue();
            let n = queue.len().min(MOST);
            // A unit whose request went away meanwhile is not written.
            queue.drain(..n).filter(|w| !w.reply.is_closed()).collect()
        };
        if batch.is_empty() {
            drop(slot);
        } else {
            let pool = self.pool.clone();
            tokio::spawn(async move {
                write(&pool, batch).await;
                drop(slot);
            });
        }
        answer.await.ok()
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Vec<Waiting>> {
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Why a batch was not written.
enum Unwritten {
    /// Before its commit: nothing is written.
    Refused(AppendError),
    /// At its commit: whether it was written is unknown.
    Commit(sqlx::Error),
}

/// Writes one batch and answers each of its units.
async fn write(pool: &PgPool, batch: Vec<Waiting>) {
    let mut streams: HashSet<(&'static str, String)> = HashSet::new();
    let mut keys: HashSet<String> = HashSet::new();
    let mut gathered: Vec<Waiting> = Vec::with_capacity(batch.len());
    for waiting in batch {
        let fresh_streams = waiting
            .pending
            .writes
            .iter()
            .all(|w| !streams.contains(&(w.aggregate_type, w.id.clone())));
        let fresh_key = waiting.pending.key.as_ref().is_none_or(|k| !keys.contains(&k.key));
        if !(fresh_streams && fresh_key) {
            let _ = waiting.reply.send((waiting.pending, Reply::Alone));
            continue;
        }
        streams.extend(waiting.pending.writes.iter().map(|w| (w.aggregate_type, w.id.clone())));
        keys.extend(waiting.pending.key.as_ref().map(|k| k.key.clone()));
        gathered.push(waiting);
    }
    let units: Vec<&Pending> = gathered.iter().map(|w| &w.pending).collect();
    let replies = match together(pool, &units).await {
        Ok(replies) => replies,
        // One unit: its own failure, as alone.
        Err(Unwritten::Refused(e)) if units.len() == 1 => vec![Reply::Failed(e)],
        Err(Unwritten::Refused(_)) => units.iter().map(|_| Reply::Alone).collect(),
        Err(Unwritten::Commit(e)) => {
            let lost = e.to_string();
            units
                .iter()
                .map(|_| Reply::Failed(AppendError::Db(sqlx::Error::Io(std::io::Error::other(lost.clone())))))
                .collect()
        }
    };
    for (waiting, reply) in gathered.into_iter().zip(replies) {
        let _ = waiting.reply.send((waiting.pending, reply));
    }
}

/// The batch's transaction: the keys, the extras kind by kind, the events, the commit. A unit
/// whose key was recorded meanwhile is left out and answered `KeyTaken`. A unit that lost one of
/// its streams to another writer (its load is older than that writer's commit) is answered
/// `StreamMoved`, as alone, and the others are written again without it, from a savepoint taken
/// with the `begin`: one lost race does not send the whole batch back to commit unit by unit.
async fn together(pool: &PgPool, units: &[&Pending]) -> Result<Vec<Reply>, Unwritten> {
    let refused = |e: sqlx::Error| Unwritten::Refused(AppendError::from(e));
    let mut tx = pool
        .begin_with(format!("{}; savepoint gathered", super::BEGIN))
        .await
        .map_err(refused)?;
    let mut replies: Vec<Option<Reply>> = units.iter().map(|_| None).collect();
    loop {
        let keyed: Vec<&KeyWrite> = units
            .iter()
            .zip(&replies)
            .filter(|(_, reply)| reply.is_none())
            .filter_map(|(u, _)| u.key.as_ref())
            .collect();
        let taken: HashSet<String> = match keyed.is_empty() {
            true => HashSet::new(),
            false => KeyWrite::take_all(&keyed, &mut tx).await.map_err(refused)?,
        };
        for (unit, reply) in units.iter().zip(replies.iter_mut()) {
            if let (None, Some(k)) = (&reply, &unit.key) {
                if !taken.contains(&k.key) {
                    *reply = Some(Reply::Failed(AppendError::KeyTaken));
                }
            }
        }
        let written: Vec<usize> = (0..units.len()).filter(|i| replies[*i].is_none()).collect();
        if written.is_empty() {
            break;
        }
        let pending: Vec<&Pending> = written.iter().map(|i| units[*i]).collect();
        let stamps = before_all(&pending, &mut tx).await.map_err(Unwritten::Refused)?;
        let parts: Vec<Part<'_>> = pending
            .iter()
            .map(|u| Part {
                writes: &u.writes,
                metadata: &u.metadata,
                key: u.key.as_ref().map(|k| k.key.as_str()),
            })
            .collect();
        let landed = insert_events(&parts, &stamps, Conflicts::Skip, &mut *tx)
            .await
            .map_err(Unwritten::Refused)?;
        if landed.iter().any(Option::is_none) {
            for (i, appended) in written.iter().zip(&landed) {
                if appended.is_none() {
                    replies[*i] = Some(Reply::Failed(AppendError::StreamMoved));
                }
            }
            sqlx::query("rollback to savepoint gathered")
                .execute(&mut *tx)
                .await
                .map_err(refused)?;
            continue;
        }
        for extra in pending.iter().flat_map(|u| &u.extras) {
            extra.after(&mut tx).await.map_err(refused)?;
        }
        for (i, appended) in written.iter().zip(landed) {
            replies[*i] = appended.map(Reply::Done);
        }
        break;
    }
    tx.commit().await.map_err(Unwritten::Commit)?;
    Ok(replies
        .into_iter()
        .map(|r| r.unwrap_or(Reply::Failed(AppendError::Db(sqlx::Error::RowNotFound))))
        .collect())
}

/// Every unit's extras, kind by kind in the order the kinds first appear, each kind through one
/// `before_all`; the stamps they give.
async fn before_all(units: &[&Pending], tx: &mut sqlx::PgConnection) -> Result<Vec<Stamp>, AppendError> {
    let mut kinds: Vec<(TypeId, Vec<&dyn Extra>)> = Vec::new();
    for extra in units.iter().flat_map(|u| &u.extras) {
        let extra: &dyn Extra = extra.as_ref();
        let kind = (extra as &dyn Any).type_id();
        match kinds.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, same)) => same.push(extra),
            None => kinds.push((kind, vec![extra])),
        }
    }
    let mut stamps = Vec::new();
    for (_, same) in &kinds {
        stamps.extend(same[0].before_all(same, &mut *tx).await?);
    }
    Ok(stamps)
}
