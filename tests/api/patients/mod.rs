//! The patient API (contract §4.3) against a real database: every call, the duplicate and ficha
//! rules under concurrency, the merge that keeps crystals, and roles.

use crate::common::{scalar, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod lists;

fn graduaciones(esferico_lejos: Value) -> Value {
    json!([
        {"ojo": "DERECHO", "tipo": "LEJOS", "esferico": esferico_lejos, "cilindrico": -0.5, "eje": 90},
        {"ojo": "IZQUIERDO", "tipo": "LEJOS", "esferico": 0, "cilindrico": 0, "eje": 0},
        {"ojo": "DERECHO", "tipo": "CERCA", "esferico": 0, "cilindrico": 0, "eje": 0},
        {"ojo": "IZQUIERDO", "tipo": "CERCA", "esferico": 0, "cilindrico": 0, "eje": 0},
    ])
}

fn patient(nombre: &str, celular: &str, documento: &str, local: i64) -> Value {
    json!({
        "nombreCompleto": nombre, "celular": celular, "documento": documento, "genero": "Mujer",
        "local": {"id": local}, "creadoEn": "2020-01-01T10:00:00.000Z",
        "historialFichas": [{"fecha": "2026-11-01", "dnpDerecho": 31.5, "adicionDerecho": "+2,00",
                             "graduaciones": graduaciones(json!("-1,25")), "cristales": []}]
    })
}

async fn register(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, answer) = app.post("/api/pacientes", Some(token), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "El paciente ha sido creado exitosamente.");
    answer["paciente"].clone()
}

async fn count(app: &TestApp) -> i64 {
    scalar(
        &app.pool,
        "select count(*) from events where aggregate_type = 'Paciente'",
    )
    .await
}

#[sqlx::test]
async fn a_seller_registers_a_patient_with_an_exact_prescription(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let p = register(
        &app,
        &shop.seller,
        patient("  Ana Gómez ", "351 555-1234", "30.123.456", shop.centro),
    )
    .await;
    assert_eq!(p["ficha"], 1);
    assert_eq!(p["nombreCompleto"], "Ana Gómez");
    assert_eq!(p["local"]["nombre"], "La Cruz");
    // creadoEn is the shop's date, not the client's
    assert_ne!(p["creadoEn"], "2020-01-01");
    let ficha = &p["historialFichas"][0];
    assert_eq!(ficha["id"], 1);
    assert_eq!(ficha["fecha"], "2026-11-01");
    assert_eq!(ficha["dnpDerecho"], 31.5);
    assert_eq!(ficha["adicionDerecho"], 2.0);
    assert_eq!(
        ficha["graduaciones"][0],
        json!({"ojo": "DERECHO", "tipo": "LEJOS", "esferico": -1.25, "cilindrico": -0.5, "eje": 90.0})
    );
    let id = p["id"].as_i64().unwrap();
    let (status, read) = app.get(&format!("/api/pacientes/id/{id}"), Some(&shop.seller)).await;
    assert_eq!((status, &read), (StatusCode::OK, &p));
}

#[sqlx::test]
async fn bad_input_gets_every_problem_in_spanish_and_saves_nothing(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let before = count(&app).await;
    let mut body = patient("", "", "", 999);
    body["genero"] = json!("Otro");
    let (status, answer) = app.post("/api/pacientes", Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"],
        json!([
            "El nombre completo es obligatorio",
            "El celular es obligatorio",
            "Debe seleccionar el género: Hombre, Mujer o X",
            "El local seleccionado no existe"
        ])
    );
    let mut body = patient("Ana", "1", "", shop.centro);
    body["historialFichas"][0]["graduaciones"][0]["eje"] = json!("noventa");
    body["historialFichas"][0]["puente"] = json!(18.125);
    let (status, answer) = app.post("/api/pacientes", Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["errors"],
        json!([
            "Ficha del 01/11/2026: el valor '18.125' de puente no es un número válido (hasta dos decimales)",
            "Ficha del 01/11/2026: el valor 'noventa' de eje no es un número válido (hasta dos decimales)"
        ])
    );
    let (status, answer) = app
        .post("/api/pacientes", Some(&shop.admin), patient("Ana", "1", "", 999))
        .await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (StatusCode::BAD_REQUEST, Some("El local seleccionado no existe"))
    );
    assert_eq!(count(&app).await, before);
}

