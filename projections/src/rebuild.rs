//! Rebuilding read models from the event store, for support: `replay` commits the rebuilt tables,
//! `verify` compares them with the live ones and rolls back.
//!
//! Both run in one transaction that holds the projector's lock, so the live projector pauses
//! (its batches find the lock taken). The rows are written into copies of the tables
//! (`crate::shadow`): readers keep reading the live tables until `replay` swaps the copies in,
//! and `verify` compares the copies with them.

use std::sync::Arc;
use std::time::{Duration, Instant};

use sqlx::{PgPool, Postgres, Transaction};

use crate::projector::PROJECTOR_LOCK;
use crate::shadow::{Shadow, SHADOW};
use crate::stored::{StoredEvent, EVENT_COLUMNS};
use crate::{Prepared, Preparer, Projection, ProjectionError};

/// Events read per round trip and applied as one batch by each projection.
pub const BATCH: i64 = 10_000;

/// How long a rebuild waits for a lock (the live projector's batch, a row) before giving up with
/// an error: a support command must never hang on a stuck session.
const LOCK_WAIT_SECONDS: u32 = 30;

/// How far a rebuild has got, for a progress display.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub projection: &'static str,
    pub done: u64,
    pub total: u64,
    pub events_per_second: f64,
}

/// What a rebuild did and where its time went, for `optica replay` and the benchmark.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub events: u64,
    /// Reading the log, and waiting for a batch's decoding where it ran on another thread.
    pub reading: Duration,
    /// Applying batches, per projection in the order they ran.
    pub applying: Vec<(&'static str, Duration)>,
    /// Making the empty copies of the tables before.
    pub preparing: Duration,
    /// The copies' other indexes and foreign keys, once their rows are in.
    pub indexing: Duration,
    /// Each projection's `finish_rebuild`, and the swap.
    pub finishing: Duration,
}

/// Applies every event again to new copies of the projections' tables and puts them in the live
/// tables' place, inside `tx`, leaving each checkpoint at the last event applied.
pub async fn rebuild(
    tx: &mut Transaction<'_, Postgres>,
    log: &PgPool,
    projections: &[&dyn Projection],
    batch: i64,
    progress: impl FnMut(Progress),
) -> Result<Report, ProjectionError> {
    let (mut report, shadow) = build(tx, log, projections, batch, progress).await?;
    let clock = Instant::now();
    shadow.swap(tx).await?;
    report.finishing += clock.elapsed();
    Ok(report)
}

/// Applies every event to new copies of the projections' tables, inside `tx`; the live tables
/// are untouched.
async fn build(
    tx: &mut Transaction<'_, Postgres>,
    log: &PgPool,
    projections: &[&dyn Projection],
    batch: i64,
    mut progress: impl FnMut(Progress),
) -> Result<(Report, Shadow), ProjectionError> {
    let mut report = Report {
        applying: projections.iter().map(|p| (p.name(), Duration::ZERO)).collect(),
        ..Report::default()
    };
    let clock = Instant::now();
    sqlx::query("select set_config('lock_timeout', $1, true)")
        .bind(format!("{LOCK_WAIT_SECONDS}s"))
        .execute(&mut **tx)
        .await?;
    sqlx::query("select pg_advisory_xact_lock($1)")
        .bind(PROJECTOR_LOCK)
        .execute(&mut **tx)
        .await
        .map_err(|e| match e.as_database_error().and_then(|d| d.code()).as_deref() {
            Some("55P03") => ProjectionError::Busy(LOCK_WAIT_SECONDS),
            _ => e.into(),
        })?;
    // Lets projections defer per-event work to `finish_rebuild` (this transaction only). The
    // tables grow from empty inside this transaction, so statements are planned for their size
    // each time: a plan cached while a table was empty would scan it whole on every event.
    sqlx::query(
        "select set_config('optica.rebuilding', 'on', true), set_config('plan_cache_mode', 'force_custom_plan', true)",
    )
    .execute(&mut **tx)
    .await?;
    // Events of transactions still running are left to the live projector, as its batches do.
    let upper: Option<String> = sqlx::query_scalar("select pg_snapshot_xmin(pg_current_snapshot())::text")
        .fetch_one(&mut **tx)
        .await?;
    let upper = upper.unwrap_or_default();
    let mut tables: Vec<&'static str> = Vec::new();
    for table in projections.iter().flat_map(|p| p.tables().iter().copied()) {
        if !tables.contains(&table) {
            tables.push(table);
        }
    }
    // The count (for the progress shown) runs on the log's connection while this one makes the
    // tables' copies: counting a million events took a fifth of a second on its own. Every
    // transaction below `upper` has ended, so both connections see the same events.
    let count = sqlx::query_scalar::<_, i64>("select count(*) from events where tx_id < $1::text::xid8")
        .bind(&upper)
        .fetch_one(log);
    let (total, shadow) = tokio::try_join!(
        async { count.await.map_err(ProjectionError::from) },
        Shadow::create(tx, tables)
    )?;
    report.preparing = clock.elapsed();
    // One pass over the log feeds every projection, in the order the projector runs them.
    let label = match projections {
        [one] => one.name(),
        _ => "todas",
    };
    let started = Instant::now();
    let mut after: (i64, i64) = (0, 0);
    let mut read: u64 = 0;
    // The next batch is read on another connection while this one applies the current batch.
    // Both see the same events: every transaction below `upper` has ended.
    let (sender, mut batches) = tokio::sync::mpsc::channel(2);
    let reader = tokio::spawn(read_log(log.clone(), upper, batch, sender));
    // Each batch is prepared (decoded and folded by the projections that can: see
    // `Projection::preparer`) on another thread while the batch before it is written here.
    let preparers: Vec<Option<Preparer>> = projections.iter().map(|p| p.preparer()).collect();
    let mut pending = None;
    loop {
        let clock = Instant::now();
        let next = batches.recv().await;
        report.reading += clock.elapsed();
        let next = match next {
            Some(events) => Some(events?).filter(|events| !events.is_empty()),
            None => None,
        };
        let next = next.map(|events| {
            let events = Arc::new(events);
            let (shared, preparers) = (events.clone(), preparers.clone());
            let prepared = tokio::task::spawn_blocking(move || {
                preparers
                    .iter()
                    .map(|p| p.map(|prepare| prepare(&shared)).transpose())
                    .collect::<Result<Vec<Option<Prepared>>, ProjectionError>>()
            });
            (events, prepared)
        });
        let Some((events, prepared)) = std::mem::replace(&mut pending, next) else {
            if pending.is_none() {
                break;
            }
            continue;
        };
        // Waiting for the batch's preparation counts as reading: it is the decoding.
        let clock = Instant::now();
        let prepared = prepared
            .await
            .map_err(|e| ProjectionError::Interrupted(e.to_string()))??;
        report.reading += clock.elapsed();
        let Some(last) = events.last() else { break };
        after = (last.tx_id, last.position);
        for ((projection, spent), prepared) in projections.iter().zip(report.applying.iter_mut()).zip(prepared) {
            let clock = Instant::now();
            match prepared {
                Some(prepared) => projection.apply_prepared(tx, &events, prepared).await?,
                None => projection.apply_batch(tx, &events).await?,
            }
            spent.1 += clock.elapsed();
        }
        read += events.len() as u64;
        progress(Progress {
            projection: label,
            done: read,
            total: total as u64,
            events_per_second: read as f64 / started.elapsed().as_secs_f64().max(1e-9),
        });
    }
    reader.abort();
    let clock = Instant::now();
    shadow.complete(tx).await?;
    report.indexing = clock.elapsed();
    let clock = Instant::now();
    for projection in projections {
        projection.finish_rebuild(tx).await?;
        sqlx::query(
            "insert into projection_checkpoints (name, last_tx, last_position, updated_at)
             values ($1, $2, $3, now())
             on conflict (name) do update
             set last_tx = excluded.last_tx, last_position = excluded.last_position, updated_at = now()",
        )
        .bind(projection.name())
        .bind(after.0)
        .bind(after.1)
        .execute(&mut **tx)
        .await?;
    }
    report.finishing = clock.elapsed();
    report.events = read;
    Ok((report, shadow))
}

