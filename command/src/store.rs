//! Loading aggregates and appending their events.
//!
//! Streams are read with postgres-es's repository; appends go through our own transaction rather
//! than `CqrsFramework::execute`, because one command must be able to write, atomically with its
//! events, the unique-value claims it depends on (and, in later features, several streams at
//! once). The table layout is postgres-es's, so both paths read and write the same log.
//!
//! Rule kept by every append (the projector's ordering proof relies on it): a command's
//! transaction writes nothing before its first event insert, so the transaction id is assigned
//! after the aggregate was loaded.

use cqrs_es::persist::PersistedEventRepository;
use cqrs_es::{Aggregate, DomainEvent};
use optica_events::EventMetadata;
use postgres_es::PostgresEventRepository;
use sqlx::PgPool;

/// How often a command is re-run when another writer appended to the same stream first.
const MAX_ATTEMPTS: usize = 8;

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
    /// Other writers kept winning the race for this stream.
    #[error("the stream kept changing while the command ran")]
    Conflict,
    /// A unique value (scope) is already claimed by another aggregate.
    #[error("value already taken in {scope}")]
    Duplicate { scope: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

#[derive(Clone)]
pub struct EventStore {
    pool: PgPool,
    repo: std::sync::Arc<PostgresEventRepository>,
}

impl EventStore {
    pub fn new(pool: PgPool) -> Self {
        let repo = std::sync::Arc::new(PostgresEventRepository::new(pool.clone()));
        EventStore { pool, repo }
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

    /// Rebuilds an aggregate from its stream; returns it with the stream's length.
    pub async fn load<A: Aggregate>(&self, id: &str) -> Result<(A, usize), StoreError> {
        let stored = self
            .repo
            .get_events::<A>(id)
            .await
            .map_err(|e| StoreError::Persistence(e.to_string()))?;
        let mut aggregate = A::default();
        let length = stored.len();
        for event in stored {
            aggregate.apply(serde_json::from_value(event.payload)?);
        }
        Ok((aggregate, length))
    }

    /// Loads the aggregate, runs the command and appends the resulting events with the given
    /// claims in one transaction. Returns where the last event landed, or `None` when the command
    /// produced no event.
    pub async fn execute<A>(
        &self,
        id: &str,
        command: A::Command,
        services: &A::Services,
        metadata: &EventMetadata,
        claims: &UniqueClaims,
    ) -> Result<Option<Appended>, CommandError<A::Error>>
    where
        A: Aggregate,
        A::Command: Clone,
    {
        for _ in 0..MAX_ATTEMPTS {
            let (mut aggregate, length) = self.load::<A>(id).await?;
            let sink = cqrs_es::event_sink::EventSink::default();
            aggregate
                .handle(command.clone(), services, &sink)
                .await
                .map_err(CommandError::Domain)?;
            let events = sink.collect().await;
            if events.is_empty() {
                return Ok(None);
            }
            match self.append::<A>(id, length, &events, metadata, claims).await {
                Ok(appended) => return Ok(Some(appended)),
                Err(AppendError::StreamMoved) => continue,
                Err(AppendError::Claimed(scope)) => return Err(CommandError::Duplicate { scope }),
                Err(AppendError::Db(e)) => return Err(StoreError::Database(e).into()),
            }
        }
        Err(CommandError::Conflict)
    }

    async fn append<A: Aggregate>(
        &self,
        id: &str,
        length: usize,
        events: &[A::Event],
        metadata: &EventMetadata,
        claims: &UniqueClaims,
    ) -> Result<Appended, AppendError> {
        let metadata = serde_json::to_value(metadata).map_err(|e| AppendError::Db(sqlx::Error::Encode(e.into())))?;
        let mut tx = self.pool.begin().await?;
        let mut last = None;
        for (offset, event) in events.iter().enumerate() {
            let payload = serde_json::to_value(event).map_err(|e| AppendError::Db(sqlx::Error::Encode(e.into())))?;
            let row: (i64, i64) = sqlx::query_as(
                "insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
                 values ($1, $2, $3, $4, $5, $6, $7)
                 returning tx_id::text::bigint, position",
            )
            .bind(A::TYPE)
            .bind(id)
            .bind((length + offset + 1) as i64)
            .bind(event.event_type())
            .bind(event.event_version())
            .bind(payload)
            .bind(&metadata)
            .fetch_one(&mut *tx)
            .await?;
            last = Some(Appended {
                tx_id: row.0,
                position: row.1,
            });
        }
        for (scope, key) in &claims.release {
            sqlx::query("delete from unique_claims where scope = $1 and key = $2 and aggregate_id = $3")
                .bind(scope)
                .bind(key)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        for (scope, key) in &claims.take {
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
                return Err(AppendError::Claimed(scope.clone()));
            }
        }
        tx.commit().await?;
        last.ok_or(AppendError::Db(sqlx::Error::RowNotFound))
    }
}

enum AppendError {
    StreamMoved,
    Claimed(String),
    Db(sqlx::Error),
}

impl From<sqlx::Error> for AppendError {
    fn from(e: sqlx::Error) -> Self {
        if let sqlx::Error::Database(db) = &e {
            // the (aggregate, sequence) key: another writer appended to the stream first
            if db.is_unique_violation() && db.constraint() == Some("events_pkey") {
                return AppendError::StreamMoved;
            }
        }
        AppendError::Db(e)
    }
}
