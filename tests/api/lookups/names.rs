//! A name is taken once per kind, whatever its case, accents or spaces; the same rule in Rust and in SQL.

use super::*;

/// 'Sol', 'sol', 'Sol ' and 'Sól' are one name: a second item of the kind is refused with the
/// kind's message, on create, on rename and when two creates race; another kind may use it, and
/// a deleted item's name is free again.
#[sqlx::test]
async fn a_name_is_taken_once_per_kind_whatever_its_case_accents_or_spaces(pool: PgPool) {
    let (app, admin) = TestApp::with_admin(pool).await;
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
    let migration = include_str!("../../../migrations/0018_spanish_search_and_names.sql");
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
