//! `POST /oauth/token` and token checks (contract section 2).

use std::time::Duration;

use crate::common::{TestApp, CLIENT, CLIENT_SECRET, PASSWORD};
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use sqlx::PgPool;
use tower::ServiceExt;

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
    let app = TestApp::start(pool).await;
    let token = app.admin_token().await;
    let claims = atob_payload(&token);
    assert_eq!(claims["local_id"], Value::Null);
    assert!(claims.as_object().unwrap().contains_key("local_nombre"));
    let (status, _) = app.get("/api/marca", Some(&token)).await;
    assert_eq!(status, StatusCode::OK);
}

#[sqlx::test]
async fn wrong_credentials_get_400_invalid_grant(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    for (user, pass) in [("vera", "otra-contraseña"), ("nadie", PASSWORD), ("", "")] {
        let (status, body) = app.token_request(CLIENT, CLIENT_SECRET, user, pass).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{user}");
        assert_eq!(body["error"], "invalid_grant");
    }
}

/// Guessing one account from one address is slowed: after five failures each attempt waits
/// twice as long as the one before, up to five minutes; a success clears the count, and a quiet
/// quarter of an hour forgets it.
#[sqlx::test]
async fn password_guessing_from_one_address_is_slowed_but_never_locks_out(pool: PgPool) {
    let app = TestApp::start(pool.clone()).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    for _ in 0..5 {
        let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "vera", "adivinanza").await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let (status, body) = app.token_request(CLIENT, CLIENT_SECRET, "Vera", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["error"], "invalid_grant");
    assert_eq!(
        body["error_description"],
        "Demasiados intentos fallidos. Espere 1 segundos e intente nuevamente."
    );
    // The second has passed: the right password works and clears the account's failures.
    sqlx::query("update login_failures set last_failure = last_failure - interval '2 seconds'")
        .execute(&pool)
        .await
        .unwrap();
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    let left: i64 = sqlx::query_scalar("select count(*) from login_failures where key like '%vera%'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(left, 0);

    // Each further failure doubles the wait, up to five minutes, and a quiet quarter of an hour
    // forgets them all.
    sqlx::query("insert into login_failures values ('par:vera|desconocida', 40, now())")
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        body["error_description"]
            .as_str()
            .unwrap()
            .contains("Espere 300 segundos"),
        "{body}"
    );
    sqlx::query("update login_failures set last_failure = now() - interval '16 minutes'")
        .execute(&pool)
        .await
        .unwrap();
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
}

/// Issue 19.7: 60 concurrent wrong passwords all had the password checked (the allowance is 5),
/// and past about 68 recorded failures the wait overflowed: every login of the account answered
/// 500 for a quarter of an hour.
#[sqlx::test]
async fn concurrent_guesses_get_the_allowance_only_and_the_wait_never_overflows(pool: PgPool) {
    let app = TestApp::start(pool.clone()).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    let stranger = Some("203.0.113.9".parse().unwrap());
    let guesses = (0..60).map(|_| app.token_request_from(stranger, CLIENT, CLIENT_SECRET, "vera", "adivinanza"));
    let answers = futures::future::join_all(guesses).await;
    let checked = answers.iter().filter(|(s, _)| *s == StatusCode::BAD_REQUEST).count();
    let slowed = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(
        (checked, slowed),
        (5, 55),
        "only the allowance had its password checked"
    );

    sqlx::query("update login_failures set failures = 100000 where key like 'par:vera|%' or key = 'usuario:vera'")
        .execute(&pool)
        .await
        .unwrap();
    let (status, body) = app
        .token_request_from(stranger, CLIENT, CLIENT_SECRET, "vera", PASSWORD)
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let wait: i64 = body["error_description"]
        .as_str()
        .unwrap()
        .split(' ')
        .nth(4)
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (290..=300).contains(&wait),
        "the wait saturates at five minutes: {body}"
    );
    let shop = Some("198.51.100.1".parse().unwrap());
    let (status, body) = app
        .token_request_from(shop, CLIENT, CLIENT_SECRET, "vera", PASSWORD)
        .await;
    assert_eq!(status, StatusCode::OK, "the cashier's own address gets in: {body}");
}

