//! A lab job and its sale stay one story: an order and the sale's edit or deletion in flight at
//! once (each reads the other's stream and writes only its own, so optimistic concurrency alone
//! let both commit; their units guard what they read, `command/src/store/unit/guard.rs`), and a
//! delivered job that goes back to the lab.

use std::time::Duration;

use crate::common::TestApp;
use crate::jobs::{finished_job, in_days, move_to, order, sale_and_lab, sale_with_lens};
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
    let (app, shop, venta, laboratorio) = sale_and_lab(&pool).await;

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
        .load::<optica_command::movements::Movimiento>(&id)
        .await
        .unwrap();
    let (job, _) = app.store.load::<optica_command::jobs::Trabajo>(&id).await.unwrap();
    assert!(sale.exists() || !job.en_curso(), "a job in course for a deleted sale");
}

#[sqlx::test]
async fn a_job_ordered_while_its_sale_changes_patient_keeps_the_sale_s_patient(pool: PgPool) {
    let (app, shop, venta, laboratorio) = sale_and_lab(&pool).await;
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

const NO_SALE: &str = "La venta de este trabajo fue eliminada: no puede volver al laboratorio.";
const OTHER_SALE: &str = "La venta ya no tiene el paciente o el local de este trabajo: no puede volver al laboratorio.";

/// A delivered job goes back to the lab only for the sale it was made for: not once that sale
/// was deleted (the job would be in course for nothing), nor once the sale has another patient
/// (its frozen prescription is the first patient's), by the job's page or by the sale's form.
#[sqlx::test]
async fn a_delivered_job_goes_back_to_the_lab_only_for_its_own_sale(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let rehacer = |venta: i64| move_to(&app, &shop.seller, venta, "REHACER", Some("Eje mal tallado"));

    let borrada = finished_job(&app, &shop).await;
    let (_, first) = app.get(&format!("/api/trabajos/{borrada}"), Some(&shop.admin)).await;
    move_to(&app, &shop.seller, borrada, "ENTREGADO", None).await;
    let (status, _) = app
        .delete(&format!("/api/movimientos/{borrada}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, refused) = rehacer(borrada).await;
    assert_eq!(
        (status, &refused["errors"]),
        (StatusCode::BAD_REQUEST, &json!([NO_SALE])),
        "{refused}"
    );

    let paciente = first["pacienteId"].as_i64().unwrap();
    let otra = sale_with_lens(&app, &shop, paciente).await;
    order(&app, &shop, otra, first["laboratorioId"].as_i64().unwrap()).await;
    move_to(&app, &shop.seller, otra, "ENTREGADO", None).await;
    let path = format!("/api/movimientos/{otra}");
    let (_, mut sale) = app.get(&path, Some(&shop.admin)).await;
    sale["paciente"] = json!({"id": shop.paciente});
    let (status, saved) = app.put(&path, Some(&shop.admin), sale.clone()).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "a delivered job's sale is the shop's to correct: {saved}"
    );
    let (status, refused) = rehacer(otra).await;
    assert_eq!(
        (status, &refused["errors"]),
        (StatusCode::BAD_REQUEST, &json!([OTHER_SALE])),
        "{refused}"
    );
    sale["estadoMovimiento"] = json!("PEDIDO_CRISTALES");
    sale["version"] = saved["movimiento"]["version"].clone();
    let (status, refused) = app.put(&path, Some(&shop.admin), sale).await;
    assert_eq!(
        (status, &refused["errors"]),
        (StatusCode::BAD_REQUEST, &json!([OTHER_SALE])),
        "{refused}"
    );
    for venta in [borrada, otra] {
        let (sale, _) = app
            .store
            .load::<optica_command::movements::Movimiento>(&venta.to_string())
            .await
            .unwrap();
        let (job, _) = app
            .store
            .load::<optica_command::jobs::Trabajo>(&venta.to_string())
            .await
            .unwrap();
        assert!(
            !job.en_curso(),
            "job {venta} went back to the lab (sale exists: {})",
            sale.exists()
        );
    }
}
