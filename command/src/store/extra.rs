//! Rows a feature keeps beside the events, written in the unit's own transaction.
//!
//! Some facts must change exactly when the events that cause them commit, and be readable under
//! a lock before the next command decides: a cash day's ledger (a closing sums it), a notice's
//! outbox row (a worker sends it), a receipt number (no gaps). The projector is too late for
//! them, so the feature hands the unit an `Extra` and the store runs it inside the commit,
//! knowing nothing of what it writes. A unit that rolls back takes its extras with it.

use async_trait::async_trait;
use sqlx::PgConnection;

/// A value an extra gives one of the unit's events before they are inserted: the event
/// `event_type` of stream (`aggregate_type`, `id`) gets `value` in its field `field`.
#[derive(Clone, Debug, PartialEq)]
pub struct Stamp {
    pub aggregate_type: &'static str,
    pub id: String,
    pub event_type: &'static str,
    pub field: &'static str,
    pub value: StampValue,
}

/// What a stamp puts in its field.
#[derive(Clone, Debug, PartialEq)]
pub enum StampValue {
    /// A value known before the events are inserted.
    Known(serde_json::Value),
    /// The next value of a gapless counter, taken in the statement that inserts the events.
    Next(Counter),
}

/// A gapless counter: the row of `table` whose `key_column` is `key`, its `value_column` the last
/// value taken (the row is created at 1). The row stays locked until the commit, and the next
/// unit on the same counter queues on it; taken in the events' own statement, the last one that
/// can be, it is held the shortest time a transaction allows: a counter taken first would make
/// every unit on it wait for the whole of the one before. A unit takes at most one counter.
///
/// Such a unit commits without waiting for its flush to disk: a flush held under the row is a
/// wait on the disk for every unit queued behind it (a branch's sales one by one). It is still
/// durable before anyone is told: the log is flushed in order, so any later synchronous commit
/// flushes it too, and the command's answer waits for the projector's (synchronous) commit
/// past its events, or calls `EventStore::flush_log` when it stops waiting first. Whatever read
/// the number and then committed (the next sale, a closing) is later in the log: a crash before
/// the flush takes both, never the first alone, so the numbers stay gapless.
#[derive(Clone, Debug, PartialEq)]
pub struct Counter {
    pub table: &'static str,
    pub key_column: &'static str,
    pub value_column: &'static str,
    pub key: i64,
}

/// An extra's check refused the unit: nothing is written, and the command answers this text
/// (in the shop's words) as a conflict with the state of other records.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Refusal(pub String);

/// Why an extra stopped the commit.
#[derive(Debug)]
pub enum ExtraError {
    Refused(Refusal),
    Db(sqlx::Error),
}

impl From<sqlx::Error> for ExtraError {
    fn from(e: sqlx::Error) -> Self {
        ExtraError::Db(e)
    }
}

/// A feature's writes in a unit's transaction. `before` runs after the unit's key is taken and
/// before its events are inserted, in the order the extras were added; `after` runs once the
/// events are in. Locks taken in `before` are held to the commit, so an extra that locks must
/// be added in the same order by every command that adds it with another.
///
/// Units that commit together (see `store/gather/`) run their extras of one kind through one
/// `before_all`: a kind that can write all of theirs in one statement says so there.
#[async_trait]
pub trait Extra: Send + Sync + std::any::Any {
    /// Checks that may refuse the unit, writes that need not follow the events, and the stamps
    /// its events take.
    async fn before(&self, _tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        Ok(Vec::new())
    }

    /// `before` for several units' extras of this same kind (`all`, this one among them) in one
    /// transaction; by default each in turn. A refusal refuses them all: the store then commits
    /// each unit alone to learn whose it is.
    async fn before_all(&self, all: &[&dyn Extra], tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        let mut stamps = Vec::new();
        for extra in all {
            stamps.extend(extra.before(&mut *tx).await?);
        }
        Ok(stamps)
    }

    /// Writes that follow the events.
    async fn after(&self, _tx: &mut PgConnection) -> Result<(), sqlx::Error> {
        Ok(())
    }

    /// The counter whose next value this extra's stamp takes, known before the commit: a batch
    /// of units that commit together takes one counter table (`store/gather`).
    fn counter(&self) -> Option<Counter> {
        None
    }

    /// Nothing to do: the unit leaves it out (and may then append in one statement).
    fn idle(&self) -> bool {
        false
    }

    /// Whether it is written even when no command of the unit produced an event (a notice's
    /// report the job already had still moves the notice's row).
    fn without_events(&self) -> bool {
        false
    }
}
