//! `POST /oauth/token` and token checks (contract section 2).

use std::time::Duration;

use crate::common::{TestApp, CLIENT, CLIENT_SECRET, PASSWORD};
use axum::http::StatusCode;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde_json::{json, Value};
use sqlx::PgPool;

mod throttle;

/// The app with one seller, vera, at La Cruz: the account most of these tests log in as.
async fn with_vera(pool: PgPool) -> TestApp {
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    app
}

/// What the web app does with a token: `atob` of the middle segment, then `JSON.parse`.
fn atob_payload(token: &str) -> Value {
    let middle = token.split('.').nth(1).unwrap();
    let padded = format!("{middle}{}", "=".repeat((4 - middle.len() % 4) % 4));
    serde_json::from_slice(&STANDARD.decode(padded).expect("plain atob decodes it")).unwrap()
}

#[sqlx::test]
async fn a_seller_gets_a_token_with_the_contract_claims(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let branch = app.branch("Yapeyú").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    let (status, body) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["token_type"], "bearer");
    assert_eq!(body["scope"], "read write");
    assert_eq!(body["local_id"], branch);
    let expires_in = body["expires_in"].as_i64().unwrap();
    assert!((17_990..=18_000).contains(&expires_in), "5 h: {expires_in}");

    let token = body["access_token"].as_str().unwrap();
    let header: Value = serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(token.split('.').next().unwrap())
            .unwrap(),
    )
    .unwrap();
    assert_eq!(header["alg"], "HS256");
    let claims = atob_payload(token);
    assert_eq!(claims["user_name"], "vera");
    assert_eq!(claims["authorities"], json!(["ROLE_VENDEDOR"]));
    assert_eq!(claims["local_id"], branch);
    assert_eq!(claims["scope"], json!(["read", "write"]));
    assert_eq!(claims["client_id"], CLIENT);
    assert_eq!(claims["jti"], body["jti"]);
    let exp = claims["exp"].as_i64().unwrap();
    let now = chrono::Utc::now().timestamp();
    assert!((now + 17_990..=now + 18_001).contains(&exp));
}

#[sqlx::test]
async fn an_admin_without_branch_gets_null_local_and_the_usable_token(pool: PgPool) {
    let (app, token) = TestApp::with_admin(pool).await;
    let claims = atob_payload(&token);
    assert_eq!(claims["local_id"], Value::Null);
    assert!(claims.as_object().unwrap().contains_key("local_nombre"));
    let (status, _) = app.get("/api/marca", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
}

#[sqlx::test]
async fn wrong_credentials_get_400_invalid_grant(pool: PgPool) {
    let app = with_vera(pool).await;
    for (user, pass) in [("vera", "otra-contraseña"), ("nadie", PASSWORD), ("", "")] {
        let (status, body) = app.token_request(CLIENT, CLIENT_SECRET, user, pass).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{user}");
        assert_eq!(body["error"], "invalid_grant");
    }
}

#[sqlx::test]
async fn unknown_clients_get_401(pool: PgPool) {
    let app = with_vera(pool).await;
    let (status, body) = app.token_request(CLIENT, "wrong", "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"], "unauthorized");
    let (status, _) = app.token_request("other", CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test]
async fn our_web_app_logs_in_as_a_public_client_without_secret(pool: PgPool) {
    let app = with_vera(pool).await;
    let (status, body) = app.token_request("optica.webapp", "", "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        atob_payload(body["access_token"].as_str().unwrap())["client_id"],
        "optica.webapp"
    );
    // the public client still needs the user's password
    let (status, body) = app.token_request("optica.webapp", "", "vera", "wrong").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "invalid_grant");
    // and a guessed secret does not turn it into anything else
    let (status, _) = app.token_request("optica.webapp", "x", "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test]
async fn a_disabled_user_cannot_log_in_and_a_new_password_works(pool: PgPool) {
    let app = with_vera(pool).await;
    optica::users::set_enabled(&app.store, "test", "vera", false)
        .await
        .unwrap();
    app.caught_up().await;
    let (status, body) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "invalid_grant");

    optica::users::set_enabled(&app.store, "test", "vera", true)
        .await
        .unwrap();
    optica::users::change_password(&app.store, "test", "vera", "nueva-clave-123")
        .await
        .unwrap();
    app.caught_up().await;
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "the old password no longer works");
    app.login("vera", "nueva-clave-123").await;
}

