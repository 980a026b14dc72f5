//! Units that commit together. A busy shop's sales reach their commits at the same moment, and
//! each unit alone would send the same few statements (its key, its ledger's check and rows, its
//! events) and wait for its own commit; a branch's sales would also take its receipt counter one
//! after another. Units that wait for a commit are gathered instead, and a batch writes all of
//! theirs with one statement per table in one transaction: the keys, each kind of extra, the
//! events (the counter's row taken once for all its numbers), then one commit.
//!
//! A batch is an optimisation, never a new outcome. A unit whose streams or key another unit of
//! the batch, or a batch in flight, already has waits for a later batch. A unit that lost a stream to
//! another writer, or whose key another request recorded meanwhile, is answered that, as alone,
//! and the batch is written without it. When anything else refuses the batch (a closed day, a
//! deleted target), nothing of it is written and each of its units commits alone, as it would
//! have without the batch, to get its own answer. A commit whose outcome is unknown (the
//! connection dropped) is answered as one, to every unit.
//!
//! A batch that takes a counter's row commits without waiting for its flush, as a unit that takes
//! one does (`extra::Counter` says why that is safe), and so do the other units in it: every
//! command's answer waits for the projector's flushed commit past its events or flushes the log
//! itself (`dispatch::settle`). A unit nobody answers (a notice's delivery, recorded by the
//! worker) may then be lost in a crash within the log writer's delay, as a crash between the
//! sending and the recording already could: the notice then goes out twice.
//!
//! At most `SLOTS` batches are in flight; units that arrive meanwhile wait in the queue and form
//! the next one. The request that queued a unit takes a slot and writes whatever waits, in a task
//! of its own that goes on with the next batch while units wait: a request that goes away cannot
//! leave the others unanswered, and no unit waits in the queue with nobody to take it.

use std::any::{Any, TypeId};
use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use sqlx::PgPool;
use tokio::sync::{oneshot, Semaphore};

use super::extra::{Counter, Extra, Stamp};
use super::unit::{insert_events, AppendError, Conflicts, KeyWrite, Part, StreamWrite};
use super::Appended;

/// Batches in flight at once: while they run, the next units gather. Two let batches on
/// different counter rows (or on none) run side by side; four gathered less and sold less at
/// ten branches (`docs/benchmarks.md`).
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

impl Waiting {
    fn streams(&self) -> impl Iterator<Item = (&'static str, &str)> {
        self.pending.writes.iter().map(|w| (w.aggregate_type, w.id.as_str()))
    }

    fn key(&self) -> Option<&str> {
        self.pending.key.as_ref().map(|k| k.key.as_str())
    }

    /// The tables of the counters its extras take.
    fn counter_tables(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.pending
            .extras
            .iter()
            .filter_map(|e| e.counter())
            .map(|c: Counter| c.table)
    }
}

pub(crate) struct Gather {
    pool: PgPool,
    queue: Mutex<Queue>,
    slots: Arc<Semaphore>,
}

/// The units waiting, in their order, and the streams and keys of the batches being written.
#[derive(Default)]
struct Queue {
    waiting: VecDeque<Waiting>,
    streams: HashSet<(&'static str, String)>,
    keys: HashSet<String>,
}

impl Gather {
    pub(crate) fn new(pool: PgPool) -> Self {
        Gather {
            pool,
            queue: Mutex::new(Queue::default()),
            slots: Arc::new(Semaphore::new(SLOTS)),
        }
    }

