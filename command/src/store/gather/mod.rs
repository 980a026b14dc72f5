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

mod batch;

use std::collections::{HashSet, VecDeque};
use std::sync::{Arc, Mutex};

use sqlx::PgPool;
use tokio::sync::{oneshot, Semaphore};

use super::extra::{Counter, Extra};
use super::unit::{AppendError, KeyWrite, StreamWrite};
use super::Appended;
use batch::write;

/// Batches in flight at once: while they run, the next units gather. Two let a batch's
/// statements before its counter overlap with the one holding the counter; eight gathered less
/// and sold less at 32 clients (`docs/benchmarks.md`).
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
        let (reply, mut answer) = oneshot::channel();
        self.queue().waiting.push_back(Waiting { pending, reply });
        // A batch in flight may take the unit and answer it while this request waits for a
        // slot, and a slot comes free only when its task finds nothing left to write, which
        // under load may be long after (or, while the next batch waits on a counter's row,
        // never before that row is free): the answer comes first.
        let slot = tokio::select! {
            biased;
            answered = &mut answer => return answered.ok(),
            slot = self.slots.clone().acquire_owned() => slot.ok()?,
        };
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
                    // Released however the write ends, a panic included: streams and keys
                    // left taken would hold every later unit of theirs back for good.
                    let taken = Taken::of(&gather, &batch);
                    write(&gather.pool, batch).await;
                    drop(taken);
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
    fn release(&self, written: &Written) {
        let mut queue = self.queue();
        for stream in &written.streams {
            queue.streams.remove(stream);
        }
        for key in &written.keys {
            queue.keys.remove(key);
        }
    }
}

/// The streams and keys a batch holds.
struct Written {
    streams: Vec<(&'static str, String)>,
    keys: Vec<String>,
}

impl Written {
    fn of(batch: &[Waiting]) -> Written {
        Written {
            streams: batch
                .iter()
                .flat_map(|w| w.streams().map(|(t, id)| (t, id.to_string())))
                .collect(),
            keys: batch.iter().filter_map(|w| w.key().map(str::to_string)).collect(),
        }
    }
}

/// A batch's streams and keys while it is written, given back when dropped.
struct Taken<'a> {
    gather: &'a Gather,
    written: Written,
}

impl<'a> Taken<'a> {
    fn of(gather: &'a Gather, batch: &[Waiting]) -> Self {
        Taken {
            gather,
            written: Written::of(batch),
        }
    }
}

impl Drop for Taken<'_> {
    fn drop(&mut self) {
        self.gather.release(&self.written);
    }
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
        g.release(&Written {
            streams: vec![("Movimiento", "1".into()), ("Movimiento", "3".into())],
            keys: vec!["k1".into()],
        });
        assert_eq!(streams(&g.take()), vec!["1", "2"]);
    }

    #[tokio::test]
    async fn a_batch_whose_write_panics_gives_its_streams_and_keys_back() {
        let g = gather();
        let _a = queue(&g, "1", Some("k1"));
        let first = g.take();
        let _b = queue(&g, "1", None);
        let _c = queue(&g, "2", Some("k1"));
        let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let _taken = Taken::of(&g, &first);
            panic!("the batch's write failed unexpectedly");
        }));
        assert!(written.is_err());
        // Otherwise every later unit of stream 1 or key k1 would wait for good.
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