#[sqlx::test]
async fn concurrent_registrations_get_distinct_ficha_numbers(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    // a number typed by hand ahead of the sequence is skipped, not collided with
    let mut kept = patient("Paciente de papel", "100", "", shop.centro);
    kept["ficha"] = json!(3);
    assert_eq!(register(&app, &shop.admin, kept).await["ficha"], 3);

    let requests = (0..12).map(|i| {
        let body = patient(&format!("Paciente {i}"), &format!("200{i}"), "", shop.norte);
        let (app, token) = (&app, &shop.seller);
        async move { app.post("/api/pacientes", Some(token), body).await }
    });
    let answers = futures::future::join_all(requests).await;
    let mut fichas: Vec<i64> = answers
        .iter()
        .map(|(status, answer)| {
            assert_eq!(*status, StatusCode::CREATED, "{answer}");
            answer["paciente"]["ficha"].as_i64().unwrap()
        })
        .collect();
    fichas.sort_unstable();
    fichas.dedup();
    assert_eq!(fichas.len(), 12);
    assert!(fichas.iter().all(|f| *f >= 4), "{fichas:?}");

    let mut taken = patient("Otra", "300", "", shop.centro);
    taken["ficha"] = json!(3);
    let (status, answer) = app.post("/api/pacientes", Some(&shop.admin), taken).await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Ya existe un paciente con la ficha 3"))
    );
    let (_, counts) = app
        .get("/api/pacientes/cantidad-por-sucursal", Some(&shop.seller))
        .await;
    assert_eq!(
        counts,
        json!([
            {"localId": shop.centro, "localNombre": "La Cruz", "cantidadPacientes": 1},
            {"localId": shop.norte, "localNombre": "Yapeyú", "cantidadPacientes": 12}
        ])
    );
}

#[sqlx::test]
async fn a_document_or_a_phone_without_document_identifies_one_patient(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let t = Some(shop.seller.as_str());
    register(&app, &shop.seller, patient("Ana", "351 111", "30.123.456", shop.centro)).await;
    let (status, answer) = app
        .post("/api/pacientes", t, patient("Otra Ana", "999", "30123456", shop.centro))
        .await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::BAD_REQUEST,
            json!({"mensaje": "Ya existe un paciente con el mismo documento"})
        )
    );
    // same phone without document: refused, whoever holds the phone
    let (status, answer) = app
        .post("/api/pacientes", t, patient("Hijo", "351-111", "", shop.centro))
        .await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::BAD_REQUEST,
            json!({"mensaje": "Ya existe un paciente con el mismo celular y sin documento"})
        )
    );
    // same phone with another document: a family sharing a phone
    register(&app, &shop.seller, patient("Hija", "351111", "40111222", shop.centro)).await;

    // concurrent twins without document: exactly one gets in
    let requests = (0..4).map(|_| app.post("/api/pacientes", t, patient("Gemelo", "777", "", shop.centro)));
    crate::common::only_one_created(requests).await;

    // an edit cannot take another patient's document either
    let ana = register(&app, &shop.seller, patient("Ana Dos", "5", "X1", shop.centro)).await;
    let mut edit = patient("Ana Dos", "5", "40.111.222", shop.centro);
    edit["historialFichas"] = Value::Null;
    let (status, answer) = app.put(&format!("/api/pacientes/{}", ana["id"]), t, edit).await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("Ya existe un paciente con el mismo documento")
        )
    );
}

