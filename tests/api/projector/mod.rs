//! The durable projector: every event applied exactly once, in order, through concurrent
//! writers with long transactions, crashes mid-batch, and two projectors on one database.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::common::{execute, scalar};
use async_trait::async_trait;
use optica_projections::projector::BatchOutcome;
use optica_projections::{Projection, ProjectionError, Projector, StoredEvent};
use sqlx::{PgConnection, PgPool};
use tokio::sync::watch;

mod lead;

/// Records every application in `applied`, which has no unique key, so a double apply shows.
struct Recorder {
    instance: &'static str,
    delay: Duration,
    /// Fails once at this position (a crash in the middle of a batch).
    fail_at: Option<i64>,
    failed: AtomicBool,
}

impl Recorder {
    fn new(instance: &'static str) -> Self {
        Recorder {
            instance,
            delay: Duration::ZERO,
            fail_at: None,
            failed: AtomicBool::new(false),
        }
    }
}

#[async_trait]
impl Projection for Recorder {
    fn name(&self) -> &'static str {
        "recorder"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["applied"]
    }

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        if self.fail_at == Some(event.position) && !self.failed.swap(true, Ordering::SeqCst) {
            return Err(ProjectionError::BadId("simulated crash".into()));
        }
        if !self.delay.is_zero() {
            tokio::time::sleep(self.delay).await;
        }
        sqlx::query("insert into applied (position, instance, stream, sequence) values ($1, $2, $3, $4)")
            .bind(event.position)
            .bind(self.instance)
            .bind(&event.aggregate_id)
            .bind(event.sequence)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }
}

async fn prepare(pool: &PgPool) {
    execute(
        pool,
        "create table applied (n bigserial, position bigint, instance text, stream text, sequence bigint)",
    )
    .await;
}

/// Appends `count` events to one stream, `per_tx` per transaction, holding each transaction open
/// for `hold` before committing.
async fn writer(pool: PgPool, stream: String, count: i64, per_tx: i64, hold: Duration) {
    let mut sequence = 0;
    while sequence < count {
        let mut tx = pool.begin().await.unwrap();
        for _ in 0..per_tx.min(count - sequence) {
            sequence += 1;
            sqlx::query(
                "insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
                 values ('Prueba', $1, $2, 'PruebaRegistrada', '1', '{}', '{}')",
            )
            .bind(&stream)
            .bind(sequence)
            .execute(&mut *tx)
            .await
            .unwrap();
        }
        if !hold.is_zero() {
            tokio::time::sleep(hold).await;
        }
        tx.commit().await.unwrap();
    }
}

