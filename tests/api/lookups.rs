//! The six lookup APIs (contract section 4.1) against a real database.

use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

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
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
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
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
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
    let events_after_refusals: i64 =
        sqlx::query_scalar("select count(*) from events where aggregate_type <> 'Usuario'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(events_after_refusals, 6, "only the six valid creates were recorded");
}

#[sqlx::test]
async fn unknown_ids_get_404_with_the_contract_message(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
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
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
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
async fn a_branch_in_use_is_not_deleted(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
    let id = create_branch(&app, &admin, "Yapeyu").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(id)).await;
    let (status, body) = app.delete(&format!("/api/local/{id}"), Some(&admin)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["mensaje"]
        .as_str()
        .unwrap()
        .starts_with("Existen usuarios asignados a este local"));
    let (_, list) = app.get("/api/local", Some(&admin)).await;
    assert_eq!(list[0]["id"], id, "the branch is still there");
}

#[sqlx::test]
async fn brands_materials_and_suppliers_are_listed_by_name_the_rest_by_creation(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
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
        let names: Vec<&str> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["nombre"].as_str().unwrap())
            .collect();
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
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
    let request = axum::http::Request::post("/api/marca")
        .header("authorization", format!("Bearer {admin}"))
        .header("content-type", "application/json")
        .header("x-request-id", "req-123")
        .header("idempotency-key", "clave-1")
        .body(axum::body::Body::from(r#"{"nombre":"Vulk"}"#))
        .unwrap();
    let (status, _) = app.send(request).await;
    assert_eq!(status, StatusCode::CREATED);
    let metadata: Value = sqlx::query_scalar("select metadata::jsonb from events where aggregate_type = 'Marca'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(metadata["actor"]["username"], "admin");
    assert_eq!(metadata["actor"]["roles"], json!(["ROLE_ADMIN"]));
    assert_eq!(metadata["request_id"], "req-123");
    assert_eq!(metadata["idempotency_key"], "clave-1");
    assert!(metadata["at"].as_str().unwrap().ends_with('Z'), "UTC instant");
}

/// Issue 19.1: a payment method or a branch that only cash-box movements use was deleted, and
/// every movement then showed `"metodoPago": null` / `"local": null`.
#[sqlx::test]
async fn a_payment_method_or_branch_used_by_movements_is_not_deleted(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = crate::common::shop::shop(&app).await;
    let admin = shop.admin.as_str();
    // A branch with nothing but an expense: no product, patient or user names it.
    let caja = create_branch(&app, admin, "Caja chica").await;
    let fecha = format!("{}T10:30", app.state.today());
    let expense = json!({
        "tipoMovimiento": "SALIDA", "fecha": fecha, "local": {"id": caja}, "total": 50,
        "totalImpuesto": 50, "descripcion": "Café", "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 50, "montoImpuesto": 50, "metodoPago": {"id": shop.tarjeta},
                             "fecha": fecha}]
    });
    let (status, answer) = app.post("/api/movimientos", Some(admin), expense).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["movimiento"]["id"].as_i64().unwrap();

    let (status, body) = app
        .delete(&format!("/api/metodoPago/{}", shop.tarjeta), Some(admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["mensaje"],
        "Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar"
    );
    let (status, body) = app.delete(&format!("/api/local/{caja}"), Some(admin)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["mensaje"],
        "Existen Movimientos en la Caja o productos que poseen este local. Por favor elimine esos movimientos o productos para continuar"
    );
    let (_, movement) = app.get(&format!("/api/movimientos/{id}"), Some(admin)).await;
    assert_eq!(movement["local"]["nombre"], "Caja chica");
    assert_eq!(movement["cajaMovimientos"][0]["metodoPago"]["nombre"], "Tarjeta");

    // Once the movement is gone, both can go.
    let (status, _) = app.delete(&format!("/api/movimientos/{id}"), Some(admin)).await;
    assert!(status.is_success());
    let (status, body) = app.delete(&format!("/api/local/{caja}"), Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// Issue 19.1: the reference check is race-free. A movement naming a payment method and the
/// method's deletion, sent at the same instant: never both succeed.
#[sqlx::test]
async fn a_sale_and_the_deletion_of_its_payment_method_never_both_succeed(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = crate::common::shop::shop(&app).await;
    let admin = shop.admin.as_str();
    let mut sold = 0;
    for round in 0..15 {
        let (_, created) = app
            .post(
                "/api/metodoPago",
                Some(admin),
                json!({"nombre": format!("Cheque {round}")}),
            )
            .await;
        let metodo = created["metodoPago"]["id"].as_i64().unwrap();
        let body = json!({
            "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro}, "total": 10,
            "totalImpuesto": 10, "descripcion": "Envío", "detalles": [], "detallesAdicionales": [],
            "cajaMovimientos": [{"monto": 10, "montoImpuesto": 10, "metodoPago": {"id": metodo},
                                 "fecha": "2026-11-21T10:30"}]
        });
        let path = format!("/api/metodoPago/{metodo}");
        let ((sale, answer), (deletion, _)) = tokio::join!(
            app.post("/api/movimientos", Some(&shop.seller), body),
            app.delete(&path, Some(admin)),
        );
        assert!(
            !(sale == StatusCode::CREATED && deletion == StatusCode::OK),
            "round {round}: the sale and the deletion of its payment method both succeeded"
        );
        if sale == StatusCode::CREATED {
            sold += 1;
            let (_, movement) = app
                .get(&format!("/api/movimientos/{}", answer["movimiento"]["id"]), Some(admin))
                .await;
            assert_eq!(movement["cajaMovimientos"][0]["metodoPago"]["id"], metodo);
        } else {
            assert_eq!(sale, StatusCode::BAD_REQUEST, "a refused sale is a 400: {answer}");
        }
    }
    app.caught_up().await;
    let dangling: i64 = sqlx::query_scalar(
        "select count(*) from movement_payments p
         where not exists (select 1 from lookup_items l where l.kind = 'MetodoPago' and l.id = p.metodo_pago_id)",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        dangling, 0,
        "{sold} sales committed; none may name a deleted payment method"
    );
}

/// 'Sol', 'sol', 'Sol ' and 'Sól' are one name: a second item of the kind is refused with the
/// kind's message, on create, on rename and when two creates race; another kind may use it, and
/// a deleted item's name is free again (issue 21 item 8).
#[sqlx::test]
async fn a_name_is_taken_once_per_kind_whatever_its_case_accents_or_spaces(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let admin = app.admin_token().await;
    let t = Some(admin.as_str());
    let (status, sol) = app.post("/api/categoria", t, json!({"nombre": "Sol"})).await;
    assert_eq!(status, StatusCode::CREATED);
    for nombre in ["sol", "Sol ", "  SÓL", "Sól"] {
        let (status, body) = app.post("/api/categoria", t, json!({ "nombre": nombre })).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{nombre:?}");
        assert_eq!(
            body,
            json!({"errors": ["Ya existe una categoría con ese nombre"]}),
            "{nombre:?}"
        );
    }
    let (status, _) = app.post("/api/marca", t, json!({"nombre": "Sol"})).await;
    assert_eq!(status, StatusCode::CREATED, "another kind may use the name");
    let (_, receta) = app.post("/api/categoria", t, json!({"nombre": "Receta"})).await;
    let receta = receta["categoria"]["id"].as_i64().unwrap();
    let (status, body) = app
        .put(&format!("/api/categoria/{receta}"), t, json!({"nombre": "SOL"}))
        .await;
    assert_eq!(
        (status, body),
        (
            StatusCode::BAD_REQUEST,
            json!({"errors": ["Ya existe una categoría con ese nombre"]})
        )
    );
    // Renaming an item to its own name in other letters is no conflict.
    let sol = sol["categoria"]["id"].as_i64().unwrap();
    let (status, _) = app
        .put(&format!("/api/categoria/{sol}"), t, json!({"nombre": "SOL"}))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = app.delete(&format!("/api/categoria/{sol}"), t).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app.post("/api/categoria", t, json!({"nombre": "Sol"})).await;
    assert_eq!(status, StatusCode::CREATED, "a deleted item's name is free again");

    let racing = (0..8).map(|_| app.post("/api/proveedor", t, json!({"nombre": "Opti", "celular": "1"})));
    let answers = futures::future::join_all(racing).await;
    let created = answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
    assert_eq!(created, 1, "{answers:?}");
    let (_, proveedores) = app.get("/api/proveedor", t).await;
    assert_eq!(proveedores.as_array().unwrap().len(), 1);
}

/// The Rust rule and the SQL rule of the migration that claimed the names already taken compare
/// names the same way.
#[sqlx::test]
async fn the_name_rule_is_the_same_in_rust_and_in_sql(pool: PgPool) {
    let app = TestApp::start(pool).await;
    for nombre in [
        "Sol",
        "  Lentes   de SOL ",
        "Óptica Ñandú",
        "MÜLLER",
        "ÁÉÍÓÚ àèìòù",
        "Tab\tbed",
    ] {
        let sql: String = sqlx::query_scalar("select optica_name_key($1)")
            .bind(nombre)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        assert_eq!(sql, optica_events::lookups::name_key(nombre), "{nombre:?}");
    }
}

/// Items named before names were claimed (written straight to the event store, as the older
/// server did) are claimed by migration 0018: its statement, run again here, takes their names.
#[sqlx::test]
async fn names_taken_before_the_rule_are_claimed_by_the_migration(pool: PgPool) {
    use optica_command::lookups::{Categoria, Lookup, LookupCommand};
    let app = TestApp::start(pool).await;
    let metadata = optica_events::EventMetadata::new(optica_events::Actor::system("test"), "old".to_string(), None);
    let data = |nombre: &str| optica_events::LookupData {
        nombre: nombre.into(),
        ..Default::default()
    };
    let claims = optica_command::UniqueClaims::default();
    app.store
        .execute::<Lookup<Categoria>>("900", LookupCommand::Create(data("Receta")), &(), &metadata, &claims)
        .await
        .unwrap();
    app.store
        .execute::<Lookup<Categoria>>("900", LookupCommand::Update(data("Sol")), &(), &metadata, &claims)
        .await
        .unwrap();
    app.store
        .execute::<Lookup<Categoria>>("901", LookupCommand::Create(data("Gone")), &(), &metadata, &claims)
        .await
        .unwrap();
    app.store
        .execute::<Lookup<Categoria>>("901", LookupCommand::Delete, &(), &metadata, &claims)
        .await
        .unwrap();
    let migration = include_str!("../../migrations/0018_spanish_search_and_names.sql");
    let backfill = &migration[migration.find("INSERT INTO unique_claims").unwrap()..];
    sqlx::query(backfill).execute(&app.pool).await.unwrap();
    app.caught_up().await;
    let admin = app.admin_token().await;
    let t = Some(admin.as_str());
    let (status, _) = app.post("/api/categoria", t, json!({"nombre": "sol"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the latest name is claimed");
    for free in ["Receta", "Gone"] {
        let (status, _) = app.post("/api/categoria", t, json!({ "nombre": free })).await;
        assert_eq!(status, StatusCode::CREATED, "{free} is free: renamed or deleted");
    }
}
