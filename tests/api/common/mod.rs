//! Test harness: the real router on a fresh database (from `#[sqlx::test]`), with the real
//! projector running beside it.
#![allow(dead_code, clippy::unwrap_used)]

use std::sync::Arc;
use std::time::Duration;

use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use axum::Router;
use base64::Engine;
use http_body_util::BodyExt;
use optica::config::ServeArgs;
use optica_command::EventStore;
use optica_projections::Projector;
use serde_json::Value;
use sqlx::PgPool;
use tokio::sync::watch;
use tower::ServiceExt;

mod db;
mod json;
pub mod load;
pub mod openapi_check;
pub mod server;
pub mod shop;
pub mod siege;
pub mod smtp;

pub use db::{execute, scalar};
pub use json::{numbers, texts};

pub const CLIENT: &str = "web";
pub const CLIENT_SECRET: &str = "web-secret";
pub const JWT_SECRET: &str = "test-signing-key-of-at-least-32-bytes!!";
pub const PASSWORD: &str = "contraseña-segura";

pub struct TestApp {
    pub router: Router,
    /// The state the router was built with (a test may change it and build the router again).
    pub state: optica::AppState,
    pub pool: PgPool,
    pub store: EventStore,
    _stop: watch::Sender<bool>,
}

pub fn serve_args() -> ServeArgs {
    ServeArgs {
        addr: "127.0.0.1:0".parse().unwrap(),
        oauth_clients: Some(format!("{CLIENT}:{CLIENT_SECRET}")),
        jwt_secret: Some(JWT_SECRET.into()),
        admin_password: None,
        webapp_dir: None,
        timezone: optica::config::DEFAULT_TIMEZONE.into(),
        numeric_status_links: true,
        trusted_proxies: Vec::new(),
        shop: Default::default(),
        mail: Default::default(),
        limits: Default::default(),
    }
}

impl Drop for TestApp {
    /// Stops the projector: a test that drops its app leaves the database to what it starts next.
    fn drop(&mut self) {
        let _ = self._stop.send(true);
    }
}

impl TestApp {
    /// The app with its projector running (stopped when the TestApp is dropped).
    pub async fn start(pool: PgPool) -> TestApp {
        let projector = Projector::new(pool.clone(), optica_projections::all());
        TestApp::with_projector(pool, projector).await
    }

    /// The app with `projector` running for it (stopped when the TestApp is dropped).
    pub async fn with_projector(pool: PgPool, projector: Projector) -> TestApp {
        let projector = Arc::new(projector);
        let state = optica::cli::build_state(pool.clone(), &serve_args())
            .await
            .unwrap()
            .with_projector(projector.progress());
        let (stop, stop_rx) = watch::channel(false);
        tokio::spawn(projector.run(stop_rx));
        TestApp {
            router: optica::app(state.clone()),
            // Commits wake the projector, as the server's do.
            store: state.store.clone(),
            state,
            pool,
            _stop: stop,
        }
    }

    /// Creates an account and waits until it can log in.
    pub async fn user(&self, username: &str, roles: &[&str], local_id: Option<i64>) {
        let roles = roles.iter().map(|r| r.to_string()).collect();
        optica::users::add(&self.store, "test", username, PASSWORD, roles, local_id)
            .await
            .unwrap();
        self.caught_up().await;
    }

    /// A branch created through the event store (for tests that need one before any admin).
    pub async fn branch(&self, nombre: &str) -> i64 {
        use optica_command::lookups::{Local, Lookup, LookupCommand};
        let id = self.store.next_id("local_ids").await.unwrap();
        let data = optica_events::LookupData {
            nombre: nombre.into(),
            direccion: Some("Calle 1".into()),
            celular: Some("351".into()),
            cristales: None,
        };
        let metadata = optica_events::EventMetadata::new(optica_events::Actor::system("test"), "test", None);
        self.store
            .execute::<Lookup<Local>>(
                &id.to_string(),
                LookupCommand::Create(data),
                &(),
                &metadata,
                &Default::default(),
            )
            .await
            .unwrap();
        id
    }

