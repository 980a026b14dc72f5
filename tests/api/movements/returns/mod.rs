//! Returns (devoluciones) against a real database: units back in stock at the branch
//! that takes them, the refund out of that branch's cash today, the sale never rewritten, a line
//! never returned twice (also when two returns race), a lens marked in the patient's history,
//! and the link both ways.

// Cents are written as pesos_cents (1000_50 is 1000.50).
#![allow(clippy::inconsistent_digit_grouping)]

use crate::common::shop::{recorded, stock, Shop};
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod refused;

fn today() -> chrono::NaiveDate {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive()
}

/// Two frames and a lens (products at 1000.50) sold to Ana at the centre, paid in cash.
fn sale_with_lens(shop: &Shop) -> Value {
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-20T10:30", "local": {"id": shop.centro},
        "paciente": {"id": shop.paciente}, "total": 3001.5, "totalImpuesto": 3001.5,
        "detalles": [
            {"cantidad": 2, "precioUnitario": 1000.5, "subtotal": 2001.0, "producto": {"id": shop.armazon}},
            {"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.lente}}
        ],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 3001.5, "montoImpuesto": 3001.5, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-11-20T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

fn devolucion(shop: &Shop, producto: i64, cantidad: i64) -> Value {
    json!({"lineas": [{"productoId": producto, "cantidad": cantidad}], "metodoPagoId": shop.efectivo})
}

async fn verify_clean(pool: &PgPool) {
    let differences = optica::support::verify(pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn a_partial_return_restocks_refunds_today_and_links_both_ways(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let venta = recorded(&app, &shop.seller, sale_with_lens(&shop)).await;
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));

    // The customer brings one frame back to the north branch (an admin's choice of branch).
    let path = format!("/api/movimientos/{venta}/devoluciones");
    let mut at_norte = devolucion(&shop, shop.armazon, 1);
    at_norte["localId"] = json!(shop.norte);
    // The north's drawer took nothing today: the refund is asked to be confirmed first, and
    // nothing is written until it is.
    let before = crate::common::event_count(&app.pool).await;
    let (status, body) = app.post(&path, Some(&shop.admin), at_norte.clone()).await;
    assert_eq!(
        (status, &body["confirmar"]),
        (StatusCode::CONFLICT, &json!(true)),
        "{body}"
    );
    assert_eq!(
        body["mensaje"],
        "El reintegro en Efectivo es mayor que lo que la caja de hoy debería tener. Revisalo, o confirmá que el dinero sale igual."
    );
    assert_eq!(crate::common::event_count(&app.pool).await, before);
    at_norte["confirmado"] = json!(true);
    let (status, body) = app.post(&path, Some(&shop.admin), at_norte).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["mensaje"], "La devolución ha sido registrada!");
    let refund = &body["movimiento"];
    let devuelta = refund["id"].as_i64().unwrap();
    assert_eq!(refund["tipoMovimiento"], "SALIDA");
    assert_eq!(refund["total"], 1000.5);
    assert_eq!(refund["devolucionDe"], venta);
    assert_eq!(refund["local"]["id"], shop.norte);
    // The refund names the sale by the number on the customer's receipt.
    let (_, sold) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.admin)).await;
    assert!(sold["comprobante"].is_string(), "{sold}");
    assert_eq!(refund["devolucionDeComprobante"], sold["comprobante"], "{refund}");
    let (_, listed) = app
        .get(&format!("/api/movimientos/{devuelta}"), Some(&shop.admin))
        .await;
    assert_eq!(listed["devolucionDeComprobante"], sold["comprobante"], "{listed}");
    assert_eq!(
        refund["descripcion"],
        format!(
            "Devolución de la venta N° {}: 1 × RB2140 Ray-Ban",
            sold["comprobante"].as_str().unwrap()
        )
    );
    assert_eq!(refund["paciente"]["id"], shop.paciente);

    // The unit is back at the north (a branch the frame was not offered at), the centre keeps its 8.
    assert_eq!(stock(&app, shop.armazon, shop.norte).await, Some(1));
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));
    // The sale is as sold, and names its return.
    let (_, sold) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.admin)).await;
    assert_eq!(sold["total"], 3001.5);
    assert_eq!(sold["detalles"][0]["cantidad"], 2);
    assert_eq!(sold["devoluciones"], json!([devuelta]));
    let devuelto = json!({"productos": [{"productoId": shop.armazon, "cantidad": 1}], "adicionales": [],
                          "valor": 1000.5, "credito": 0.0});
    assert_eq!(sold["devuelto"], devuelto);
    // The refund is money out of the north's cash today.
    let ledger: Vec<(i64, chrono::NaiveDate, i64)> =
        sqlx::query_as("select local_id, dia, cents from cash_ledger where movimiento_id = $1")
            .bind(devuelta)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(ledger, vec![(shop.norte, today(), -1000_50)]);
    // The stock ledger says why.
    let (_, libro) = app
        .get(&format!("/api/auditoria/stock/{}", shop.armazon), Some(&shop.admin))
        .await;
    let last = libro.as_array().and_then(|l| l.last()).cloned().unwrap_or_default();
    assert_eq!(
        (last["motivo"].as_str(), last["movimientoId"].as_i64()),
        (Some("Devolución"), Some(devuelta)),
        "{libro}"
    );

    // Two more frames than are left: refused, nothing changes.
    let (status, body) = app
        .post(&path, Some(&shop.seller), devolucion(&shop, shop.armazon, 2))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["Del producto RB2140 queda 1 unidad para devolver."])
    );
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));

    // The lens comes back too: the patient's history keeps it, marked.
    let (status, body) = app
        .post(&path, Some(&shop.seller), devolucion(&shop, shop.lente, 1))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let lens_return = body["movimiento"]["id"].as_i64().unwrap();
    let (_, paciente) = app
        .get(&format!("/api/pacientes/id/{}", shop.paciente), Some(&shop.admin))
        .await;
    let cristales = &paciente["historialFichas"][0]["cristales"];
    assert_eq!(cristales[0]["nombre"], "Orma Ray-Ban", "{paciente}");
    assert_eq!(cristales[0]["devolucionId"], lens_return, "{paciente}");

    // A sale with returns is not deleted, and a refund is neither edited nor deleted.
    let (status, body) = app
        .delete(&format!("/api/movimientos/{venta}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["mensaje"], "La venta tiene devoluciones y no se puede eliminar.");
    let (status, body) = app
        .delete(&format!("/api/movimientos/{devuelta}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["mensaje"],
        "Una devolución no se edita ni se elimina: registrá un nuevo movimiento para corregirla."
    );
    // The audit tells both sides.
    let (_, audit) = app
        .get(
            &format!("/api/auditoria/historial/Movimiento/{venta}"),
            Some(&shop.admin),
        )
        .await;
    let text = audit.to_string();
    assert!(
        text.contains(&format!("devolución registrada como movimiento {devuelta}")),
        "{audit}"
    );
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn a_return_of_a_sale_on_credit_first_cancels_what_is_owed(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    // 2000.00 of work, 800.00 paid: 1200.00 owed.
    let body = crate::common::shop::sale_on_credit(&shop, "2026-10-01T10:00");
    let venta = recorded(&app, &shop.seller, body).await;
    let path = format!("/api/movimientos/{venta}/devoluciones");
    // Nothing to refund would need no method; here 800.00 goes back, so one is needed.
    let (status, body) = app.post(&path, Some(&shop.seller), json!({"adicionales": [0]})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["Elegí el medio de pago con el que se devuelve el dinero."])
    );
    let asked = json!({"adicionales": [0], "metodoPagoId": shop.efectivo});
    let (status, body) = app.post(&path, Some(&shop.seller), asked.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["movimiento"]["total"], 800.0);
    let (_, sold) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.admin)).await;
    assert_eq!(sold["deuda"], 0.0);
    let (_, balances) = app.get("/api/cuentas-corrientes", Some(&shop.admin)).await;
    assert_eq!(balances["totalAdeudado"], 0.0, "{balances}");
    // Half of a second such sale comes back: 1000.00 of value, all credit. The balance's row
    // says what was paid (800.00), not the total less the debt.
    let body = json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-10-02T10:00", "local": {"id": shop.centro},
        "paciente": {"id": shop.paciente}, "total": 2000.0, "totalImpuesto": 800.0, "detalles": [],
        "detallesAdicionales": [{"descripcion": "Armazón", "subtotal": 1000.0}, {"descripcion": "Cristales", "subtotal": 1000.0}],
        "cajaMovimientos": [{"monto": 800.0, "montoImpuesto": 800.0, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-10-02T10:00"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    });
    let otra = recorded(&app, &shop.seller, body).await;
    let (status, body) = app
        .post(
            &format!("/api/movimientos/{otra}/devoluciones"),
            Some(&shop.seller),
            json!({"adicionales": [0]}),
        )
        .await;
    assert_eq!(
        (status, &body["movimiento"]["total"]),
        (StatusCode::CREATED, &json!(0.0)),
        "{body}"
    );
    let (_, balances) = app.get("/api/cuentas-corrientes", Some(&shop.admin)).await;
    let row = &balances["saldos"]["content"][0];
    assert_eq!(
        (row["pagado"].as_f64(), row["deuda"].as_f64()),
        (Some(800.0), Some(200.0)),
        "{row}"
    );
    // Returned once is returned.
    let (status, body) = app.post(&path, Some(&shop.seller), asked).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["El detalle «Anteojo completo» ya fue devuelto."])
    );
    // Collecting on it now finds no balance.
    let cobro = json!({"metodoPagoId": shop.efectivo, "monto": 1});
    let (status, body) = app
        .post(&format!("/api/movimientos/{venta}/cobros"), Some(&shop.seller), cobro)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn two_returns_racing_for_the_last_unit_return_it_once(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    for _ in 0..3 {
        let venta = crate::common::shop::sold(&app, &shop, 1).await;
        let path = format!("/api/movimientos/{venta}/devoluciones");
        let one = || app.post(&path, Some(&shop.seller), devolucion(&shop, shop.armazon, 1));
        let (a, b) = tokio::join!(one(), one());
        let mut statuses = [a.0, b.0];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::CREATED, StatusCode::BAD_REQUEST],
            "{} {}",
            a.1,
            b.1
        );
    }
    // Three sold, three returned: the centre has its 10 again.
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn a_seller_returns_only_their_branchs_sales_into_their_own_branch(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let venta = crate::common::shop::sold(&app, &shop, 1).await;
    let path = format!("/api/movimientos/{venta}/devoluciones");
    let mut elsewhere = devolucion(&shop, shop.armazon, 1);
    elsewhere["localId"] = json!(shop.norte);
    let (status, _) = app.post(&path, Some(&shop.seller), elsewhere).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The north's seller learns nothing of the centre's sale, whatever the body asks.
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    for asked in [
        json!({}),
        devolucion(&shop, shop.armazon, 99),
        json!({"adicionales": [0, 1]}),
    ] {
        let (status, body) = app.post(&path, Some(&seller_norte), asked).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    }
    let (status, body) = app
        .post(
            "/api/movimientos/999999/devoluciones",
            Some(&shop.seller),
            devolucion(&shop, shop.armazon, 1),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(9));
}

