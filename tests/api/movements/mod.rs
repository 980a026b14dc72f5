//! The cash box against a real database: a sale and its stock in one transaction, under
//! concurrency; the server's arithmetic; lenses for the patient; idempotent submission; roles.

use crate::common::shop::{open_days, sale, stock};
use crate::common::TestApp;
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Value};
use sqlx::PgPool;

mod gathered;
mod lists;
mod receipts;
mod returns;

mod races;

mod refused;

#[sqlx::test]
async fn a_sale_for_a_patient_takes_stock_records_lenses_and_a_delete_puts_it_back(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    // 2 frames (2001.00) + 1 lens (1000.50) + a lab line (999.50) = 4001.00, less 10% = 3600.90
    let body = json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "paciente": {"id": shop.paciente}, "descuento": 10, "total": 3600.9, "totalImpuesto": 3600.9,
        "detalles": [
            {"cantidad": 2, "precioUnitario": 1000.5, "subtotal": 2001, "producto": {"id": shop.armazon}},
            {"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.lente}}
        ],
        "detallesAdicionales": [{"descripcion": "Cristal antirreflejo", "subtotal": 999.5}],
        "cajaMovimientos": [
            {"monto": 1000, "montoImpuesto": 1000, "metodoPago": {"id": shop.tarjeta}, "fecha": "2026-11-21T10:30"},
            {"monto": 2600.9, "montoImpuesto": 2600.9, "metodoPago": {"id": shop.efectivo}, "fecha": "2026-11-21T10:31"}
        ]
    });
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "El movimiento ha sido creado!");
    let m = &answer["movimiento"];
    assert_eq!(
        (m["total"].as_f64(), m["totalImpuesto"].as_f64()),
        (Some(3600.9), Some(3600.9))
    );
    assert_eq!(m["estadoMovimiento"], "PEDIDO_CRISTALES");
    assert_eq!(m["caja_movimientos"], Value::Null, "camelCase only");
    assert_eq!(m["cajaMovimientos"][1]["metodoPago"]["nombre"], "Efectivo");
    assert_eq!(
        m["detalles"][0]["producto"]["costo"],
        Value::Null,
        "sellers never see costs"
    );
    assert_eq!(m["paciente"]["nombreCompleto"], "Ana");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));
    assert_eq!(stock(&app, shop.lente, shop.centro).await, Some(4));
    let lenses: Vec<String> =
        sqlx::query_scalar("select nombre from patient_cristales where paciente_id = $1 order by cristal_id")
            .bind(shop.paciente)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(lenses, vec!["Orma Ray-Ban", "antirreflejo"]);

    // the patient and the products it names can no longer be deleted
    let id = m["id"].as_i64().unwrap();
    let (status, _) = app
        .delete(&format!("/api/productos/{}", shop.armazon), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = app
        .delete(&format!("/api/pacientes/{}", shop.paciente), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    // sellers do not delete; admins do, and the stock returns
    let uri = format!("/api/movimientos/{id}");
    assert_eq!(app.delete(&uri, Some(&shop.seller)).await.0, StatusCode::FORBIDDEN);
    assert_eq!(app.delete(&uri, Some(&shop.admin)).await.0, StatusCode::NO_CONTENT);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));
    assert_eq!(stock(&app, shop.lente, shop.centro).await, Some(5));
    assert_eq!(app.get(&uri, Some(&shop.admin)).await.0, StatusCode::NOT_FOUND);
    assert_eq!(app.delete(&uri, Some(&shop.admin)).await.0, StatusCode::NOT_FOUND);
    let (status, _) = app
        .delete(&format!("/api/productos/{}", shop.armazon), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK);
}

