//! Transfers between branches against a real database: sent units leave the origin at
//! once and are in transit (in neither branch's stock, shown on the way), a partial receipt
//! writes off the shortfall with its reason, a cancellation puts them back, and a transfer racing
//! a sale for the last unit never takes the origin below zero.

use crate::common::shop::{id_of, sale, stock, Shop};
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

fn envio(shop: &Shop, lineas: Value) -> Value {
    json!({"origenId": shop.centro, "destinoId": shop.norte, "lineas": lineas, "nota": "Para la vidriera"})
}

async fn verify_clean(pool: &PgPool) {
    let differences = optica::support::verify(pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

/// Each branch's stock equals the sum of its ledger (the product's `StockAjustado` events).
async fn ledger_matches_stock(pool: &PgPool, producto: i64) {
    let sums: Vec<(i64, i64)> = sqlx::query_as(
        "select (payload::jsonb->'StockAjustado'->>'local_id')::bigint, sum((payload::jsonb->'StockAjustado'->>'cantidad')::bigint)::bigint
         from events where aggregate_type = 'Producto' and aggregate_id = $1 and event_type = 'StockAjustado'
         group by 1 order by 1",
    )
    .bind(producto.to_string())
    .fetch_all(pool)
    .await
    .unwrap();
    let stocks: Vec<(i64, i64)> = sqlx::query_as(
        "select local_id, stock from product_stock where producto_id = $1 and (stock <> 0 or true) order by 1",
    )
    .bind(producto)
    .fetch_all(pool)
    .await
    .unwrap();
    for (local, sum) in sums {
        let stock = stocks.iter().find(|(l, _)| *l == local).map_or(0, |(_, s)| *s);
        assert_eq!(stock, sum, "branch {local}");
    }
}

#[sqlx::test]
async fn a_transfer_is_in_transit_until_received_and_a_shortfall_is_written_off(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let body = envio(
        &shop,
        json!([{"productoId": shop.armazon, "cantidad": 3}, {"productoId": shop.lente, "cantidad": 2}]),
    );
    // Only the sending branch sends.
    let (status, _) = app.post("/api/transferencias", Some(&seller_norte), body.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, sent) = app.post("/api/transferencias", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(sent["mensaje"], "La transferencia ha sido enviada!");
    let t = &sent["transferencia"];
    let id = t["id"].as_i64().unwrap();
    assert_eq!(
        (t["estado"].as_str(), t["unidades"].as_i64(), t["destino"].as_str()),
        (Some("ENVIADA"), Some(5), Some("Yapeyú"))
    );

    // Out of the centre at once; in neither branch's stock; shown on its way to the north.
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(7));
    assert_eq!(stock(&app, shop.armazon, shop.norte).await, Some(0));
    let (_, producto) = app
        .get(&format!("/api/productos/{}", shop.armazon), Some(&seller_norte))
        .await;
    let norte = producto["productoLocales"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["local"]["id"] == shop.norte)
        .cloned()
        .unwrap();
    assert_eq!(
        (norte["stock"].as_i64(), norte["enTransito"].as_i64()),
        (Some(0), Some(3)),
        "{producto}"
    );
    // A search answers the same branches, stock and units on their way as the product's page
    // (lists read them for all their products at once).
    let modelo = producto["modelo"].as_str().unwrap().to_string();
    let (_, found) = app
        .get(
            &format!("/api/productos/modelo/{}", modelo.replace(' ', "%20")),
            Some(&seller_norte),
        )
        .await;
    let found = found
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == shop.armazon)
        .cloned()
        .unwrap();
    assert_eq!(found["productoLocales"], producto["productoLocales"], "{found}");
    // It cannot be sold at the north meanwhile.
    let mut at_norte = sale(&shop, 1);
    at_norte["local"] = json!({"id": shop.norte});
    let (status, _) = app.post("/api/movimientos", Some(&seller_norte), at_norte).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // The centre cannot receive it; the north receives 2 of 3 frames: the shortfall needs a reason.
    let path = format!("/api/transferencias/{id}/recepcion");
    let partial = json!({"recibidas": [{"productoId": shop.armazon, "cantidad": 2}]});
    let (status, _) = app.post(&path, Some(&shop.seller), partial.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app.post(&path, Some(&seller_norte), partial.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["Recibir menos de lo enviado necesita el motivo del faltante."])
    );
    let mut explained = partial;
    explained["motivo"] = json!("Un armazón llegó roto");
    let (status, body) = app.post(&path, Some(&seller_norte), explained.clone()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["transferencia"]["estado"], "RECIBIDA_CON_FALTANTE");
    assert_eq!(stock(&app, shop.armazon, shop.norte).await, Some(2));
    assert_eq!(stock(&app, shop.lente, shop.norte).await, Some(2));
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(7));
    // Received once.
    let (status, body) = app.post(&path, Some(&seller_norte), explained).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"], json!(["La transferencia ya fue recibida."]));
    let (_, producto) = app
        .get(&format!("/api/productos/{}", shop.armazon), Some(&seller_norte))
        .await;
    assert!(
        producto["productoLocales"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["enTransito"] == 0),
        "{producto}"
    );

    // Both branches list it; the ledger names the transfer; the audit tells the story.
    let (_, list) = app.get("/api/transferencias", Some(&seller_norte)).await;
    assert_eq!(list["content"][0]["id"], id);
    let (_, libro) = app
        .get(&format!("/api/auditoria/stock/{}", shop.armazon), Some(&shop.admin))
        .await;
    let by_transfer: Vec<i64> = libro
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["transferenciaId"] == id)
        .filter_map(|a| a["cantidad"].as_i64())
        .collect();
    assert_eq!(by_transfer, [-3, 2], "{libro}");
    let (_, audit) = app
        .get(
            &format!("/api/auditoria/historial/Transferencia/{id}"),
            Some(&shop.admin),
        )
        .await;
    assert!(
        audit
            .to_string()
            .contains("recibida con faltante de 1 unidades: Un armazón llegó roto"),
        "{audit}"
    );
    ledger_matches_stock(&pool, shop.armazon).await;
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn a_transfer_cancelled_in_transit_puts_the_units_back(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let body = envio(&shop, json!([{"productoId": shop.armazon, "cantidad": 4}]));
    let id = id_of(&app, &shop.seller, "/api/transferencias", body, "transferencia").await;
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(6));
    // What is in transit keeps its product and branches, and says why.
    let (status, body) = app
        .delete(&format!("/api/productos/{}", shop.armazon), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["mensaje"],
        "Hay transferencias en tránsito con este producto. Recibilas o cancelalas para continuar"
    );
    let (status, body) = app
        .delete(&format!("/api/local/{}", shop.norte), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["mensaje"],
        "Hay transferencias en tránsito o un conteo abierto en este local. Recibilas, cancelalas o cerrá el conteo para continuar"
    );
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let path = format!("/api/transferencias/{id}/cancelacion");
    let (status, _) = app.post(&path, Some(&seller_norte), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app
        .post(
            &path,
            Some(&shop.seller),
            json!({"motivo": "Se envía la semana próxima"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["transferencia"]["estado"], "CANCELADA");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));
    let (status, body) = app
        .post(
            &format!("/api/transferencias/{id}/recepcion"),
            Some(&seller_norte),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["errors"], json!(["La transferencia está cancelada."]));
    assert_eq!(stock(&app, shop.armazon, shop.norte).await, Some(0));
    ledger_matches_stock(&pool, shop.armazon).await;
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn a_transfer_racing_a_sale_for_the_last_unit_never_takes_the_origin_below_zero(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let ultimo = shop.product(&app, "Último", shop.marca, &[(shop.centro, 1)]).await;
    for round in 0..3 {
        if round > 0 {
            let body = json!({"localId": shop.centro, "cantidad": 1, "motivo": "Correccion"});
            let (status, _) = app
                .post(&format!("/api/productos/{ultimo}/ajustes"), Some(&shop.admin), body)
                .await;
            assert_eq!(status, StatusCode::OK);
        }
        let mut venta = sale(&shop, 1);
        venta["detalles"][0]["producto"]["id"] = json!(ultimo);
        venta["detalles"][0]["precioUnitario"] = json!(3600.5);
        venta["detalles"][0]["subtotal"] = json!(3600.5);
        venta["total"] = json!(3600.5);
        venta["totalImpuesto"] = json!(3600.5);
        venta["cajaMovimientos"][0]["monto"] = json!(3600.5);
        venta["cajaMovimientos"][0]["montoImpuesto"] = json!(3600.5);
        let transfer = envio(&shop, json!([{"productoId": ultimo, "cantidad": 1}]));
        let (a, b) = tokio::join!(
            app.post("/api/movimientos", Some(&shop.seller), venta),
            app.post("/api/transferencias", Some(&shop.seller), transfer)
        );
        let won = [a.0, b.0].iter().filter(|s| **s == StatusCode::CREATED).count();
        assert_eq!(won, 1, "{} {}", a.1, b.1);
        assert_eq!(stock(&app, ultimo, shop.centro).await, Some(0));
    }
    ledger_matches_stock(&pool, ultimo).await;
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn a_transfer_is_refused_in_spanish_when_it_does_not_hold(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    for (body, error) in [
        (
            envio(&shop, json!([])),
            "Agregá al menos un producto a la transferencia.",
        ),
        (
            envio(&shop, json!([{"productoId": shop.armazon, "cantidad": 11}])),
            "Stock insuficiente para el producto: RB2140",
        ),
        (
            envio(
                &shop,
                json!([{"productoId": shop.armazon, "cantidad": 1}, {"productoId": shop.armazon, "cantidad": 1}]),
            ),
            &format!("El producto {} aparece más de una vez.", shop.armazon),
        ),
        (
            json!({"origenId": shop.centro, "destinoId": shop.centro, "lineas": [{"productoId": shop.armazon, "cantidad": 1}]}),
            "El local de destino debe ser distinto del de origen.",
        ),
        (
            envio(&shop, json!([{"productoId": 9999, "cantidad": 1}])),
            "El producto 9999 no existe.",
        ),
        (
            json!({"origenId": shop.centro, "destinoId": 9999, "lineas": [{"productoId": shop.armazon, "cantidad": 1}]}),
            "El local seleccionado no existe",
        ),
    ] {
        let (status, answer) = app.post("/api/transferencias", Some(&shop.admin), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"], json!([error]), "{answer}");
    }
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));
    let (status, _) = app.get("/api/transferencias?estado=PERDIDA", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = app.get("/api/transferencias/999", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[sqlx::test]
async fn a_transfer_or_adjustment_repeated_with_its_idempotency_key_happens_once(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let send = |uri: String, body: Value, key: &'static str| {
        let request = axum::http::Request::builder()
            .method("POST")
            .uri(uri)
            .header("Authorization", format!("Bearer {}", shop.admin))
            .header("Content-Type", "application/json")
            .header("Idempotency-Key", key)
            .body(axum::body::Body::from(body.to_string()))
            .unwrap();
        app.send(request)
    };
    // The client retries while the first request is still running.
    let body = envio(&shop, json!([{"productoId": shop.armazon, "cantidad": 6}]));
    let (a, b) = tokio::join!(
        send("/api/transferencias".into(), body.clone(), "envio-1"),
        send("/api/transferencias".into(), body, "envio-1")
    );
    crate::common::same_record_created(&a, &b, "transferencia");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(4));
    let ajuste = json!({"localId": shop.centro, "cantidad": -3, "motivo": "Rotura"});
    let path = format!("/api/productos/{}/ajustes", shop.armazon);
    let (a, b) = tokio::join!(
        send(path.clone(), ajuste.clone(), "rotura-1"),
        send(path, ajuste, "rotura-1")
    );
    assert_eq!((a.0, b.0), (StatusCode::OK, StatusCode::OK), "{} {}", a.1, b.1);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(1));
    let (_, list) = app.get("/api/transferencias", Some(&shop.admin)).await;
    assert_eq!(list["totalElements"], 1);
    verify_clean(&pool).await;
}
