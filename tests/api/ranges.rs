//! Every input has a sane range: a count's load names each product once, and dates (a cash day,
//! a promised job, a movement) lie between 2000 and ten years ahead; outside, a Spanish 400 and
//! nothing changes.

use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

use crate::common::{event_count as events, TestApp};
use crate::jobs::{lab, patient, sale_with_lens};

#[sqlx::test]
async fn a_count_load_with_a_product_twice_is_refused(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (status, started) = app
        .post("/api/conteos", Some(&shop.admin), json!({"localId": shop.centro}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let conteo = started["planilla"]["conteo"]["id"].as_i64().unwrap();
    let before = events(&pool).await;
    let row = json!({"productoId": shop.armazon, "contado": 1});
    let (status, answer) = app
        .put(
            &format!("/api/conteos/{conteo}/contados"),
            Some(&shop.admin),
            json!({"contados": vec![row; 19_999]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer.to_string().contains("más de una vez"), "{answer}");
    assert_eq!(events(&pool).await, before, "nothing recorded");
}

#[sqlx::test]
async fn dates_outside_2000_to_ten_years_ahead_are_refused(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let laboratorio = lab(&app, &shop).await;
    let ana = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, ana).await;
    let before = events(&pool).await;

    for fecha in ["0001-01-01", "1999-12-31", "2100-01-01"] {
        let path = format!("/api/caja/{}/{fecha}/apertura", shop.centro);
        let (status, answer) = app.post(&path, Some(&shop.admin), json!({"fondo": []})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{fecha}: {answer}");
        assert!(answer.to_string().contains("fuera del rango permitido"), "{answer}");
    }
    let body = json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": "9999-12-31"});
    let (status, answer) = app.post("/api/trabajos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer.to_string().contains("fuera del rango permitido"), "{answer}");
    let mut sale = crate::common::shop::sale(&shop, 1);
    sale["fecha"] = json!("0001-01-01T10:00");
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), sale).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(events(&pool).await, before, "nothing recorded");
}