#[sqlx::test]
async fn the_server_checks_the_arithmetic_branch_and_stock_and_writes_nothing_on_refusal(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    open_days(&app, &shop, &["2026-11-21"]).await;
    let events = || crate::common::event_count(&app.pool);
    let before = events().await;
    let mut wrong = sale(&shop, 2);
    wrong["total"] = json!(2000);
    wrong["detalles"][0]["subtotal"] = json!(2000);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), wrong).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"][0],
        "El subtotal del producto RB2140 no coincide con cantidad × precio unitario (2001.00)"
    );
    let mut unpaid = sale(&shop, 1);
    unpaid["cajaMovimientos"] = json!([]);
    unpaid["totalImpuesto"] = json!(0);
    let (_, answer) = app.post("/api/movimientos", Some(&shop.seller), unpaid).await;
    assert_eq!(
        answer["errors"],
        json!(["Debe ingresar al menos un pago para guardar el movimiento."])
    );

    // a seller cannot sell at another branch; at a branch without the product the sale is refused
    let mut elsewhere = sale(&shop, 1);
    elsewhere["local"] = json!({"id": shop.norte});
    assert_eq!(
        app.post("/api/movimientos", Some(&shop.seller), elsewhere.clone())
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), elsewhere).await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::BAD_REQUEST,
            json!({"mensaje": "Error al crear el movimiento", "error": "Producto no encontrado en el local."})
        )
    );
    let (status, _) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 11)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(events().await, before);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));

    // an expense: no stock, no state
    let salida = json!({
        "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T18:00", "local": {"id": shop.centro},
        "descripcion": "Luz", "total": 300, "totalImpuesto": 300, "estadoMovimiento": null,
        "cajaMovimientos": [{"monto": 300, "montoImpuesto": 300, "metodoPago": {"id": shop.efectivo}}]
    });
    // (an admin's: a payment without a date takes the movement's, a past day opened above)
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), salida).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["movimiento"]["estadoMovimiento"], Value::Null);
    assert_eq!(
        answer["movimiento"]["cajaMovimientos"][0]["fecha"],
        "2026-11-21T18:00:00"
    );
}

#[sqlx::test]
async fn an_edit_moves_stock_back_and_forth_and_between_branches(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    open_days(&app, &shop, &["2026-11-21"]).await;
    let (_, created) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 3)).await;
    let id = created["movimiento"]["id"].as_i64().unwrap();
    let uri = format!("/api/movimientos/{id}");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(7));

    // 3 → 1 unit: two come back
    let (status, answer) = app.put(&uri, Some(&shop.seller), sale(&shop, 1)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "El movimiento ha sido actualizado!");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(9));
    // more than there is: refused, nothing moves
    let (status, answer) = app.put(&uri, Some(&shop.seller), sale(&shop, 11)).await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::BAD_REQUEST,
            json!({"mensaje": "Error al actualizar el movimiento", "error": "Stock insuficiente para el producto: RB2140"})
        )
    );
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(9));
    // exactly everything there is (9 on the shelf + 1 in this sale)
    assert_eq!(
        app.put(&uri, Some(&shop.seller), sale(&shop, 10)).await.0,
        StatusCode::CREATED
    );
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(0));

    // an ENTRADA turned into a SALIDA returns its stock
    let salida = json!({
        "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T18:00", "local": {"id": shop.centro},
        "descripcion": "Corrección", "total": 10, "totalImpuesto": 10,
        "cajaMovimientos": [{"monto": 10, "montoImpuesto": 10, "metodoPago": {"id": shop.efectivo}}]
    });
    assert_eq!(app.put(&uri, Some(&shop.seller), salida).await.0, StatusCode::CREATED);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10));

    // a seller of another branch can neither read nor edit it
    let other = app.seller_token("otro", shop.norte).await;
    assert_eq!(app.get(&uri, Some(&other)).await.0, StatusCode::FORBIDDEN);
    let mut theirs = sale(&shop, 1);
    theirs["local"] = json!({"id": shop.norte});
    assert_eq!(app.put(&uri, Some(&other), theirs).await.0, StatusCode::FORBIDDEN);
    let (status, answer) = app.put("/api/movimientos/999", Some(&shop.admin), sale(&shop, 1)).await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("Error: No se pudo editar el movimiento ID: 999 no existe en la base de datos!")
        )
    );
}

