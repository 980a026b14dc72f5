//! A unit of work: commands on one or more streams whose events, unique claims and references
//! commit in one transaction (or one statement when nothing else needs a transaction).

mod guard;
mod insert;

use cqrs_es::{Aggregate, DomainEvent};
use optica_events::EventMetadata;

use super::extra::{Extra, ExtraError, Refusal, Stamp};
use super::links::{is_foreign_key_violation, Linked, Target};
use super::{Appended, CommandError, EventStore, Snapshot, StoreError, SNAPSHOT_EVERY, SNAPSHOT_VERSION};

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
    /// `Some(true)`: others may refer to the stream (re-marked on every write, so a stream a
    /// backfill missed heals); `Some(false)`: it was deleted (refused while referred to).
    live: Option<bool>,
    /// The streams it refers to after these events, when they changed.
    targets: Option<std::collections::BTreeSet<Target>>,
}

/// Commands on several streams, appended in one transaction with optimistic concurrency on each
/// stream: if any stream grew since it was loaded, nothing is written and `commit` answers
/// `Conflict`, so the caller re-runs the whole unit (see `EventStore::run`).
pub struct UnitOfWork<'a> {
    store: &'a EventStore,
    writes: Vec<StreamWrite>,
    take: Vec<(String, String, String)>,
    release: Vec<(String, String, String)>,
    /// The features' rows written with the events (see `extra.rs`), in the order added.
    extras: Vec<Box<dyn Extra>>,
    /// Streams read to decide and not written (see `unit/guard.rs`).
    guards: Vec<guard::Guard>,
    /// The request's `Idempotency-Key` and what the command answers, recorded with the events
    /// (see `keys.rs`).
    key: Option<super::keys::KeyWrite>,
    /// A transaction the command opened to decide under a lock (see `transaction`); the commit
    /// writes in it.
    tx: Option<sqlx::Transaction<'static, sqlx::Postgres>>,
}

impl<'a> UnitOfWork<'a> {
    pub(crate) fn new(store: &'a EventStore) -> Self {
        UnitOfWork {
            store,
            writes: Vec::new(),
            take: Vec::new(),
            release: Vec::new(),
            extras: Vec::new(),
            guards: Vec::new(),
            key: None,
            tx: None,
        }
    }

    /// The unit's own transaction, begun now: a command that must read under a lock before it
    /// decides (a count reads the day's ledger) takes the lock here, and the commit writes in
    /// the same transaction. Nothing may be written in it before the commit.
    pub async fn transaction(&mut self) -> Result<&mut sqlx::PgConnection, StoreError> {
        if self.tx.is_none() {
            self.tx = Some(self.store.pool.begin().await?);
        }
        self.tx
            .as_deref_mut()
            .ok_or_else(|| StoreError::Persistence("no transaction".into()))
    }

    pub(crate) fn record_key(&mut self, key: super::keys::KeyWrite) {
        self.key = Some(key);
    }

    /// Makes the commit depend on a stream this unit read to decide but does not write, at the
    /// length `base` its load returned: if the stream grew meanwhile, the commit answers
    /// `Conflict` and the unit runs again. Both units of a pair that read each other's stream
    /// must guard it (see `unit/guard.rs`).
    pub fn guard<A: Aggregate>(&mut self, id: &str, base: usize) {
        debug_assert!(guard::guardable(A::TYPE), "add {} to unit::guard::GUARDED", A::TYPE);
        self.guards.push(guard::Guard {
            aggregate_type: A::TYPE,
            id: id.to_string(),
            base,
        });
    }

    /// Loads an aggregate, runs a command on it and keeps its events for the commit. Returns
    /// the aggregate with the events applied (the sink applies them as the command writes them).
    /// A stream may take part in a unit only once.
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

