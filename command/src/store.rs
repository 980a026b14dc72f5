//! Loading aggregates and appending their events.
//!
//! Streams are read from their latest snapshot and the events after it (one query), or whole
//! with postgres-es's repository when no usable snapshot exists. Appends are ours rather than
//! `CqrsFramework::execute`, because one command must be able to write, atomically with its
//! events, the unique-value claims it depends on and several streams at once. The table layout
//! is postgres-es's, so both paths read and write the same log.
//!
//! Rule kept by every append (the projector's ordering proof relies on it): a command's
//! transaction writes nothing before its first event insert, so the transaction id is assigned
//! after the aggregate was loaded.

use cqrs_es::persist::PersistedEventRepository;
use cqrs_es::{Aggregate, DomainEvent};
use optica_events::EventMetadata;
use postgres_es::PostgresEventRepository;
use sqlx::PgPool;

use crate::links::{is_foreign_key_violation, LinkColumns, Linked, Target};

/// How often a command is re-run when another writer appended to the same stream first. Hot
/// streams (the last units of a product at a busy branch) see many racers; each round one wins,
/// so the others need room to retry until they win or the stock is gone.
const MAX_ATTEMPTS: usize = 30;

/// A stream gets a snapshot of its aggregate each time it passes a multiple of this many events,
/// so loading it reads at most this many events however long it grows (a product sold every
/// day would otherwise load its whole sales history for each sale).
pub const SNAPSHOT_EVERY: usize = 10;

/// The meaning of the snapshots' stored state. Snapshots written under another number are
/// ignored (the stream is read whole, and the next snapshot replaces them): raise it whenever an
/// aggregate's fields or its `apply` change.
pub const SNAPSHOT_VERSION: u32 = 2;

/// What the `snapshots` table's payload holds.
#[derive(serde::Serialize, serde::Deserialize)]
struct Snapshot<A> {
    version: u32,
    state: A,
}

/// Where an append landed in the global log; the read-your-writes wait needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Appended {
    pub tx_id: i64,
    pub position: i64,
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
    /// A stream changed between load and commit (retried by `with_retries`; returned when other
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
            CommandError::Store(s) => CommandError::Store(s),
        }
    }
}

#[derive(Clone)]
pub struct EventStore {
    pool: PgPool,
    repo: std::sync::Arc<PostgresEventRepository>,
    /// Pinged after every commit: this process's projector, when one runs here.
    wake: Option<std::sync::Arc<tokio::sync::Notify>>,
}

impl EventStore {
    pub fn new(pool: PgPool) -> Self {
        let repo = std::sync::Arc::new(PostgresEventRepository::new(pool.clone()));
        EventStore { pool, repo, wake: None }
    }

    /// Wakes `projector` after each commit, so it projects the new events at once instead of
    /// at its next poll.
    pub fn waking(mut self, projector: std::sync::Arc<tokio::sync::Notify>) -> Self {
        self.wake = Some(projector);
        self
    }

    pub fn pool(&self) -> &PgPool {
        &self.pool
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
    /// claims in one transaction, retrying when another writer appended to the stream first.
    /// Returns where the last event landed, or `None` when the command produced no event.
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
        with_retries(move || async move {
            let mut unit = self.unit();
            unit.handle::<A>(id, command.clone(), services).await?;
            for (scope, key) in &claims.take {
                unit.claim(scope, key, id);
            }
            for (scope, key) in &claims.release {
                unit.release(scope, key, id);
            }
            unit.commit(metadata).await
        })
        .await
    }

    /// Starts a unit of work: commands on one or more streams whose events commit together.
    pub fn unit(&self) -> UnitOfWork<'_> {
        UnitOfWork {
            store: self,
            writes: Vec::new(),
            take: Vec::new(),
            release: Vec::new(),
        }
    }
}

/// Runs `attempt` again while it fails with `Conflict` (a stream it read was appended to by
/// another writer before it committed), up to `MAX_ATTEMPTS` times.
pub async fn with_retries<T, E, F, Fut>(mut attempt: F) -> Result<T, CommandError<E>>
where
    E: std::error::Error,
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<T, CommandError<E>>>,
{
    for round in 1..MAX_ATTEMPTS {
        match attempt().await {
            Err(CommandError::Conflict) => tokio::time::sleep(backoff(round)).await,
            other => return other,
        }
    }
    attempt().await
}

