//! Customer balances (cuenta corriente) against a real database: the list of what is
//! owed, and a payment on an old sale collected at another branch, counted in that branch's day.
// Cents are written as pesos_cents (1200_00 is 1200.00).
#![allow(clippy::inconsistent_digit_grouping)]

use crate::common::shop::{id_of, open_days, recorded, sale_on_credit, Shop};
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod receipts;

fn cobro(shop: &Shop, monto: f64) -> Value {
    json!({"metodoPagoId": shop.efectivo, "monto": monto})
}

#[sqlx::test]
async fn a_balance_collected_at_another_branch_counts_in_that_branchs_day(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    // An old sale: money on a past day is an admin's to record, into that day's open cash.
    open_days(&app, &shop, &["2026-10-01"]).await;
    let venta = recorded(&app, &shop.admin, sale_on_credit(&shop, "2026-10-01T10:00")).await;

    // The centre's seller sees the balance; the north's only when asking for the patient.
    let (status, list) = app.get("/api/cuentas-corrientes", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["totalAdeudado"], 1200.0);
    let row = &list["saldos"]["content"][0];
    assert_eq!(
        (row["idMovimiento"].as_i64(), row["paciente"].as_str()),
        (Some(venta), Some("Ana"))
    );
    assert_eq!(
        (row["total"].as_f64(), row["pagado"].as_f64(), row["deuda"].as_f64()),
        (Some(2000.0), Some(800.0), Some(1200.0))
    );
    assert!(row["dias"].as_i64().unwrap() >= 55, "{row}");
    let (_, theirs) = app.get("/api/cuentas-corrientes", Some(&seller_norte)).await;
    assert_eq!(theirs["saldos"]["totalElements"], 0);
    let asked = format!("/api/cuentas-corrientes?idPaciente={}", shop.paciente);
    let (_, by_patient) = app.get(&asked, Some(&seller_norte)).await;
    assert_eq!(by_patient["totalAdeudado"], 1200.0);

    // The north collects 700.00 today: the balance falls to 500.00, the payment is the north's.
    let path = format!("/api/movimientos/{venta}/cobros");
    let (status, body) = app.post(&path, Some(&seller_norte), cobro(&shop, 700.0)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["mensaje"], "El pago ha sido registrado!");
    assert_eq!(body["movimiento"]["deuda"], 500.0);
    assert_eq!(body["movimiento"]["cajaMovimientos"].as_array().unwrap().len(), 2);
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive();
    let ledger: Vec<(i64, String, i64)> =
        sqlx::query_as("select local_id, dia::text, cents from cash_ledger where movimiento_id = $1 order by dia")
            .bind(venta)
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(
        ledger,
        vec![
            (shop.centro, "2026-10-01".into(), 800_00),
            (shop.norte, today.to_string(), 700_00)
        ]
    );
    // The north's list of today's payments has it; the north's closing counts it.
    let (_, north_list) = app
        .get(&format!("/api/movimientos/filtrar?fecha={today}"), Some(&seller_norte))
        .await;
    assert_eq!(north_list["totalElements"], 1, "{north_list}");
    let day = format!("/api/caja/{}/{today}", shop.norte);
    let count = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 700}]});
    let (status, closed) = app.post(&format!("{day}/cierre"), Some(&seller_norte), count).await;
    assert_eq!(
        (status, &closed["caja"]["estado"]),
        (StatusCode::OK, &json!("CERRADA")),
        "{closed}"
    );

    // The north's day is closed now: another collection there is refused, at the centre it is not.
    let (status, body) = app.post(&path, Some(&seller_norte), cobro(&shop, 100.0)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, body) = app.post(&path, Some(&shop.seller), cobro(&shop, 100.0)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    // An edit from the form (which does not know where a payment was collected) keeps the
    // north's payment at the north: its closed day is untouched, so the edit goes through.
    let (_, read) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.admin)).await;
    let mut form = sale_on_credit(&shop, "2026-10-01T10:00");
    form["descripcion"] = json!("Paga en cuotas");
    form["cajaMovimientos"] = read["cajaMovimientos"].clone();
    form["totalImpuesto"] = json!(1600.0);
    let (status, body) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.admin), form)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
    let north: i64 = sqlx::query_scalar("select cents from cash_ledger where movimiento_id = $1 and local_id = $2")
        .bind(venta)
        .bind(shop.norte)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(north, 700_00);
}