/// Sends the log below `upper`, in order, in batches of `batch`; stops at the end or when the
/// receiver is gone.
async fn read_log(
    log: PgPool,
    upper: String,
    batch: i64,
    sender: tokio::sync::mpsc::Sender<Result<Vec<StoredEvent>, sqlx::Error>>,
) {
    let mut after: (i64, i64) = (0, 0);
    loop {
        let events: Result<Vec<StoredEvent>, sqlx::Error> = sqlx::query_as(&format!(
            "select {EVENT_COLUMNS} from events
             where (tx_id, position) > ($1::text::xid8, $2) and tx_id < $3::text::xid8
             order by events.tx_id, events.position limit $4"
        ))
        .bind(after.0.to_string())
        .bind(after.1)
        .bind(&upper)
        .bind(batch)
        .fetch_all(&log)
        .await;
        let done = match &events {
            Ok(events) => match events.last() {
                Some(last) => {
                    after = (last.tx_id, last.position);
                    false
                }
                None => true,
            },
            Err(_) => true,
        };
        if sender.send(events).await.is_err() || done {
            return;
        }
    }
}

/// One row that differs between the live read model and the rebuilt one.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    pub table: &'static str,
    /// The live row as JSON, `None` when only the rebuild has it.
    pub live: Option<String>,
    /// The rebuilt row as JSON, `None` when only the live table has it.
    pub rebuilt: Option<String>,
}

/// Columns that are numbered by the database rather than derived from events, so they differ
/// between two builds of the same history.
const DATABASE_NUMBERED: &[&str] = &["uid"];

/// Rebuilds the projections aside inside `tx` and returns every row that differs from what the
/// live tables hold. The caller rolls `tx` back.
pub async fn compare(
    tx: &mut Transaction<'_, Postgres>,
    log: &PgPool,
    projections: &[&dyn Projection],
    batch: i64,
    progress: impl FnMut(Progress),
) -> Result<Vec<Difference>, ProjectionError> {
    let strip: String = DATABASE_NUMBERED.iter().map(|c| format!(" - '{c}'")).collect();
    let (_, shadow) = build(tx, log, projections, batch, progress).await?;
    let mut differences = Vec::new();
    for &table in shadow.tables() {
        let rows: Vec<(Option<String>, Option<String>)> = sqlx::query_as(&format!(
            "with rebuilt as (select to_jsonb(t){strip} as row from {SHADOW}.{table} t),
                  live as (select to_jsonb(t){strip} as row from public.{table} t)
             select l.row::text, null::text from (select row from live except all select row from rebuilt) l
             union all
             select null::text, r.row::text from (select row from rebuilt except all select row from live) r
             order by 1, 2"
        ))
        .fetch_all(&mut **tx)
        .await?;
        differences.extend(
            rows.into_iter()
                .map(|(live, rebuilt)| Difference { table, live, rebuilt }),
        );
    }
    Ok(differences)
}