    /// The app started on `pool` with the bootstrap admin's token: where the lookup and
    /// surface tests begin.
    pub async fn with_admin(pool: PgPool) -> (TestApp, String) {
        let app = TestApp::start(pool).await;
        let token = app.admin_token().await;
        (app, token)
    }

    pub async fn admin_token(&self) -> String {
        self.user("admin", &["ROLE_ADMIN"], None).await;
        self.login("admin", PASSWORD).await
    }

    pub async fn seller_token(&self, username: &str, local_id: i64) -> String {
        self.user(username, &["ROLE_VENDEDOR"], Some(local_id)).await;
        self.login(username, PASSWORD).await
    }

    pub async fn login(&self, username: &str, password: &str) -> String {
        let (status, body) = self.token_request(CLIENT, CLIENT_SECRET, username, password).await;
        assert_eq!(status, StatusCode::OK, "login of {username}: {body}");
        body["access_token"].as_str().unwrap().to_string()
    }

    pub async fn token_request(
        &self,
        client: &str,
        secret: &str,
        username: &str,
        password: &str,
    ) -> (StatusCode, Value) {
        self.token_request_from(None, client, secret, username, password).await
    }

    /// A token request as if it came over TCP from `address` (the login throttle keys on it).
    pub async fn token_request_from(
        &self,
        address: Option<std::net::IpAddr>,
        client: &str,
        secret: &str,
        username: &str,
        password: &str,
    ) -> (StatusCode, Value) {
        let basic = base64::engine::general_purpose::STANDARD.encode(format!("{client}:{secret}"));
        let form = format!(
            "grant_type=password&username={}&password={}",
            urlencode(username),
            urlencode(password)
        );
        let request = Request::post("/oauth/token")
            .header(header::AUTHORIZATION, format!("Basic {basic}"))
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(form))
            .unwrap();
        let mut request = request;
        if let Some(ip) = address {
            let peer = std::net::SocketAddr::new(ip, 40000);
            request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
        }
        self.send(request).await
    }

    /// Waits until every projection has passed the newest event.
    pub async fn caught_up(&self) {
        caught_up(&self.pool).await
    }

    pub async fn send(&self, request: Request<Body>) -> (StatusCode, Value) {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = if bytes.is_empty() {
            Value::Null
        } else {
            serde_json::from_slice(&bytes).unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into()))
        };
        (status, body)
    }

    /// A file download: status, content type and the raw bytes.
    pub async fn download(&self, uri: &str, token: Option<&str>) -> (StatusCode, String, Vec<u8>) {
        let mut request = Request::builder().uri(uri);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let response = self
            .router
            .clone()
            .oneshot(request.body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let content_type = response
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let bytes = response.into_body().collect().await.unwrap().to_bytes().to_vec();
        (status, content_type, bytes)
    }

    pub async fn call(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.call_with(method, uri, token, None, body).await
    }

    /// Any request, with its token and `Idempotency-Key` when given.
    async fn call_with(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        key: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        if let Some(key) = key {
            request = request.header("idempotency-key", key);
        }
        let request = match body {
            Some(json) => request
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(json.to_string()))
                .unwrap(),
            None => request.body(Body::empty()).unwrap(),
        };
        self.send(request).await
    }

    pub async fn get(&self, uri: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::GET, uri, token, None).await
    }
    pub async fn post(&self, uri: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::POST, uri, token, Some(body)).await
    }
    /// A POST carrying an `Idempotency-Key`, as our web app sends a sale or a notice.
    pub async fn post_keyed(&self, uri: &str, token: &str, key: &str, body: Value) -> (StatusCode, Value) {
        let request = Request::post(uri)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .header(header::CONTENT_TYPE, "application/json")
            .header("idempotency-key", key)
            .body(Body::from(body.to_string()))
            .unwrap();
        self.send(request).await
    }
    /// Any request carrying an `Idempotency-Key`, as the web app sends every command.
    pub async fn call_keyed(
        &self,
        method: Method,
        uri: &str,
        token: &str,
        key: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.call_with(method, uri, Some(token), Some(key), body).await
    }
    pub async fn put(&self, uri: &str, token: Option<&str>, body: Value) -> (StatusCode, Value) {
        self.call(Method::PUT, uri, token, Some(body)).await
    }
    pub async fn delete(&self, uri: &str, token: Option<&str>) -> (StatusCode, Value) {
        self.call(Method::DELETE, uri, token, None).await
    }
}

