//! A lab job's order and its sale's edit or deletion, in flight at once. Each reads the other's
//! stream and writes only its own, so optimistic concurrency alone let both commit: a job in
//! course for a deleted sale. Their units guard what they read (`command/src/unit_guard.rs`).

use std::time::Duration;

use crate::common::shop::shop;
use crate::common::TestApp;
use crate::jobs::{in_days, lab, patient, sale_with_lens};
use axum::http::StatusCode;
use serde_json::json;
use sqlx::{Connection, PgConnection, PgPool};

/// A connection of its own: the app's requests may take every one of the pool's.
async fn connection(pool: &PgPool) -> PgConnection {
    PgConnection::connect_with(&pool.connect_options()).await.unwrap()
}

/// Holds every append to the event store (until `release_when_waiting`).
async fn hold_appends(pool: &PgPool) -> PgConnection {
    let mut held = connection(pool).await;
    for statement in ["begin", "lock table events in share mode"] {
        sqlx::query(statement).execute(&mut held).await.unwrap();
    }
    held
}

/// Lets the appends go once `waiting` requests wait on a lock (of the event store or of a
/// unit's guards): both requests have then read what they decide on before either commits.
async fn release_when_waiting(pool: &PgPool, mut held: PgConnection, waiting: i64) {
    let mut watch = connection(pool).await;
    for _ in 0..250 {
        let now: i64 = sqlx::query_scalar(
            "select count(*) from pg_locks
             where not granted and database = (select oid from pg_database where datname = current_database())",
        )
        .fetch_one(&mut watch)
        .await
        .unwrap();
        if now >= waiting {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    sqlx::query("commit").execute(&mut held).await.unwrap();
}

#[sqlx::test]
async fn a_job_ordered_while_its_sale_is_deleted_never_outlives_it(pool: PgPool) {
    let app = TestApp::start(pool.clone()).await;
    let shop = shop(&app).await;
    let paciente = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, paciente).await;
    let laboratorio = lab(&app, &shop).await;

    let held = hold_appends(&pool).await;
    let body = json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": in_days(&app, 7)});
    let path = format!("/api/movimientos/{venta}");
    let ((ordered, answer), (deleted, refusal), ()) = tokio::join!(
        app.post("/api/trabajos", Some(&shop.seller), body),
        app.delete(&path, Some(&shop.admin)),
        release_when_waiting(&pool, held, 2),
    );
    let deleted = deleted.is_success();
    assert!(
        (ordered == StatusCode::CREATED) != deleted,
        "exactly one may win: order {ordered} {answer}, deletion {refusal}"
    );
    // As the streams have it (a job's page hides a job whose sale is gone).
    let id = venta.to_string();
    let (sale, _) = app
        .store
        .load::<optica_command::movement::Movimiento>(&id)
        .await
        .unwrap();
    let (job, _) = app.store.load::<optica_command::job::Trabajo>(&id).await.unwrap();
    assert!(sale.exists() || !job.en_curso(), "a job in course for a deleted sale");
}

#[sqlx::test]
async fn a_job_ordered_while_its_sale_changes_patient_keeps_the_sale_s_patient(pool: PgPool) {
    let app = TestApp::start(pool.clone()).await;
    let shop = shop(&app).await;
    let paciente = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, paciente).await;
    let laboratorio = lab(&app, &shop).await;
    let path = format!("/api/movimientos/{venta}");
    let (_, mut sale) = app.get(&path, Some(&shop.seller)).await;
    sale["paciente"] = json!({"id": shop.paciente});

    let held = hold_appends(&pool).await;
    let body = json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": in_days(&app, 7)});
    let ((ordered, answer), (edited, refusal), ()) = tokio::join!(
        app.post("/api/trabajos", Some(&shop.seller), body),
        app.put(&path, Some(&shop.seller), sale),
        release_when_waiting(&pool, held, 2),
    );
    // Either may come first: the edit then the order (for the new patient), or the order then
    // the edit's refusal (a sale with a job in course keeps its patient).
    assert_eq!(ordered, StatusCode::CREATED, "{answer}");
    let (_, sale) = app.get(&path, Some(&shop.seller)).await;
    let (status, job) = app.get(&format!("/api/trabajos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{job}");
    assert_eq!(
        job["pacienteId"], sale["paciente"]["id"],
        "the edit answered {edited} {refusal}\njob {job}\nsale {sale}"
    );
}