    /// Commits `pending` with whatever other units wait; answers it back with how it went (none
    /// when its batch's task died).
    pub(crate) async fn commit(self: &Arc<Self>, pending: Pending) -> Option<(Pending, Reply)> {
        let (reply, answer) = oneshot::channel();
        self.queue().waiting.push_back(Waiting { pending, reply });
        let slot = self.slots.clone().acquire_owned().await.ok()?;
        let batch = self.take();
        if batch.is_empty() {
            drop(slot);
        } else {
            // The task writes batch after batch while units wait that it may take: a unit held
            // back for a batch in flight is taken by that batch's task when it ends.
            let gather = Arc::clone(self);
            tokio::spawn(async move {
                let mut batch = batch;
                while !batch.is_empty() {
                    let written = write(&gather.pool, batch).await;
                    gather.release(written);
                    batch = gather.take();
                }
                drop(slot);
            });
        }
        answer.await.ok()
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The next batch: up to `MOST` waiting units, in order, leaving out the ones whose request
    /// went away. A unit whose stream or key a batch in flight or an earlier unit of this one
    /// has stays for a later batch: two batches that write one stream could each wait for the
    /// other's row (each inserts its units' events in their own order), and one of the two
    /// units would lose anyway. A batch takes rows of one counter table: its events' statement
    /// takes one (a unit of another table waits for a later batch rather than send the whole
    /// batch back to commit unit by unit). A unit whose counter row a batch in flight takes is
    /// not held back: its batch's statements before the counter run while the other holds the
    /// row (held back, a branch's batches ran whole one after another and sold less).
    fn take(&self) -> Vec<Waiting> {
        let mut queue = self.queue();
        let Queue { waiting, streams, keys } = &mut *queue;
        let mut batch = Vec::new();
        let mut held = VecDeque::new();
        let mut table: Option<&'static str> = None;
        while let Some(unit) = waiting.pop_front() {
            if batch.len() == MOST {
                held.push_back(unit);
                continue;
            }
            if unit.reply.is_closed() {
                continue;
            }
            let busy = unit.streams().any(|(t, id)| streams.contains(&(t, id.to_string())))
                || unit.key().is_some_and(|k| keys.contains(k))
                || unit.counter_tables().any(|t| table.is_some_and(|taken| taken != t));
            if busy {
                held.push_back(unit);
                continue;
            }
            streams.extend(unit.streams().map(|(t, id)| (t, id.to_string())));
            keys.extend(unit.key().map(str::to_string));
            table = table.or(unit.counter_tables().next());
            batch.push(unit);
        }
        *waiting = held;
        batch
    }

    /// The streams and keys of a batch that was written are free again.
    fn release(&self, written: Written) {
        let mut queue = self.queue();
        for stream in &written.streams {
            queue.streams.remove(stream);
        }
        for key in &written.keys {
            queue.keys.remove(key);
        }
    }
}

/// The streams and keys a batch held.
struct Written {
    streams: Vec<(&'static str, String)>,
    keys: Vec<String>,
}

/// Why a batch was not written.
enum Unwritten {
    /// Before its commit: nothing is written.
    Refused(AppendError),
    /// At its commit: whether it was written is unknown.
    Commit(sqlx::Error),
}

/// Writes one batch and answers each of its units; answers what the batch held.
async fn write(pool: &PgPool, batch: Vec<Waiting>) -> Written {
    let written = Written {
        streams: batch
            .iter()
            .flat_map(|w| w.streams().map(|(t, id)| (t, id.to_string())))
            .collect(),
        keys: batch.iter().filter_map(|w| w.key().map(str::to_string)).collect(),
    };
    let units: Vec<&Pending> = batch.iter().map(|w| &w.pending).collect();
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
    for (waiting, reply) in batch.into_iter().zip(replies) {
        let _ = waiting.reply.send((waiting.pending, reply));
    }
    written
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

#[cfg(test)]
mod tests {
    use super::*;

    fn gather() -> Gather {
        let pool = sqlx::postgres::PgPoolOptions::new()
            .connect_lazy("postgres://nobody@127.0.0.1:1/none")
            .expect("a lazy pool connects on first use");
        Gather::new(pool)
    }

    /// An extra that takes row `key` of counter `table`.
    struct Numbered(&'static str, i64);

    impl Extra for Numbered {
        fn counter(&self) -> Option<Counter> {
            Some(Counter {
                table: self.0,
                key_column: "local_id",
                value_column: "ultimo",
                key: self.1,
            })
        }
    }

    /// Queues a unit writing `stream` with `key`; the receiver stands for its request.
    fn queue(g: &Gather, stream: &str, key: Option<&str>) -> oneshot::Receiver<(Pending, Reply)> {
        queue_numbered(g, stream, key, None)
    }

    /// The same, taking a counter's row.
    fn queue_numbered(
        g: &Gather,
        stream: &str,
        key: Option<&str>,
        counter: Option<(&'static str, i64)>,
    ) -> oneshot::Receiver<(Pending, Reply)> {
        let (reply, answer) = oneshot::channel();
        let extras: Vec<Box<dyn Extra>> = counter
            .map(|(table, row)| Box::new(Numbered(table, row)) as Box<dyn Extra>)
            .into_iter()
            .collect();
        let pending = Pending {
            writes: vec![StreamWrite::for_test("Movimiento", stream)],
            extras,
            key: key.map(|k| KeyWrite {
                key: k.into(),
                command: "movimiento".into(),
                answer: serde_json::json!(1),
            }),
            metadata: serde_json::json!({}),
        };
        g.queue().waiting.push_back(Waiting { pending, reply });
        answer
    }

    fn streams(batch: &[Waiting]) -> Vec<&str> {
        batch.iter().flat_map(|w| w.streams().map(|(_, id)| id)).collect()
    }

    #[tokio::test]
    async fn units_whose_requests_went_away_do_not_hide_a_live_one() {
        let g = gather();
        // More abandoned units than a batch holds, then one whose request still waits: the
        // batch must hold it, or it would wait with nobody to write it.
        for n in 0..MOST + 6 {
            drop(queue(&g, &format!("gone-{n}"), None));
        }
        let _live = queue(&g, "live", None);
        assert_eq!(streams(&g.take()), vec!["live"]);
        assert!(g.queue().waiting.is_empty());
    }

    #[tokio::test]
    async fn a_unit_waits_while_a_batch_in_flight_writes_its_stream_or_key() {
        let g = gather();
        let _a = queue(&g, "1", Some("k1"));
        let _b = queue(&g, "1", Some("k2"));
        let _c = queue(&g, "2", Some("k1"));
        let _d = queue(&g, "3", None);
        let first = g.take();
        // The second writer of stream 1 and the twin of key k1 wait for a later batch.
        assert_eq!(streams(&first), vec!["1", "3"]);
        assert!(g.take().is_empty());
        g.release(Written {
            streams: vec![("Movimiento", "1".into()), ("Movimiento", "3".into())],
            keys: vec!["k1".into()],
        });
        assert_eq!(streams(&g.take()), vec!["1", "2"]);
    }

    #[tokio::test]
    async fn a_batch_takes_one_counter_table() {
        let g = gather();
        let _a = queue_numbered(&g, "1", None, Some(("sales", 1)));
        let _b = queue_numbered(&g, "2", None, Some(("sales", 1)));
        let _c = queue_numbered(&g, "3", None, Some(("collections", 1)));
        let _d = queue_numbered(&g, "4", None, Some(("sales", 2)));
        let _e = queue(&g, "5", None);
        // A branch's sales share the batch, and another branch's; the collection, whose counter
        // the events' statement could not take with theirs, waits for the next.
        assert_eq!(streams(&g.take()), vec!["1", "2", "4", "5"]);
        assert_eq!(streams(&g.take()), vec!["3"]);
    }
}