    /// Runs another command on a stream this unit already handled, on the aggregate that
    /// handling returned; its events follow the first ones.
    pub async fn handle_more<A: Aggregate + Linked>(
        &mut self,
        id: &str,
        mut aggregate: A,
        command: A::Command,
        services: &A::Services,
    ) -> Result<A, CommandError<A::Error>> {
        let Some(i) = self
            .writes
            .iter()
            .position(|w| w.aggregate_type == A::TYPE && w.id == id)
        else {
            return Err(
                StoreError::Persistence(format!("stream {}-{id} not handled yet in this unit", A::TYPE)).into(),
            );
        };
        let sink = cqrs_es::event_sink::EventSink::default();
        aggregate
            .handle(command, services, &sink)
            .await
            .map_err(CommandError::Domain)?;
        let write = &mut self.writes[i];
        let before = write.base + write.events.len();
        for event in sink.collect().await {
            let payload = serde_json::to_value(&event).map_err(StoreError::Corrupt)?;
            write.events.push((event.event_type(), event.event_version(), payload));
        }
        let after = write.base + write.events.len();
        if after / SNAPSHOT_EVERY > before / SNAPSHOT_EVERY {
            let snapshot = Snapshot {
                version: SNAPSHOT_VERSION,
                state: &aggregate,
            };
            write.snapshot = Some(serde_json::to_value(snapshot).map_err(StoreError::Corrupt)?);
        }
        let live = aggregate.live();
        if live || write.live.is_some() {
            write.live = Some(live);
        }
        write.targets = Some(aggregate.targets());
        Ok(aggregate)
    }

