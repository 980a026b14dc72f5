//! Password guessing is slowed per address and per account, never into a lock-out, and usernames fold one way.

use super::*;
use crate::common::{execute, scalar};

/// Guessing one account from one address is slowed: after five failures each attempt waits
/// twice as long as the one before, up to five minutes; a success clears the count, and a quiet
/// quarter of an hour forgets it.
#[sqlx::test]
async fn password_guessing_from_one_address_is_slowed_but_never_locks_out(pool: PgPool) {
    let app = with_vera(pool.clone()).await;
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
    execute(
        &pool,
        "update login_failures set last_failure = last_failure - interval '2 seconds'",
    )
    .await;
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    let left: i64 = scalar(&pool, "select count(*) from login_failures where key like '%vera%'").await;
    assert_eq!(left, 0);

    // Each further failure doubles the wait, up to five minutes, and a quiet quarter of an hour
    // forgets them all.
    execute(
        &pool,
        "insert into login_failures values ('par:vera|desconocida', 40, now())",
    )
    .await;
    let (status, body) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        body["error_description"]
            .as_str()
            .unwrap()
            .contains("Espere 300 segundos"),
        "{body}"
    );
    execute(
        &pool,
        "update login_failures set last_failure = now() - interval '16 minutes'",
    )
    .await;
    let (status, _) = app.token_request(CLIENT, CLIENT_SECRET, "vera", PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
}

/// 60 concurrent wrong passwords all had the password checked (the allowance is 5),
/// and past about 68 recorded failures the wait overflowed: every login of the account answered
/// 500 for a quarter of an hour.
#[sqlx::test]
async fn concurrent_guesses_get_the_allowance_only_and_the_wait_never_overflows(pool: PgPool) {
    let app = with_vera(pool.clone()).await;
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

    execute(
        &pool,
        "update login_failures set failures = 100000 where key like 'par:vera|%' or key = 'usuario:vera'",
    )
    .await;
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

/// A stranger must not lock the cashier out of the till. Failures elsewhere slow
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

/// `admİn` (a dotted capital I) was a different throttle key than `admin` but
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
