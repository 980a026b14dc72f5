//! The cash closing (arqueo) against a real database: a blind count, the lock on a
//! closed day, reopening, who may do what, and a closing racing sales.

// Cents are written as pesos_cents (1000_50 is 1000.50).
#![allow(clippy::inconsistent_digit_grouping)]

use std::sync::Arc;

use crate::common::shop::{open_days, recorded, shop, Shop};
use crate::common::{pdf_text, texts, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod expected;
mod ledger;

/// The shop's today: the day a seller's money lands on, the one a closing counts.
fn today() -> String {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive()
        .to_string()
}

/// The same, as the screens and documents write it (dd/mm/aaaa).
fn today_ar() -> String {
    chrono::NaiveDate::parse_from_str(&today(), "%Y-%m-%d")
        .unwrap()
        .format("%d/%m/%Y")
        .to_string()
}

/// The shop's yesterday.
fn yesterday() -> String {
    (chrono::NaiveDate::parse_from_str(&today(), "%Y-%m-%d").unwrap() - chrono::Duration::days(1)).to_string()
}

fn day_path(shop: &Shop) -> String {
    format!("/api/caja/{}/{}", shop.centro, today())
}

/// The fixture's sale of `cantidad` frames, dated today (its payment too).
fn sale(shop: &Shop, cantidad: i64) -> Value {
    let mut body = crate::common::shop::sale(shop, cantidad);
    let fecha = format!("{}T10:30", today());
    body["fecha"] = json!(fecha);
    for pago in body["cajaMovimientos"].as_array_mut().unwrap() {
        pago["fecha"] = json!(fecha);
    }
    body
}

/// The figures of one method in a day's answer: (fondo, esperado, contado, diferencia).
fn method(caja: &Value, metodo: i64) -> (Value, Value, Value, Value) {
    let m = caja["metodos"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metodoPagoId"] == metodo)
        .unwrap_or_else(|| panic!("method {metodo} missing in {caja}"))
        .clone();
    (
        m["fondo"].clone(),
        m["esperado"].clone(),
        m["contado"].clone(),
        m["diferencia"].clone(),
    )
}

/// An expense of `monto` cash at the centre on the fixture's day.
fn expense(shop: &Shop, monto: f64) -> Value {
    json!({
        "tipoMovimiento": "SALIDA", "fecha": format!("{}T12:00", today()), "local": {"id": shop.centro},
        "descripcion": "Limpieza", "total": monto, "totalImpuesto": monto,
        "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": monto, "montoImpuesto": monto, "metodoPago": {"id": shop.efectivo},
                             "fecha": format!("{}T12:00", today())}],
        "estadoMovimiento": null
    })
}

/// Closes the day at `path` counting 1000.50 in cash, as `token`: the day is then closed.
async fn close_with_a_sale_counted(app: &TestApp, shop: &Shop, path: &str, token: &str) {
    let counted = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 1000.5}]});
    let (status, body) = app.post(&format!("{path}/cierre"), Some(token), counted).await;
    assert_eq!(
        (status, &body["caja"]["estado"]),
        (StatusCode::OK, &json!("CERRADA")),
        "{body}"
    );
}

