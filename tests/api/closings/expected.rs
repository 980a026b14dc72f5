//! What makes up each method's expected figure, over a day with a float, a sale, a refund, an
//! expense and a debt of the other branch's sale collected here: the lines add up to the figure
//! the count was compared with, and they stay hidden until the day is counted.

use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

use super::{day_path, expense, sale, today, today_ar};
use crate::common::shop::{recorded, sale_on_credit};
use crate::common::TestApp;

/// One method's lines as (partida, concepto, monto, abrible): the float first, then the movements
/// in the order they were recorded (checked here), sorted by concept for the comparison, since a
/// refund is recorded at the test's own hour.
fn lines(metodos: &Value, metodo: i64) -> Vec<(String, String, f64, bool)> {
    let m = metodos
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metodoPagoId"] == metodo)
        .unwrap_or_else(|| panic!("method {metodo} missing in {metodos}"));
    let lineas = m["lineas"].as_array().unwrap();
    let fechas: Vec<&str> = lineas.iter().filter_map(|l| l["fecha"].as_str()).collect();
    assert!(fechas.windows(2).all(|w| w[0] <= w[1]), "in the order recorded: {m}");
    let mut found: Vec<(String, String, f64, bool)> = lineas
        .iter()
        .map(|l| {
            (
                l["partida"].as_str().unwrap().to_string(),
                l["concepto"].as_str().unwrap().to_string(),
                l["monto"].as_f64().unwrap(),
                l["abrible"].as_bool().unwrap(),
            )
        })
        .collect();
    let fondo = usize::from(found.first().is_some_and(|l| l.0 == "FONDO"));
    found[fondo..].sort_by(|a, b| a.1.cmp(&b.1));
    found
}

fn esperado(metodos: &Value, metodo: i64) -> f64 {
    metodos
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metodoPagoId"] == metodo)
        .and_then(|m| m["esperado"].as_f64())
        .unwrap()
}

#[sqlx::test]
async fn each_expected_figure_opens_into_the_float_and_every_movement_once_counted(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let path = day_path(&shop);
    let dia = today();
    let fondo = json!({"fondo": [{"metodoPagoId": shop.efectivo, "monto": 5000}]});
    let (status, answer) = app.post(&format!("{path}/apertura"), Some(&shop.seller), fondo).await;
    assert_eq!(status, StatusCode::OK, "{answer}");

    // The north sells on credit this morning; the centre sells two frames, one comes back, pays
    // for cleaning, and collects the north's debt by card.
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let mut credito = sale_on_credit(&shop, &format!("{dia}T09:00"));
    credito["local"] = json!({"id": shop.norte});
    let venta_norte = recorded(&app, &seller_norte, credito).await;
    let venta = recorded(&app, &shop.seller, sale(&shop, 2)).await;
    let devolucion = json!({"lineas": [{"productoId": shop.armazon, "cantidad": 1}], "metodoPagoId": shop.efectivo});
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta}/devoluciones"),
            Some(&shop.seller),
            devolucion,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let reintegro = answer["movimiento"]["id"].as_i64().unwrap();
    let gasto = recorded(&app, &shop.seller, expense(&shop, 300.0)).await;
    let cobro = json!({"metodoPagoId": shop.tarjeta, "monto": 1200});
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta_norte}/cobros"),
            Some(&shop.seller),
            cobro,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");

    // Blind until counted, for the seller and the admin alike.
    for token in [&shop.seller, &shop.admin] {
        let (status, answer) = app.get(&format!("{path}/esperado"), Some(token)).await;
        assert_eq!(
            (status, answer["mensaje"].as_str()),
            (
                StatusCode::CONFLICT,
                Some("Lo esperado se ve después de contar la caja: el conteo es a ciegas.")
            )
        );
    }
    // A seller of another branch never sees it.
    let (status, _) = app.get(&format!("{path}/esperado"), Some(&seller_norte)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Counted short, the day stays open and shows what it expected.
    let contado = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 5000}]});
    let (status, counted) = app.post(&format!("{path}/cierre"), Some(&shop.seller), contado).await;
    assert_eq!(status, StatusCode::OK, "{counted}");
    let (status, metodos) = app.get(&format!("{path}/esperado"), Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{metodos}");
    let (_, vendida) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let (_, norte) = app
        .get(&format!("/api/movimientos/{venta_norte}"), Some(&seller_norte))
        .await;
    let (comprobante, comprobante_norte) = (
        vendida["comprobante"].as_str().unwrap(),
        norte["comprobante"].as_str().unwrap(),
    );
    let line = |p: &str, c: String, m: f64, a: bool| (p.to_string(), c, m, a);
    assert_eq!(
        lines(&metodos, shop.efectivo),
        [
            line("FONDO", "Fondo inicial".into(), 5000.0, false),
            line(
                "REINTEGRO",
                format!("Reintegro de la devolución #{reintegro} (venta {comprobante})"),
                -1000.5,
                true
            ),
            line("GASTO", format!("Salida #{gasto}: Limpieza"), -300.0, true),
            line("VENTA", format!("Venta {comprobante}"), 2001.0, true),
        ]
    );
    // The north's sale is collected here: named, but the centre's seller cannot open it.
    assert_eq!(
        lines(&metodos, shop.tarjeta),
        [line(
            "COBRO",
            format!("Cobro de la venta {comprobante_norte} del {}", today_ar()),
            1200.0,
            false
        )]
    );
    // The lines add up to what the count was compared with.
    for m in counted["caja"]["metodos"].as_array().unwrap() {
        let id = m["metodoPagoId"].as_i64().unwrap();
        assert_eq!(esperado(&metodos, id), m["esperado"].as_f64().unwrap(), "{metodos}");
    }
    assert_eq!(esperado(&metodos, shop.efectivo), 5700.5);

    // An admin may open every movement behind the figures.
    let (_, metodos) = app.get(&format!("{path}/esperado"), Some(&shop.admin)).await;
    assert!(lines(&metodos, shop.tarjeta).iter().all(|l| l.3), "{metodos}");
}