async fn wait_until_applied(pool: &PgPool, expected: i64) {
    for _ in 0..600 {
        let distinct: i64 = scalar(pool, "select count(distinct position) from applied").await;
        if distinct >= expected {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the projector did not apply {expected} events in time");
}

/// Exactly once: as many applications as events, each event's position once, none missing; and
/// each stream's events applied in sequence order.
async fn assert_exactly_once(pool: &PgPool) {
    let (events, applied, distinct): (i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from events), (select count(*) from applied), (select count(distinct position) from applied)",
    )
    .fetch_one(pool)
    .await
    .unwrap();
    assert_eq!(applied, events, "every event applied once (no double apply)");
    assert_eq!(distinct, events);
    let missing: i64 = scalar(
        pool,
        "select count(*) from events e where not exists (select 1 from applied a where a.position = e.position)",
    )
    .await;
    assert_eq!(missing, 0, "no event skipped");
    let out_of_order: i64 = scalar(pool, "select count(*) from (select sequence, lag(sequence) over (partition by stream order by n) as prev from applied) s
         where prev is not null and sequence <> prev + 1").await;
    assert_eq!(out_of_order, 0, "each stream applied in its own order");
}

#[sqlx::test]
async fn sixteen_concurrent_writers_with_open_transactions_are_applied_exactly_once(pool: PgPool) {
    prepare(&pool).await;
    let projector = Arc::new(Projector::new(pool.clone(), vec![Arc::new(Recorder::new("a"))]).with_batch_size(7));
    let (stop, stop_rx) = watch::channel(false);
    let running = tokio::spawn(projector.run(stop_rx));

    let mut writers = Vec::new();
    for w in 0..16i64 {
        // every fourth writer holds its transactions open while the others commit past it
        let hold = if w % 4 == 0 {
            Duration::from_millis(300)
        } else {
            Duration::ZERO
        };
        let per_tx = 1 + w % 3;
        writers.push(tokio::spawn(writer(pool.clone(), format!("w{w}"), 40, per_tx, hold)));
    }
    for w in writers {
        w.await.unwrap();
    }
    wait_until_applied(&pool, 16 * 40).await;
    stop.send(true).unwrap();
    running.await.unwrap();
    assert_exactly_once(&pool).await;
}

#[sqlx::test]
async fn a_batch_that_fails_midway_is_applied_whole_on_retry(pool: PgPool) {
    prepare(&pool).await;
    writer(pool.clone(), "s".into(), 30, 30, Duration::ZERO).await;
    let fail_at: i64 = scalar(&pool, "select min(position) + 12 from events").await;
    let recorder = Recorder {
        fail_at: Some(fail_at),
        ..Recorder::new("a")
    };
    let projector = Projector::new(pool.clone(), vec![Arc::new(recorder)]).with_batch_size(20);
    // (transaction ids are cluster-wide: a test running beside this one may hold the events back
    // for a moment, so keep trying until the batch reaches the failing event)
    let mut crashed = false;
    for _ in 0..500 {
        if projector.catch_up().await.is_err() {
            crashed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(crashed, "the crash surfaces");
    let applied: i64 = scalar(&pool, "select count(*) from applied").await;
    assert_eq!(applied, 0, "nothing of the failed batch stayed");
    let checkpoint: Option<i64> =
        sqlx::query_scalar("select last_position from projection_checkpoints where name = 'recorder'")
            .fetch_optional(&pool)
            .await
            .unwrap();
    assert_eq!(checkpoint, None, "the checkpoint did not move");
    let mut applied = 0;
    for _ in 0..500 {
        if let BatchOutcome::Applied(n) = projector.catch_up().await.unwrap() {
            applied += n;
        }
        if applied == 30 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(applied, 30);
    assert_exactly_once(&pool).await;
}

#[sqlx::test]
async fn a_projector_killed_mid_batch_and_restarted_applies_nothing_twice(pool: PgPool) {
    prepare(&pool).await;
    writer(pool.clone(), "s".into(), 200, 10, Duration::ZERO).await;
    let slow = Recorder {
        delay: Duration::from_millis(3),
        ..Recorder::new("first")
    };
    let first = Arc::new(Projector::new(pool.clone(), vec![Arc::new(slow)]).with_batch_size(50));
    let (_stop, stop_rx) = watch::channel(false);
    let running = tokio::spawn(first.run(stop_rx));
    // let it commit a batch or two, then kill it in the middle of the next one
    tokio::time::sleep(Duration::from_millis(250)).await;
    running.abort();
    let _ = running.await;
    // Only whole batches stayed: what was applied is exactly what the checkpoint covers. (Batches
    // may be shorter than 50 when other transactions on the cluster hold events back.) Both are
    // read in one statement: the killed task's last COMMIT may still land on the server.
    let (partial, covered): (i64, i64) = sqlx::query_as(
        "select (select count(*) from applied),
                (select count(*) from events e join projection_checkpoints c on c.name = 'recorder'
                 where (e.tx_id::text::bigint, e.position) <= (c.last_tx, c.last_position))",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert!(partial < 200, "killed before the end ({partial})");
    assert_eq!(partial, covered, "only whole batches were kept");

    let second = Projector::new(pool.clone(), vec![Arc::new(Recorder::new("second"))]).with_batch_size(50);
    for _ in 0..500 {
        second.catch_up().await.unwrap();
        let applied: i64 = scalar(&pool, "select count(*) from applied").await;
        if applied >= 200 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_exactly_once(&pool).await;
}

#[sqlx::test]
async fn two_server_instances_run_one_projector_between_them(pool: PgPool) {
    prepare(&pool).await;
    let (stop, stop_rx) = watch::channel(false);
    let mut tasks = Vec::new();
    for instance in ["server-a", "server-b"] {
        let recorder = Recorder {
            delay: Duration::from_millis(1),
            ..Recorder::new(instance)
        };
        let projector = Arc::new(Projector::new(pool.clone(), vec![Arc::new(recorder)]).with_batch_size(25));
        tasks.push(tokio::spawn(projector.run(stop_rx.clone())));
    }
    let mut writers = Vec::new();
    for w in 0..8 {
        writers.push(tokio::spawn(writer(
            pool.clone(),
            format!("w{w}"),
            50,
            2,
            Duration::from_millis(5),
        )));
    }
    for w in writers {
        w.await.unwrap();
    }
    wait_until_applied(&pool, 400).await;
    stop.send(true).unwrap();
    for t in tasks {
        t.await.unwrap();
    }
    assert_exactly_once(&pool).await;
}

#[sqlx::test]
async fn two_apps_on_one_database_read_each_others_writes(pool: PgPool) {
    let a = crate::common::TestApp::start(pool.clone()).await;
    let b = crate::common::TestApp::start(pool.clone()).await;
    let token = a.admin_token().await;
    let (status, created) = a
        .post("/api/marca", Some(&token), serde_json::json!({"nombre": "Vulk"}))
        .await;
    assert_eq!(status, axum::http::StatusCode::CREATED);
    let (_, list) = b.get("/api/marca", Some(&token)).await;
    assert_eq!(list, serde_json::json!([created["marca"]]));
    let rows: i64 = scalar(&pool, "select count(*) from lookup_items").await;
    assert_eq!(rows, 1);
}