/// A token stayed valid for up to 5 hours after its account was disabled, demoted
/// or given a new password (a disabled ex-admin's token still deleted a movement). Every request
/// now sees the account's current state.
#[sqlx::test]
async fn a_token_ends_when_its_account_is_disabled_demoted_or_its_password_changes(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
    // Another admin first: the shop never loses its last enabled one.
    let admin = app.admin_token().await;
    app.user("jefa", &["ROLE_ADMIN"], None).await;
    let still_works = |token: String| {
        let app = &app;
        async move { app.get("/api/marca", Some(&token)).await.0 == StatusCode::OK }
    };
    // Let the account's change reach the read model and outlive the short cache.
    let settle = || async {
        app.caught_up().await;
        tokio::time::sleep(optica::auth::accounts::FRESH_FOR + Duration::from_millis(100)).await;
    };

    let token = app.login("jefa", PASSWORD).await;
    assert!(still_works(token.clone()).await);
    optica::users::set_enabled(&app.store, "test", "jefa", false)
        .await
        .unwrap();
    settle().await;
    let (status, body) = app.get("/api/marca", Some(&token)).await;
    assert_eq!(
        (status, &body["error"]),
        (StatusCode::UNAUTHORIZED, &json!("invalid_token")),
        "disabled"
    );
    let (status, _) = app.delete(&format!("/api/local/{branch}"), Some(&token)).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "a disabled admin deletes nothing");
    assert_eq!(app.get("/api/local", Some(&admin)).await.1[0]["id"], branch);

    optica::users::set_enabled(&app.store, "test", "jefa", true)
        .await
        .unwrap();
    settle().await;
    assert!(!still_works(token).await, "enabling again does not revive old tokens");
    let token = app.login("jefa", PASSWORD).await;
    optica::users::set_roles(&app.store, "test", "jefa", vec!["ROLE_VENDEDOR".into()], Some(branch))
        .await
        .unwrap();
    settle().await;
    assert!(!still_works(token).await, "demoted");
    let token = app.login("jefa", PASSWORD).await;
    assert!(
        still_works(token.clone()).await,
        "a token issued after the change works"
    );
    optica::users::change_password(&app.store, "test", "jefa", "otra-clave-segura")
        .await
        .unwrap();
    settle().await;
    assert!(!still_works(token).await, "new password");
}

#[sqlx::test]
async fn forged_expired_and_malformed_tokens_get_401_invalid_token(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let claims = |exp: i64| optica::auth::jwt::NewToken {
        username: "admin",
        roles: &[],
        local_id: None,
        client_id: CLIENT,
        exp,
        jti: "x",
        epoch: 1,
    };
    let now = chrono::Utc::now().timestamp();
    let mut roles = vec!["ROLE_ADMIN".to_string()];
    let forged_claims = optica::auth::jwt::NewToken {
        roles: &roles,
        ..claims(now + 3600)
    };
    let forged = optica::auth::jwt::issue(&forged_claims, b"another-key-another-key-another-key").unwrap();
    roles.clear();
    let expired = optica::auth::jwt::issue(&claims(now - 10), crate::common::JWT_SECRET.as_bytes()).unwrap();
    for token in [forged.as_str(), expired.as_str(), "not-a-jwt"] {
        let (status, body) = app.get("/api/marca", Some(token)).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["error"], "invalid_token");
    }
}

#[sqlx::test]
async fn the_first_start_creates_one_admin(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let password = optica::users::bootstrap_admin(&app.store, None)
        .await
        .unwrap()
        .expect("a generated password");
    assert!(password.len() >= 12);
    assert!(optica::users::bootstrap_admin(&app.store, Some("otra-clave-123"))
        .await
        .unwrap()
        .is_none());
    app.caught_up().await;
    let token = app.login("admin", &password).await;
    assert_eq!(atob_payload(&token)["authorities"], json!(["ROLE_ADMIN"]));
}
