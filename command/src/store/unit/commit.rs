//! A unit's commit: the extras' checks, the events, the extras' rows, the deletions and the
//! unique claims in one transaction (or one statement when nothing else needs one), then the
//! snapshots the streams are due; and the refusals a failed commit answers.

use optica_events::EventMetadata;

use super::{guard, Appended, CommandError, ExtraError, Refusal, Stamp, StoreError, StreamWrite, Target, UnitOfWork};
use super::{insert_events, is_foreign_key_violation, Conflicts, Part, SNAPSHOT_EVERY};
use crate::store::gather::{Pending, Reply};
use crate::store::links;

impl UnitOfWork<'_> {
    /// Appends every kept event and applies the claims in one transaction. `None` when no
    /// command produced an event.
    pub(crate) async fn commit<E: std::error::Error>(
        mut self,
        metadata: &EventMetadata,
    ) -> Result<Option<Appended>, CommandError<E>> {
        if self.writes.is_empty() {
            self.extras.retain(|extra| extra.without_events());
            if !self.extras.is_empty() {
                let mut tx = self.store.begin().await.map_err(StoreError::Database)?;
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

    pub(super) async fn failure<E: std::error::Error>(&self, e: AppendError) -> CommandError<E> {
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

    pub(super) async fn append(&mut self, metadata: &EventMetadata) -> Result<Appended, AppendError> {
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
            let part = Part {
                writes: &self.writes,
                metadata: &metadata,
                key: None,
            };
            let appended = first(insert_events(&[part], &[], Conflicts::Refuse, self.store.pool()).await?)?;
            self.wake_projector();
            return Ok(appended);
        }
        if self.take.is_empty() && self.release.is_empty() && !retired && self.guards.is_empty() {
            if let Some(appended) = self.gathered(metadata.clone()).await? {
                self.wake_projector();
                return Ok(appended);
            }
        }
        let mut tx = self.store.begin().await?;
        let appended = self.write_all(&metadata, &mut tx).await?;
        tx.commit().await?;
        self.wake_projector();
        Ok(appended)
    }

    /// The extras' checks, the events, the extras' rows, deletions and claims, in the caller's
    /// transaction.
    pub(super) async fn write_all(
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
        let part = Part {
            writes: &self.writes,
            metadata,
            key: self.key.as_ref().map(|k| k.key.as_str()),
        };
        let appended = first(insert_events(&[part], &stamps, Conflicts::Refuse, &mut *tx).await?)?;
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

    /// Commits with the other units that wait for a commit (see `store/gather/`). `None`: not
    /// written, to be committed alone.
    async fn gathered(&mut self, metadata: serde_json::Value) -> Result<Option<Appended>, AppendError> {
        let pending = Pending {
            writes: std::mem::take(&mut self.writes),
            extras: std::mem::take(&mut self.extras),
            key: self.key.take(),
            metadata,
        };
        let Some((pending, reply)) = self.store.gather.commit(pending).await else {
            return Err(AppendError::Db(sqlx::Error::WorkerCrashed));
        };
        self.writes = pending.writes;
        self.extras = pending.extras;
        self.key = pending.key;
        match reply {
            Reply::Done(appended) => Ok(Some(appended)),
            Reply::Alone => Ok(None),
            Reply::Failed(e) => Err(e),
        }
    }

    /// Which kinds of stream refer to the streams this unit tried to delete (after the refusal).
    pub(super) async fn referrers<E: std::error::Error>(&self) -> CommandError<E> {
        let (types, ids): (Vec<&str>, Vec<&str>) = self
            .writes
            .iter()
            .filter(|w| w.live == Some(false))
            .map(|w| (w.aggregate_type, w.id.as_str()))
            .unzip();
        let by = links::referring_kinds(&self.store.pool, &types, &ids).await;
        match by {
            Ok(by) => CommandError::InUse { by },
            Err(e) => StoreError::Database(e).into(),
        }
    }

    /// The first stream this unit referred to that is not alive (after the refusal).
    pub(super) async fn missing_target<E: std::error::Error>(&self) -> CommandError<E> {
        let wanted: Vec<&Target> = self
            .writes
            .iter()
            .filter_map(|w| w.targets.as_ref())
            .flatten()
            .collect();
        let (types, ids): (Vec<&str>, Vec<&str>) = wanted.iter().map(|(t, i)| (*t, i.as_str())).unzip();
        let missing = links::first_missing(&self.store.pool, &types, &ids).await;
        match missing {
            Ok(Some((target_type, target_id))) => CommandError::Missing { target_type, target_id },
            // It came back in the meantime: let the caller run the command again.
            Ok(None) => CommandError::Conflict,
            Err(e) => StoreError::Database(e).into(),
        }
    }

    /// Stores the snapshots this unit's streams are due, in place of their older ones. A snapshot
    /// only saves reading events, so failing to store one is logged, not the command's failure.
    pub(super) async fn save_snapshots(&self) {
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

    pub(super) fn wake_projector(&self) {
        if let Some(projector) = &self.store.wake {
            projector.notify_one();
        }
    }
}

/// The one unit's landing of a statement's answer.
fn first(appended: Vec<Option<Appended>>) -> Result<Appended, AppendError> {
    appended
        .into_iter()
        .next()
        .flatten()
        .ok_or(AppendError::Db(sqlx::Error::RowNotFound))
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
