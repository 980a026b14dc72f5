//! What came in and what was sold, over a day with sales at both branches, a return, and a debt
//! of one branch's sale collected at the other: the income per branch and method equals what
//! each branch's closing expects (less its float); what was sold is counted on the sale's day
//! and branch, net of the return.

use crate::common::shop::{open_days, recorded, sale_of, sale_on_credit};
use crate::common::TestApp;
use axum::http::StatusCode;
use calamine::Data;
use serde_json::{json, Value};
use sqlx::PgPool;

fn periodo(local: i64, dia: &str) -> Value {
    json!({"local": local, "fechaInicio": dia, "fechaFin": dia})
}

/// An income answer as (method id → net), with entrada and salida checked to add up.
fn net_by_method(ingresos: &Value) -> Vec<(i64, f64)> {
    ingresos
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let (e, s, n) = (
                m["entrada"].as_f64().unwrap(),
                m["salida"].as_f64().unwrap(),
                m["neto"].as_f64().unwrap(),
            );
            assert!((e - s - n).abs() < 0.001, "{m}");
            (m["metodoPagoId"].as_i64().unwrap(), n)
        })
        .collect()
}

#[sqlx::test]
async fn what_came_in_equals_the_closings_and_what_was_sold_is_net_of_returns(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let dia = app.state.today().to_string();
    let at = format!("{dia}T10:00");
    open_days(&app, &shop, &[&dia]).await;
    // Both drawers start with a float, which is no income.
    for local in [shop.centro, shop.norte] {
        let fondo = json!({"fondo": [{"metodoPagoId": shop.efectivo, "monto": 5000}]});
        let (status, answer) = app
            .post(&format!("/api/caja/{local}/{dia}/apertura"), Some(&shop.admin), fondo)
            .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;

    // Yapeyú sells 2000.00 on credit, 800.00 paid in cash.
    let mut credito = sale_on_credit(&shop, &at);
    credito["local"] = json!({"id": shop.norte});
    let venta_norte = recorded(&app, &seller_norte, credito).await;
    // La Cruz sells two frames of 1000.50 for cash, and one comes back (refunded in cash).
    let mut dos = sale_of(&shop, shop.armazon, 1000.5, 2);
    dos["fecha"] = json!(at);
    dos["cajaMovimientos"][0]["fecha"] = json!(at);
    let venta_centro = recorded(&app, &shop.seller, dos).await;
    let devolucion = json!({"lineas": [{"productoId": shop.armazon, "cantidad": 1}], "metodoPagoId": shop.efectivo});
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta_centro}/devoluciones"),
            Some(&shop.seller),
            devolucion,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    // La Cruz collects the rest of Yapeyú's sale, 1200.00 by card.
    let cobro = json!({"metodoPagoId": shop.tarjeta, "monto": 1200});
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta_norte}/cobros"),
            Some(&shop.seller),
            cobro,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");

    // What came in, per branch and method, is what the closing expects less the float.
    let mut total_by_method: Vec<(i64, f64)> = Vec::new();
    for (local, expected) in [
        (
            shop.centro,
            vec![(shop.efectivo, 2001.0 - 1000.5), (shop.tarjeta, 1200.0)],
        ),
        (shop.norte, vec![(shop.efectivo, 800.0), (shop.tarjeta, 0.0)]),
    ] {
        let (status, ingresos) = app
            .post("/api/estadisticas/ingresos", Some(&shop.admin), periodo(local, &dia))
            .await;
        assert_eq!(status, StatusCode::OK, "{ingresos}");
        let net = net_by_method(&ingresos);
        assert_eq!(net, expected, "branch {local}: {ingresos}");
        // The closing is blind: it shows what it expected once counted. Counted as the income
        // says (plus the float), it closes, and its expected figures are the income's.
        let fondo = |id: i64| if id == shop.efectivo { 5000.0 } else { 0.0 };
        let contado: Vec<Value> = net
            .iter()
            .map(|(id, n)| json!({"metodoPagoId": id, "monto": fondo(*id) + n}))
            .collect();
        let (status, closed) = app
            .post(
                &format!("/api/caja/{local}/{dia}/cierre"),
                Some(&shop.admin),
                json!({"contado": contado}),
            )
            .await;
        assert_eq!(
            (status, &closed["caja"]["estado"]),
            (StatusCode::OK, &json!("CERRADA")),
            "{closed}"
        );
        for m in closed["caja"]["metodos"].as_array().unwrap() {
            let id = m["metodoPagoId"].as_i64().unwrap();
            let esperado = m["esperado"].as_f64().unwrap() - m["fondo"].as_f64().unwrap();
            let came_in = net.iter().find(|(m, _)| *m == id).map_or(0.0, |(_, n)| *n);
            assert!(
                (esperado - came_in).abs() < 0.001,
                "branch {local} method {id}: closing {esperado}, income {came_in}"
            );
        }
        for (id, n) in net {
            match total_by_method.iter_mut().find(|(m, _)| *m == id) {
                Some(t) => t.1 += n,
                None => total_by_method.push((id, n)),
            }
        }
    }
    // All branches: the sum of the two.
    let (_, todas) = app
        .post("/api/estadisticas/ingresos", Some(&shop.admin), periodo(0, &dia))
        .await;
    assert_eq!(net_by_method(&todas), total_by_method);

    // What was sold, on the sale's day and branch, net of the return: one frame at La Cruz.
    let (_, vendidas) = app
        .post(
            "/api/movimientos/total-vendido",
            Some(&shop.admin),
            periodo(shop.centro, &dia),
        )
        .await;
    assert_eq!(vendidas["total"], 1, "{vendidas}");
    let (_, por_dia) = app
        .post(
            "/api/estadisticas/ventas-por-dia",
            Some(&shop.admin),
            periodo(shop.centro, &dia),
        )
        .await;
    assert_eq!(por_dia, json!([{"fecha": dia, "ventas": 1, "total": 1000.5}]));
    // Yapeyú's sale stays Yapeyú's, whole, though its debt came in at La Cruz.
    let (_, norte) = app
        .post(
            "/api/estadisticas/ventas-por-dia",
            Some(&shop.admin),
            periodo(shop.norte, &dia),
        )
        .await;
    assert_eq!(norte, json!([{"fecha": dia, "ventas": 1, "total": 2000.0}]));
    // The sales workbook lists the frame once, its profit of one unit.
    let (_, rows) = super::workbook(&app, &shop.admin, "/api/excel/ventas", periodo(shop.centro, &dia)).await;
    let frame = rows
        .iter()
        .find(|r| r.iter().any(|c| matches!(c, Data::String(s) if s == "RB2140")))
        .unwrap_or_else(|| panic!("{rows:?}"));
    let one = |c: &Data| matches!(c, Data::Float(f) if *f == 1.0) || matches!(c, Data::Int(1));
    assert!(frame.iter().any(one), "one unit: {frame:?}");
}