async fn verify_clean(pool: &PgPool) {
    let differences = optica::support::verify(pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn a_day_is_opened_counted_blind_closed_and_then_locked(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let path = day_path(&shop);
    let (status, body) = app.get(&path, Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["estado"], "SIN_ABRIR");

    let fondo = json!({"fondo": [{"metodoPagoId": shop.efectivo, "monto": 5000}]});
    let (status, body) = app.post(&format!("{path}/apertura"), Some(&shop.seller), fondo).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["mensaje"], "La caja ha sido abierta!");
    assert_eq!(body["caja"]["estado"], "ABIERTA");

    // Two frames sold (2001.00 cash) and an expense of 300.00 cash.
    let venta = crate::common::shop::sold(&app, &shop, 2).await;
    recorded(&app, &shop.admin, expense(&shop, 300.0)).await;

    // Before the first count the expected figures are hidden.
    let (_, body) = app.get(&path, Some(&shop.seller)).await;
    assert_eq!(
        method(&body, shop.efectivo),
        (json!(5000.0), Value::Null, Value::Null, Value::Null)
    );

    // A count 1.00 short without a reason: recorded, the day stays open, the figures show.
    let short = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 6700}]});
    let (status, body) = app.post(&format!("{path}/cierre"), Some(&shop.seller), short).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(
        body["mensaje"].as_str().unwrap().starts_with("El conteo no coincide"),
        "{body}"
    );
    assert_eq!(body["caja"]["estado"], "ABIERTA");
    assert_eq!(body["caja"]["conteos"], 1);
    assert_eq!(
        method(&body["caja"], shop.efectivo),
        (json!(5000.0), json!(6701.0), json!(6700.0), json!(-1.0))
    );

    // The same count with a reason closes the day.
    let explained = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 6700}],
                           "motivo": "  Faltó un peso de vuelto  "});
    let (status, body) = app.post(&format!("{path}/cierre"), Some(&shop.seller), explained).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["mensaje"], "La caja ha sido cerrada!");
    assert_eq!(body["caja"]["estado"], "CERRADA");
    assert_eq!(body["caja"]["motivo"], "Faltó un peso de vuelto");
    // The closing's report prints the figures in Spanish, the reason and who closed it.
    let (status, content_type, bytes) = app.download(&format!("{path}/reporte"), Some(&shop.seller)).await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "application/pdf"));
    let text = pdf_text(&bytes);
    for expected in [
        "Cierre de caja",
        "Local: La Cruz",
        &format!("Fecha: {}", today_ar()),
        "Estado: Cerrada",
        "Fondo inicial: $ 5.000,00",
        "Esperado: $ 6.701,00",
        "Contado: $ 6.700,00",
        "Diferencia: -$ 1,00",
        "Faltó un peso de vuelto",
        "Cerrada por vendedor el",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in:\n{text}");
    }
    if let Ok(dir) = std::env::var("OPTICA_TEST_ARTIFACTS") {
        std::fs::write(format!("{dir}/cierre_caja.pdf"), &bytes).unwrap();
    }

    // A closed day's cash cannot change: a new sale, an edit of a payment, a deletion.
    let closed = "La caja del DIA de ese local ya está cerrada. Pedí a un administrador que la reabra, \
                  o registrá el movimiento en un día con la caja abierta."
        .replace("DIA", &today_ar());
    let closed = closed.as_str();
    let (status, body) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)).await;
    assert_eq!(
        (status, body["mensaje"].as_str()),
        (StatusCode::CONFLICT, Some(closed)),
        "{body}"
    );
    let (status, body) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.admin), sale(&shop, 1))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = app
        .delete(&format!("/api/movimientos/{venta}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // What does not touch the day's cash still changes: the description, and the order's state.
    let mut described = sale(&shop, 2);
    described["descripcion"] = json!("Cliente frecuente");
    let (status, body) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.admin), described)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // Closing again is refused; a count is never taken on a closed day.
    let again = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 6701}]});
    let (status, body) = app.post(&format!("{path}/cierre"), Some(&shop.seller), again).await;
    assert_eq!(
        (status, &body["errors"]),
        (StatusCode::BAD_REQUEST, &json!(["La caja de ese día ya está cerrada."]))
    );
    // The stock of the refused sale was not taken either.
    let (_, unchanged) = app
        .get(&format!("/api/productos/{}", shop.armazon), Some(&shop.admin))
        .await;
    assert_eq!(unchanged["productoLocales"][0]["stock"], 8, "{unchanged}");
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn an_admin_reopens_a_day_with_a_reason_and_it_takes_movements_again(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let path = day_path(&shop);
    let (status, body) = app
        .post(&format!("{path}/cierre"), Some(&shop.seller), json!({"contado": []}))
        .await;
    assert_eq!(
        (status, &body["caja"]["estado"]),
        (StatusCode::OK, &json!("CERRADA")),
        "{body}"
    );

    let reason = json!({"motivo": "Se olvidó cargar una venta"});
    let (status, _) = app
        .post(&format!("{path}/reapertura"), Some(&shop.seller), reason.clone())
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "a seller cannot reopen");
    let (status, body) = app
        .post(
            &format!("{path}/reapertura"),
            Some(&shop.admin),
            json!({"motivo": "   "}),
        )
        .await;
    assert_eq!(
        (status, &body["errors"]),
        (StatusCode::BAD_REQUEST, &json!(["Escribí el motivo de la reapertura."]))
    );
    let (status, body) = app.post(&format!("{path}/reapertura"), Some(&shop.admin), reason).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["caja"]["estado"], "ABIERTA");
    assert_eq!(body["caja"]["reaperturas"], 1);
    assert_eq!(body["caja"]["motivoReapertura"], "Se olvidó cargar una venta");

    crate::common::shop::sold(&app, &shop, 1).await;
    close_with_a_sale_counted(&app, &shop, &path, &shop.seller).await;

    // The audit tells the day's story in Spanish, newest first.
    let (_, audit) = app.get("/api/auditoria?tipo=Caja", Some(&shop.admin)).await;
    let summaries: Vec<&str> = texts(&audit["content"], "resumen");
    let expected: Vec<String> = vec![
        format!(
            "Caja de La Cruz del {} cerrada: contado $ 1.000,50, esperado $ 1.000,50",
            today_ar()
        ),
        format!(
            "Caja de La Cruz del {} reabierta: Se olvidó cargar una venta",
            today_ar()
        ),
        format!(
            "Caja de La Cruz del {} cerrada: contado $ 0,00, esperado $ 0,00",
            today_ar()
        ),
    ];
    assert_eq!(summaries, expected.iter().map(String::as_str).collect::<Vec<_>>());
    let (status, list) = app.get("/api/caja/cierres", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["totalElements"], 1);
    let row = &list["content"][0];
    assert_eq!(
        (row["local"].as_str(), row["fecha"].as_str()),
        (Some("La Cruz"), Some(today().as_str()))
    );
    assert_eq!(
        (row["esperado"].as_f64(), row["diferencia"].as_f64()),
        (Some(1000.5), Some(0.0))
    );
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn the_closings_list_shows_the_reason_of_the_current_closing_only(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let path = day_path(&shop);
    crate::common::shop::sold(&app, &shop, 1).await;
    let short = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 900}], "motivo": "Vuelto mal dado"});
    let (status, body) = app.post(&format!("{path}/cierre"), Some(&shop.seller), short).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let row = |list: &Value| list["content"][0].clone();
    let (_, list) = app.get("/api/caja/cierres", Some(&shop.admin)).await;
    assert_eq!(
        (&row(&list)["estado"], &row(&list)["motivo"]),
        (&json!("CERRADA"), &json!("Vuelto mal dado")),
        "{list}"
    );

    let reason = json!({"motivo": "Apareció el billete"});
    let (status, body) = app.post(&format!("{path}/reapertura"), Some(&shop.admin), reason).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, list) = app.get("/api/caja/cierres", Some(&shop.admin)).await;
    assert_eq!(
        (
            &row(&list)["estado"],
            &row(&list)["motivo"],
            &row(&list)["motivoReapertura"]
        ),
        (&json!("ABIERTA"), &Value::Null, &json!("Apareció el billete")),
        "a reopened day no longer carries the reason of the closing it undid: {list}"
    );

    close_with_a_sale_counted(&app, &shop, &path, &shop.seller).await;
    let (_, list) = app.get("/api/caja/cierres", Some(&shop.admin)).await;
    assert_eq!(
        (&row(&list)["estado"], &row(&list)["motivo"]),
        (&json!("CERRADA"), &Value::Null),
        "{list}"
    );
    verify_clean(&pool).await;
}

