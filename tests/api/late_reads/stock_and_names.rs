//! A late read model still answers the stock and the cash day just committed, and an item created meanwhile can be named at once.

use super::*;
use crate::common::scalar;

#[sqlx::test]
async fn a_late_read_model_still_answers_the_stock_and_the_cash_day_that_were_committed(pool: PgPool) {
    let (app, shop) = impatient(&pool).await;
    let producto = shop.armazon;
    let hoy = app.state.today();
    let caja = format!("/api/caja/{}/{hoy}", shop.centro);

    let hold = hold_projector(&pool).await;
    let (status, minimo) = app
        .put(
            &format!("/api/productos/{producto}/minimo"),
            Some(&shop.admin),
            json!({"localId": shop.centro, "minimo": 4}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{minimo}");
    let (status, adjusted) = app
        .post(
            &format!("/api/productos/{producto}/ajustes"),
            Some(&shop.admin),
            json!({"localId": shop.centro, "cantidad": -1, "motivo": "Rotura", "nota": "Se cayó"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{adjusted}");
    let centro = |p: &Value| {
        p["producto"]["productoLocales"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["local"]["id"] == shop.centro)
            .cloned()
    };
    assert_eq!(centro(&minimo).map(|l| l["minimo"].clone()), Some(json!(4)), "{minimo}");
    let (status, opened) = app
        .post(
            &format!("{caja}/apertura"),
            Some(&shop.seller),
            json!({"fondo": [{"metodoPagoId": shop.efectivo, "monto": 1500.5}]}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    assert_eq!(opened["caja"]["estado"], "ABIERTA", "{opened}");
    // A count that differs stays open; with the reason it closes.
    let cierre =
        |motivo: Option<&str>| json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 1400}], "motivo": motivo});
    let (status, counted) = app
        .post(&format!("{caja}/cierre"), Some(&shop.seller), cierre(None))
        .await;
    assert_eq!(status, StatusCode::OK, "{counted}");
    assert_eq!(
        (counted["caja"]["estado"].as_str(), counted["caja"]["conteos"].as_i64()),
        (Some("ABIERTA"), Some(1))
    );
    let (status, closed) = app
        .post(
            &format!("{caja}/cierre"),
            Some(&shop.seller),
            cierre(Some("Faltan 100,50 del vuelto")),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{closed}");
    assert_eq!(closed["caja"]["estado"], "CERRADA", "{closed}");
    let stream = optica_command::closings::day_stream(&app.store, shop.centro, hoy)
        .await
        .unwrap()
        .unwrap();
    names_every_column(&pool, &optica_query::closings::committed(&pool, stream).await.unwrap()).await;
    hold.rollback().await.unwrap();

    app.caught_up().await;
    let (status, read) = app.get(&format!("/api/productos/{producto}"), Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read, adjusted["producto"]);
    let (status, day) = app.get(&caja, Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{day}");
    assert_eq!(day, closed["caja"]);
}

/// An item the admin just created can be named at once, even while its read model is late, and
/// one just deleted no longer can: the "it exists" checks and the late answers read what was
/// committed, not only what was projected (a CI run refused a lab created 200 ms earlier with
/// "No existe el laboratorio").
#[sqlx::test]
async fn an_item_created_while_the_read_model_is_late_can_be_named_at_once(pool: PgPool) {
    let (app, shop) = impatient(&pool).await;
    let registro = |nombre: &str, celular: &str| {
        json!({"nombreCompleto": nombre, "celular": celular, "genero": "Hombre",
               "local": {"id": shop.centro}, "historialFichas": []})
    };
    // A brand and a patient the read model has, to be deleted while it is behind.
    let t = shop.admin.as_str();
    let vogue = id_of(&app, t, "/api/marca", json!({"nombre": "Vogue"}), "marca").await;
    let borrado = registro("Eva Borrada", "379 2");
    let borrado = id_of(&app, &shop.seller, "/api/pacientes", borrado, "paciente").await;
    app.caught_up().await;

    let hold = hold_projector(&pool).await;
    let marca = id_of(&app, t, "/api/marca", json!({"nombre": "Oakley"}), "marca").await;
    let metodo = json!({"nombre": "Transferencia"});
    let metodo = id_of(&app, t, "/api/metodoPago", metodo, "metodoPago").await;
    let lab = json!({"nombre": "Laboratorio Sur", "celular": "011 4444-5555"});
    let laboratorio = id_of(&app, t, "/api/laboratorio", lab, "laboratorio").await;
    let local = json!({"nombre": "Belgrano", "direccion": "Junín 1", "celular": "379"});
    let local = id_of(&app, t, "/api/local", local, "local").await;
    let projected: i64 = scalar(&pool, "select count(*) from lookup_items where nombre = 'Oakley'").await;
    assert_eq!(
        projected, 0,
        "the read model must be behind for this test to mean anything"
    );

    let body = shop.body("Holbrook", marca, &[(shop.centro, 3), (local, 1)]);
    let (status, answer) = app.post("/api/productos", Some(t), body).await;
    assert_eq!(status, StatusCode::CREATED, "a brand and branch just created: {answer}");
    let producto = answer["producto"]["id"].as_i64().unwrap();
    let paciente = id_of(
        &app,
        &shop.seller,
        "/api/pacientes",
        registro("Íñigo Ruiz", "379 1"),
        "paciente",
    )
    .await;
    let venta = json!({"tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "total": 4601, "totalImpuesto": 1000, "vendedor": "Eva", "paciente": {"id": paciente},
        "detalles": [{"cantidad": 1, "precioUnitario": 3600.5, "subtotal": 3600.5, "producto": {"id": producto}},
                     {"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.lente}}],
        "detallesAdicionales": [], "estadoMovimiento": "PEDIDO_CRISTALES",
        "cajaMovimientos": [{"monto": 1000, "montoImpuesto": 1000, "metodoPago": {"id": metodo},
                             "fecha": "2026-11-21T10:30"}]});
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), venta.clone()).await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "a product, patient and method just created: {answer}"
    );
    let m = &answer["movimiento"];
    let venta_id = m["id"].as_i64().unwrap();
    assert_eq!(m["detalles"][0]["producto"]["modelo"], "Holbrook", "{answer}");
    assert_eq!(m["detalles"][0]["producto"]["marca"]["nombre"], "Oakley", "{answer}");
    assert_eq!(m["paciente"]["nombreCompleto"], "Íñigo Ruiz", "{answer}");
    assert_eq!(
        m["cajaMovimientos"][0]["metodoPago"]["nombre"], "Transferencia",
        "{answer}"
    );
    let cobro = json!({"metodoPagoId": metodo, "monto": 1000});
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta_id}/cobros"),
            Some(&shop.seller),
            cobro,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "a payment on a sale just saved: {answer}");

    let caja = format!("/api/caja/{local}/{}/apertura", app.state.today());
    let fondo = json!({"fondo": [{"metodoPagoId": metodo, "monto": 1500.5}]});
    let (status, answer) = app.post(&caja, Some(t), fondo).await;
    assert_eq!(status, StatusCode::OK, "a cash day at a branch just created: {answer}");
    assert_eq!(answer["caja"]["local"], "Belgrano", "{answer}");
    let metodos = answer["caja"]["metodos"].as_array().unwrap();
    let fondo = metodos.iter().find(|m| m["metodoPago"] == "Transferencia");
    assert_eq!(fondo.map(|m| m["fondo"].clone()), Some(json!(1500.5)), "{answer}");

    let envio = json!({"origenId": shop.centro, "destinoId": local,
                       "lineas": [{"productoId": producto, "cantidad": 1}]});
    let (status, answer) = app.post("/api/transferencias", Some(&shop.seller), envio).await;
    assert_eq!(status, StatusCode::CREATED, "a branch just created: {answer}");
    let envio = &answer["transferencia"];
    assert_eq!(
        (envio["origen"].as_str(), envio["destino"].as_str()),
        (Some("La Cruz"), Some("Belgrano"))
    );
    assert_eq!(envio["lineas"][0]["marca"], "Oakley", "{answer}");

    let prometido = (app.state.today() + chrono::Duration::days(7)).to_string();
    let encargo = |lab: i64| json!({"movimientoId": venta_id, "laboratorioId": lab, "prometido": prometido});
    let (status, answer) = app
        .post("/api/trabajos", Some(&shop.seller), encargo(laboratorio + 100))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a lab nobody created: {answer}");
    let (status, answer) = app
        .post("/api/trabajos", Some(&shop.seller), encargo(laboratorio))
        .await;
    assert_eq!(status, StatusCode::CREATED, "a lab just created: {answer}");
    let job = &answer["trabajo"];
    assert_eq!(
        (
            job["laboratorio"].as_str(),
            job["local"].as_str(),
            job["paciente"].as_str()
        ),
        (Some("Laboratorio Sur"), Some("La Cruz"), Some("Íñigo Ruiz")),
        "{answer}"
    );

    // What was deleted is gone at once, though the read model still shows it.
    let (status, _) = app.delete(&format!("/api/marca/{vogue}"), Some(t)).await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = app
        .post(
            "/api/productos",
            Some(t),
            shop.body("Aviator", vogue, &[(shop.centro, 1)]),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(answer["errors"], json!(["La marca seleccionada no existe"]), "{answer}");
    let (status, _) = app.delete(&format!("/api/pacientes/{borrado}"), Some(t)).await;
    assert_eq!(status, StatusCode::OK);
    let mut venta = venta;
    venta["paciente"] = json!({"id": borrado});
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), venta).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        answer["errors"],
        json!(["El paciente seleccionado no existe"]),
        "{answer}"
    );
    hold.rollback().await.unwrap();
}
