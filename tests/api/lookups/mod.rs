//! The six lookup APIs (contract section 4.1) against a real database.

use crate::common::{scalar, texts, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod in_use;

mod names;

struct Case {
    path: &'static str,
    key: &'static str,
    valid: Value,
    renamed: Value,
    /// A body missing required fields, and the errors it gets.
    invalid: Value,
    errors: &'static [&'static str],
    created: &'static str,
    updated: &'static str,
    deleted: &'static str,
    article: &'static str,
}

fn cases() -> Vec<Case> {
    let named = |path, key, created, updated, deleted, article| Case {
        path,
        key,
        valid: json!({"nombre": " Primero "}),
        renamed: json!({"id": 999, "nombre": "Segundo"}),
        invalid: json!({"nombre": "  "}),
        errors: &["El archivo 'nombre' no debe estar vacío"],
        created,
        updated,
        deleted,
        article,
    };
    vec![
        named(
            "/api/categoria",
            "categoria",
            "La categoria ha sido creada con éxito!",
            "la categoria ha sido actualizada!",
            "La categoria ha sido eliminada",
            "la categoria",
        ),
        named(
            "/api/marca",
            "marca",
            "La marca ha sido creada con éxito!",
            "la marca ha sido actualizada!",
            "La marca ha sido eliminada",
            "la marca",
        ),
        named(
            "/api/materialProducto",
            "materialProducto",
            "El material ha sido creado con éxito!",
            "El material ha sido actualizado!",
            "El material ha sido eliminado",
            "el material",
        ),
        named(
            "/api/metodoPago",
            "metodoPago",
            "El método de pago ha sido creado con éxito!",
            "El método de pago ha sido actualizado!",
            "El método de pago ha sido eliminado",
            "el método de pago",
        ),
        Case {
            path: "/api/local",
            key: "local",
            valid: json!({"nombre": "Primero", "direccion": "La Cruz 123", "celular": "3511234567"}),
            renamed: json!({"nombre": "Segundo", "direccion": "Yapeyú 45", "celular": "3517654321"}),
            invalid: json!({"nombre": "Centro"}),
            errors: &[
                "El archivo 'direccion' no debe estar vacío",
                "El archivo 'celular' no debe estar vacío",
            ],
            created: "El local ha sido creado con éxito!",
            updated: "El local ha sido actualizado!",
            deleted: "El local ha sido eliminado",
            article: "el local",
        },
        Case {
            path: "/api/proveedor",
            key: "proveedor",
            valid: json!({"nombre": "Primero", "celular": "351000"}),
            renamed: json!({"nombre": "Segundo", "celular": "351999"}),
            invalid: json!({"nombre": "", "celular": "0123456789012345678901"}),
            errors: &[
                "El archivo 'nombre' no debe estar vacío",
                "El archivo 'celular' debe tener como máximo 20 caracteres",
            ],
            created: "El proveedor ha sido creado con éxito!",
            updated: "El proveedor ha sido actualizado!",
            deleted: "El proveedor ha sido eliminado",
            article: "el proveedor",
        },
    ]
}

async fn create_branch(app: &TestApp, admin: &str, nombre: &str) -> i64 {
    let body = json!({"nombre": nombre, "direccion": "Yapeyú 1", "celular": "351"});
    let (status, created) = app.post("/api/local", Some(admin), body).await;
    assert_eq!(status, StatusCode::CREATED);
    created["local"]["id"].as_i64().unwrap()
}