#[sqlx::test]
async fn sellers_close_only_their_branch_and_bad_counts_are_refused_in_spanish(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let norte = format!("/api/caja/{}/{}", shop.norte, today());
    let (status, _) = app.get(&norte, Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app
        .post(&format!("{norte}/cierre"), Some(&shop.seller), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get(&norte, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let path = day_path(&shop);
    let cases = [
        (
            json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": -1}]}),
            "Los montos no pueden ser negativos.",
        ),
        (
            json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 1}, {"metodoPagoId": shop.efectivo, "monto": 2}]}),
            "Cada método de pago puede figurar una sola vez.",
        ),
        (
            json!({"contado": [{"metodoPagoId": 999_999, "monto": 1}], "motivo": "x"}),
            "El método de pago seleccionado no existe",
        ),
        (
            json!({"contado": [], "motivo": "x".repeat(256)}),
            "El motivo debe tener como máximo 255 caracteres.",
        ),
    ];
    for (body, expected) in cases {
        let (status, answer) = app.post(&format!("{path}/cierre"), Some(&shop.seller), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"], json!([expected]));
    }
    let tomorrow = (chrono::Utc::now() + chrono::Duration::days(2)).format("%Y-%m-%d");
    let future = format!("/api/caja/{}/{tomorrow}/apertura", shop.centro);
    let (status, answer) = app.post(&future, Some(&shop.seller), json!({})).await;
    assert_eq!(
        (status, &answer["errors"]),
        (
            StatusCode::BAD_REQUEST,
            &json!(["No se puede abrir ni cerrar la caja de un día que todavía no llegó."])
        )
    );
    let (status, answer) = app
        .get(&format!("/api/caja/{}/21-11-2026", shop.centro), Some(&shop.seller))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    // None of it recorded anything: the day was never used.
    let (_, day) = app.get(&path, Some(&shop.seller)).await;
    assert_eq!(
        (day["estado"].as_str(), day["conteos"].as_i64()),
        (Some("SIN_ABRIR"), Some(0))
    );
}

