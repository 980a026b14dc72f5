//! Physical counts (inventario) against a real database: a blind count whose expected
//! stock shows only once closed, a sale in the middle of the count that is not lost, one count
//! open per branch, and the report of the differences at cost.

use crate::common::shop::{stock, Shop};
use crate::common::{sheet_rows, texts, TestApp};
use axum::http::StatusCode;
use calamine::Data;
use serde_json::{json, Value};
use sqlx::PgPool;

/// A sale at the centre of one unit of `producto` at 3600.50, paid in cash.
fn sale_of(shop: &Shop, producto: i64) -> Value {
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-26T11:00", "local": {"id": shop.centro},
        "total": 3600.5, "totalImpuesto": 3600.5,
        "detalles": [{"cantidad": 1, "precioUnitario": 3600.5, "subtotal": 3600.5, "producto": {"id": producto}}],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 3600.5, "montoImpuesto": 3600.5, "metodoPago": {"id": shop.efectivo}, "fecha": "2026-11-26T11:00"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

/// Four of a Vulk frame at cost 1000.00 at the centre, and the start of a count of the brand
/// Vulk there.
async fn vulk_frames(app: &TestApp, shop: &Shop) -> (i64, Value) {
    let cuadrado = shop
        .product(app, "Cuadrado", shop.otra_marca, &[(shop.centro, 4)])
        .await;
    (cuadrado, json!({"localId": shop.centro, "marcaId": shop.otra_marca}))
}

#[sqlx::test]
async fn a_count_with_a_sale_in_the_middle_adjusts_the_stock_as_it_is_then(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    // Four of a Vulk frame at cost 1000.00; the count covers the brand Vulk only.
    let (cuadrado, start) = vulk_frames(&app, &shop).await;
    let (status, _) = app.post("/api/conteos", Some(&shop.seller), start.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app.post("/api/conteos", Some(&shop.admin), start.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["planilla"]["conteo"]["id"].as_i64().unwrap();
    let lineas = &body["planilla"]["lineas"];
    assert_eq!(lineas.as_array().unwrap().len(), 1, "{body}");
    assert_eq!(
        (lineas[0]["modelo"].as_str(), &lineas[0]["esperado"]),
        (Some("Cuadrado"), &Value::Null),
        "blind"
    );
    // One count open per branch.
    let (status, body) = app.post("/api/conteos", Some(&shop.admin), start).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["mensaje"],
        "Ya hay un conteo abierto en ese local: cerralo o cancelalo antes de empezar otro."
    );

    // The seller counts two on the shelf; meanwhile one is sold.
    let path = format!("/api/conteos/{id}/contados");
    let typed = json!({"contados": [{"productoId": cuadrado, "contado": 2}]});
    let (status, body) = app.put(&path, Some(&shop.seller), typed).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let line = &body["planilla"]["lineas"][0];
    assert_eq!(
        (line["contado"].as_i64(), &line["esperado"], &line["costo"]),
        (Some(2), &Value::Null, &Value::Null)
    );
    let (status, _) = app
        .post("/api/movimientos", Some(&shop.seller), sale_of(&shop, cuadrado))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(stock(&app, cuadrado, shop.centro).await, Some(3));
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let (status, _) = app.get(&format!("/api/conteos/{id}"), Some(&seller_norte)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Closed by an admin: two were missing when counted, the sale is kept: 4 − 1 − 2 = 1.
    let close = format!("/api/conteos/{id}/cierre");
    let (status, _) = app.post(&close, Some(&shop.seller), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app.post(&close, Some(&shop.admin), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["planilla"]["conteo"]["estado"], "CERRADO");
    let line = &body["planilla"]["lineas"][0];
    assert_eq!(
        (
            line["esperado"].as_i64(),
            line["contado"].as_i64(),
            line["diferencia"].as_i64()
        ),
        (Some(4), Some(2), Some(-2))
    );
    assert_eq!(body["planilla"]["valorDiferencia"], -2000.0);
    assert_eq!(stock(&app, cuadrado, shop.centro).await, Some(1));
    let (_, libro) = app
        .get(&format!("/api/auditoria/stock/{cuadrado}"), Some(&shop.admin))
        .await;
    let last = libro.as_array().and_then(|l| l.last()).cloned().unwrap_or_default();
    assert_eq!(
        (
            last["motivo"].as_str(),
            last["cantidad"].as_i64(),
            last["stock"].as_i64()
        ),
        (Some("Conteo"), Some(-2), Some(1))
    );
    // Once closed, nothing more is typed, and a new count may start.
    let again = json!({"contados": [{"productoId": cuadrado, "contado": 1}]});
    let (status, body) = app.put(&path, Some(&shop.seller), again).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"], json!(["El conteo ya está cerrado."]));

    // The report: the difference and its value at cost.
    let (status, _, bytes) = app
        .download(&format!("/api/conteos/{id}/excel"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let rows = sheet_rows(&bytes, "Conteo");
    let s = |v: &str| Data::String(v.into());
    let n = Data::Float;
    assert_eq!(
        rows[3],
        [s("Vulk"), s("Cuadrado"), n(4.0), n(2.0), n(-2.0), n(1000.0), n(-2000.0)]
    );
    assert_eq!(rows[5][6], n(-2000.0));
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn a_count_closes_only_when_everything_is_counted_and_can_be_cancelled(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (status, body) = app
        .post("/api/conteos", Some(&shop.admin), json!({"localId": shop.centro}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["planilla"]["conteo"]["id"].as_i64().unwrap();
    let typed = json!({"contados": [{"productoId": shop.armazon, "contado": 9}, {"productoId": 999, "contado": 1}]});
    let (status, body) = app
        .put(&format!("/api/conteos/{id}/contados"), Some(&shop.seller), typed)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["El producto 999 no está en la planilla de este conteo."])
    );
    let typed = json!({"contados": [{"productoId": shop.armazon, "contado": 9}]});
    assert_eq!(
        app.put(&format!("/api/conteos/{id}/contados"), Some(&shop.seller), typed)
            .await
            .0,
        StatusCode::OK
    );
    let (status, body) = app
        .post(&format!("/api/conteos/{id}/cierre"), Some(&shop.admin), json!({}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["Faltan contar 1 productos: escribí 0 en los que no hay ninguno."])
    );
    let (status, body) = app
        .post(&format!("/api/conteos/{id}/cancelacion"), Some(&shop.admin), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["planilla"]["conteo"]["estado"], "CANCELADO");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));
    let (status, _) = app
        .post("/api/conteos", Some(&shop.admin), json!({"localId": shop.centro}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (_, list) = app.get("/api/conteos", Some(&shop.seller)).await;
    assert_eq!(list["totalElements"], 2);
    let (status, body) = app
        .post("/api/conteos", Some(&shop.admin), json!({"localId": 9999}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
}

#[sqlx::test]
async fn a_product_counted_after_a_sale_is_compared_with_the_stock_when_it_was_counted(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (cuadrado, start) = vulk_frames(&app, &shop).await;
    let (status, body) = app.post("/api/conteos", Some(&shop.admin), start).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["planilla"]["conteo"]["id"].as_i64().unwrap();
    // One is sold before anyone reaches the shelf; the three left are counted: nothing is missing.
    let (status, _) = app
        .post("/api/movimientos", Some(&shop.seller), sale_of(&shop, cuadrado))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let typed = json!({"contados": [{"productoId": cuadrado, "contado": 3}]});
    let (status, body) = app
        .put(&format!("/api/conteos/{id}/contados"), Some(&shop.seller), typed)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .post(&format!("/api/conteos/{id}/cierre"), Some(&shop.admin), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let line = &body["planilla"]["lineas"][0];
    assert_eq!(
        (line["esperado"].as_i64(), line["diferencia"].as_i64()),
        (Some(3), Some(0)),
        "{body}"
    );
    assert_eq!(stock(&app, cuadrado, shop.centro).await, Some(3));
    // A cancelled count stays blind too.
    let (_, body) = app
        .post("/api/conteos", Some(&shop.admin), json!({"localId": shop.centro}))
        .await;
    let other = body["planilla"]["conteo"]["id"].as_i64().unwrap();
    app.post(
        &format!("/api/conteos/{other}/cancelacion"),
        Some(&shop.admin),
        json!({}),
    )
    .await;
    let (_, sheet) = app.get(&format!("/api/conteos/{other}"), Some(&shop.seller)).await;
    assert!(
        sheet["lineas"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["esperado"].is_null()),
        "{sheet}"
    );
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn the_count_report_lists_every_row_as_the_screen_does(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    // Two Vulk frames: one counted short, one as expected. The screen lists both, by brand and
    // model (Aviador before Cuadrado), with the brand first.
    let (cuadrado, start) = vulk_frames(&app, &shop).await;
    let aviador = shop
        .product(&app, "Aviador", shop.otra_marca, &[(shop.centro, 3)])
        .await;
    let (status, body) = app.post("/api/conteos", Some(&shop.admin), start).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["planilla"]["conteo"]["id"].as_i64().unwrap();
    let typed = json!({"contados": [{"productoId": cuadrado, "contado": 2}, {"productoId": aviador, "contado": 3}]});
    let (status, body) = app
        .put(&format!("/api/conteos/{id}/contados"), Some(&shop.seller), typed)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = app
        .post(&format!("/api/conteos/{id}/cierre"), Some(&shop.admin), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let screen: Vec<&str> = texts(&body["planilla"]["lineas"], "modelo");
    assert_eq!(screen, ["Aviador", "Cuadrado"]);

    let (status, _, bytes) = app
        .download(&format!("/api/conteos/{id}/excel"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let rows = sheet_rows(&bytes, "Conteo");
    let s = |v: &str| Data::String(v.into());
    let n = Data::Float;
    assert_eq!(
        rows[2],
        [
            s("Marca"),
            s("Modelo"),
            s("Esperado"),
            s("Contado"),
            s("Diferencia"),
            s("Costo"),
            s("Valor")
        ]
    );
    assert_eq!(
        rows[3],
        [s("Vulk"), s("Aviador"), n(3.0), n(3.0), n(0.0), n(1000.0), n(0.0)]
    );
    assert_eq!(
        rows[4],
        [s("Vulk"), s("Cuadrado"), n(4.0), n(2.0), n(-2.0), n(1000.0), n(-2000.0)]
    );
    assert_eq!(rows[6][5..], [s("Total"), n(-2000.0)]);
}