#[sqlx::test]
async fn a_lens_is_marked_returned_only_when_its_line_came_back_whole(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    // One line of two lenses (one pair): it records one lens in the history.
    let body = json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-20T10:30", "local": {"id": shop.centro},
        "paciente": {"id": shop.paciente}, "total": 2001.0, "totalImpuesto": 2001.0,
        "detalles": [{"cantidad": 2, "precioUnitario": 1000.5, "subtotal": 2001.0, "producto": {"id": shop.lente}}],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 2001.0, "montoImpuesto": 2001.0, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-11-20T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    });
    let venta = recorded(&app, &shop.seller, body).await;
    let path = format!("/api/movimientos/{venta}/devoluciones");
    let patient = format!("/api/pacientes/id/{}", shop.paciente);
    let lens = |answer: (StatusCode, Value)| answer.1["historialFichas"][0]["cristales"][0].clone();
    let (status, body) = app
        .post(&path, Some(&shop.seller), devolucion(&shop, shop.lente, 1))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let first = lens(app.get(&patient, Some(&shop.admin)).await);
    assert_eq!(first["devolucionId"], Value::Null, "half the line came back: {first}");
    let (status, body) = app
        .post(&path, Some(&shop.seller), devolucion(&shop, shop.lente, 1))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let second = lens(app.get(&patient, Some(&shop.admin)).await);
    assert_eq!(second["devolucionId"], body["movimiento"]["id"]);
    verify_clean(&pool).await;
}