/// A count shows a seller what the drawer should hold, so from then on the float is corrected
/// by an admin only: a seller who lowered it by the shortfall would close a short day as square.
#[sqlx::test]
async fn after_a_count_only_an_admin_corrects_the_float(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let path = day_path(&shop);
    let fondo = |monto: f64| json!({"fondo": [{"metodoPagoId": shop.efectivo, "monto": monto}]});
    // Before any count a seller corrects a float typed wrong.
    for monto in [5100.0, 5000.0] {
        let (status, body) = app
            .post(&format!("{path}/apertura"), Some(&shop.seller), fondo(monto))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    crate::common::shop::sold(&app, &shop, 2).await;
    let short = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 6701}]});
    let (status, body) = app
        .post(&format!("{path}/cierre"), Some(&shop.seller), short.clone())
        .await;
    assert_eq!(
        (status, &body["caja"]["estado"]),
        (StatusCode::OK, &json!("ABIERTA")),
        "{body}"
    );

    let before = crate::common::event_count(&app.pool).await;
    let (status, body) = app
        .post(&format!("{path}/apertura"), Some(&shop.seller), fondo(4700.0))
        .await;
    assert_eq!(
        (status, &body["errors"]),
        (
            StatusCode::BAD_REQUEST,
            &json!(["La caja ya se contó: solo un administrador puede corregir el fondo."])
        ),
        "{body}"
    );
    assert_eq!(crate::common::event_count(&app.pool).await, before);
    let (status, body) = app.post(&format!("{path}/cierre"), Some(&shop.seller), short).await;
    assert_eq!(
        (status, &body["caja"]["estado"]),
        (StatusCode::OK, &json!("ABIERTA")),
        "{body}"
    );
    assert_eq!(method(&body["caja"], shop.efectivo).0, json!(5000.0));

    let (status, body) = app
        .post(&format!("{path}/apertura"), Some(&shop.admin), fondo(4700.0))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(method(&body["caja"], shop.efectivo).0, json!(4700.0));
}
