//! Loading aggregates and appending their events.
//!
//! Streams are read from their latest snapshot and the events after it (one query), or whole
//! with postgres-es's repository when no usable snapshot exists. Appends are ours rather than
//! `CqrsFramework::execute`, because one command must be able to write, atomically with its
//! events, the unique-value claims it depends on and several streams at once. The table layout
//! is postgres-es's, so both paths read and write the same log.
//!
//! Rule kept by every append (the projector's ordering proof relies on it): a command's
//! transaction writes nothing until the commit (its first write is the key's row, an extra's row
//! or the events), which comes after the unit's streams were loaded, so the transaction id is
//! assigned after the aggregates were loaded.

use cqrs_es::persist::PersistedEventRepository;
use cqrs_es::Aggregate;
use optica_events::EventMetadata;
use postgres_es::PostgresEventRepository;
use sqlx::PgPool;

use links::Linked;
pub use unit::UnitOfWork;

pub mod extra;
mod gather;
mod keys;
pub mod links;
mod unit;

/// How often a command is re-run when another writer appended to the same stream first. Hot
/// streams (the last units of a product at a busy branch) see many racers; each round one wins,
/// so the others need room to retry until they win or the stock is gone.
pub(crate) const MAX_ATTEMPTS: usize = 30;

/// A stream gets a snapshot of its aggregate each time it passes a multiple of this many events,
/// so loading it reads at most this many events however long it grows (a product sold every
/// day would otherwise load its whole sales history for each sale).
pub const SNAPSHOT_EVERY: usize = 10;

/// The meaning of the snapshots' stored state. Snapshots written under another number are
/// ignored (the stream is read whole, and the next snapshot replaces them): raise it whenever an
/// aggregate's fields or its `apply` change.
pub const SNAPSHOT_VERSION: u32 = 3;

/// What the `snapshots` table's payload holds.
#[derive(serde::Serialize, serde::Deserialize)]
pub(crate) struct Snapshot<A> {
    pub(crate) version: u32,
    pub(crate) state: A,
}

/// Where an append landed in the global log; the read-your-writes wait needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Appended {
    pub tx_id: i64,
    pub position: i64,
}

/// What a command service answers: the record's id (the ids, for a command over many records)
/// and where its events landed (none when the command changed nothing). Services never wait for
/// the read models; the HTTP layer waits for `appended` before it answers, so a client reads its
/// own write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome<T = i64> {
    pub id: T,
    pub appended: Option<Appended>,
}

