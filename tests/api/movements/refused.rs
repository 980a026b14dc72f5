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
    // A line's text is bounded too: a hundred lines of half a megabyte each would fill the log.
    let mut venta = sale(&shop, 1);
    venta["detallesAdicionales"] = json!([{"descripcion": "x".repeat(256), "subtotal": 0}]);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), venta).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"],
        json!(["La descripción de un adicional debe tener como máximo 255 caracteres"])
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
    body["detallesAdicionales"] = json!([{"descripcion": format!("Cristal {}", "x".repeat(220)), "subtotal": 0}]);
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

/// A payment's "monto con recargo" is what the drawer takes, its "monto" what leaves the debt: a
/// sale or a collection that cleared a debt of 1000.50 while the drawer took nothing let the
/// cashier keep the money with a closing that matched. A surcharge only adds.
#[sqlx::test]
async fn a_payment_that_charges_less_than_it_credits_is_refused(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let events = || crate::common::event_count(&app.pool);
    let before = events().await;
    let mut venta = sale(&shop, 1);
    venta["cajaMovimientos"][0]["montoImpuesto"] = json!(0);
    venta["totalImpuesto"] = json!(0);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), venta).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["errors"],
        json!(["El monto con recargo del pago 1 no puede ser menor que su monto."])
    );
    let credit = crate::common::shop::recorded(
        &app,
        &shop.seller,
        crate::common::shop::sale_on_credit(&shop, "2026-11-21T10:00"),
    )
    .await;
    let written = events().await;
    assert!(written > before);
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{credit}/cobros"),
            Some(&shop.seller),
            json!({"metodoPagoId": shop.efectivo, "monto": 1000, "montoImpuesto": 0.01}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer
            .to_string()
            .contains("El monto con recargo no puede ser menor que el monto."),
        "{answer}"
    );
    assert_eq!(events().await, written, "nothing was written");
    // A surcharge is taken as it was.
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{credit}/cobros"),
            Some(&shop.seller),
            json!({"metodoPagoId": shop.efectivo, "monto": 1000, "montoImpuesto": 1100}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
}

/// A payment collected at another branch is that branch's money: an edit by someone who does not
/// work there keeps it as it was. Taken out, it left the other drawer short with nobody there
/// having done anything, and the customer's receipt with no money behind it.
#[sqlx::test]
async fn an_edit_keeps_a_payment_another_branch_collected(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let hoy = chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive();
    let body = crate::common::shop::sale_on_credit(&shop, &format!("{hoy}T10:00"));
    let venta = crate::common::shop::recorded(&app, &shop.seller, body.clone()).await;
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let path = format!("/api/movimientos/{venta}");
    let (status, answer) = app
        .post(
            &format!("{path}/cobros"),
            Some(&seller_norte),
            json!({"metodoPagoId": shop.efectivo, "monto": 300}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let norte_ledger = || async {
        sqlx::query_scalar::<_, i64>("select coalesce(sum(cents), 0)::bigint from cash_ledger where local_id = $1")
            .bind(shop.norte)
            .fetch_one(&app.pool)
            .await
            .unwrap()
    };
    assert_eq!(norte_ledger().await, 30_000);

    // The centre's seller sends the sale back without the north's payment, or with it changed.
    let (_, stored) = app.get(&path, Some(&shop.admin)).await;
    let mut changed = stored.clone();
    changed["cajaMovimientos"][1]["monto"] = json!(100);
    changed["cajaMovimientos"][1]["montoImpuesto"] = json!(100);
    for edit in [body, changed] {
        let (status, answer) = app.put(&path, Some(&shop.seller), edit).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(
            answer["errors"],
            json!(["Un pago cobrado en otro local no se puede quitar ni cambiar: lo hace alguien de ese local o un administrador."])
        );
    }
    assert_eq!(norte_ledger().await, 30_000);
    // Sent back as the web app's form sends it (times to the minute, while a collection is
    // recorded to the second), the edit goes through and the payment keeps its time and branch;
    // an admin may take it out.
    let mut described = stored.clone();
    described["descripcion"] = json!("Cliente frecuente");
    // In another second than the collection's: a payment taken for new is dated now, which in
    // the same second would look like the stored one.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    for pago in described["cajaMovimientos"].as_array_mut().unwrap() {
        let minute: String = pago["fecha"].as_str().unwrap().chars().take(16).collect();
        pago["fecha"] = json!(minute);
    }
    let (status, answer) = app.put(&path, Some(&shop.seller), described).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(norte_ledger().await, 30_000);
    let (_, edited) = app.get(&path, Some(&shop.admin)).await;
    assert_eq!(
        edited["cajaMovimientos"][1]["fecha"],
        stored["cajaMovimientos"][1]["fecha"]
    );
    assert_eq!(edited["descripcion"], "Cliente frecuente");
    let (_, mut without) = app.get(&path, Some(&shop.admin)).await;
    without["cajaMovimientos"].as_array_mut().unwrap().truncate(1);
    without["totalImpuesto"] = json!(800);
    let (status, answer) = app.put(&path, Some(&shop.admin), without).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(norte_ledger().await, 0);
}