#[sqlx::test]
async fn an_admin_creates_lists_updates_and_deletes_every_lookup(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
    for case in cases() {
        let (status, body) = app.post(case.path, Some(&admin), case.valid.clone()).await;
        assert_eq!(status, StatusCode::CREATED, "{}: {body}", case.path);
        assert_eq!(body["mensaje"], case.created);
        let item = body[case.key].clone();
        assert_eq!(item["nombre"], "Primero", "{}: the name is trimmed", case.path);
        let id = item["id"].as_i64().unwrap();

        // read-your-writes: the list answered right after the command already has it
        let (status, list) = app.get(case.path, Some(&admin)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(list.as_array().unwrap(), &vec![item.clone()], "{}", case.path);

        let (status, body) = app
            .put(&format!("{}/{id}", case.path), Some(&admin), case.renamed.clone())
            .await;
        assert_eq!(status, StatusCode::CREATED, "{}: {body}", case.path);
        assert_eq!(body["mensaje"], case.updated);
        assert_eq!(body[case.key]["id"], id, "the path id wins over the body's");
        assert_eq!(body[case.key]["nombre"], "Segundo");
        let (_, list) = app.get(case.path, Some(&admin)).await;
        assert_eq!(list[0]["nombre"], "Segundo");

        let (status, body) = app.delete(&format!("{}/{id}", case.path), Some(&admin)).await;
        assert_eq!(status, StatusCode::OK, "{}: {body}", case.path);
        assert_eq!(body, json!({"mensaje": case.deleted}));
        let (_, list) = app.get(case.path, Some(&admin)).await;
        assert_eq!(list, json!([]));
    }
}

#[sqlx::test]
async fn invalid_bodies_get_the_errors_list_and_change_nothing(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
    for case in cases() {
        let (status, body) = app.post(case.path, Some(&admin), case.invalid.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{}", case.path);
        assert_eq!(body, json!({"errors": case.errors}), "{}", case.path);

        let (_, created) = app.post(case.path, Some(&admin), case.valid.clone()).await;
        let id = created[case.key]["id"].as_i64().unwrap();
        let (status, body) = app
            .put(&format!("{}/{id}", case.path), Some(&admin), case.invalid.clone())
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{}", case.path);
        assert_eq!(body, json!({"errors": case.errors}));
        let (_, list) = app.get(case.path, Some(&admin)).await;
        assert_eq!(
            list[0]["nombre"], "Primero",
            "{}: a refused update changes nothing",
            case.path
        );

        // malformed JSON and wrong types: 400 with a Spanish mensaje, never a 500
        let (status, body) = app.post(case.path, Some(&admin), json!({"nombre": 42})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(body["mensaje"].as_str().unwrap().starts_with("Datos inválidos"));
        let (status, _) = app
            .put(&format!("{}/abc", case.path), Some(&admin), case.valid.clone())
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let events_after_refusals: i64 = scalar(
        &app.pool,
        "select count(*) from events where aggregate_type <> 'Usuario'",
    )
    .await;
    assert_eq!(events_after_refusals, 6, "only the six valid creates were recorded");
}

#[sqlx::test]
async fn unknown_ids_get_404_with_the_contract_message(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
    for case in cases() {
        let (status, body) = app
            .put(&format!("{}/4242", case.path), Some(&admin), case.valid.clone())
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{}", case.path);
        assert_eq!(
            body["mensaje"],
            format!(
                "Error: No se pudo editar {} ID: 4242 no existe en la base de datos!",
                case.article
            )
        );
        let (status, body) = app.delete(&format!("{}/4242", case.path), Some(&admin)).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{}", case.path);
        assert_eq!(
            body["mensaje"],
            format!(
                "Error: No se pudo eliminar {} ID: 4242 no existe en la base de datos!",
                case.article
            )
        );
    }
}

#[sqlx::test]
async fn lookups_need_a_token_and_writes_need_an_admin(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
    let local = create_branch(&app, &admin, "Centro").await;
    let seller = app.seller_token("vera", local).await;
    for case in cases() {
        let (_, created) = app.post(case.path, Some(&admin), case.valid.clone()).await;
        let one = format!("{}/{}", case.path, created[case.key]["id"]);

        let (status, body) = app.get(case.path, None).await;
        if case.path == "/api/categoria" {
            assert_eq!(status, StatusCode::OK, "categories are public");
        } else {
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{}", case.path);
            assert_eq!(body["error"], "unauthorized");
        }
        let (status, _) = app.get(case.path, Some(&seller)).await;
        assert_eq!(status, StatusCode::OK, "staff read lookups");

        for (status, body) in [
            app.post(case.path, None, case.valid.clone()).await,
            app.put(&one, None, case.renamed.clone()).await,
            app.delete(&one, None).await,
        ] {
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{}: {body}", case.path);
        }
        for (status, body) in [
            app.post(case.path, Some(&seller), case.valid.clone()).await,
            app.put(&one, Some(&seller), case.renamed.clone()).await,
            app.delete(&one, Some(&seller)).await,
        ] {
            assert_eq!(status, StatusCode::FORBIDDEN, "{}: {body}", case.path);
            assert_eq!(body["error"], "access_denied");
        }
        let (_, list) = app.get(case.path, Some(&admin)).await;
        assert_eq!(
            list.as_array().unwrap().len(),
            if case.path == "/api/local" { 2 } else { 1 }
        );
        assert!(
            list.as_array().unwrap().iter().all(|i| i["nombre"] != "Segundo"),
            "no refused write landed"
        );
    }
}

#[sqlx::test]
async fn brands_materials_and_suppliers_are_listed_by_name_the_rest_by_creation(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
    for path in [
        "/api/marca",
        "/api/categoria",
        "/api/materialProducto",
        "/api/metodoPago",
    ] {
        for nombre in ["Zeiss", "acme", "Bolle"] {
            let (status, _) = app.post(path, Some(&admin), json!({"nombre": nombre})).await;
            assert_eq!(status, StatusCode::CREATED);
        }
        let (_, list) = app.get(path, Some(&admin)).await;
        let names: Vec<&str> = texts(&list, "nombre");
        let expected = if matches!(path, "/api/marca" | "/api/materialProducto") {
            vec!["acme", "Bolle", "Zeiss"]
        } else {
            vec!["Zeiss", "acme", "Bolle"]
        };
        assert_eq!(names, expected, "{path}");
    }
}

#[sqlx::test]
async fn every_lookup_event_records_who_did_it_and_from_which_request(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
    let request = axum::http::Request::post("/api/marca")
        .header("authorization", format!("Bearer {admin}"))
        .header("content-type", "application/json")
        .header("x-request-id", "req-123")
        .header("idempotency-key", "clave-1")
        .body(axum::body::Body::from(r#"{"nombre":"Vulk"}"#))
        .unwrap();
    let (status, _) = app.send(request).await;
    assert_eq!(status, StatusCode::CREATED);
    let metadata: Value = scalar(
        &app.pool,
        "select metadata::jsonb from events where aggregate_type = 'Marca'",
    )
    .await;
    assert_eq!(metadata["actor"]["username"], "admin");
    assert_eq!(metadata["actor"]["roles"], json!(["ROLE_ADMIN"]));
    assert_eq!(metadata["request_id"], "req-123");
    assert_eq!(metadata["idempotency_key"], "clave-1");
    assert!(metadata["at"].as_str().unwrap().ends_with('Z'), "UTC instant");
}