#[sqlx::test]
async fn a_collection_is_refused_in_spanish_when_it_does_not_fit_the_balance(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let venta = recorded(&app, &shop.seller, sale_on_credit(&shop, "2026-11-01T10:00")).await;
    let path = format!("/api/movimientos/{venta}/cobros");
    let refused = |body: &Value| body["errors"].clone();
    open_days(&app, &shop, &["2026-11-01"]).await;
    let (status, body) = app.post(&path, Some(&shop.seller), cobro(&shop, 1200.01)).await;
    assert_eq!(
        (status, refused(&body)),
        (
            StatusCode::BAD_REQUEST,
            json!(["El monto supera el saldo pendiente ($ 1.200,00)."])
        )
    );
    let (status, body) = app.post(&path, Some(&shop.seller), cobro(&shop, 0.0)).await;
    assert_eq!(
        (status, refused(&body)),
        (
            StatusCode::BAD_REQUEST,
            json!(["El monto a cobrar debe ser mayor a 0."])
        )
    );
    let unknown = json!({"metodoPagoId": 999_999, "monto": 1});
    let (status, body) = app.post(&path, Some(&shop.seller), unknown).await;
    assert_eq!(
        (status, refused(&body)),
        (
            StatusCode::BAD_REQUEST,
            json!(["El método de pago seleccionado no existe"])
        )
    );
    let elsewhere = json!({"metodoPagoId": shop.efectivo, "monto": 1, "localId": shop.norte});
    let (status, _) = app.post(&path, Some(&shop.seller), elsewhere).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a seller collects at their own branch only"
    );
    let (status, _) = app
        .post("/api/movimientos/999999/cobros", Some(&shop.seller), cobro(&shop, 1.0))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (status, body) = app.post(&path, Some(&shop.seller), cobro(&shop, 1200.0)).await;
    assert_eq!(
        (status, &body["movimiento"]["deuda"]),
        (StatusCode::CREATED, &json!(0.0)),
        "{body}"
    );
    let (status, body) = app.post(&path, Some(&shop.seller), cobro(&shop, 1.0)).await;
    assert_eq!(
        (status, refused(&body)),
        (StatusCode::BAD_REQUEST, json!(["La venta no tiene saldo pendiente."]))
    );
    let (_, list) = app.get("/api/cuentas-corrientes", Some(&shop.admin)).await;
    assert_eq!(
        (list["totalAdeudado"].as_f64(), &list["saldos"]["totalElements"]),
        (Some(0.0), &json!(0))
    );

    let gasto = json!({
        "tipoMovimiento": "SALIDA", "fecha": "2026-11-01T12:00", "local": {"id": shop.centro},
        "descripcion": "Limpieza", "total": 500.0, "totalImpuesto": 100.0, "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 100.0, "montoImpuesto": 100.0, "metodoPago": {"id": shop.efectivo}, "fecha": "2026-11-01T12:00"}],
        "estadoMovimiento": null
    });
    let gasto = recorded(&app, &shop.admin, gasto).await;
    let (status, body) = app
        .post(
            &format!("/api/movimientos/{gasto}/cobros"),
            Some(&shop.admin),
            cobro(&shop, 1.0),
        )
        .await;
    assert_eq!(
        (status, refused(&body)),
        (
            StatusCode::BAD_REQUEST,
            json!(["Solo se cobran saldos de ventas (ENTRADA)."])
        )
    );
}

/// A seller who collects on another branch's sale reads of it only what a collection needs: no
/// patient's document, address or phone, no lines, in the collection's answer and in their own
/// cash lists, while the sale's own page and PDF stay closed to them.
#[sqlx::test]
async fn a_collection_at_another_branch_shows_only_what_it_needs(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let body = json!({"nombreCompleto": "Berta Díaz", "celular": "3794 555111", "documento": "30111222",
                      "direccion": "Junín 1234", "correo": "berta@example.com", "genero": "Mujer",
                      "local": {"id": shop.centro}, "historialFichas": []});
    let berta = id_of(&app, &shop.seller, "/api/pacientes", body, "paciente").await;
    let mut credit = sale_on_credit(&shop, "2026-11-27T10:00");
    credit["paciente"] = json!({"id": berta});
    credit["vendedor"] = json!("Eva");
    credit["detallesAdicionales"] = json!([{"descripcion": "Multifocal Varilux", "subtotal": 2000.0}]);
    let venta = recorded(&app, &shop.seller, credit).await;
    let private = ["30111222", "Junín", "3794 555111", "berta@example.com", "Varilux"];
    let leaks = |v: &Value| -> Vec<&str> {
        let text = v.to_string();
        private.iter().copied().filter(|p| text.contains(p)).collect()
    };

    let path = format!("/api/movimientos/{venta}/cobros");
    let (status, answer) = app.post(&path, Some(&seller_norte), cobro(&shop, 1.0)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(leaks(&answer), Vec::<&str>::new(), "{answer}");
    let m = &answer["movimiento"];
    assert_eq!((m["id"].as_i64(), m["deuda"].as_f64()), (Some(venta), Some(1199.0)));
    assert_eq!(m["paciente"]["nombreCompleto"], "Berta Díaz");
    assert_eq!(m["cajaMovimientos"].as_array().unwrap().len(), 2);
    for list in ["filtrar", "lista", "paginado/0"] {
        let (status, rows) = app.get(&format!("/api/movimientos/{list}"), Some(&seller_norte)).await;
        assert_eq!(status, StatusCode::OK, "{list}: {rows}");
        // The cash list has a row per payment: the one collected here is the north's.
        if list == "filtrar" {
            assert!(
                rows.to_string().contains("Berta"),
                "{list} lists the collected sale: {rows}"
            );
        }
        assert_eq!(leaks(&rows), Vec::<&str>::new(), "{list}: {rows}");
    }
    let (status, _) = app.get(&format!("/api/movimientos/{venta}"), Some(&seller_norte)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // The sale's own branch still reads it whole.
    let (_, whole) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(leaks(&whole).len(), private.len(), "{whole}");
}