/// Values that must stay unique across streams (scope, key), claimed or released in the
/// transaction that appends the events.
#[derive(Clone, Debug, Default)]
pub struct UniqueClaims {
    pub take: Vec<(String, String)>,
    pub release: Vec<(String, String)>,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("event store: {0}")]
    Database(#[from] sqlx::Error),
    #[error("event store: {0}")]
    Persistence(String),
    #[error("event store: stored event cannot be read: {0}")]
    Corrupt(#[from] serde_json::Error),
}

#[derive(Debug, thiserror::Error)]
pub enum CommandError<E: std::error::Error> {
    /// A business rule refused the command.
    #[error(transparent)]
    Domain(E),
    /// A stream changed between load and commit (retried by `EventStore::run`; returned when other
    /// writers kept winning the race).
    #[error("the stream kept changing while the command ran")]
    Conflict,
    /// A unique value (scope, key) is already claimed by another aggregate.
    #[error("value {key:?} already taken in {scope}")]
    Duplicate { scope: String, key: String },
    /// A stream the command deletes is still referred to by streams of these aggregate types.
    #[error("still referred to by {by:?}")]
    InUse { by: Vec<String> },
    /// A stream the command refers to does not exist (or was deleted in the same instant).
    #[error("{target_type} {target_id} does not exist")]
    Missing { target_type: String, target_id: String },
    /// A feature's rows kept beside the events refused the unit (see `extra.rs`).
    #[error(transparent)]
    Refused(extra::Refusal),
    /// The request's `Idempotency-Key` was used for another operation.
    #[error("idempotency key used for another operation")]
    KeyReused,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl<E: std::error::Error> CommandError<E> {
    /// The same failure with the business rule's error re-labelled (a unit over several
    /// aggregates answers one error type).
    pub fn map_domain<F: std::error::Error>(self, f: impl FnOnce(E) -> F) -> CommandError<F> {
        match self {
            CommandError::Domain(inner) => CommandError::Domain(f(inner)),
            CommandError::Conflict => CommandError::Conflict,
            CommandError::Duplicate { scope, key } => CommandError::Duplicate { scope, key },
            CommandError::InUse { by } => CommandError::InUse { by },
            CommandError::Missing { target_type, target_id } => CommandError::Missing { target_type, target_id },
            CommandError::Refused(refusal) => CommandError::Refused(refusal),
            CommandError::KeyReused => CommandError::KeyReused,
            CommandError::Store(s) => CommandError::Store(s),
        }
    }
}

/// How many lanes the streams of this process are spread over (see `EventStore::lanes`).
pub(crate) const LANES: usize = 64;

#[derive(Clone)]
pub struct EventStore {
    pub(crate) pool: PgPool,
    /// A command that lost the race for a stream runs again holding the lanes of the streams it
    /// writes, so the losers of a busy stream (the last units of a popular product) take turns
    /// instead of colliding again and again: each stream hashes to one lane, taken in order.
    pub(crate) lanes: std::sync::Arc<Vec<tokio::sync::Mutex<()>>>,
    repo: std::sync::Arc<PostgresEventRepository>,
    /// Pinged after every commit: this process's projector, when one runs here.
    pub(crate) wake: Option<std::sync::Arc<tokio::sync::Notify>>,
    /// Where units that wait for a commit gather to commit together (see `gather/`).
    pub(crate) gather: std::sync::Arc<gather::Gather>,
}

impl EventStore {
    pub fn new(pool: PgPool) -> Self {
        let repo = std::sync::Arc::new(PostgresEventRepository::new(pool.clone()));
        let lanes = std::sync::Arc::new((0..LANES).map(|_| tokio::sync::Mutex::new(())).collect());
        let gather = std::sync::Arc::new(gather::Gather::new(pool.clone()));
        EventStore {
            pool,
            lanes,
            repo,
            wake: None,
            gather,
        }
    }

    /// Wakes `projector` after each commit, so it projects the new events at once instead of
    /// at its next poll.
    pub fn waking(mut self, projector: std::sync::Arc<tokio::sync::Notify>) -> Self {
        self.wake = Some(projector);
        self
    }

    /// Waits until everything committed so far is on disk. A unit that takes a counter commits
    /// without waiting for its flush (see `Counter`): an answer about it that does not wait for
    /// the projector's commit, which flushes it too, calls this first. A transaction that wrote
    /// to the log commits with a flush of every record before its own, and a logical message is
    /// the one write that touches no table (nobody decodes it; it needs no privilege).
    pub async fn flush_log(&self) -> Result<(), StoreError> {
        sqlx::query("select pg_logical_emit_message(true, 'optica', '')")
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
    }

    /// A unit's transaction, its statements under generic plans. They take their rows as arrays
    /// (`unnest`), for which PostgreSQL would otherwise plan every call anew (a custom plan for
    /// the arrays it is given always looks cheaper than the generic one), and planning the
    /// events' statement cost nearly half of what running it did. Every statement of a unit
    /// reaches its rows by key, so the generic plan is the one a custom plan would pick. The
    /// setting and the `begin` go in one round trip, and the setting ends with the transaction.
    pub(crate) async fn begin(&self) -> Result<sqlx::Transaction<'static, sqlx::Postgres>, sqlx::Error> {
        self.pool.begin_with(BEGIN).await
    }

    /// The stream that holds a unique claim, if any: authoritative as soon as its append
    /// commits, before any read model has it.
    pub async fn holder(&self, scope: &str, key: &str) -> Result<Option<String>, StoreError> {
        let id = sqlx::query_scalar("select aggregate_id from unique_claims where scope = $1 and key = $2")
            .bind(scope)
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(id)
    }

    /// Allocates the next numeric id of an entity kind from its PostgreSQL sequence.
    pub async fn next_id(&self, sequence: &'static str) -> Result<i64, StoreError> {
        let id: i64 = sqlx::query_scalar("select nextval($1::regclass)")
            .bind(sequence)
            .fetch_one(&self.pool)
            .await?;
        Ok(id)
    }

    /// Allocates `count` ids of an entity kind in one round trip (bulk creates).
    pub async fn next_ids(&self, sequence: &'static str, count: usize) -> Result<Vec<i64>, StoreError> {
        let ids: Vec<i64> = sqlx::query_scalar("select nextval($1::regclass) from generate_series(1, $2)")
            .bind(sequence)
            .bind(count as i64)
            .fetch_all(&self.pool)
            .await?;
        Ok(ids)
    }

    /// Rebuilds an aggregate from its stream; returns it with the stream's length. Starts from
    /// the latest snapshot when it is of this `SNAPSHOT_VERSION`.
    pub async fn load<A: Aggregate>(&self, id: &str) -> Result<(A, usize), StoreError> {
        let rows: Vec<(bool, i64, serde_json::Value)> = sqlx::query_as(
            "with snapshot as (
                 select last_sequence, payload from snapshots
                 where aggregate_type = $1 and aggregate_id = $2
                 order by last_sequence desc limit 1)
             select true as snapshot, last_sequence, payload from snapshot
             union all
             select false, sequence, payload from events
             where aggregate_type = $1 and aggregate_id = $2
               and sequence > coalesce((select last_sequence from snapshot), 0)
             order by snapshot desc, 2",
        )
        .bind(A::TYPE)
        .bind(id)
        .fetch_all(&self.pool)
        .await?;
        let mut rows = rows.into_iter().peekable();
        let (mut aggregate, mut length) = match rows.next_if(|(snapshot, _, _)| *snapshot) {
            None => (A::default(), 0),
            Some((_, sequence, payload)) => match serde_json::from_value::<Snapshot<A>>(payload) {
                Ok(snapshot) if snapshot.version == SNAPSHOT_VERSION => (snapshot.state, sequence as usize),
                _ => return self.load_whole(id).await,
            },
        };
        for (_, sequence, payload) in rows {
            aggregate.apply(serde_json::from_value(payload)?);
            length = sequence as usize;
        }
        Ok((aggregate, length))
    }

    /// Rebuilds an aggregate from every event of its stream.
    async fn load_whole<A: Aggregate>(&self, id: &str) -> Result<(A, usize), StoreError> {
        let stored = self.repo.get_events::<A>(id).await.map_err(from_persistence)?;
        let mut aggregate = A::default();
        let length = stored.len();
        for event in stored {
            aggregate.apply(serde_json::from_value(event.payload)?);
        }
        Ok((aggregate, length))
    }

    /// Loads the aggregate, runs the command and appends the resulting events with the given
    /// claims in one transaction (see `run`: retried when another writer appended to the stream
    /// first, once per `Idempotency-Key`). Returns where the last event landed, or `None` when
    /// the command produced no event.
    pub async fn execute<A>(
        &self,
        id: &str,
        command: A::Command,
        services: &A::Services,
        metadata: &EventMetadata,
        claims: &UniqueClaims,
    ) -> Result<Option<Appended>, CommandError<A::Error>>
    where
        A: Aggregate + Linked,
        A::Command: Clone,
    {
        let command = &command;
        let operation = format!("{}:{id}", A::TYPE);
        let outcome = self
            .run(metadata, &operation, move || async move {
                let mut unit = self.unit();
                unit.handle::<A>(id, command.clone(), services).await?;
                for (scope, key) in &claims.take {
                    unit.claim(scope, key, id);
                }
                for (scope, key) in &claims.release {
                    unit.release(scope, key, id);
                }
                Ok((unit, ()))
            })
            .await?;
        Ok(outcome.appended)
    }

    /// Starts a unit of work: commands on one or more streams whose events commit together.
    pub fn unit(&self) -> UnitOfWork<'_> {
        UnitOfWork::new(self)
    }
}

