//! Movements refused in Spanish and changing nothing: too many lines, or a lens the patient's record refuses.

use super::*;

/// One sale with 10,000 payment lines made `filtrar-completo` build a copy of the
/// whole movement per payment until the server died. Lines per movement are limited.
#[sqlx::test]
async fn a_movement_with_too_many_lines_is_refused_in_spanish_and_changes_nothing(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    open_days(&app, &shop, &["2026-11-21"]).await;
    let pago =
        json!({"monto": 1, "montoImpuesto": 1, "metodoPago": {"id": shop.efectivo}, "fecha": "2026-11-21T10:30"});
    let expense = |pagos: usize, adicionales: usize| {
        let total = pagos as i64;
        json!({
            "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
            "descripcion": "Varios", "total": total, "totalImpuesto": total, "detalles": [],
            "detallesAdicionales": vec![json!({"descripcion": "x", "subtotal": 0}); adicionales],
            "cajaMovimientos": vec![pago.clone(); pagos]
        })
    };
    let events = || crate::common::event_count(&app.pool);
    let before = events().await;
    let (status, answer) = app
        .post("/api/movimientos", Some(&shop.admin), expense(10_000, 0))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "10,000 payments are refused");
    assert_eq!(
        answer,
        json!({"errors": ["Un movimiento puede tener como máximo 20 pagos"]})
    );
    let mut venta = sale(&shop, 1);
    venta["detalles"] = json!(vec![venta["detalles"][0].clone(); 101]);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), venta).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"],
        json!(["Un movimiento puede tener como máximo 100 productos"])
    );
    assert_eq!(events().await, before, "nothing was written");

    // At the limit it is saved, and the day's list answers it.
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), expense(20, 0)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, day) = app
        .get("/api/movimientos/filtrar-completo?fecha=2026-11-21", Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(day.as_array().unwrap().len(), 20);
}

/// A sale whose lens name was too long for the patient's record answered the
/// rule's English, Rust-debug text ("invalid patient: [\"...\"]"). It answers the Spanish rule.
#[sqlx::test]
async fn a_lens_the_patient_record_refuses_is_told_in_spanish(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let mut body = sale(&shop, 1);
    body["paciente"] = json!({"id": shop.paciente});
    body["detallesAdicionales"] = json!([{"descripcion": format!("Cristal {}", "x".repeat(250)), "subtotal": 0}]);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), body).await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::BAD_REQUEST,
            json!({"mensaje": "Error al crear el movimiento",
                   "error": "El nombre del cristal debe tener como máximo 200 caracteres"})
        )
    );
}
