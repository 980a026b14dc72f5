//! Staff accounts from the admins' screen against a real database: an account is created with
//! its role and branch and logs in; a role or branch change, disabling and a new password end
//! its older tokens at once; bad forms are refused in Spanish and write nothing; a repeated
//! request creates one account; and the shop never loses its last enabled admin, not even when
//! two admins disable each other at the same moment.

use crate::common::shop::Premises;
use crate::common::{event_count, TestApp, CLIENT, CLIENT_SECRET, PASSWORD};
use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::PgPool;

fn cuenta(username: &str, rol: &str, local: Option<i64>) -> Value {
    json!({"username": username, "contrasena": "secreta-123", "rol": rol, "localId": local})
}

async fn create(app: &TestApp, admin: &str, body: Value) -> i64 {
    let (status, answer) = app.post("/api/usuarios", Some(admin), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "El usuario ha sido creado!");
    answer["usuario"]["id"].as_i64().unwrap()
}

async fn works(app: &TestApp, token: &str) -> bool {
    app.get("/api/marca", Some(token)).await.0 == StatusCode::OK
}

#[sqlx::test]
async fn an_admin_creates_a_seller_who_logs_in_at_their_branch(pool: PgPool) {
    let (app, p) = TestApp::with_premises(pool).await;
    let id = create(&app, &p.admin, cuenta("  Lucía.Gómez ", "ROLE_VENDEDOR", Some(p.norte))).await;
    let token = app.login("Lucía.Gómez", "secreta-123").await;
    assert!(works(&app, &token).await);

    let (status, lista) = app.get("/api/usuarios", Some(&p.admin)).await;
    assert_eq!(status, StatusCode::OK);
    let lucia = lista.as_array().unwrap().iter().find(|u| u["id"] == id).unwrap();
    assert_eq!(
        lucia,
        &json!({"id": id, "username": "Lucía.Gómez", "rol": "ROLE_VENDEDOR", "localId": p.norte,
                "local": "Yapeyú", "habilitado": true})
    );
    assert!(
        !lista.to_string().contains("argon2"),
        "no password hash leaves the server"
    );
    // The seller works only at their branch: the centre's cash day is not theirs.
    let (status, _) = app
        .get(&format!("/api/caja/{}/2026-11-19", p.centro), Some(&token))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[sqlx::test]
async fn bad_forms_are_refused_in_spanish_and_write_nothing(pool: PgPool) {
    let (app, p) = TestApp::with_premises(pool).await;
    create(&app, &p.admin, cuenta("ana", "ROLE_VENDEDOR", Some(p.centro))).await;
    let before = event_count(&app.pool).await;
    let cases = [
        (
            json!({"username": "a b", "contrasena": "corta", "rol": "ROLE_VENDEDOR"}),
            vec![
                "El nombre de usuario debe tener entre 1 y 20 caracteres, sin espacios.",
                "La contraseña debe tener entre 8 y 128 caracteres.",
                "Un vendedor debe tener un local asignado.",
            ],
        ),
        (
            cuenta("root", "ROLE_ROOT", None),
            vec!["Elija el rol: Administrador o Vendedor."],
        ),
        (
            cuenta("ANA", "ROLE_ADMIN", None),
            vec!["Ya existe un usuario con ese nombre."],
        ),
        (
            cuenta("nadie", "ROLE_VENDEDOR", Some(999_999)),
            vec!["El local seleccionado no existe"],
        ),
        (
            json!({}),
            vec![
                "El nombre de usuario debe tener entre 1 y 20 caracteres, sin espacios.",
                "La contraseña debe tener entre 8 y 128 caracteres.",
                "Elija el rol: Administrador o Vendedor.",
            ],
        ),
    ];
    for (body, errors) in cases {
        let (status, answer) = app.post("/api/usuarios", Some(&p.admin), body.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {answer}");
        assert_eq!(answer["errors"], json!(errors), "{body}");
    }
    let ana = app
        .get("/api/usuarios", Some(&p.admin))
        .await
        .1
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["username"] == "ana")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let (status, answer) = app
        .put(
            &format!("/api/usuarios/{ana}/contrasena"),
            Some(&p.admin),
            json!({"contrasena": "1234567"}),
        )
        .await;
    assert_eq!(
        (status, &answer["errors"][0]),
        (
            StatusCode::BAD_REQUEST,
            &json!("La contraseña debe tener entre 8 y 128 caracteres.")
        )
    );
    let (status, answer) = app
        .put(
            &format!("/api/usuarios/{ana}"),
            Some(&p.admin),
            json!({"rol": "ROLE_VENDEDOR"}),
        )
        .await;
    assert_eq!(
        (status, &answer["errors"][0]),
        (
            StatusCode::BAD_REQUEST,
            &json!("Un vendedor debe tener un local asignado.")
        )
    );
    let (status, answer) = app
        .put(
            "/api/usuarios/424242/habilitado",
            Some(&p.admin),
            json!({"habilitado": false}),
        )
        .await;
    assert_eq!(
        (status, &answer["mensaje"]),
        (StatusCode::NOT_FOUND, &json!("El usuario 424242 no existe."))
    );
    assert_eq!(event_count(&app.pool).await, before, "a refused form writes nothing");
}

#[sqlx::test]
async fn a_change_ends_the_older_tokens_at_once(pool: PgPool) {
    let (app, p) = TestApp::with_premises(pool).await;
    let id = create(&app, &p.admin, cuenta("bruno", "ROLE_VENDEDOR", Some(p.centro))).await;
    let uri = format!("/api/usuarios/{id}");

    // Moved to the other branch: the old token stops, a new one carries the new branch.
    let token = app.login("bruno", "secreta-123").await;
    let (status, answer) = app
        .put(
            &uri,
            Some(&p.admin),
            json!({"rol": "ROLE_VENDEDOR", "localId": p.norte}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["mensaje"], "El usuario ha sido actualizado!");
    assert_eq!(answer["usuario"]["localId"], p.norte);
    assert!(!works(&app, &token).await, "the branch changed");
    let token = app.login("bruno", "secreta-123").await;
    assert!(works(&app, &token).await);

    // Disabled: no request and no login; enabled again: a new login works.
    let (status, answer) = app
        .put(
            &format!("{uri}/habilitado"),
            Some(&p.admin),
            json!({"habilitado": false}),
        )
        .await;
    assert_eq!(
        (status, &answer["usuario"]["habilitado"]),
        (StatusCode::OK, &json!(false))
    );
    assert!(!works(&app, &token).await, "disabled");
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "bruno", "secreta-123").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, answer) = app
        .put(
            &format!("{uri}/habilitado"),
            Some(&p.admin),
            json!({"habilitado": true}),
        )
        .await;
    assert_eq!(
        (status, &answer["mensaje"]),
        (StatusCode::OK, &json!("El usuario ha sido habilitado!"))
    );

    // A new password: the old one and its tokens stop.
    let token = app.login("bruno", "secreta-123").await;
    let (status, answer) = app
        .put(
            &format!("{uri}/contrasena"),
            Some(&p.admin),
            json!({"contrasena": "nueva-clave-9"}),
        )
        .await;
    assert_eq!(
        (status, &answer["mensaje"]),
        (StatusCode::OK, &json!("La contraseña ha sido cambiada!"))
    );
    assert!(!works(&app, &token).await, "new password");
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "bruno", "secreta-123").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    app.login("bruno", "nueva-clave-9").await;

    // Made an admin: a seller's token becomes an admin's only through a new login.
    let (status, _) = app
        .put(&uri, Some(&p.admin), json!({"rol": "ROLE_ADMIN", "localId": null}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let token = app.login("bruno", "nueva-clave-9").await;
    assert_eq!(app.get("/api/usuarios", Some(&token)).await.0, StatusCode::OK);
}

/// The branch a deleted-branch message asks to empty: its users are moved from the screen, then
/// the branch goes.
#[sqlx::test]
async fn a_branch_is_deleted_once_its_users_are_moved(pool: PgPool) {
    let (app, p) = TestApp::with_premises(pool).await;
    let sur = crate::common::shop::id_of(
        &app,
        &p.admin,
        "/api/local",
        json!({"nombre": "Sur", "direccion": "Calle 9", "celular": "1"}),
        "local",
    )
    .await;
    let id = create(&app, &p.admin, cuenta("carla", "ROLE_VENDEDOR", Some(sur))).await;
    let (status, answer) = app.delete(&format!("/api/local/{sur}"), Some(&p.admin)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer.to_string().contains("Existen usuarios asignados a este local"));
    let (status, _) = app
        .put(
            &format!("/api/usuarios/{id}"),
            Some(&p.admin),
            json!({"rol": "ROLE_VENDEDOR", "localId": p.centro}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = app.delete(&format!("/api/local/{sur}"), Some(&p.admin)).await;
    assert!(status.is_success(), "{status} {answer}");
}

async fn admin_id(app: &TestApp, p: &Premises, username: &str) -> i64 {
    let lista = app.get("/api/usuarios", Some(&p.admin)).await.1;
    lista
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["username"] == username)
        .unwrap()["id"]
        .as_i64()
        .unwrap()
}

#[sqlx::test]
async fn the_last_enabled_admin_is_never_disabled_nor_demoted(pool: PgPool) {
    let (app, p) = TestApp::with_premises(pool).await;
    let admin = admin_id(&app, &p, "admin").await;
    let last = json!("Es el único administrador habilitado: habilite o cree otro administrador antes.");
    let before = event_count(&app.pool).await;
    let (status, answer) = app
        .put(
            &format!("/api/usuarios/{admin}/habilitado"),
            Some(&p.admin),
            json!({"habilitado": false}),
        )
        .await;
    assert_eq!((status, &answer["mensaje"]), (StatusCode::CONFLICT, &last));
    let (status, answer) = app
        .put(
            &format!("/api/usuarios/{admin}"),
            Some(&p.admin),
            json!({"rol": "ROLE_VENDEDOR", "localId": p.centro}),
        )
        .await;
    assert_eq!((status, &answer["mensaje"]), (StatusCode::CONFLICT, &last));
    assert_eq!(event_count(&app.pool).await, before);
    assert!(works(&app, &p.admin).await, "still an admin");

    // With a second admin, one of them may go; a disabled admin does not count.
    let segunda = create(&app, &p.admin, cuenta("segunda", "ROLE_ADMIN", None)).await;
    let (status, _) = app
        .put(
            &format!("/api/usuarios/{segunda}/habilitado"),
            Some(&p.admin),
            json!({"habilitado": false}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = app
        .put(
            &format!("/api/usuarios/{admin}/habilitado"),
            Some(&p.admin),
            json!({"habilitado": false}),
        )
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "the other admin is disabled");
    let (status, _) = app
        .put(
            &format!("/api/usuarios/{segunda}/habilitado"),
            Some(&p.admin),
            json!({"habilitado": true}),
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = app
        .put(
            &format!("/api/usuarios/{admin}"),
            Some(&p.admin),
            json!({"rol": "ROLE_VENDEDOR", "localId": p.centro}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

/// Two admins, each disabling the other at the same moment, round after round: exactly one wins
/// each time and one admin stays enabled.
#[sqlx::test]
async fn two_admins_disabling_each_other_at_once_leave_one(pool: PgPool) {
    let (app, p) = TestApp::with_premises(pool).await;
    let primera = admin_id(&app, &p, "admin").await;
    let mut admin = p.admin.clone();
    let off = json!({"habilitado": false});
    for round in 0..6 {
        let nombre = format!("otra{round}");
        let otra = create(&app, &admin, cuenta(&nombre, "ROLE_ADMIN", None)).await;
        let otra_token = app.login(&nombre, "secreta-123").await;
        let (a_otra, a_primera) = (
            format!("/api/usuarios/{otra}/habilitado"),
            format!("/api/usuarios/{primera}/habilitado"),
        );
        let (a, b) = tokio::join!(
            app.put(&a_otra, Some(&admin), off.clone()),
            app.put(&a_primera, Some(&otra_token), off.clone()),
        );
        // The loser is refused as the last admin, or its own token ended with the winner's change.
        let statuses = [a.0, b.0];
        assert_eq!(
            statuses.iter().filter(|s| **s == StatusCode::OK).count(),
            1,
            "round {round}: {a:?} {b:?}"
        );
        assert!(
            statuses
                .iter()
                .all(|s| [StatusCode::OK, StatusCode::CONFLICT, StatusCode::UNAUTHORIZED].contains(s)),
            "round {round}: {a:?} {b:?}"
        );
        app.caught_up().await;
        let enabled_admins: i64 =
            sqlx::query_scalar("select count(*) from users where enabled and 'ROLE_ADMIN' = any(roles)")
                .fetch_one(&app.pool)
                .await
                .unwrap();
        assert_eq!(enabled_admins, 1, "round {round}");
        if b.0 == StatusCode::OK {
            // The first admin lost: the other brings her back, and she disables the other.
            let (status, _) = app
                .put(&a_primera, Some(&otra_token), json!({"habilitado": true}))
                .await;
            assert_eq!(status, StatusCode::OK);
            admin = app.login("admin", PASSWORD).await;
            let (status, _) = app.put(&a_otra, Some(&admin), off.clone()).await;
            assert_eq!(status, StatusCode::OK);
        }
    }
}

#[sqlx::test]
async fn the_same_request_twice_at_once_creates_one_account(pool: PgPool) {
    let (app, p) = TestApp::with_premises(pool).await;
    let body = cuenta("doble", "ROLE_VENDEDOR", Some(p.centro));
    let send = || {
        app.call_keyed(
            Method::POST,
            "/api/usuarios",
            &p.admin,
            "usuario-doble-1",
            Some(body.clone()),
        )
    };
    let (a, b) = tokio::join!(send(), send());
    crate::common::same_record_created(&a, &b, "usuario");
    let again = send().await;
    assert_eq!(again.1["usuario"]["id"], a.1["usuario"]["id"]);
    let cuentas: i64 = sqlx::query_scalar(
        "select count(*) from events where event_type = 'UsuarioCreado' and payload::text like '%doble%'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(cuentas, 1);
}
