//! A late read model never turns a committed command into an answer without its record:
//! while no projector can run, creates and edits answer what their stream holds,
//! and once the read model catches up it reads the same.

use std::time::Duration;

use crate::common::shop::{id_of, recorded, sale, shop, Shop};
use crate::common::{hold_projector, numbers, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod stock_and_names;

#[sqlx::test]
async fn a_late_read_model_still_answers_the_movement_that_was_committed(pool: PgPool) {
    let (app, shop) = impatient(&pool).await;
    let hold = hold_projector(&pool).await;

    let mut venta = sale(&shop, 2);
    venta["paciente"] = json!({"id": shop.paciente});
    let (status, created) = app.post("/api/movimientos", Some(&shop.seller), venta).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let m = &created["movimiento"];
    assert!(m.is_object(), "201 without its movement: {created}");
    assert_eq!(m["total"], 2001.0);
    assert_eq!(m["local"]["nombre"], "La Cruz");
    assert_eq!(m["paciente"]["nombreCompleto"], "Ana");
    assert_eq!(m["detalles"][0]["cantidad"], 2);
    assert_eq!(m["detalles"][0]["producto"]["modelo"], "RB2140");
    assert_eq!(m["cajaMovimientos"][0]["metodoPago"]["nombre"], "Efectivo");
    assert_eq!(m["estadoMovimiento"], "PEDIDO_CRISTALES");
    assert!(m["comprobante"].as_str().is_some(), "{m}");
    let id = m["id"].as_i64().unwrap();

    // An edit answers what it saved, not the read model's older row.
    let mut edit = m.clone();
    edit["descripcion"] = json!("Con estuche");
    let (status, edited) = app
        .put(&format!("/api/movimientos/{id}"), Some(&shop.seller), edit)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{edited}");
    assert_eq!(edited["movimiento"]["descripcion"], "Con estuche");
    assert_eq!(edited["movimiento"]["version"], m["version"].as_i64().unwrap() + 1);

    // A product's create and edit answer what they saved too.
    let body = shop.body("Tardío", shop.marca, &[(shop.centro, 3)]);
    let (status, product) = app.post("/api/productos", Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    let p = &product["producto"];
    assert!(p.is_object(), "201 without its product: {product}");
    assert_eq!(p["modelo"], "Tardío");
    assert_eq!(p["marca"]["nombre"], "Ray-Ban");
    assert_eq!(p["productoLocales"][0]["local"]["nombre"], "La Cruz");
    assert_eq!(p["productoLocales"][0]["stock"], 3);
    assert_eq!(p["costo"], 1000.0);
    let mut edit = shop.body("Tardío", shop.marca, &[(shop.centro, 3)]);
    edit["precio"] = json!(4000);
    edit["version"] = p["version"].clone();
    let pid = p["id"].as_i64().unwrap();
    let (status, saved_product) = app.put(&format!("/api/productos/{pid}"), Some(&shop.admin), edit).await;
    assert_eq!(status, StatusCode::CREATED, "{saved_product}");
    assert_eq!(saved_product["producto"]["precio"], 4000.0);
    // A patient's registration and edit too (the existing front end opens the new patient).
    let g = |ojo: &str, tipo: &str| json!({"ojo": ojo, "tipo": tipo, "esferico": "-1,25", "cilindrico": 0, "eje": 90});
    let body = json!({"nombreCompleto": "Tardía Pérez", "celular": "3772 555", "genero": "Mujer",
        "local": {"id": shop.centro},
        "historialFichas": [{"fecha": "2026-11-01", "dnpDerecho": 31.5,
            "graduaciones": [g("DERECHO", "LEJOS"), g("IZQUIERDO", "LEJOS"), g("DERECHO", "CERCA"), g("IZQUIERDO", "CERCA")],
            "cristales": []}]});
    let (status, registered) = app.post("/api/pacientes", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::CREATED, "{registered}");
    let pa = &registered["paciente"];
    assert!(pa.is_object(), "201 without its patient: {registered}");
    assert_eq!(pa["nombreCompleto"], "Tardía Pérez");
    assert_eq!(pa["local"]["nombre"], "La Cruz");
    assert_eq!(pa["historialFichas"][0]["dnpDerecho"], 31.5);
    assert_eq!(pa["historialFichas"][0]["graduaciones"][0]["esferico"], -1.25);
    let mut edit = pa.clone();
    edit["observaciones"] = json!("Prefiere armazones livianos");
    let paciente_id = pa["id"].as_i64().unwrap();
    let (status, saved_patient) = app
        .put(&format!("/api/pacientes/{paciente_id}"), Some(&shop.seller), edit)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved_patient}");
    assert_eq!(
        saved_patient["paciente"]["observaciones"],
        "Prefiere armazones livianos"
    );
    hold.rollback().await.unwrap();

    // Once the read model catches up, it reads the same.
    app.caught_up().await;
    let (status, read) = app.get(&format!("/api/movimientos/{id}"), Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    let mut read = read.clone();
    let mut answered = edited["movimiento"].clone();
    for v in [&mut read, &mut answered] {
        // Payment ids are the read model's own numbering; a line's product is the product as it
        // is when read (its stock moved once the projector ran).
        for p in v["cajaMovimientos"].as_array_mut().unwrap() {
            p.as_object_mut().unwrap().remove("id");
        }
        for d in v["detalles"].as_array_mut().unwrap() {
            d.as_object_mut().unwrap().remove("producto");
        }
    }
    assert_eq!(read, answered);
    // The product and the patient, folded from their streams the same way, read the same too.
    let (_, product_read) = app.get(&format!("/api/productos/{pid}"), Some(&shop.admin)).await;
    assert_eq!(product_read, saved_product["producto"]);
    let (_, patient_read) = app
        .get(&format!("/api/pacientes/id/{paciente_id}"), Some(&shop.seller))
        .await;
    assert_eq!(patient_read, saved_patient["paciente"]);
}

/// Each folded row names every column of its table, no more: a column added later (whose
/// default `json_populate_recordset` would not apply) fails here, not as a null in a late answer.
async fn names_every_column(pool: &PgPool, rows: &optica_query::late::Rows) {
    for (table, value) in &rows.0 {
        let columns: Vec<String> = sqlx::query_scalar(
            "select column_name::text from information_schema.columns
             where table_schema = 'public' and table_name = $1 order by 1",
        )
        .bind(table)
        .fetch_all(pool)
        .await
        .unwrap();
        for row in value.as_array().unwrap() {
            let mut keys: Vec<String> = row.as_object().unwrap().keys().cloned().collect();
            keys.sort();
            assert_eq!(keys, columns, "{table}");
        }
    }
}

/// The app with a short read-your-writes wait, so a late read model shows quickly.
async fn impatient(pool: &PgPool) -> (TestApp, Shop) {
    let mut app = TestApp::start(pool.clone()).await;
    let shop = shop(&app).await;
    app.state.read_wait = Duration::from_millis(200);
    app.router = optica::app(app.state.clone());
    (app, shop)
}

#[sqlx::test]
async fn a_late_read_model_still_answers_the_transfer_that_was_committed(pool: PgPool) {
    let (app, shop) = impatient(&pool).await;
    let envio = |cantidad: i64| {
        json!({"origenId": shop.centro, "destinoId": shop.norte, "nota": "Vidriera",
               "lineas": [{"productoId": shop.armazon, "cantidad": cantidad}, {"productoId": shop.lente, "cantidad": 1}]})
    };
    let (status, first) = app.post("/api/transferencias", Some(&shop.seller), envio(2)).await;
    assert_eq!(status, StatusCode::CREATED, "{first}");
    let first_id = first["transferencia"]["id"].as_i64().unwrap();
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;

    let hold = hold_projector(&pool).await;
    let (status, sent) = app.post("/api/transferencias", Some(&shop.seller), envio(3)).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    let t = &sent["transferencia"];
    assert!(t.is_object(), "201 without its transfer: {sent}");
    assert_eq!(t["estado"], "ENVIADA");
    assert_eq!(
        (t["origen"].as_str(), t["destino"].as_str()),
        (Some("La Cruz"), Some("Yapeyú"))
    );
    assert_eq!(t["unidades"], 4);
    assert_eq!(t["lineas"].as_array().map(Vec::len), Some(2));
    let path = format!("/api/transferencias/{first_id}/recepcion");
    let body = json!({"recibidas": [{"productoId": shop.armazon, "cantidad": 1}, {"productoId": shop.lente, "cantidad": 1}],
                      "motivo": "Llegó roto"});
    let (status, received) = app.post(&path, Some(&seller_norte), body).await;
    assert_eq!(status, StatusCode::OK, "{received}");
    assert_eq!(
        received["transferencia"]["estado"], "RECIBIDA_CON_FALTANTE",
        "{received}"
    );
    assert_eq!(received["transferencia"]["motivo"], "Llegó roto");
    hold.rollback().await.unwrap();

    // The read model, once caught up, reads exactly what was answered.
    app.caught_up().await;
    for answered in [&sent, &received] {
        let id = answered["transferencia"]["id"].as_i64().unwrap();
        let (status, read) = app.get(&format!("/api/transferencias/{id}"), Some(&shop.seller)).await;
        assert_eq!(status, StatusCode::OK, "{read}");
        assert_eq!(read, answered["transferencia"]);
    }
}

#[sqlx::test]
async fn a_late_read_model_still_answers_the_count_that_was_committed(pool: PgPool) {
    let (app, shop) = impatient(&pool).await;
    let (status, started) = app
        .post("/api/conteos", Some(&shop.admin), json!({"localId": shop.centro}))
        .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let id = started["planilla"]["conteo"]["id"].as_i64().unwrap();
    let productos: Vec<i64> = numbers(&started["planilla"]["lineas"], "productoId");
    assert!(productos.len() >= 2, "{started}");

    let hold = hold_projector(&pool).await;
    let contados: Vec<_> = productos
        .iter()
        .map(|p| json!({"productoId": p, "contado": 1}))
        .collect();
    let (status, typed) = app
        .put(
            &format!("/api/conteos/{id}/contados"),
            Some(&shop.admin),
            json!({"contados": contados}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{typed}");
    let sheet = &typed["planilla"];
    assert!(sheet.is_object(), "an answer without its count: {typed}");
    assert_eq!(sheet["conteo"]["contados"], productos.len());
    assert_eq!(sheet["conteo"]["local"], "La Cruz");
    assert!(
        sheet["lineas"][0]["esperado"].is_null(),
        "a blind count showed its stock: {sheet}"
    );
    let (status, closed) = app
        .post(&format!("/api/conteos/{id}/cierre"), Some(&shop.admin), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{closed}");
    assert_eq!(closed["planilla"]["conteo"]["estado"], "CERRADO", "{closed}");
    assert!(closed["planilla"]["valorDiferencia"].is_number(), "{closed}");
    hold.rollback().await.unwrap();

    app.caught_up().await;
    let (status, read) = app.get(&format!("/api/conteos/{id}"), Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read, closed["planilla"]);
}

/// A job's answer without the seconds spent in its states (they grow between two reads).
fn timeless(mut job: Value) -> Value {
    job.as_object_mut().unwrap().remove("segundos");
    for paso in job["historial"].as_array_mut().unwrap() {
        paso.as_object_mut().unwrap().remove("segundos");
    }
    job
}

#[sqlx::test]
async fn a_late_read_model_still_answers_the_lab_job_that_was_committed(pool: PgPool) {
    let (app, shop) = impatient(&pool).await;
    let g = |ojo: &str, tipo: &str| json!({"ojo": ojo, "tipo": tipo, "esferico": "-1,25", "cilindrico": 0, "eje": 90});
    let paciente = json!({"nombreCompleto": "Ñandú Pérez", "celular": "0379 15 4123456", "genero": "Mujer",
        "local": {"id": shop.centro},
        "historialFichas": [{"fecha": "2026-11-01", "dnpDerecho": 31.5,
            "graduaciones": [g("DERECHO", "LEJOS"), g("IZQUIERDO", "LEJOS"), g("DERECHO", "CERCA"), g("IZQUIERDO", "CERCA")],
            "cristales": []}]});
    let paciente = id_of(&app, &shop.seller, "/api/pacientes", paciente, "paciente").await;
    let mut venta = sale(&shop, 1);
    venta["paciente"] = json!({"id": paciente});
    venta["detalles"][0]["producto"]["id"] = json!(shop.lente);
    let (primera, segunda) = (
        recorded(&app, &shop.seller, venta.clone()).await,
        recorded(&app, &shop.seller, venta.clone()).await,
    );
    let lab = json!({"nombre": "Laboratorio Óptico Sur", "celular": "011 4444-5555"});
    let laboratorio = id_of(&app, &shop.admin, "/api/laboratorio", lab, "laboratorio").await;
    let prometido = (app.state.today() + chrono::Duration::days(7)).to_string();
    let encargo = |venta: i64| json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": prometido, "bandeja": "B-12"});
    let (status, _) = app.post("/api/trabajos", Some(&shop.seller), encargo(primera)).await;
    assert_eq!(status, StatusCode::CREATED);

    let hold = hold_projector(&pool).await;
    let (status, ordered) = app.post("/api/trabajos", Some(&shop.seller), encargo(segunda)).await;
    assert_eq!(status, StatusCode::CREATED, "{ordered}");
    let t = &ordered["trabajo"];
    assert!(t.is_object(), "201 without its job: {ordered}");
    assert_eq!(
        (t["estado"].as_str(), t["laboratorio"].as_str()),
        (Some("PEDIDO_CRISTALES"), Some("Laboratorio Óptico Sur"))
    );
    assert_eq!(t["receta"]["dnpDerecho"], 31.5, "{t}");
    assert_eq!(t["historial"].as_array().map(Vec::len), Some(1));
    let path = format!("/api/trabajos/{primera}/estado");
    let (status, moved) = app
        .post(&path, Some(&shop.seller), json!({"estado": "ANTEOJO_TERMINADO"}))
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["trabajo"]["estado"], "ANTEOJO_TERMINADO", "{moved}");
    assert!(moved["trabajo"]["whatsapp"].is_string(), "{moved}");
    let path = format!("/api/trabajos/{primera}/avisos");
    let (status, told) = app.post(&path, Some(&shop.seller), json!({"canal": "WHATSAPP"})).await;
    assert_eq!(status, StatusCode::OK, "{told}");
    assert_eq!(told["trabajo"]["avisos"][0]["estado"], "ABIERTO", "{told}");
    // A sale saved while the read models are behind, its job ordered and amended at once.
    let (status, saved) = app.post("/api/movimientos", Some(&shop.seller), venta).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    let tercera = saved["movimiento"]["id"].as_i64().unwrap();
    let (status, ordered_late) = app.post("/api/trabajos", Some(&shop.seller), encargo(tercera)).await;
    assert_eq!(status, StatusCode::CREATED, "{ordered_late}");
    assert_eq!(ordered_late["trabajo"]["estado"], "PEDIDO_CRISTALES", "{ordered_late}");
    let cambio = json!({"laboratorioId": laboratorio, "prometido": prometido, "bandeja": "C-3"});
    let (status, amended) = app
        .put(&format!("/api/trabajos/{tercera}"), Some(&shop.seller), cambio)
        .await;
    assert_eq!(status, StatusCode::OK, "{amended}");
    assert_eq!(amended["trabajo"]["bandeja"], "C-3", "{amended}");
    let rows = optica_query::jobs::committed(&pool, primera).await.unwrap().unwrap();
    names_every_column(&pool, &rows).await;
    hold.rollback().await.unwrap();

    app.caught_up().await;
    for answered in [&ordered, &told] {
        let id = answered["trabajo"]["id"].as_i64().unwrap();
        let (status, read) = app.get(&format!("/api/trabajos/{id}"), Some(&shop.seller)).await;
        assert_eq!(status, StatusCode::OK, "{read}");
        assert_eq!(timeless(read), timeless(answered["trabajo"].clone()));
    }
    // Its sale's lenses and patient came later, with the sale; the job itself reads the same.
    let (_, read) = app.get(&format!("/api/trabajos/{tercera}"), Some(&shop.seller)).await;
    for field in ["estado", "bandeja", "laboratorio", "prometido", "historial", "version"] {
        let (read, answered) = (timeless(read.clone()), timeless(amended["trabajo"].clone()));
        assert_eq!(read[field], answered[field], "{field}");
    }
}