#[sqlx::test]
async fn an_edit_from_a_stale_form_keeps_the_crystal_recorded_meanwhile(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let t = Some(shop.seller.as_str());
    let loaded = register(&app, &shop.seller, patient("Ana", "1", "", shop.centro)).await;
    let id = loaded["id"].as_i64().unwrap();
    // a sale records a crystal while the form is open
    let (status, _) = app
        .post(
            "/api/pacientes/cristales",
            t,
            json!({"pacienteId": id, "nombre": "Orma Blue Essilor"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);

    // the form, loaded before, changes the name and the far sphere and adds a second ficha
    let mut form = loaded.clone();
    form["nombreCompleto"] = json!("Ana María");
    form["historialFichas"][0]["graduaciones"][0]["esferico"] = json!(-1.5);
    let nueva = json!({"fecha": "2026-11-21", "graduaciones": graduaciones(json!(0)), "cristales": []});
    form["historialFichas"] = json!([nueva, form["historialFichas"][0]]);
    let (status, answer) = app.put(&format!("/api/pacientes/{id}"), t, form).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "El paciente ha sido actualizado correctamente.");
    let p = &answer["paciente"];
    assert_eq!(p["nombreCompleto"], "Ana María");
    assert_eq!(p["ficha"], loaded["ficha"]);
    let fichas = p["historialFichas"].as_array().unwrap();
    assert_eq!(fichas.len(), 2);
    assert_eq!(fichas[0]["fecha"], "2026-11-21");
    assert_eq!(fichas[1]["graduaciones"][0]["esferico"], -1.5);
    assert_eq!(fichas[1]["cristales"][0]["nombre"], "Orma Blue Essilor");

    // with the current version, leaving the crystal out removes it; leaving out every ficha is refused
    let mut form = p.clone();
    form["historialFichas"][1]["cristales"] = json!([]);
    let (_, answer) = app.put(&format!("/api/pacientes/{id}"), t, form.clone()).await;
    assert_eq!(answer["paciente"]["historialFichas"][1]["cristales"], json!([]));
    form["historialFichas"] = json!([]);
    form["version"] = answer["paciente"]["version"].clone();
    let (status, answer) = app.put(&format!("/api/pacientes/{id}"), t, form).await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::BAD_REQUEST,
            json!({"mensaje": "El paciente debe conservar al menos una ficha"})
        )
    );

    let (status, answer) = app
        .put("/api/pacientes/999", t, patient("X", "9", "", shop.centro))
        .await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("Error: No se pudo editar el paciente ID: 999 porque no existe en la base de datos.")
        )
    );
}

#[sqlx::test]
async fn a_crystal_for_a_patient_without_fichas_opens_one(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let mut body = patient("Sin Ficha", "1", "", shop.centro);
    body["historialFichas"] = json!([]);
    let id = register(&app, &shop.seller, body).await["id"].as_i64().unwrap();
    let t = Some(shop.seller.as_str());
    let (status, _) = app
        .post(
            "/api/pacientes/cristales",
            t,
            json!({"pacienteId": id, "nombre": "es X"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, p) = app.get(&format!("/api/pacientes/id/{id}"), t).await;
    let ficha = &p["historialFichas"][0];
    assert_eq!(ficha["graduaciones"].as_array().unwrap().len(), 4);
    assert_eq!(ficha["graduaciones"][3]["esferico"], 0.0);
    assert_eq!(ficha["cristales"][0]["nombre"], "es X");
    let (status, answer) = app
        .post("/api/pacientes/cristales", t, json!({"pacienteId": 999, "nombre": "X"}))
        .await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (
            StatusCode::NOT_FOUND,
            Some("El paciente ID: 999 no existe en la base de datos!")
        )
    );
    let (status, answer) = app
        .post("/api/pacientes/cristales", t, json!({"pacienteId": id, "nombre": " "}))
        .await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (StatusCode::BAD_REQUEST, Some("El nombre del cristal es obligatorio"))
    );
}
