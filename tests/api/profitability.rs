//! The owner's true margin ('Rentabilidad') over a few days of sales, checked against figures
//! computed by hand: a discount, cards in 1, 3 and 12 cuotas (the surcharge apart), a product's
//! cost raised between two sales, a return, and a line sold at $ 0 under warranty.

use axum::http::StatusCode;
use chrono::{Duration, NaiveDate};
use serde_json::{json, Value};

use crate::common::shop::{id_of, open_days, recorded};
use crate::common::{sheet_rows, TestApp};

fn today() -> NaiveDate {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive()
}

/// A sale at the centre on `dia`, by `vendedor`, of `lineas` (product, units, unit price) and
/// `extras`, with `descuento` percent off, paid by card with `pago` (monto, montoImpuesto,
/// cuotas).
fn sale(
    shop: &crate::common::shop::Shop,
    dia: NaiveDate,
    vendedor: &str,
    lineas: &[(i64, i64, f64)],
    extras: &[(&str, f64)],
    descuento: f64,
    pago: (f64, f64, Option<i64>),
) -> Value {
    let fecha = format!("{dia}T11:00");
    let bruto: f64 =
        lineas.iter().map(|(_, c, p)| *c as f64 * p).sum::<f64>() + extras.iter().map(|e| e.1).sum::<f64>();
    let total = (bruto * (100.0 - descuento)).round() / 100.0;
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": fecha, "local": {"id": shop.centro}, "vendedor": vendedor,
        "descuento": if descuento == 0.0 { Value::Null } else { json!(descuento) },
        "total": total, "totalImpuesto": pago.1,
        "detalles": lineas.iter().map(|(producto, cantidad, precio)| json!({
            "cantidad": cantidad, "precioUnitario": precio, "subtotal": *cantidad as f64 * precio,
            "producto": {"id": producto}})).collect::<Vec<_>>(),
        "detallesAdicionales": extras.iter().map(|(d, s)| json!({"descripcion": d, "subtotal": s})).collect::<Vec<_>>(),
        "cajaMovimientos": [{"monto": pago.0, "montoImpuesto": pago.1, "cuotas": pago.2,
                             "metodoPago": {"id": shop.tarjeta}, "fecha": fecha}],
        "estadoMovimiento": "ENTREGADO"
    })
}

/// Units, income, cost, margin and margin %.
type Cifras = (i64, f64, f64, f64, Value);

fn figures(g: &Value) -> Cifras {
    (
        g["unidades"].as_i64().unwrap(),
        g["ingresos"].as_f64().unwrap(),
        g["costo"].as_f64().unwrap(),
        g["margen"].as_f64().unwrap(),
        g["margenPorcentaje"].clone(),
    )
}