/// Two people open the same sale; one moves the order to 'Anteojo Terminado', the
/// other saves the form opened earlier. The stale save is refused and changes nothing.
#[sqlx::test]
async fn a_save_from_a_form_opened_before_another_change_is_refused(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    open_days(&app, &shop, &["2026-11-21"]).await;
    let (_, created) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)).await;
    let id = created["movimiento"]["id"].as_i64().unwrap();
    let uri = format!("/api/movimientos/{id}");
    let (_, opened) = app.get(&uri, Some(&shop.seller)).await;
    let version = opened["version"].as_i64().unwrap();

    let mut finished = sale(&shop, 1);
    finished["estadoMovimiento"] = json!("ANTEOJO_TERMINADO");
    finished["version"] = json!(version);
    let (status, answer) = app.put(&uri, Some(&shop.admin), finished).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert!(answer["movimiento"]["version"].as_i64().unwrap() > version);

    let mut stale = sale(&shop, 2);
    stale["version"] = json!(version);
    let (status, answer) = app.put(&uri, Some(&shop.seller), stale).await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::CONFLICT,
            json!({"mensaje": "El movimiento fue modificado por otra persona desde que se abrió el formulario. Vuelva a cargarlo para ver los cambios."})
        )
    );
    let (_, now) = app.get(&uri, Some(&shop.seller)).await;
    assert_eq!(now["estadoMovimiento"], "ANTEOJO_TERMINADO");
    assert_eq!(now["detalles"][0]["cantidad"], 1);
    assert_eq!(
        stock(&app, shop.armazon, shop.centro).await,
        Some(9),
        "the stale save moved no stock"
    );

    // The form reloaded carries the new version and saves.
    let mut fresh = sale(&shop, 2);
    fresh["estadoMovimiento"] = json!("ANTEOJO_TERMINADO");
    fresh["version"] = now["version"].clone();
    assert_eq!(app.put(&uri, Some(&shop.seller), fresh).await.0, StatusCode::CREATED);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));
}

/// A seller sells at the catalogue price and lowers it only through the discount, up to 30 %;
/// below that, or at 0 (a warranty, a courtesy), the sale is an admin's, with a reason from the
/// list, which the audit shows. Refused sales take no stock.
#[sqlx::test]
async fn a_price_below_the_floor_is_an_admins_act_with_a_reason(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let priced = |precio: f64, cantidad: i64, descuento: Option<f64>| {
        let subtotal = precio * cantidad as f64;
        let total = descuento.map_or(subtotal, |d| ((subtotal * (100.0 - d)) / 100.0 * 100.0).round() / 100.0);
        let mut body = sale(&shop, cantidad);
        body["detalles"][0]["precioUnitario"] = json!(precio);
        body["detalles"][0]["subtotal"] = json!(subtotal);
        body["descuento"] = json!(descuento);
        body["total"] = json!(total);
        body["totalImpuesto"] = json!(total);
        body["cajaMovimientos"][0]["monto"] = json!(total);
        body["cajaMovimientos"][0]["montoImpuesto"] = json!(total);
        body["fecha"] = json!(format!("{}T10:00", app.state.today()));
        body["cajaMovimientos"][0]["fecha"] = body["fecha"].clone();
        body
    };
    let errors = |answer: &Value| answer["errors"].to_string();
    for precio in [0.0, 0.01, 1000.0] {
        let (status, answer) = app
            .post("/api/movimientos", Some(&shop.seller), priced(precio, 3, None))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{precio}: {answer}");
        assert!(
            errors(&answer).contains("no puede ser menor al de lista ($ 1.000,50)"),
            "{answer}"
        );
    }
    let (status, answer) = app
        .post("/api/movimientos", Some(&shop.seller), priced(1000.5, 1, Some(31.0)))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        errors(&answer).contains("El descuento máximo para vendedores es 30 %"),
        "{answer}"
    );
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(10), "nothing sold");
    let (status, answer) = app
        .post("/api/movimientos", Some(&shop.seller), priced(1000.5, 1, Some(30.0)))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");

    // An admin: at 0 only with a reason from the list.
    let (status, answer) = app
        .post("/api/movimientos", Some(&shop.admin), priced(0.0, 1, None))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        errors(&answer).contains("queda por debajo del precio mínimo ($ 700,35)"),
        "{answer}"
    );
    // A frame replaced under warranty, with the service charged.
    let mut garantia = priced(0.0, 1, None);
    garantia["detallesAdicionales"] = json!([{"descripcion": "Ajuste", "subtotal": 100}]);
    for field in ["total", "totalImpuesto"] {
        garantia[field] = json!(100);
    }
    garantia["cajaMovimientos"][0]["monto"] = json!(100);
    garantia["cajaMovimientos"][0]["montoImpuesto"] = json!(100);
    garantia["motivoPrecio"] = json!("OTRO");
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), garantia.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        errors(&answer).contains("El motivo del precio 'OTRO' no es válido"),
        "{answer}"
    );
    garantia["motivoPrecio"] = json!("GARANTIA");
    let (status, answer) = app.post("/api/movimientos", Some(&shop.admin), garantia).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["movimiento"]["id"].as_i64().unwrap();
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));
    let (_, audit) = app
        .get(&format!("/api/auditoria?tipo=Movimiento&id={id}"), Some(&shop.admin))
        .await;
    assert!(audit.to_string().contains("precio especial: Garantía"), "{audit}");
}
