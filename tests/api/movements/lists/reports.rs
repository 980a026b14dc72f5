//! The cash box's PDFs: the shop's and the customer's report of a movement, its discount and debt, over as many pages as it needs.

use super::*;
use crate::common::squeeze;

#[sqlx::test]
async fn both_reports_print_the_movement_its_discount_and_debt_in_spanish(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let Day { shop, venta, .. } = day(&app).await;

    let (status, content_type, bytes) = app
        .download(&format!("/api/movimientos/reporteCliente/{venta}"), Some(&shop.seller))
        .await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "application/pdf"));
    // The customer's copy is the receipt (tests/api/receipts.rs checks it whole).
    let text = pdf_text(&bytes);
    for expected in [
        "Fecha: 21/11/2026",
        "La Cruz · Calle 1",
        "Paciente: Ana",
        "RB2140 Ray-Ban 1 $ 1.000,50 $ 1.000,50",
        "Armado en laboratorio 1 $ 999,00 $ 999,00",
        "Efectivo $ 1.000,00",
        "Tarjeta $ 500,00",
        "Subtotal: $ 3.000,00",
        "Descuento (10 %): -$ 300,00",
        "Total: $ 2.700,00",
        "Adeuda: $ 1.200,00",
    ] {
        assert!(squeeze(&text).contains(expected), "missing {expected:?} in:\n{text}");
    }

    let (status, _, bytes) = app
        .download(&format!("/api/movimientos/reporteOptica/{venta}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let text = squeeze(&pdf_text(&bytes));
    for expected in [
        "Reporte de Movimiento",
        "Nro. de Ficha:",
        "Médico: ---",
        "Ficha de graduación del paciente",
        "Lejos - Ojo Derecho:",
        "Esf: 0,00 | Cil: 0,00 | Eje: 0",
        "Adición: -",
        "Adeuda: $ 1.200,00",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }

    // Another branch's seller cannot print it; an unknown movement is a 404.
    let other = app.seller_token("otra", shop.norte).await;
    let (status, _, _) = app
        .download(&format!("/api/movimientos/reporteCliente/{venta}"), Some(&other))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = app
        .download("/api/movimientos/reporteOptica/999999", Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[sqlx::test]
async fn a_long_movement_continues_on_more_pages_and_any_text_prints(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    open_days(&app, &shop, &["2026-11-21"]).await;
    let lines: Vec<Value> = (1..=70)
        .map(|n| json!({"descripcion": format!("Reparación Nº {n}: ¿bisagra? ¡Ñandú! 😀\nsegunda línea"), "subtotal": 10}))
        .collect();
    let body = crate::common::shop::sale_of_lines(&shop, lines);
    let id = recorded(&app, &shop.admin, body).await;
    for report in ["reporteCliente", "reporteOptica"] {
        let (status, _, bytes) = app
            .download(&format!("/api/movimientos/{report}/{id}"), Some(&shop.admin))
            .await;
        assert_eq!(status, StatusCode::OK);
        let text = pdf_text(&bytes);
        let pages = text.matches('\u{c}').count();
        assert!(pages >= 2, "{report}: {pages} page(s)");
        let text = squeeze(&text);
        let (line, debt) = match report {
            "reporteCliente" => (" 1 $ 10,00 $ 10,00", "Adeuda: $ 0,00"),
            _ => (" - Precio: $ 10,00", "Adeuda: $ 0,00"),
        };
        let first = format!("Reparación Nº 1: ¿bisagra? ¡Ñandú! ? segunda línea{line}");
        assert!(text.contains(&first), "{text}");
        assert!(text.contains("Reparación Nº 70:"), "the last line is not lost");
        assert!(text.contains(debt), "{text}");
    }
}