/// A refund goes back the way the customer paid: split across methods that add up to it.
#[sqlx::test]
async fn a_refund_is_split_across_methods_that_add_up_to_it(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let venta = recorded(&app, &shop.seller, crate::common::shop::sale(&shop, 2)).await;
    let path = format!("/api/movimientos/{venta}/devoluciones");
    let body = |reintegros: Value| json!({"lineas": [{"productoId": shop.armazon, "cantidad": 1}], "reintegros": reintegros, "confirmado": true});
    let before = crate::common::event_count(&app.pool).await;
    for (reintegros, error) in [
        (
            json!([{"metodoPagoId": shop.efectivo, "monto": 100}]),
            "Los medios del reintegro suman $ 100,00, pero se devuelven $ 1.000,50.",
        ),
        (
            json!([{"metodoPagoId": shop.efectivo, "monto": 0}, {"metodoPagoId": shop.tarjeta, "monto": 1000.5}]),
            "Cada medio del reintegro debe devolver más de $ 0,00.",
        ),
        (
            json!([{"metodoPagoId": 999_999, "monto": 1000.5}]),
            "El método de pago seleccionado no existe",
        ),
    ] {
        let (status, answer) = app.post(&path, Some(&shop.seller), body(reintegros)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer.to_string().contains(error), "{error}: {answer}");
    }
    assert_eq!(
        crate::common::event_count(&app.pool).await,
        before,
        "a refused refund writes nothing"
    );

    let split = json!([{"metodoPagoId": shop.efectivo, "monto": 500}, {"metodoPagoId": shop.tarjeta, "monto": 500.5}]);
    let (status, answer) = app.post(&path, Some(&shop.seller), body(split)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let pagos: Vec<(i64, f64)> = answer["movimiento"]["cajaMovimientos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["metodoPago"]["id"].as_i64().unwrap(), p["monto"].as_f64().unwrap()))
        .collect();
    assert_eq!(pagos, vec![(shop.efectivo, 500.0), (shop.tarjeta, 500.5)]);
}
