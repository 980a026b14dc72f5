//! Returns refused in Spanish: on a closed day, twice with one key, or with an absurd line or quantity.

use super::*;

#[sqlx::test]
async fn a_return_that_only_cancels_debt_is_refused_on_a_closed_day(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    // Two frames (2001.00) paid 1.00: a frame back (1000.50) is all credit, no money moves.
    let mut on_credit = crate::common::shop::sale(&shop, 2);
    on_credit["cajaMovimientos"][0]["monto"] = json!(1);
    on_credit["cajaMovimientos"][0]["montoImpuesto"] = json!(1);
    on_credit["totalImpuesto"] = json!(1);
    let venta = recorded(&app, &shop.seller, on_credit).await;
    let cierre = json!({"contado": [], "motivo": "Cierre de prueba"});
    let (status, body) = app
        .post(
            &format!("/api/caja/{}/{}/cierre", shop.centro, today()),
            Some(&shop.admin),
            cierre,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let path = format!("/api/movimientos/{venta}/devoluciones");
    let (status, body) = app
        .post(
            &path,
            Some(&shop.seller),
            json!({"lineas": [{"productoId": shop.armazon, "cantidad": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));
}

#[sqlx::test]
async fn a_repeated_return_with_its_idempotency_key_answers_the_first_refund(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    for round in 0..3 {
        let venta = crate::common::shop::sold(&app, &shop, 1).await;
        let send = || {
            let request = axum::http::Request::builder()
                .method("POST")
                .uri(format!("/api/movimientos/{venta}/devoluciones"))
                .header("Authorization", format!("Bearer {}", shop.seller))
                .header("Content-Type", "application/json")
                .header("Idempotency-Key", format!("devolucion-{round}"))
                .body(axum::body::Body::from(devolucion(&shop, shop.armazon, 1).to_string()))
                .unwrap();
            app.send(request)
        };
        let (a, b) = tokio::join!(send(), send());
        crate::common::same_record_created(&a, &b, "movimiento");
    }
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));
}

#[sqlx::test]
async fn an_absurd_position_or_quantity_is_refused_in_spanish(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let venta = crate::common::shop::sold(&app, &shop, 1).await;
    let path = format!("/api/movimientos/{venta}/devoluciones");
    let (status, body) = app
        .post(&path, Some(&shop.seller), json!({"adicionales": [4294967295u32]}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["errors"],
        json!(["La venta no tiene un detalle adicional número 4294967296."])
    );
    let huge = json!({"lineas": [{"productoId": shop.armazon, "cantidad": i64::MAX}, {"productoId": shop.armazon, "cantidad": i64::MAX}]});
    let (status, body) = app.post(&path, Some(&shop.seller), huge).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(9));
}

/// The drawer check takes a refund's parts by method together: split in two parts of one method,
/// a refund the drawer cannot pay asks to be confirmed as it does whole, and writes nothing.
#[sqlx::test]
async fn a_refund_split_within_one_method_is_checked_against_the_drawer_whole(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    // Today the centre's drawer takes 1200.00 in cash: two frames (2001.00), the rest by card.
    let hoy = format!("{}T10:00", today());
    let mut venta = crate::common::shop::sale_of(&shop, shop.armazon, 1000.5, 2);
    venta["fecha"] = json!(hoy);
    venta["cajaMovimientos"] = json!([
        {"monto": 1200, "montoImpuesto": 1200, "metodoPago": {"id": shop.efectivo}, "fecha": hoy},
        {"monto": 801, "montoImpuesto": 801, "metodoPago": {"id": shop.tarjeta}, "fecha": hoy}
    ]);
    let venta = recorded(&app, &shop.seller, venta).await;
    let path = format!("/api/movimientos/{venta}/devoluciones");
    let before = crate::common::event_count(&app.pool).await;
    for reintegros in [
        json!([{"metodoPagoId": shop.efectivo, "monto": 2001}]),
        json!([{"metodoPagoId": shop.efectivo, "monto": 1000.5}, {"metodoPagoId": shop.efectivo, "monto": 1000.5}]),
    ] {
        let body = json!({"lineas": [{"productoId": shop.armazon, "cantidad": 2}], "reintegros": reintegros});
        let (status, answer) = app.post(&path, Some(&shop.seller), body).await;
        assert_eq!(
            (status, &answer["confirmar"]),
            (StatusCode::CONFLICT, &json!(true)),
            "{reintegros}: {answer}"
        );
        assert!(
            answer["mensaje"]
                .as_str()
                .unwrap()
                .starts_with("El reintegro en Efectivo es mayor"),
            "{answer}"
        );
    }
    assert_eq!(crate::common::event_count(&app.pool).await, before);
}
