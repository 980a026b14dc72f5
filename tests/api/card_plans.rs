//! A card's plans in cuotas: an admin keeps them with the day each rate starts; a payment in
//! cuotas is charged the plan's surcharge of its day and keeps it; the receipt prints the
//! instalments; the storefront's "cuotas sin interés" comes from the plans.

use axum::http::StatusCode;
use chrono::NaiveDate;
use serde_json::{json, Value};

use crate::common::shop::{id_of, recorded, Shop};
use crate::common::{event_count, pdf_text, squeeze, TestApp};

fn today() -> NaiveDate {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive()
}

fn ar(d: NaiveDate) -> String {
    d.format("%d/%m/%Y").to_string()
}

async fn set_rate(app: &TestApp, shop: &Shop, metodo: i64, body: Value) -> Value {
    let path = format!("/api/metodoPago/{metodo}/planes");
    let (status, answer) = app.post(&path, Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

/// The plans in force on `dia`, as (method, cuotas, surcharge).
async fn in_force(app: &TestApp, shop: &Shop, dia: NaiveDate) -> Vec<(String, i64, f64)> {
    let (status, list) = app
        .get(&format!("/api/planesTarjeta?fecha={dia}"), Some(&shop.seller))
        .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["metodoPago"]["nombre"].as_str().unwrap().to_string(),
                p["cuotas"].as_i64().unwrap(),
                p["recargo"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn errors(answer: &Value) -> Vec<String> {
    let list = answer["errors"].as_array().map(|e| e.to_vec()).unwrap_or_default();
    list.iter()
        .map(|e| e.as_str().unwrap_or_default().to_string())
        .collect()
}

#[sqlx::test]
async fn an_admin_keeps_each_cards_plans_with_the_day_each_rate_starts(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (hoy, manana) = (today(), today() + chrono::Duration::days(1));
    let visa = shop.tarjeta;
    let answer = set_rate(&app, &shop, visa, json!({"cuotas": 3, "recargo": "0"})).await;
    assert_eq!(answer["mensaje"], "El plan de 3 cuotas ha sido guardado!");
    set_rate(&app, &shop, visa, json!({"cuotas": 6, "recargo": "10,5"})).await;
    let answer = set_rate(
        &app,
        &shop,
        visa,
        json!({"cuotas": 12, "recargo": 25, "desde": manana.to_string()}),
    )
    .await;
    let planes = &answer["planes"];
    assert_eq!(planes["metodoPago"]["nombre"], "Tarjeta");
    assert_eq!(
        planes["planes"],
        json!([
            {"cuotas": 3, "vigente": {"recargo": 0.0, "desde": hoy.to_string()},
             "tasas": [{"recargo": 0.0, "desde": hoy.to_string()}]},
            {"cuotas": 6, "vigente": {"recargo": 10.5, "desde": hoy.to_string()},
             "tasas": [{"recargo": 10.5, "desde": hoy.to_string()}]},
            {"cuotas": 12, "vigente": null, "tasas": [{"recargo": 25.0, "desde": manana.to_string()}]},
        ])
    );
    let tarjeta = |c: i64, r: f64| ("Tarjeta".to_string(), c, r);
    assert_eq!(in_force(&app, &shop, hoy).await, [tarjeta(3, 0.0), tarjeta(6, 10.5)]);
    assert_eq!(
        in_force(&app, &shop, manana).await,
        [tarjeta(3, 0.0), tarjeta(6, 10.5), tarjeta(12, 25.0)]
    );

    // Six cuotas stop tomorrow; today they are still offered.
    let path = format!("/api/metodoPago/{visa}/planes/6?desde={manana}");
    let (status, answer) = app.delete(&path, Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(
        answer["mensaje"],
        format!("El plan de 6 cuotas deja de ofrecerse desde el {}.", ar(manana))
    );
    assert_eq!(in_force(&app, &shop, hoy).await, [tarjeta(3, 0.0), tarjeta(6, 10.5)]);
    assert_eq!(
        in_force(&app, &shop, manana).await,
        [tarjeta(3, 0.0), tarjeta(12, 25.0)]
    );

    // The audit names each change as the admin made it.
    let (_, log) = app
        .get("/api/auditoria?size=2&tipo=Planes%20de%20cuotas", Some(&shop.admin))
        .await;
    let resumenes: Vec<&str> = log["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["resumen"].as_str().unwrap())
        .collect();
    assert_eq!(
        resumenes,
        [
            format!(
                "Planes de cuotas de Tarjeta (#{visa}): 6 cuotas dejan de ofrecerse desde el {}",
                ar(manana)
            ),
            format!(
                "Planes de cuotas de Tarjeta (#{visa}): 12 cuotas con 25 % de recargo desde el {}",
                ar(manana)
            ),
        ]
    );

    // The storefront's line: the most cuotas without surcharge today.
    let (_, tienda) = app.get("/api/tienda", None).await;
    assert_eq!(tienda["cuotasSinInteres"], 3, "{tienda}");

    // Refusals say why in Spanish and record nothing.
    let before = event_count(&pool).await;
    let refused = [
        (
            json!({"cuotas": 0, "recargo": 1}),
            "Las cuotas deben ser un número entero entre 1 y 36.",
        ),
        (
            json!({"cuotas": 37, "recargo": 1}),
            "Las cuotas deben ser un número entero entre 1 y 36.",
        ),
        (
            json!({"recargo": 1}),
            "Las cuotas deben ser un número entero entre 1 y 36.",
        ),
        (
            json!({"cuotas": 3, "recargo": "diez"}),
            "El recargo ('diez'): No es un número. Escriba, por ejemplo, 1.234,56.",
        ),
        (
            json!({"cuotas": 3, "recargo": 200.01}),
            "El recargo debe ser un porcentaje entre 0 y 200, con hasta dos decimales.",
        ),
        (
            json!({"cuotas": 3, "recargo": "1,234"}),
            "El recargo ('1,234'): Admite como máximo 2 decimales.",
        ),
        (
            json!({"cuotas": 3, "recargo": 1, "desde": "2026-13-01"}),
            "La fecha de inicio '2026-13-01' no es válida (formato aaaa-mm-dd)",
        ),
    ];
    for (body, text) in refused {
        let (status, answer) = app
            .post(
                &format!("/api/metodoPago/{visa}/planes"),
                Some(&shop.admin),
                body.clone(),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(errors(&answer), [text], "{body}");
    }
    let (status, answer) = app
        .post(
            "/api/metodoPago/9999/planes",
            Some(&shop.admin),
            json!({"cuotas": 3, "recargo": 1}),
        )
        .await;
    assert_eq!(
        (status, answer["mensaje"].clone()),
        (StatusCode::NOT_FOUND, json!("El método de pago 9999 no existe."))
    );
    let (status, answer) = app
        .delete(&format!("/api/metodoPago/{visa}/planes/18"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        errors(&answer),
        [format!("El plan de 18 cuotas no se ofrece el {}.", ar(hoy))]
    );
    assert_eq!(event_count(&pool).await, before, "a refusal records nothing");

    // A deleted card takes its plans out of every list.
    let naranja = id_of(
        &app,
        &shop.admin,
        "/api/metodoPago",
        json!({"nombre": "Naranja"}),
        "metodoPago",
    )
    .await;
    set_rate(&app, &shop, naranja, json!({"cuotas": 6, "recargo": 0})).await;
    let (_, tienda) = app.get("/api/tienda", None).await;
    assert_eq!(tienda["cuotasSinInteres"], 6);
    let (status, _) = app
        .delete(&format!("/api/metodoPago/{naranja}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(in_force(&app, &shop, hoy).await, [tarjeta(3, 0.0), tarjeta(6, 10.5)]);
    let (_, tienda) = app.get("/api/tienda", None).await;
    assert_eq!(tienda["cuotasSinInteres"], 3);
}

/// A sale of 1000.00 (an additional line) paid 400.00 in cash and `tarjeta` on the card.
fn sale(shop: &Shop, tarjeta: Value) -> Value {
    let cobrado = 400.0 + tarjeta["montoImpuesto"].as_f64().unwrap();
    let mut pago = tarjeta;
    pago["metodoPago"] = json!({"id": shop.tarjeta});
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "total": 1000.0, "totalImpuesto": cobrado, "detalles": [],
        "detallesAdicionales": [{"descripcion": "Anteojo completo", "subtotal": 1000.0}],
        "cajaMovimientos": [{"monto": 400.0, "montoImpuesto": 400.0, "metodoPago": {"id": shop.efectivo}}, pago],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

#[sqlx::test]
async fn a_payment_in_cuotas_is_charged_the_surcharge_of_its_day_and_keeps_it(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let hoy = ar(today());
    set_rate(&app, &shop, shop.tarjeta, json!({"cuotas": 6, "recargo": 10})).await;
    set_rate(&app, &shop, shop.tarjeta, json!({"cuotas": 3, "recargo": 0})).await;

    let body = sale(&shop, json!({"monto": 600.0, "montoImpuesto": 660.0, "cuotas": 6}));
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let venta = answer["movimiento"]["id"].as_i64().unwrap();
    let pagos = &answer["movimiento"]["cajaMovimientos"];
    assert_eq!(pagos[0]["cuotas"], Value::Null);
    assert_eq!(
        (
            &pagos[1]["cuotas"],
            &pagos[1]["recargo"],
            &pagos[1]["valorCuota"],
            &pagos[1]["montoImpuesto"]
        ),
        (&json!(6), &json!(10.0), &json!(110.0), &json!(660.0))
    );

    // What the card is charged is the plan's: each refusal names it, and records nothing.
    let before = event_count(&pool).await;
    let refused = [
        (
            sale(&shop, json!({"monto": 600.0, "montoImpuesto": 600.0, "cuotas": 6})),
            "El pago 2 en 6 cuotas (10 % de recargo) se cobra $ 660,00 con la tarjeta.".to_string(),
        ),
        (
            sale(&shop, json!({"monto": 600.0, "montoImpuesto": 600.0, "cuotas": 12})),
            format!("El método del pago 2 no tiene plan de 12 cuotas el {hoy}: elegí otro plan o método."),
        ),
        (
            sale(&shop, json!({"monto": 600.0, "montoImpuesto": 600.0, "cuotas": 0})),
            "Las cuotas del pago 2 deben ser un número entero entre 1 y 36.".to_string(),
        ),
    ];
    for (body, text) in refused {
        let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(errors(&answer), [text]);
    }
    // Cash has no plans.
    let mut cash = sale(&shop, json!({"monto": 600.0, "montoImpuesto": 600.0}));
    cash["cajaMovimientos"][0]["cuotas"] = json!(3);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), cash).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        errors(&answer),
        [format!(
            "El método del pago 1 no tiene plan de 3 cuotas el {hoy}: elegí otro plan o método."
        )]
    );
    let expense = json!({
        "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "descripcion": "Luz", "total": 300.0, "totalImpuesto": 300.0, "detalles": [],
        "detallesAdicionales": [{"descripcion": "Luz", "subtotal": 300.0}],
        "cajaMovimientos": [{"monto": 300.0, "montoImpuesto": 300.0, "metodoPago": {"id": shop.tarjeta}, "cuotas": 3}]
    });
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), expense).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(errors(&answer), ["Un egreso no se paga en cuotas."]);
    assert_eq!(event_count(&pool).await, before, "a refusal records nothing");

    // The rate goes up: a new sale pays the new one, the old sale keeps what it was charged.
    set_rate(&app, &shop, shop.tarjeta, json!({"cuotas": 6, "recargo": 20})).await;
    let (status, answer) = app
        .post(
            "/api/movimientos",
            Some(&shop.seller),
            sale(&shop, json!({"monto": 600.0, "montoImpuesto": 720.0, "cuotas": 6})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (_, saved) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let mut edit = body;
    edit["descripcion"] = json!("Con estuche");
    edit["version"] = saved["version"].clone();
    for (i, p) in saved["cajaMovimientos"].as_array().unwrap().iter().enumerate() {
        edit["cajaMovimientos"][i]["fecha"] = p["fecha"].clone();
    }
    let (status, answer) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.seller), edit)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let pago = &answer["movimiento"]["cajaMovimientos"][1];
    assert_eq!(
        (&pago["recargo"], &pago["montoImpuesto"]),
        (&json!(10.0), &json!(660.0)),
        "{answer}"
    );

    // The customer's receipt prints the instalments.
    let (status, _, pdf) = app
        .download(&format!("/api/movimientos/reporteCliente/{venta}"), Some(&shop.seller))
        .await;
    assert_eq!(status, StatusCode::OK);
    let text = squeeze(&pdf_text(&pdf));
    assert!(
        text.contains("6 cuotas de $ 110,00 (10 % de recargo) $ 660,00"),
        "{text}"
    );

    // A balance paid by card in three cuotas without surcharge.
    let credit = recorded(
        &app,
        &shop.seller,
        crate::common::shop::sale_on_credit(&shop, "2026-11-21T10:00"),
    )
    .await;
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{credit}/cobros"),
            Some(&shop.seller),
            json!({"metodoPagoId": shop.tarjeta, "monto": 1200, "montoImpuesto": 1200, "cuotas": 3}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let pago = &answer["movimiento"]["cajaMovimientos"][1];
    assert_eq!(
        (&pago["cuotas"], &pago["recargo"], &pago["valorCuota"]),
        (&json!(3), &json!(0.0), &json!(400.0))
    );
}

/// Admins changing one card's plans at the same instant: every change lands, none is lost.
#[sqlx::test]
async fn rates_set_at_the_same_instant_all_land(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let path = format!("/api/metodoPago/{}/planes", shop.tarjeta);
    let answers = futures::future::join_all(
        (1..=8).map(|cuotas| app.post(&path, Some(&shop.admin), json!({"cuotas": cuotas, "recargo": cuotas}))),
    )
    .await;
    for (status, answer) in &answers {
        assert_eq!(*status, StatusCode::CREATED, "{answer}");
    }
    let (_, planes) = app.get(&path, Some(&shop.admin)).await;
    let offered: Vec<(i64, f64)> = planes["planes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["cuotas"].as_i64().unwrap(), p["vigente"]["recargo"].as_f64().unwrap()))
        .collect();
    assert_eq!(offered, (1..=8).map(|c| (c, c as f64)).collect::<Vec<_>>());
}

/// The day's lines as (name, cuotas, esperado, contado).
fn lines(caja: &Value) -> Vec<(String, Value, Value, Value)> {
    caja["metodos"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["metodoPago"].as_str().unwrap().to_string(),
                m["cuotas"].clone(),
                m["esperado"].clone(),
                m["contado"].clone(),
            )
        })
        .collect()
}

/// A closing counts a card per plan, as the card terminal's batch lists it, or whole.
#[sqlx::test]
async fn a_closing_counts_each_card_plan_or_the_card_whole(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    set_rate(&app, &shop, shop.tarjeta, json!({"cuotas": 3, "recargo": 0})).await;
    set_rate(&app, &shop, shop.tarjeta, json!({"cuotas": 6, "recargo": 10})).await;
    // Three sales of 1000.00: 400.00 in cash each, and 600.00 by card in one payment, in 3
    // cuotas and in 6 (660.00 with the surcharge).
    for tarjeta in [
        json!({"monto": 600.0, "montoImpuesto": 600.0}),
        json!({"monto": 600.0, "montoImpuesto": 600.0, "cuotas": 3}),
        json!({"monto": 600.0, "montoImpuesto": 660.0, "cuotas": 6}),
    ] {
        recorded(&app, &shop.seller, sale(&shop, tarjeta)).await;
    }
    let day = format!("/api/caja/{}/{}", shop.centro, today());
    let (status, caja) = app.get(&day, Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{caja}");
    // Blind: a line per plan in force, nothing of what it expects.
    let n = Value::Null;
    let line = |nombre: &str, cuotas: Value, e: &Value, c: &Value| (nombre.to_string(), cuotas, e.clone(), c.clone());
    assert_eq!(
        lines(&caja),
        [
            line("Efectivo", n.clone(), &n, &n),
            line("Tarjeta", n.clone(), &n, &n),
            line("Tarjeta", json!(3), &n, &n),
            line("Tarjeta", json!(6), &n, &n),
        ]
    );

    // Counted per plan, the 6-cuota voucher missing: only that line differs.
    let per_plan = |seis: f64| {
        json!({"contado": [
            {"metodoPagoId": shop.efectivo, "monto": 1200},
            {"metodoPagoId": shop.tarjeta, "monto": 600},
            {"metodoPagoId": shop.tarjeta, "cuotas": 3, "monto": 600},
            {"metodoPagoId": shop.tarjeta, "cuotas": 6, "monto": seis},
        ]})
    };
    let (status, answer) = app
        .post(&format!("{day}/cierre"), Some(&shop.seller), per_plan(0.0))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let caja = &answer["caja"];
    assert_eq!(caja["estado"], "ABIERTA", "{answer}");
    let diferencias: Vec<(Value, f64)> = caja["metodos"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["diferencia"].as_f64() != Some(0.0))
        .map(|m| (m["cuotas"].clone(), m["diferencia"].as_f64().unwrap()))
        .collect();
    assert_eq!(diferencias, [(json!(6), -660.0)]);

    // The expected figure opens into each payment, with its plan.
    let (_, esperado) = app.get(&format!("{day}/esperado"), Some(&shop.seller)).await;
    let tarjeta = esperado
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metodoPagoId"] == shop.tarjeta)
        .unwrap();
    let planes: Vec<(Value, f64)> = tarjeta["lineas"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["cuotas"].clone(), l["monto"].as_f64().unwrap()))
        .collect();
    assert_eq!(planes, [(n.clone(), 600.0), (json!(3), 600.0), (json!(6), 660.0)]);
    assert!(
        tarjeta["lineas"][2]["concepto"]
            .as_str()
            .unwrap()
            .ends_with(" · 6 cuotas"),
        "{tarjeta}"
    );

    // A card counted whole is compared whole: 1860.00 on its line, none on its plans.
    let whole = json!({"contado": [
        {"metodoPagoId": shop.efectivo, "monto": 1200},
        {"metodoPagoId": shop.tarjeta, "monto": 1860},
        {"metodoPagoId": shop.tarjeta, "cuotas": 3, "monto": 0},
    ]});
    let (status, answer) = app.post(&format!("{day}/cierre"), Some(&shop.seller), whole).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["caja"]["estado"], "CERRADA", "{answer}");
    let tarjeta: Vec<_> = lines(&answer["caja"])
        .into_iter()
        .filter(|l| l.0 == "Tarjeta")
        .map(|l| (l.1, l.2, l.3))
        .collect();
    assert_eq!(
        tarjeta,
        [
            (n.clone(), json!(1860.0), json!(1860.0)),
            (json!(3), json!(0.0), json!(0.0)),
            (json!(6), json!(0.0), json!(0.0)),
        ]
    );

    // The ledger, rebuilt from the events, holds the same lines.
    assert_eq!(optica::support::verify(&pool, true).await.unwrap(), []);

    // A count per plan on another day's closing works the same: reopen and count per plan.
    let (status, answer) = app
        .post(
            &format!("{day}/reapertura"),
            Some(&shop.admin),
            json!({"motivo": "Contar por plan"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = app
        .post(&format!("{day}/cierre"), Some(&shop.seller), per_plan(660.0))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["caja"]["estado"], "CERRADA", "{answer}");
    let (_, _, pdf) = app.download(&format!("{day}/reporte"), Some(&shop.seller)).await;
    let text = squeeze(&pdf_text(&pdf));
    assert!(text.contains("Tarjeta · 6 cuotas"), "{text}");

    // Cuotas on a float, or out of range on a count, are refused.
    let (status, answer) = app
        .post(
            &format!("/api/caja/{}/{}/apertura", shop.norte, today()),
            Some(&shop.admin),
            json!({"fondo": [{"metodoPagoId": shop.tarjeta, "cuotas": 3, "monto": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(errors(&answer), ["El fondo de caja no lleva planes de cuotas."]);
    let (status, answer) = app
        .post(
            &format!("/api/caja/{}/{}/cierre", shop.norte, today()),
            Some(&shop.admin),
            json!({"contado": [{"metodoPagoId": shop.tarjeta, "cuotas": 99, "monto": 1}]}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(errors(&answer), ["Las cuotas deben ser un número entero entre 1 y 36."]);
}