/// Issue 19.8: a stranger must not lock the cashier out of the till. Failures elsewhere slow
/// the stranger; the cashier's correct password from an address with no failures of its own
/// gets through, and one guesser behind the shop's shared address does not lock out the staff.
#[sqlx::test]
async fn a_stranger_cannot_lock_the_cashier_out(pool: PgPool) {
    let app = TestApp::start(pool.clone()).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    app.user("beto", &["ROLE_VENDEDOR"], Some(branch)).await;
    let at = |ip: &str| Some(ip.parse().unwrap());

    // 60 addresses guess vera's password, one failure each: the account is past its 50.
    for n in 0..60 {
        let (status, _) = app
            .token_request_from(at(&format!("203.0.113.{n}")), CLIENT, CLIENT_SECRET, "vera", "x")
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let (status, _) = app
        .token_request_from(at("203.0.113.1"), CLIENT, CLIENT_SECRET, "vera", "y")
        .await;
    assert_eq!(
        status,
        StatusCode::TOO_MANY_REQUESTS,
        "an address that failed is slowed"
    );
    let (status, body) = app
        .token_request_from(at("198.51.100.1"), CLIENT, CLIENT_SECRET, "vera", PASSWORD)
        .await;
    assert_eq!(status, StatusCode::OK, "vera from the shop gets in: {body}");

    // Someone behind the shop's address fails 40 times across accounts; beto still gets in.
    for n in 0..40 {
        let (status, _) = app
            .token_request_from(at("198.51.100.1"), CLIENT, CLIENT_SECRET, &format!("nadie{n}"), "x")
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let (status, body) = app
        .token_request_from(at("198.51.100.1"), CLIENT, CLIENT_SECRET, "beto", PASSWORD)
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // ...while a name this address already failed on is slowed by the address's count.
    let (status, _) = app
        .token_request_from(at("198.51.100.1"), CLIENT, CLIENT_SECRET, "nadie1", "x")
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
}

/// Issue 19.9: `admİn` (a dotted capital I) was a different throttle key than `admin` but
/// logged in as admin. Login, the throttle and the uniqueness claim now fold names one way.
#[sqlx::test]
async fn usernames_are_folded_one_way_for_login_throttle_and_uniqueness(pool: PgPool) {
    let app = TestApp::start(pool.clone()).await;
    app.user("admin", &["ROLE_ADMIN"], None).await;
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "admİn", PASSWORD).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "a dotted capital I names another account"
    );
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "ADMIN", PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "case does not matter");
    // The throttle counts what login compares: the folded name.
    for _ in 0..5 {
        app.token_request(CLIENT, CLIENT_SECRET, "Admin", "x").await;
    }
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "aDMIN", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let taken = optica::users::add(&app.store, "test", "ADMİN", PASSWORD, vec!["ROLE_ADMIN".into()], None).await;
    assert!(taken.is_ok(), "a dotted capital I is a distinct name: {taken:?}");
    let taken = optica::users::add(&app.store, "test", "Admin", PASSWORD, vec!["ROLE_ADMIN".into()], None).await;
    assert!(
        matches!(taken, Err(optica::users::UserAdminError::Taken(_))),
        "{taken:?}"
    );
}