/// How a unit's (or a batch's) transaction begins: see `EventStore::begin`.
pub(crate) const BEGIN: &str = "begin; set local plan_cache_mode = force_generic_plan";

/// Whether PostgreSQL ended the transaction without writing anything, for a reason that a new
/// attempt may not meet: the session sat idle in the transaction too long (a frozen process,
/// 25P03), a serialization failure or deadlock (40001, 40P01), or a lock or statement timeout
/// (55P03, 57014). A command that met one runs again.
pub fn rolled_back(e: &dyn sqlx::error::DatabaseError) -> bool {
    matches!(
        e.code().as_deref(),
        Some("25P03" | "40001" | "40P01" | "55P03" | "57014")
    )
}

/// The same, for any error of the store.
pub(crate) fn transient(e: &StoreError) -> bool {
    match e {
        StoreError::Database(sqlx::Error::Database(d)) => rolled_back(d.as_ref()),
        _ => false,
    }
}

/// A short random pause, growing with the round, so racing writers stop colliding in lockstep.
pub(crate) fn backoff(round: usize) -> std::time::Duration {
    use std::hash::{BuildHasher, Hasher};
    let random = std::collections::hash_map::RandomState::new().build_hasher().finish();
    let ceiling = 2 * round.min(10) as u64;
    std::time::Duration::from_millis(random % (ceiling + 1))
}

/// postgres-es boxes the database's error; unboxed, it keeps its kind, so a lost connection is
/// told apart from a fault (the API answers 503 for the first, 500 for the second).
fn from_persistence(e: cqrs_es::persist::PersistenceError) -> StoreError {
    use cqrs_es::persist::PersistenceError as P;
    match e {
        P::ConnectionError(inner) | P::UnknownError(inner) => match inner.downcast::<sqlx::Error>() {
            Ok(database) => StoreError::Database(*database),
            Err(other) => StoreError::Persistence(other.to_string()),
        },
        other => StoreError::Persistence(other.to_string()),
    }
}
