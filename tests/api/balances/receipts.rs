//! A collection's own receipt: numbered per collecting branch without gaps, in a series apart
//! from the sales' receipts; printed by the collecting branch's staff even when the sale is
//! another branch's, with the sale it pays and the balance before and after; a retry with the
//! same key answers the same receipt and takes no number.

use super::cobro;
use crate::common::shop::{open_days, recorded, sale_on_credit};
use crate::common::{pdf_text, TestApp};
use axum::http::{Method, StatusCode};
use serde_json::json;
use sqlx::PgPool;

#[sqlx::test]
async fn a_collection_prints_a_numbered_receipt_of_its_own(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let dia = app.state.today().to_string();
    open_days(&app, &shop, &[&dia]).await;
    // A centre's sale of 2000.00 with 800.00 paid: its receipt is the centre's first sale's.
    let venta = recorded(&app, &shop.seller, sale_on_credit(&shop, &format!("{dia}T10:00"))).await;
    let (_, leida) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let comprobante = leida["comprobante"].as_str().unwrap().to_string();
    let path = format!("/api/movimientos/{venta}/cobros");

    // The north collects 700.00: receipt 1 of the north's collections, not of its sales.
    let (status, body) = app
        .call_keyed(
            Method::POST,
            &path,
            &seller_norte,
            "cobro-norte-1",
            Some(cobro(&shop, 700.0)),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let norte_1 = format!("{:04}-00000001", shop.norte);
    assert_eq!(
        body["recibo"],
        json!({"localId": shop.norte, "numero": 1, "comprobante": norte_1})
    );
    // The same request again: the same receipt, no new number.
    let (status, again) = app
        .call_keyed(
            Method::POST,
            &path,
            &seller_norte,
            "cobro-norte-1",
            Some(cobro(&shop, 700.0)),
        )
        .await;
    assert_eq!((status, &again["recibo"]), (StatusCode::CREATED, &body["recibo"]));

    // The north's cash list of the day shows the sale whose balance it collected, as a collector
    // reads it (no lines, no notes), with the north's payment.
    let (status, lista) = app
        .get(&format!("/api/movimientos/lista?fecha={dia}"), Some(&seller_norte))
        .await;
    assert_eq!(status, StatusCode::OK, "{lista}");
    assert_eq!(lista["totalElements"], 1, "{lista}");
    let fila = &lista["content"][0];
    assert_eq!((&fila["id"], &fila["detalles"]), (&json!(venta), &json!([])), "{fila}");
    assert!(
        fila["cajaMovimientos"]
            .as_array()
            .unwrap()
            .iter()
            .any(|p| p["monto"] == 700.0),
        "{fila}"
    );
    // A day without collections at the north lists nothing of the centre's.
    let (_, otro) = app
        .get("/api/movimientos/lista?fecha=2026-01-02", Some(&seller_norte))
        .await;
    assert_eq!(otro["totalElements"], 0);

    // The north's seller prints it; its text says what was paid, for which sale, and the balance.
    let receipt = format!("/api/recibos/{}/1", shop.norte);
    let (status, _, pdf) = app.download(&receipt, Some(&seller_norte)).await;
    assert_eq!(status, StatusCode::OK);
    let text = crate::common::squeeze(&pdf_text(&pdf));
    for expected in [
        format!("Recibo de cobro N° {norte_1}"),
        "Recibimos de: Ana".into(),
        format!("En pago a cuenta de la venta Comprobante N° {comprobante}"),
        "Forma de pago: Efectivo".into(),
        "Saldo anterior: $ 1.200,00".into(),
        "Importe recibido: $ 700,00".into(),
        "Saldo: $ 500,00".into(),
    ] {
        assert!(text.contains(&expected), "{expected:?} in {text}");
    }
    // The centre's seller may not print the north's receipts, nor the north's seller the centre's.
    let (status, _, _) = app.download(&receipt, Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The centre collects 100.00 twice: receipts 1 and 2 of the centre's collections.
    for (n, resto) in [(1, "$ 400,00"), (2, "$ 300,00")] {
        let (status, body) = app.post(&path, Some(&shop.seller), cobro(&shop, 100.0)).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["recibo"]["localId"], shop.centro);
        assert_eq!(body["recibo"]["numero"], n);
        let (status, _, pdf) = app
            .download(&format!("/api/recibos/{}/{n}", shop.centro), Some(&shop.seller))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert!(crate::common::squeeze(&pdf_text(&pdf)).contains(&format!("Saldo: {resto}")));
    }
    let (status, _, _) = app
        .download(&format!("/api/recibos/{}/1", shop.centro), Some(&seller_norte))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app
        .get(&format!("/api/recibos/{}/9", shop.centro), Some(&shop.seller))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(
        body["mensaje"],
        format!("No existe el recibo {:04}-00000009.", shop.centro)
    );
}

/// Collections racing at one branch on different sales: every receipt number taken once, none
/// skipped.
#[sqlx::test]
async fn collections_at_once_take_gapless_numbers(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let dia = app.state.today().to_string();
    open_days(&app, &shop, &[&dia]).await;
    let mut ventas = Vec::new();
    for _ in 0..6 {
        ventas.push(recorded(&app, &shop.seller, sale_on_credit(&shop, &format!("{dia}T10:00"))).await);
    }
    let answers = futures::future::join_all(ventas.iter().map(|v| {
        let path = format!("/api/movimientos/{v}/cobros");
        let app = &app;
        let seller = shop.seller.clone();
        let body = cobro(&shop, 50.0);
        async move { app.post(&path, Some(&seller), body).await }
    }))
    .await;
    let mut numeros: Vec<i64> = answers
        .iter()
        .map(|(status, body)| {
            assert_eq!(*status, StatusCode::CREATED, "{body}");
            body["recibo"]["numero"].as_i64().unwrap()
        })
        .collect();
    numeros.sort_unstable();
    assert_eq!(numeros, vec![1, 2, 3, 4, 5, 6]);
}