/// A short random pause, growing with the round, so racing writers stop colliding in lockstep.
fn backoff(round: usize) -> std::time::Duration {
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

/// The events of one stream waiting to be appended.
struct StreamWrite {
    aggregate_type: &'static str,
    id: String,
    /// Stream length when it was loaded: the events take the sequences after it.
    base: usize,
    events: Vec<(String, String, serde_json::Value)>,
    /// The aggregate after these events, when they take the stream past a multiple of
    /// `SNAPSHOT_EVERY`.
    snapshot: Option<serde_json::Value>,
    /// `Some(true)`: the stream became something others may refer to; `Some(false)`: it was
    /// deleted (refused while referred to).
    live: Option<bool>,
    /// The streams it refers to after these events, when they changed.
    targets: Option<std::collections::BTreeSet<Target>>,
}

/// Commands on several streams, appended in one transaction with optimistic concurrency on each
/// stream: if any stream grew since it was loaded, nothing is written and `commit` answers
/// `Conflict`, so the caller re-runs the whole unit (see `with_retries`).
pub struct UnitOfWork<'a> {
    store: &'a EventStore,
    writes: Vec<StreamWrite>,
    take: Vec<(String, String, String)>,
    release: Vec<(String, String, String)>,
}

impl UnitOfWork<'_> {
    /// Loads an aggregate, runs a command on it and keeps its events for the commit. Returns
    /// the aggregate with the events applied (the sink applies them as the command writes them). A stream may take part in a unit only once.
    pub async fn handle<A: Aggregate + Linked>(
        &mut self,
        id: &str,
        command: A::Command,
        services: &A::Services,
    ) -> Result<A, CommandError<A::Error>> {
        let (aggregate, base) = self.store.load::<A>(id).await?;
        self.handle_loaded(id, aggregate, base, command, services).await
    }

    /// Like `handle`, for an aggregate the caller loaded itself (with `EventStore::load`) to
    /// look at its state first; `base` is the stream length that load returned.
    pub async fn handle_loaded<A: Aggregate + Linked>(
        &mut self,
        id: &str,
        mut aggregate: A,
        base: usize,
        command: A::Command,
        services: &A::Services,
    ) -> Result<A, CommandError<A::Error>> {
        if self.writes.iter().any(|w| w.aggregate_type == A::TYPE && w.id == id) {
            return Err(StoreError::Persistence(format!("stream {}-{id} handled twice in one unit", A::TYPE)).into());
        }
        let (was_live, had) = (aggregate.live(), aggregate.targets());
        let sink = cqrs_es::event_sink::EventSink::default();
        aggregate
            .handle(command, services, &sink)
            .await
            .map_err(CommandError::Domain)?;
        let mut events = Vec::new();
        for event in sink.collect().await {
            let payload = serde_json::to_value(&event).map_err(StoreError::Corrupt)?;
            events.push((event.event_type(), event.event_version(), payload));
        }
        if !events.is_empty() {
            let after = base + events.len();
            let snapshot = if after / SNAPSHOT_EVERY > base / SNAPSHOT_EVERY {
                let snapshot = Snapshot {
                    version: SNAPSHOT_VERSION,
                    state: &aggregate,
                };
                Some(serde_json::to_value(snapshot).map_err(StoreError::Corrupt)?)
            } else {
                None
            };
            let (live, targets) = (aggregate.live(), aggregate.targets());
            self.writes.push(StreamWrite {
                aggregate_type: A::TYPE,
                id: id.to_string(),
                base,
                events,
                snapshot,
                // A live stream is (re)marked live on every write: a stream the migration's
                // backfill missed heals at its next command.
                live: (live || was_live).then_some(live),
                targets: (targets != had).then_some(targets),
            });
        }
        Ok(aggregate)
    }

    /// How many streams have events waiting in this unit.
    pub fn streams(&self) -> usize {
        self.writes.len()
    }

    /// Claims a unique value for an aggregate; the commit fails with `Duplicate` when another
    /// aggregate holds it.
    pub fn claim(&mut self, scope: &str, key: &str, aggregate_id: &str) {
        self.take.push((scope.into(), key.into(), aggregate_id.into()));
    }

    /// Gives up a unique value the aggregate held.
    pub fn release(&mut self, scope: &str, key: &str, aggregate_id: &str) {
        self.release.push((scope.into(), key.into(), aggregate_id.into()));
    }

    /// Appends every kept event and applies the claims in one transaction. `None` when no
    /// command produced an event.
    pub async fn commit<E: std::error::Error>(
        self,
        metadata: &EventMetadata,
    ) -> Result<Option<Appended>, CommandError<E>> {
        if self.writes.is_empty() {
            return Ok(None);
        }
        match self.append(metadata).await {
            Ok(appended) => {
                self.save_snapshots().await;
                Ok(Some(appended))
            }
            Err(AppendError::StreamMoved) => Err(CommandError::Conflict),
            Err(AppendError::Claimed { scope, key }) => Err(CommandError::Duplicate { scope, key }),
            Err(AppendError::InUse) => Err(self.referrers().await),
            Err(AppendError::Missing) => Err(self.missing_target().await),
            Err(AppendError::Db(e)) => Err(StoreError::Database(e).into()),
        }
    }

    async fn append(&self, metadata: &EventMetadata) -> Result<Appended, AppendError> {
        let metadata = serde_json::to_value(metadata).map_err(|e| AppendError::Db(sqlx::Error::Encode(e.into())))?;
        let retired: Vec<&StreamWrite> = self.writes.iter().filter(|w| w.live == Some(false)).collect();
        if self.take.is_empty() && self.release.is_empty() && retired.is_empty() {
            // One statement is its own transaction: no BEGIN and COMMIT round trips.
            let appended = self.insert_events(&metadata, self.store.pool()).await?;
            self.wake_projector();
            return Ok(appended);
        }
        let mut tx = self.store.pool.begin().await?;
        // The events first: a writer racing on the same stream then fails on the stream's key
        // (and the unit is run again) instead of the two waiting on each other's locks.
        let appended = self.insert_events(&metadata, &mut *tx).await?;
        if !retired.is_empty() {
            // The foreign key refuses a stream still referred to, and waits for a transaction
            // that is adding a reference to it right now.
            let (types, ids): (Vec<&str>, Vec<&str>) =
                retired.iter().map(|w| (w.aggregate_type, w.id.as_str())).unzip();
            sqlx::query(
                "delete from live_streams l using unnest($1::text[], $2::text[]) as r(t, i)
                 where l.stream_type = r.t and l.stream_id = r.i",
            )
            .bind(&types)
            .bind(&ids)
            .execute(&mut *tx)
            .await
            .map_err(|e| match is_foreign_key_violation(&e) {
                true => AppendError::InUse,
                false => AppendError::from(e),
            })?;
        }
        for (scope, key, id) in &self.release {
            sqlx::query("delete from unique_claims where scope = $1 and key = $2 and aggregate_id = $3")
                .bind(scope)
                .bind(key)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        for (scope, key, id) in &self.take {
            // Taking a key this aggregate already holds is a no-op; zero rows means another
            // aggregate holds it.
            let taken = sqlx::query(
                "insert into unique_claims (scope, key, aggregate_id) values ($1, $2, $3)
                 on conflict (scope, key) do update set aggregate_id = excluded.aggregate_id
                 where unique_claims.aggregate_id = excluded.aggregate_id",
            )
            .bind(scope)
            .bind(key)
            .bind(id)
            .execute(&mut *tx)
            .await?;
            if taken.rows_affected() == 0 {
                return Err(AppendError::Claimed {
                    scope: scope.clone(),
                    key: key.clone(),
                });
            }
        }
        tx.commit().await?;
        self.wake_projector();
        Ok(appended)
    }

    /// Inserts every stream's events with one statement, in stream order (the hash chain links
    /// each event to the one before it, which may be in the same statement), together with the
    /// streams that became alive and the references that changed. Answers where the last event
    /// landed.
    async fn insert_events<'c>(
        &self,
        metadata: &serde_json::Value,
        conn: impl sqlx::PgExecutor<'c>,
    ) -> Result<Appended, AppendError> {
        let mut c = EventColumns::default();
        let mut l = LinkColumns::default();
        for write in &self.writes {
            for (offset, (event_type, version, payload)) in write.events.iter().enumerate() {
                c.aggregate_type.push(write.aggregate_type);
                c.aggregate_id.push(&write.id);
                c.sequence.push((write.base + offset + 1) as i64);
                c.event_type.push(event_type);
                c.event_version.push(version);
                c.payload.push(payload);
            }
            if write.live == Some(true) {
                l.born_type.push(write.aggregate_type);
                l.born_id.push(&write.id);
            }
            if let Some(targets) = &write.targets {
                l.from_type.push(write.aggregate_type);
                l.from_id.push(&write.id);
                for (target_type, target_id) in targets {
                    l.by_type.push(write.aggregate_type);
                    l.by_id.push(&write.id);
                    l.target_type.push(target_type);
                    l.target_id.push(target_id);
                }
            }
        }
        // The link statements touch disjoint rows (old links no longer wanted; new links not
        // yet there), so their order within the statement does not matter. The foreign key is
        // checked at the end of the statement.
        let landed: Vec<(i64, i64)> = sqlx::query_as(
            "with born as (
                 insert into live_streams (stream_type, stream_id)
                 select * from unnest($8::text[], $9::text[]) on conflict do nothing),
             wanted as (
                 select * from unnest($12::text[], $13::text[], $14::text[], $15::text[])
                     as w(by_type, by_id, target_type, target_id)),
             dropped as (
                 delete from stream_links s using unnest($10::text[], $11::text[]) as f(t, i)
                 where s.by_type = f.t and s.by_id = f.i
                   and not exists (select 1 from wanted w
                                   where w.by_type = s.by_type and w.by_id = s.by_id
                                     and w.target_type = s.target_type and w.target_id = s.target_id)),
             linked as (
                 insert into stream_links (by_type, by_id, target_type, target_id)
                 select * from wanted on conflict do nothing)
             insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
             select t, i, s, e, v, p, $7 from unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[],
                                                    $6::json[]) with ordinality as u(t, i, s, e, v, p, n)
             order by n
             returning tx_id::text::bigint, position",
        )
        .bind(&c.aggregate_type)
        .bind(&c.aggregate_id)
        .bind(&c.sequence)
        .bind(&c.event_type)
        .bind(&c.event_version)
        .bind(&c.payload)
        .bind(metadata)
        .bind(&l.born_type)
        .bind(&l.born_id)
        .bind(&l.from_type)
        .bind(&l.from_id)
        .bind(&l.by_type)
        .bind(&l.by_id)
        .bind(&l.target_type)
        .bind(&l.target_id)
        .fetch_all(conn)
        .await
        .map_err(|e| match is_foreign_key_violation(&e) {
            true => AppendError::Missing,
            false => AppendError::from(e),
        })?;
        let last = landed
            .into_iter()
            .max()
            .ok_or(AppendError::Db(sqlx::Error::RowNotFound))?;
        Ok(Appended {
            tx_id: last.0,
            position: last.1,
        })
    }

    /// Which kinds of stream refer to the streams this unit tried to delete (after the refusal).
    async fn referrers<E: std::error::Error>(&self) -> CommandError<E> {
        let (types, ids): (Vec<&str>, Vec<&str>) = self
            .writes
            .iter()
            .filter(|w| w.live == Some(false))
            .map(|w| (w.aggregate_type, w.id.as_str()))
            .unzip();
        let by = crate::links::referring_kinds(&self.store.pool, &types, &ids).await;
        match by {
            Ok(by) => CommandError::InUse { by },
            Err(e) => StoreError::Database(e).into(),
        }
    }

    /// The first stream this unit referred to that is not alive (after the refusal).
    async fn missing_target<E: std::error::Error>(&self) -> CommandError<E> {
        let wanted: Vec<&Target> = self
            .writes
            .iter()
            .filter_map(|w| w.targets.as_ref())
            .flatten()
            .collect();
        let (types, ids): (Vec<&str>, Vec<&str>) = wanted.iter().map(|(t, i)| (*t, i.as_str())).unzip();
        let missing = crate::links::first_missing(&self.store.pool, &types, &ids).await;
        match missing {
            Ok(Some((target_type, target_id))) => CommandError::Missing { target_type, target_id },
            // It came back in the meantime: let the caller run the command again.
            Ok(None) => CommandError::Conflict,
            Err(e) => StoreError::Database(e).into(),
        }
    }

    /// Stores the snapshots this unit's streams are due, in place of their older ones. A snapshot
    /// only saves reading events, so failing to store one is logged, not the command's failure.
    async fn save_snapshots(&self) {
        for write in &self.writes {
            let Some(payload) = &write.snapshot else {
                continue;
            };
            let sequence = (write.base + write.events.len()) as i64;
            let saved = sqlx::query(
                "with older as (delete from snapshots
                                where aggregate_type = $1 and aggregate_id = $2 and last_sequence < $3)
                 insert into snapshots (aggregate_type, aggregate_id, last_sequence, current_snapshot, payload)
                 values ($1, $2, $3, $4, $5) on conflict do nothing",
            )
            .bind(write.aggregate_type)
            .bind(&write.id)
            .bind(sequence)
            .bind(sequence / SNAPSHOT_EVERY as i64)
            .bind(payload)
            .execute(&self.store.pool)
            .await;
            if let Err(error) = saved {
                tracing::warn!(%error, stream = %write.id, "could not store a snapshot");
            }
        }
    }

    fn wake_projector(&self) {
        if let Some(projector) = &self.store.wake {
            projector.notify_one();
        }
    }
}

/// A unit's events as one array per column, for `unnest`.
#[derive(Default)]
struct EventColumns<'a> {
    aggregate_type: Vec<&'a str>,
    aggregate_id: Vec<&'a str>,
    sequence: Vec<i64>,
    event_type: Vec<&'a str>,
    event_version: Vec<&'a str>,
    payload: Vec<&'a serde_json::Value>,
}

enum AppendError {
    StreamMoved,
    Claimed {
        scope: String,
        key: String,
    },
    /// A stream being deleted is still referred to.
    InUse,
    /// A reference names a stream that is not alive.
    Missing,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for AppendError {
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &e {
            // the (aggregate, sequence) key: another writer appended to the stream first
            if db.is_unique_violation() && db.constraint() == Some("events_pkey") {
                return AppendError::StreamMoved;
            }
            // Two units locked rows in opposite orders; PostgreSQL ended this one: run it again.
            if db.code().as_deref() == Some("40P01") {
                return AppendError::StreamMoved;
            }
        }
        AppendError::Db(e)
    }
}