    /// The lanes (`EventStore::lanes`) of the streams this unit writes, in order.
    pub(crate) fn lanes(&self) -> Vec<usize> {
        use std::hash::{Hash, Hasher};
        let mut lanes: Vec<usize> = self
            .writes
            .iter()
            .map(|w| {
                let mut h = std::collections::hash_map::DefaultHasher::new();
                (w.aggregate_type, &w.id).hash(&mut h);
                (h.finish() % super::LANES as u64) as usize
            })
            .collect();
        lanes.sort_unstable();
        lanes.dedup();
        lanes
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

    /// Has a feature's rows written in the commit's transaction with the events (see
    /// `extra.rs`); an idle one is left out.
    pub fn also(&mut self, extra: impl Extra + 'static) {
        if !extra.idle() {
            self.extras.push(Box::new(extra));
        }
    }

    /// Appends every kept event and applies the claims in one transaction. `None` when no
    /// command produced an event.
    pub(crate) async fn commit<E: std::error::Error>(
        mut self,
        metadata: &EventMetadata,
    ) -> Result<Option<Appended>, CommandError<E>> {
        if self.writes.is_empty() {
            self.extras.retain(|extra| extra.without_events());
            if !self.extras.is_empty() {
                let mut tx = self.store.pool.begin().await.map_err(StoreError::Database)?;
                for extra in &self.extras {
                    extra.after(&mut tx).await.map_err(StoreError::Database)?;
                }
                tx.commit().await.map_err(StoreError::Database)?;
            }
            return Ok(None);
        }
        match self.append(metadata).await {
            Ok(appended) => {
                self.save_snapshots().await;
                Ok(Some(appended))
            }
            Err(e) => Err(self.failure(e).await),
        }
    }

    async fn failure<E: std::error::Error>(&self, e: AppendError) -> CommandError<E> {
        match e {
            // Another request with the same key committed first: the next round answers it.
            AppendError::StreamMoved | AppendError::KeyTaken => CommandError::Conflict,
            AppendError::Claimed { scope, key } => CommandError::Duplicate { scope, key },
            AppendError::InUse => self.referrers().await,
            AppendError::Missing => self.missing_target().await,
            AppendError::Refused(refusal) => CommandError::Refused(refusal),
            AppendError::Db(e) => StoreError::Database(e).into(),
        }
    }

    async fn append(&mut self, metadata: &EventMetadata) -> Result<Appended, AppendError> {
        let metadata = serde_json::to_value(metadata).map_err(|e| AppendError::Db(sqlx::Error::Encode(e.into())))?;
        let retired = self.writes.iter().any(|w| w.live == Some(false));
        if let Some(mut tx) = self.tx.take() {
            let appended = self.write_all(&metadata, &mut tx).await?;
            tx.commit().await?;
            self.wake_projector();
            return Ok(appended);
        }
        if self.take.is_empty()
            && self.key.is_none()
            && self.release.is_empty()
            && !retired
            && self.extras.is_empty()
            && self.guards.is_empty()
        {
            // One statement is its own transaction: no BEGIN and COMMIT round trips.
            let appended = self.insert_events(&metadata, &[], self.store.pool()).await?;
            self.wake_projector();
            return Ok(appended);
        }
        let mut tx = self.store.pool.begin().await?;
        let appended = self.write_all(&metadata, &mut tx).await?;
        tx.commit().await?;
        self.wake_projector();
        Ok(appended)
    }

    /// The extras' checks, the events, the extras' rows, deletions and claims, in the caller's
    /// transaction.
    async fn write_all(
        &self,
        metadata: &serde_json::Value,
        tx: &mut sqlx::PgConnection,
    ) -> Result<Appended, AppendError> {
        // The guards' locks before any other: a unit waiting for them holds nothing yet.
        if !self.guards.is_empty() {
            let written = self.writes.iter().map(|w| (w.aggregate_type, w.id.as_str()));
            if !guard::hold(&mut *tx, &self.guards, written).await? {
                return Err(AppendError::StreamMoved);
            }
        }
        // The key first: a twin request waits here for this one to end, holding nothing else.
        if let Some(key) = &self.key {
            key.take(&mut *tx).await?;
        }
        let mut stamps: Vec<Stamp> = Vec::new();
        for extra in &self.extras {
            stamps.extend(extra.before(&mut *tx).await?);
        }
        let retired: Vec<&StreamWrite> = self.writes.iter().filter(|w| w.live == Some(false)).collect();
        // The events first: a writer racing on the same stream then fails on the stream's key
        // (and the unit is run again) instead of the two waiting on each other's locks.
        let appended = self.insert_events(metadata, &stamps, &mut *tx).await?;
        if let Some(key) = &self.key {
            key.landed(&mut *tx, appended).await?;
        }
        for extra in &self.extras {
            extra.after(&mut *tx).await?;
        }
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
        Ok(appended)
    }

    /// Which kinds of stream refer to the streams this unit tried to delete (after the refusal).
    async fn referrers<E: std::error::Error>(&self) -> CommandError<E> {
        let (types, ids): (Vec<&str>, Vec<&str>) = self
            .writes
            .iter()
            .filter(|w| w.live == Some(false))
            .map(|w| (w.aggregate_type, w.id.as_str()))
            .unzip();
        let by = super::links::referring_kinds(&self.store.pool, &types, &ids).await;
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
        let missing = super::links::first_missing(&self.store.pool, &types, &ids).await;
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

pub(crate) enum AppendError {
    StreamMoved,
    /// Another request with the same `Idempotency-Key` committed first.
    KeyTaken,
    Claimed {
        scope: String,
        key: String,
    },
    /// A stream being deleted is still referred to.
    InUse,
    /// A reference names a stream that is not alive.
    Missing,
    /// An extra's check refused the unit.
    Refused(Refusal),
    Db(sqlx::Error),
}

impl From<ExtraError> for AppendError {
    fn from(e: ExtraError) -> Self {
        match e {
            ExtraError::Refused(refusal) => AppendError::Refused(refusal),
            ExtraError::Db(e) => AppendError::from(e),
        }
    }
}

impl From<sqlx::Error> for AppendError {
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &e {
            // the (aggregate, sequence) key: another writer appended to the stream first
            if db.is_unique_violation() && db.constraint() == Some("events_pkey") {
                return AppendError::StreamMoved;
            }
            // Two units locked rows in opposite orders, or a lock was held past `lock_timeout`
            // (a frozen process's, say): PostgreSQL ended this one: run it again.
            if matches!(db.code().as_deref(), Some("40P01" | "55P03")) {
                return AppendError::StreamMoved;
            }
        }
        AppendError::Db(e)
    }
}