#[sqlx::test]
async fn usernames_are_matched_without_case(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
    app.user("Vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    let token = app.login("vera", PASSWORD).await;
    assert_eq!(atob_payload(&token)["user_name"], "Vera");
    let taken = optica::users::add(&app.store, "test", "VERA", PASSWORD, vec!["ROLE_ADMIN".into()], None).await;
    assert!(matches!(taken, Err(optica::users::UserAdminError::Taken(_))));
}

#[sqlx::test]
async fn unknown_clients_get_401(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
    let (status, body) = app.token_request(CLIENT, "wrong", "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"], "unauthorized");
    let (status, _) = app.token_request("other", CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test]
async fn our_web_app_logs_in_as_a_public_client_without_secret(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
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
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
    app.user("vera", &["ROLE_VENDEDOR"], Some(branch)).await;
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

/// Issue 19.10: a token stayed valid for up to 5 hours after its account was disabled, demoted
/// or given a new password (a disabled ex-admin's token still deleted a movement). Every request
/// now sees the account's current state.
#[sqlx::test]
async fn a_token_ends_when_its_account_is_disabled_demoted_or_its_password_changes(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let branch = app.branch("La Cruz").await;
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
    assert_eq!(
        app.get("/api/local", Some(&app.admin_token().await)).await.1[0]["id"],
        branch
    );

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

#[sqlx::test]
async fn health_and_openapi_are_served(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let (status, body) = app.get("/health", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["database"], "ok");
    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    for path in [
        "/oauth/token",
        "/api/categoria",
        "/api/marca/{id}",
        "/api/local",
        "/api/proveedor/{id}",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} documented");
    }
    let (status, body) = app.get("/api/no-existe", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["mensaje"], "El recurso solicitado no existe");
}

/// Every answer forbids MIME sniffing, framing by other sites and sending the address on as a
/// `Referer` (the public order page's address holds its code); API answers, token and refusals
/// included, are not stored by the browser, while the web app's files may be.
#[sqlx::test]
async fn answers_carry_the_browser_protections(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let token = app.admin_token().await;
    let dir = std::env::temp_dir().join(format!("optica-webapp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>optica</title>").unwrap();
    let site = app.router.clone().merge(optica::http::webapp(Some(&dir)));
    let basic = format!("Basic {}", STANDARD.encode(format!("{CLIENT}:{CLIENT_SECRET}")));
    let login = format!("grant_type=password&username=admin&password={PASSWORD}");
    let requests = [
        ("GET", "/api/categoria", None, None, true),
        (
            "GET",
            "/api/productos/page/0",
            Some(format!("Bearer {token}")),
            None,
            true,
        ),
        ("GET", "/api/movimientos/totales", None, None, true),
        ("GET", "/api/no-existe", None, None, true),
        ("POST", "/oauth/token", Some(basic), Some(login), true),
        ("GET", "/estadoCompra/1-abc", None, None, false),
        ("GET", "/", None, None, false),
    ];
    for (method, uri, authorization, form, api) in requests {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(value) = authorization {
            request = request.header(header::AUTHORIZATION, value);
        }
        let body = match form {
            Some(form) => {
                request = request.header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
                Body::from(form)
            }
            None => Body::empty(),
        };
        let response = site.clone().oneshot(request.body(body).unwrap()).await.unwrap();
        let headers = response.headers();
        let value = |name: header::HeaderName| headers.get(name).map(|v| v.to_str().unwrap().to_string());
        assert_eq!(
            value(header::X_CONTENT_TYPE_OPTIONS).as_deref(),
            Some("nosniff"),
            "{uri}"
        );
        assert_eq!(value(header::X_FRAME_OPTIONS).as_deref(), Some("DENY"), "{uri}");
        assert_eq!(value(header::REFERRER_POLICY).as_deref(), Some("no-referrer"), "{uri}");
        let stored = value(header::CACHE_CONTROL);
        assert_eq!(
            stored.as_deref() == Some("no-store"),
            api,
            "{uri}: Cache-Control {stored:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Path and query values of the wrong type are refused with the contract's envelope in Spanish,
/// never axum's English plain text.
#[sqlx::test]
async fn malformed_path_and_query_values_are_refused_in_spanish(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let token = app.admin_token().await;
    const QUERY: &str = "Parámetros de consulta inválidos: alguno tiene un tipo o formato incorrecto";
    for (uri, mensaje) in [
        ("/api/movimientos/filtrar?page=abc", QUERY),
        ("/api/movimientos/totales?idLocal=abc", QUERY),
        ("/api/productos/stock-material?localId=x", QUERY),
        ("/api/pacientes/buscar/nombre?nombre=ana&size=grande", QUERY),
        ("/api/auditoria?page=uno", QUERY),
        ("/api/productos/abc", "Parámetro de ruta inválido"),
        ("/api/productos/99999999999999999999999", "Parámetro de ruta inválido"),
    ] {
        let (status, body) = app.get(uri, Some(&token)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_eq!(body["mensaje"], mensaje, "{uri}");
    }
}

/// Issue 19.6: a huge page number overflowed the offset (500, or the wrong page in a release
/// build). Every page number is range-checked.
#[sqlx::test]
async fn page_numbers_out_of_range_are_refused_in_spanish(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let token = app.admin_token().await;
    let huge = i64::MAX;
    for uri in [
        format!("/api/productos/page/{huge}"),
        format!("/api/movimientos/paginado/{huge}"),
        format!("/api/pacientes/paginado/{huge}"),
        format!("/api/pacientes/buscar/documento/1/page/{huge}"),
        format!("/api/pacientes/buscar/nombre?nombre=ana&page={huge}"),
        format!("/api/movimientos/filtrar?page={huge}"),
        format!("/api/movimientos/buscar/entre-fechas?fechaInicio=2026-01-01&fechaFin=2026-12-31&page={huge}"),
        format!("/api/auditoria?page={huge}"),
        "/api/productos/page/-1".to_string(),
        "/api/movimientos/filtrar?page=10000001".to_string(),
    ] {
        let (status, body) = app.get(&uri, Some(&token)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_eq!(
            body["mensaje"], "El número de página debe estar entre 0 y 10000000",
            "{uri}"
        );
    }
    let (status, _) = app.get("/api/movimientos/filtrar?page=10000000", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "the last page allowed answers (empty)");
}

/// A known path asked with a method it does not take answers 405 with the contract's envelope in
/// Spanish and the methods it does take, like every other refusal (axum's default is an empty
/// body).
#[sqlx::test]
async fn a_method_a_route_does_not_take_is_refused_in_spanish(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let token = app.admin_token().await;
    for (method, uri, allowed) in [
        (Method::GET, "/api/productos", "POST"),
        (Method::PATCH, "/api/productos/1", "PUT"),
        (Method::GET, "/oauth/token", "POST"),
        (Method::POST, "/health", "GET"),
    ] {
        let request = Request::builder()
            .method(method.clone())
            .uri(uri)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap();
        let response = app.router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        let allow = response
            .headers()
            .get(header::ALLOW)
            .map(|v| v.to_str().unwrap().to_string());
        assert!(
            allow.as_deref().is_some_and(|a| a.contains(allowed)),
            "{method} {uri}: Allow {allow:?}"
        );
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body: Value = serde_json::from_slice(&bytes).unwrap_or_default();
        assert_eq!(
            body["mensaje"], "El método HTTP no está permitido en este recurso",
            "{method} {uri}"
        );
    }
}

/// Issue 19.14: the web app had no Content-Security-Policy and its 615 KB main script went out
/// uncompressed on every load. Hashed assets go compressed with a year's immutable cache; the
/// page itself is revalidated on every load; every page carries the policy.
#[tokio::test]
async fn the_web_app_is_served_compressed_cached_by_kind_and_under_a_content_security_policy() {
    let dir = std::env::temp_dir().join(format!("optica-webapp-cache-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>optica</title>").unwrap();
    std::fs::write(dir.join("assets/main-Ab12.js"), "console.log('optica')").unwrap();
    std::fs::write(dir.join("assets/main-Ab12.js.br"), "brotli bytes").unwrap();
    std::fs::write(dir.join("assets/main-Ab12.js.gz"), "gzip bytes").unwrap();
    let site = optica::http::webapp(Some(&dir));
    let get = |uri: &str, encodings: &str| {
        Request::get(uri)
            .header(header::ACCEPT_ENCODING, encodings)
            .body(Body::empty())
            .unwrap()
    };
    let header_of = |response: &axum::response::Response, name: header::HeaderName| {
        response.headers().get(name).map(|v| v.to_str().unwrap().to_string())
    };

    let script = site
        .clone()
        .oneshot(get("/assets/main-Ab12.js", "gzip, br"))
        .await
        .unwrap();
    assert_eq!(script.status(), StatusCode::OK);
    assert_eq!(header_of(&script, header::CONTENT_ENCODING).as_deref(), Some("br"));
    assert_eq!(
        header_of(&script, header::CACHE_CONTROL).as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(header_of(&script, header::VARY).as_deref(), Some("accept-encoding"));
    let script = site.clone().oneshot(get("/assets/main-Ab12.js", "gzip")).await.unwrap();
    assert_eq!(header_of(&script, header::CONTENT_ENCODING).as_deref(), Some("gzip"));

    for uri in ["/", "/pacientes", "/assets/missing-Zz99.js"] {
        let page = site.clone().oneshot(get(uri, "gzip")).await.unwrap();
        assert_eq!(page.status(), StatusCode::OK, "{uri}");
        assert_eq!(
            header_of(&page, header::CACHE_CONTROL).as_deref(),
            Some("no-cache"),
            "{uri}"
        );
        let policy = header_of(&page, header::CONTENT_SECURITY_POLICY).unwrap_or_default();
        assert!(policy.contains("script-src 'self'"), "{uri}: {policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{uri}: {policy}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
