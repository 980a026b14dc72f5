//! Obras sociales: an admin keeps them with their CUIT and plans; a patient carries their obra
//! social, plan and affiliate number, which the existing front end's free text follows and its
//! edits keep; an obra social a patient names cannot be deleted.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::common::shop::id_of;
use crate::common::{event_count, TestApp};

fn osde() -> Value {
    json!({
        "nombre": "OSDE", "cuit": "30-54674125-3",
        "planes": [
            {"nombre": "210", "cristales": {"porcentaje": "40", "tope": 30000}, "armazones": {"tope": 15000},
             "requiereReceta": true, "validezRecetaDias": 60},
            {"nombre": "310", "cristales": {"porcentaje": 100}, "armazones": {"porcentaje": "50"}}
        ]
    })
}

fn errors(answer: &Value) -> Vec<String> {
    answer["errors"]
        .as_array()
        .map(|e| e.iter().map(|e| e.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

#[sqlx::test]
async fn an_admin_keeps_the_obras_sociales_with_their_plans(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let admin = shop.admin.as_str();
    let (status, answer) = app.post("/api/obrasSociales", Some(admin), osde()).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "La obra social ha sido creada!");
    let os = &answer["obraSocial"];
    assert_eq!((&os["nombre"], &os["cuit"]), (&json!("OSDE"), &json!("30546741253")));
    assert_eq!(
        os["planes"][0],
        json!({"nombre": "210", "cristales": {"porcentaje": 40.0, "tope": 30000.0},
               "armazones": {"porcentaje": null, "tope": 15000.0}, "requiereReceta": true, "validezRecetaDias": 60})
    );
    let id = os["id"].as_i64().unwrap();
    for nombre in ["PAMI", "Ioma", "IOSFA"] {
        let body = json!({"nombre": nombre, "cuit": "33693450239", "planes": []});
        id_of(&app, admin, "/api/obrasSociales", body, "obraSocial").await;
    }
    let (_, list) = app.get("/api/obrasSociales", Some(&shop.seller)).await;
    let nombres: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["nombre"].as_str().unwrap())
        .collect();
    assert_eq!(
        nombres,
        ["Ioma", "IOSFA", "OSDE", "PAMI"],
        "as Spanish sorts, case aside"
    );

    // Refusals say why and record nothing.
    let before = event_count(&pool).await;
    let (status, answer) = app
        .post(
            "/api/obrasSociales",
            Some(admin),
            json!({"nombre": " osde ", "cuit": "30546741253"}),
        )
        .await;
    assert_eq!(
        (status, errors(&answer)),
        (
            StatusCode::BAD_REQUEST,
            vec!["Ya existe una obra social con ese nombre.".to_string()]
        )
    );
    let mut bad = osde();
    bad["nombre"] = json!("Nueva");
    bad["cuit"] = json!("30546741254");
    bad["planes"][1]["nombre"] = json!("210 ");
    bad["planes"][0]["cristales"]["porcentaje"] = json!("cuarenta");
    let (status, answer) = app.post("/api/obrasSociales", Some(admin), bad.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        errors(&answer),
        ["El porcentaje de cristales del plan 210 no es un número ('cuarenta')."]
    );
    bad["planes"][0]["cristales"]["porcentaje"] = json!(140);
    let (_, answer) = app.post("/api/obrasSociales", Some(admin), bad).await;
    assert_eq!(
        errors(&answer),
        [
            "El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.",
            "El porcentaje de cobertura del plan 210 debe estar entre 0 y 100.",
            "El plan 210 figura más de una vez.",
        ]
    );
    assert_eq!(event_count(&pool).await, before, "a refusal records nothing");

    // A new plan; the answer is the obra social as it is now.
    let mut edited = osde();
    edited["planes"][1]["nombre"] = json!("410");
    let (status, answer) = app.put(&format!("/api/obrasSociales/{id}"), Some(admin), edited).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["obraSocial"]["planes"][1]["nombre"], "410");
    let (status, answer) = app.put("/api/obrasSociales/999", Some(admin), osde()).await;
    assert_eq!(
        (status, &answer["mensaje"]),
        (StatusCode::NOT_FOUND, &json!("La obra social 999 no existe."))
    );

    // The same request twice under one key: one obra social.
    let body = json!({"nombre": "Swiss Medical", "cuit": "30654855168", "planes": []});
    let first = app.post_keyed("/api/obrasSociales", admin, "os-1", body.clone()).await;
    let again = app.post_keyed("/api/obrasSociales", admin, "os-1", body).await;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    assert_eq!(first.1["obraSocial"]["id"], again.1["obraSocial"]["id"]);
}

#[sqlx::test]
async fn a_patient_carries_an_obra_social_that_the_existing_front_end_keeps(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let admin = shop.admin.as_str();
    let osde = id_of(&app, admin, "/api/obrasSociales", osde(), "obraSocial").await;
    let paciente = |afiliacion: Value| {
        json!({"nombreCompleto": "Laura Díaz", "celular": "3772 111111", "genero": "Mujer",
               "local": {"id": shop.centro}, "historialFichas": [], "afiliacion": afiliacion})
    };
    let (status, answer) = app
        .post(
            "/api/pacientes",
            Some(&shop.seller),
            paciente(json!({"obraSocialId": osde, "plan": " 210", "afiliado": " 61 123456 7 "})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let p = &answer["paciente"];
    let id = p["id"].as_i64().unwrap();
    assert_eq!(
        p["afiliacion"],
        json!({"obraSocialId": osde, "obraSocial": "OSDE", "plan": "210", "afiliado": "61 123456 7"})
    );
    assert_eq!(
        p["obraSocial"], "OSDE 210",
        "the existing front end's text says the same"
    );

    // The existing front end edits without the field: the affiliation stays.
    let mut old_front_end = p.clone();
    old_front_end.as_object_mut().unwrap().remove("afiliacion");
    old_front_end["observaciones"] = json!("Usa lentes de contacto");
    let (status, answer) = app
        .put(&format!("/api/pacientes/{id}"), Some(&shop.seller), old_front_end)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["paciente"]["afiliacion"]["plan"], "210");

    // Refusals name the problem.
    for (afiliacion, text) in [
        (
            json!({"obraSocialId": osde, "plan": "410", "afiliado": "1"}),
            "El plan '410' no es de OSDE: elegí uno de 210, 310.".to_string(),
        ),
        (
            json!({"obraSocialId": 999, "plan": "210", "afiliado": "1"}),
            "La obra social 999 no existe.".to_string(),
        ),
        (
            json!({"obraSocialId": osde, "plan": "210", "afiliado": " "}),
            "Escribí el número de afiliado de la obra social.".to_string(),
        ),
    ] {
        let (status, answer) = app
            .put(
                &format!("/api/pacientes/{id}"),
                Some(&shop.seller),
                paciente(afiliacion),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["mensaje"], text, "{answer}");
    }

    // An obra social a patient names is not deleted; once the patient leaves it, it is.
    let (status, answer) = app.delete(&format!("/api/obrasSociales/{osde}"), Some(admin)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["mensaje"],
        "Hay pacientes o ventas con esta obra social: no se puede eliminar."
    );
    let (status, answer) = app
        .put(
            &format!("/api/pacientes/{id}"),
            Some(&shop.seller),
            paciente(Value::Null),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["paciente"]["afiliacion"], Value::Null);
    let (status, answer) = app.delete(&format!("/api/obrasSociales/{osde}"), Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["mensaje"], "La obra social ha sido eliminada");
}
