//! A unit of work: commands on one or more streams whose events, unique claims and references
//! commit in one transaction (or one statement when nothing else needs a transaction).

mod commit;
mod guard;
mod insert;
mod key;

pub(crate) use commit::AppendError;
pub(crate) use insert::{insert_events, Conflicts, Part};
pub(crate) use key::KeyWrite;

use cqrs_es::{Aggregate, DomainEvent};

use super::extra::{Extra, ExtraError, Refusal, Stamp};
use super::links::{is_foreign_key_violation, Linked, Target};
use super::{Appended, CommandError, EventStore, Snapshot, StoreError, SNAPSHOT_EVERY, SNAPSHOT_VERSION};

/// The events of one stream waiting to be appended.
pub(crate) struct StreamWrite {
    pub(crate) aggregate_type: &'static str,
    pub(crate) id: String,
    /// Stream length when it was loaded: the events take the sequences after it.
    pub(crate) base: usize,
    pub(crate) events: Vec<(String, String, serde_json::Value)>,
    /// The aggregate after these events, when they take the stream past a multiple of
    /// `SNAPSHOT_EVERY`.
    snapshot: Option<serde_json::Value>,
    /// `Some(true)`: others may refer to the stream (re-marked on every write, so a stream a
    /// backfill missed heals); `Some(false)`: it was deleted (refused while referred to).
    pub(crate) live: Option<bool>,
    /// The streams it refers to after these events, when they changed.
    pub(crate) targets: Option<std::collections::BTreeSet<Target>>,
}

#[cfg(test)]
impl StreamWrite {
    /// One event on stream (`aggregate_type`, `id`), from its start.
    pub(crate) fn for_test(aggregate_type: &'static str, id: &str) -> Self {
        StreamWrite {
            aggregate_type,
            id: id.to_string(),
            base: 0,
            events: vec![("E".into(), "1".into(), serde_json::json!({}))],
            snapshot: None,
            live: None,
            targets: None,
        }
    }
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
    key: Option<KeyWrite>,
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
            self.tx = Some(self.store.begin().await?);
        }
        self.tx
            .as_deref_mut()
            .ok_or_else(|| StoreError::Persistence("no transaction".into()))
    }

    pub(crate) fn record_key(&mut self, key: KeyWrite) {
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
}