async fn report(app: &TestApp, token: &str, query: &str) -> Value {
    let (status, answer) = app.get(&format!("/api/rentabilidad?{query}"), Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{query}: {answer}");
    answer
}

fn groups(r: &Value) -> Vec<(String, Cifras)> {
    r["grupos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| (g["grupo"].as_str().unwrap().to_string(), figures(g)))
        .collect()
}

#[sqlx::test]
async fn the_margin_is_the_price_charged_net_of_returns_less_the_cost_when_sold(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let admin = shop.admin.clone();
    let dias: Vec<NaiveDate> = (0..5).rev().map(|n| today() - Duration::days(n)).collect();
    let past: Vec<String> = dias[..4].iter().map(NaiveDate::to_string).collect();
    open_days(&app, &shop, &past.iter().map(String::as_str).collect::<Vec<_>>()).await;
    for (cuotas, recargo) in [(1, 0), (3, 0), (12, 20)] {
        let body = json!({"cuotas": cuotas, "recargo": recargo, "desde": dias[0].to_string()});
        let (status, answer) = app
            .post(&format!("/api/metodoPago/{}/planes", shop.tarjeta), Some(&admin), body)
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
    }
    let product = |modelo: &str, marca: i64, costo: f64, precio: f64| {
        let mut body = shop.body(modelo, marca, &[(shop.centro, 10)]);
        body["costo"] = json!(costo);
        body["precio"] = json!(precio);
        body
    };
    let aviator = id_of(
        &app,
        &admin,
        "/api/productos",
        product("Aviator", shop.marca, 40_000.0, 100_000.0),
        "producto",
    )
    .await;
    let vulk = id_of(
        &app,
        &admin,
        "/api/productos",
        product("Vulk X", shop.otra_marca, 20_000.0, 50_000.0),
        "producto",
    )
    .await;

    // 1. Eva: an Aviator with 10 % off, by card in one payment: 90.000, cost 40.000.
    recorded(
        &app,
        &admin,
        sale(
            &shop,
            dias[0],
            "Eva",
            &[(aviator, 1, 100_000.0)],
            &[],
            10.0,
            (90_000.0, 90_000.0, Some(1)),
        ),
    )
    .await;
    // 2. Eva: two Vulk and lenses, 130.000 in 3 cuotas without surcharge: cost 40.000.
    let venta2 = recorded(
        &app,
        &admin,
        sale(
            &shop,
            dias[1],
            "Eva",
            &[(vulk, 2, 50_000.0)],
            &[("Cristales", 30_000.0)],
            0.0,
            (130_000.0, 130_000.0, Some(3)),
        ),
    )
    .await;
    // 3. The Aviator's cost goes up 25 %: 50.000 from now on.
    let (status, answer) = app
        .post(
            "/api/productos/actualizar-precios",
            Some(&admin),
            json!({"tipo": "costo", "tipoCambio": "porcentaje", "valor": 25, "marca": shop.marca}),
        )
        .await;
    assert!(status.is_success(), "{answer}");
    // 4. Juan: an Aviator and a Vulk with 5 % off, 142.500 in 12 cuotas with 20 %: the card is
    //    charged 171.000 (28.500 of surcharge, financial income). Costs 50.000 and 20.000.
    recorded(
        &app,
        &admin,
        sale(
            &shop,
            dias[3],
            "Juan",
            &[(aviator, 1, 100_000.0), (vulk, 1, 50_000.0)],
            &[],
            5.0,
            (142_500.0, 171_000.0, Some(12)),
        ),
    )
    .await;
    // 5. Today a Vulk of sale 2 comes back: 50.000 refunded, its 20.000 of cost back in stock.
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta2}/devoluciones"),
            Some(&admin),
            json!({"lineas": [{"productoId": vulk, "cantidad": 1}], "metodoPagoId": shop.efectivo, "confirmado": true}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    // 6. Juan, today: a Vulk replaced under warranty at $ 0, and a 5.000 service.
    let mut garantia = sale(
        &shop,
        dias[4],
        "Juan",
        &[(vulk, 1, 0.0)],
        &[("Service", 5_000.0)],
        0.0,
        (5_000.0, 5_000.0, None),
    );
    garantia["motivoPrecio"] = json!("GARANTIA");
    garantia["cajaMovimientos"][0]["metodoPago"] = json!({"id": shop.efectivo});
    recorded(&app, &admin, garantia).await;

    let periodo = format!("fechaInicio={}&fechaFin={}", dias[0], dias[4]);
    let r = report(&app, &admin, &periodo).await;
    // By hand: income 90.000 + 100.000 + 30.000 + 95.000 + 47.500 − 50.000 + 0 + 5.000 = 317.500;
    // cost 40.000 + 40.000 + 50.000 + 20.000 − 20.000 + 20.000 = 150.000; margin 167.500 (52,8 %).
    assert_eq!(
        figures(&r["totales"]),
        (5, 317_500.0, 150_000.0, 167_500.0, json!(52.8)),
        "{r}"
    );
    assert_eq!(r["recargosTarjeta"], 28_500.0);
    assert_eq!(
        groups(&r),
        [
            ("Ray-Ban".to_string(), (2, 185_000.0, 90_000.0, 95_000.0, json!(51.4))),
            ("Vulk".to_string(), (3, 97_500.0, 60_000.0, 37_500.0, json!(38.5))),
            (
                "Detalles adicionales".to_string(),
                (0, 35_000.0, 0.0, 35_000.0, json!(100.0))
            ),
        ]
    );
    assert_eq!(
        r["sinCargo"],
        json!([{"movimientoId": r["sinCargo"][0]["movimientoId"], "comprobante": r["sinCargo"][0]["comprobante"],
                "fecha": r["sinCargo"][0]["fecha"], "producto": "Vulk X Vulk", "cantidad": 1, "costo": 20_000.0,
                "motivo": "Garantía"}])
    );

    // By seller: the return is Eva's sale's.
    let r = report(&app, &admin, &format!("{periodo}&agrupar=vendedor")).await;
    assert_eq!(
        groups(&r),
        [
            ("Eva".to_string(), (2, 170_000.0, 60_000.0, 110_000.0, json!(64.7))),
            ("Juan".to_string(), (3, 147_500.0, 90_000.0, 57_500.0, json!(39.0))),
        ]
    );
    // A brand alone leaves the additional lines out; a category takes both frames.
    let r = report(&app, &admin, &format!("{periodo}&marcaId={}", shop.otra_marca)).await;
    assert_eq!(figures(&r["totales"]), (3, 97_500.0, 60_000.0, 37_500.0, json!(38.5)));
    let r = report(
        &app,
        &admin,
        &format!("{periodo}&categoriaId={}&agrupar=categoria", shop.categoria),
    )
    .await;
    assert_eq!(figures(&r["totales"]).1, 282_500.0);
    assert_eq!(groups(&r).len(), 1, "{r}");
    // By month and by branch, the groups add up to the same totals.
    for agrupar in ["mes", "local"] {
        let r = report(&app, &admin, &format!("{periodo}&agrupar={agrupar}")).await;
        let sum: f64 = groups(&r).iter().map(|g| g.1 .1).sum();
        assert_eq!(sum, 317_500.0, "{agrupar}: {r}");
    }
    // A day before the cost change and the return: sale 1 alone.
    let r = report(&app, &admin, &format!("fechaInicio={}&fechaFin={}", dias[0], dias[0])).await;
    assert_eq!(figures(&r["totales"]), (1, 90_000.0, 40_000.0, 50_000.0, json!(55.6)));

    // The workbook holds the same figures.
    let (status, _, bytes) = app
        .download(&format!("/api/rentabilidad/excel?{periodo}"), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let rows = sheet_rows(&bytes, "Rentabilidad");
    let text = |r: usize, c: usize| rows[r][c].to_string();
    assert_eq!(
        (text(2, 0), text(3, 0), text(3, 2), text(6, 0), text(6, 2), text(6, 3)),
        (
            "Marca".into(),
            "Ray-Ban".into(),
            "185000".into(),
            "Total".into(),
            "317500".into(),
            "150000".into()
        )
    );
    let sin_cargo = sheet_rows(&bytes, "Sin cargo");
    assert_eq!(sin_cargo[1][5].to_string(), "Garantía");

    // For admins only; a bad grouping or period is refused in Spanish.
    let (status, _) = app
        .get(&format!("/api/rentabilidad?{periodo}"), Some(&shop.seller))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, answer) = app
        .get(&format!("/api/rentabilidad?{periodo}&agrupar=color"), Some(&admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["mensaje"],
        "No se puede agrupar por 'color': elegí marca, categoria, local, vendedor o mes."
    );
    let (status, answer) = app.get("/api/rentabilidad", Some(&admin)).await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("Ingresar fecha de inicio y fin por favor")
        )
    );
}