/// Tests that load the whole machine (real servers killed and frozen, a thousand sockets, 64
/// racing clients) take turns: side by side on two cores they starve one another, and a crash
/// test that sells 5 times in 10 rounds proves nothing. Each holds this for its whole run.
pub async fn heavy() -> tokio::sync::MutexGuard<'static, ()> {
    // A tokio mutex: each test runs on a runtime of its own, and a panicking holder poisons
    // nothing.
    static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    HEAVY.lock().await
}

/// How many events the store holds: a refused request writes none.
pub async fn event_count(pool: &PgPool) -> i64 {
    scalar(pool, "select count(*) from events").await
}

/// Of concurrent requests for one unique record, exactly one creates it and the rest are refused.
pub async fn only_one_created(
    requests: impl IntoIterator<Item = impl std::future::Future<Output = (StatusCode, Value)>>,
) {
    let statuses: Vec<StatusCode> = futures::future::join_all(requests)
        .await
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::CREATED).count(),
        1,
        "{statuses:?}"
    );
    assert!(statuses
        .iter()
        .all(|s| *s == StatusCode::CREATED || *s == StatusCode::BAD_REQUEST));
}

/// Two answers of one keyed request sent twice at once: both created, the same `record`.
pub fn same_record_created(a: &(StatusCode, Value), b: &(StatusCode, Value), record: &str) {
    assert_eq!(
        (a.0, b.0),
        (StatusCode::CREATED, StatusCode::CREATED),
        "{} {}",
        a.1,
        b.1
    );
    assert_eq!(a.1[record]["id"], b.1[record]["id"]);
}

/// The projector's advisory lock (projections/src/projector.rs): held, no projector applies
/// anything.
pub const PROJECTOR_LOCK: i64 = 0x6f70_7469_6361;

/// Holds the projector's lock until the transaction answered ends: the read models stay behind,
/// and a command's answer stops waiting for them.
pub async fn hold_projector(pool: &PgPool) -> sqlx::Transaction<'static, sqlx::Postgres> {
    let mut hold = pool.begin().await.unwrap();
    sqlx::query("select pg_advisory_xact_lock($1)")
        .bind(PROJECTOR_LOCK)
        .execute(&mut *hold)
        .await
        .unwrap();
    hold
}

pub async fn caught_up(pool: &PgPool) {
    if let Some((tx, position)) = optica_projections::wait::last_event(pool).await.unwrap() {
        let names: Vec<&'static str> = optica_projections::all().iter().map(|p| p.name()).collect();
        let done =
            optica_projections::wait::wait_for_projections(pool, &names, tx, position, Duration::from_secs(20), None)
                .await
                .unwrap();
        assert!(done, "projector did not catch up");
    }
}

fn urlencode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The rows of a sheet of an Excel workbook.
pub fn sheet_rows(bytes: &[u8], sheet: &str) -> Vec<Vec<calamine::Data>> {
    use calamine::Reader;
    let mut book: calamine::Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    book.worksheet_range(sheet)
        .unwrap()
        .rows()
        .map(|r| r.to_vec())
        .collect()
}

/// The text of a PDF, as poppler's pdftotext reads it (pages end with a form feed).
pub fn pdf_text(bytes: &[u8]) -> String {
    let mut child = std::process::Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8", "-", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("pdftotext (poppler-utils) is needed; scripts/test installs it");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "pdftotext could not read the PDF");
    String::from_utf8(out.stdout).unwrap()
}

/// Runs of spaces as one (pdftotext lays columns out with spaces).
pub fn squeeze(text: &str) -> String {
    text.split([' ', '\u{a0}'])
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
