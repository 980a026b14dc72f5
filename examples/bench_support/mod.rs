//! What the benchmark programs share: a throw-away database and the real router with an admin's
//! token.
#![allow(dead_code)]

pub mod http;
pub mod pgbench;
pub mod pgstats;
pub mod sales;

use axum::body::Body;
use axum::http::{header, Request};
use axum::Router;
use base64::Engine;
use http_body_util::BodyExt;
use optica::config::ServeArgs;
use optica_command::EventStore;
use optica_projections::Projector;
use sqlx::postgres::PgPoolOptions;
use sqlx::{Connection, PgConnection, PgPool};
use tower::ServiceExt;

/// Whether the program runs as the test command's smoke run (`scripts/bench smoke`): tiny data
/// and few rounds, to prove it still runs; its figures mean nothing.
pub fn smoke() -> bool {
    std::env::var_os("OPTICA_BENCH_SMOKE").is_some()
}

/// `full`, or `small` in a smoke run.
pub fn scaled<T>(full: T, small: T) -> T {
    if smoke() {
        small
    } else {
        full
    }
}

/// The shop's today (`yyyy-mm-dd`): the benchmarks' sales are today's, as a counter's are (money
/// on a past day is an admin's, into that day's open cash).
pub fn today() -> String {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive()
        .to_string()
}

/// A fresh database on `DATABASE_URL`'s server, migrated; dropped by `drop`.
pub struct Database {
    pub pool: PgPool,
    /// The database's URL, for more connections or other programs.
    pub url: String,
    admin: PgConnection,
    name: String,
}

impl Database {
    pub async fn create() -> Database {
        let url = std::env::var("DATABASE_URL").expect("DATABASE_URL");
        let name = format!("optica_bench_{}", std::process::id());
        let mut admin = PgConnection::connect(&url).await.unwrap();
        sqlx::query(&format!("create database {name}"))
            .execute(&mut admin)
            .await
            .unwrap();
        let (server, _) = url.rsplit_once('/').expect("DATABASE_URL must name a database");
        let db_url = format!("{server}/{name}");
        let pool = PgPoolOptions::new().max_connections(4).connect(&db_url).await.unwrap();
        optica::db::migrate(&pool).await.unwrap();
        Database {
            pool,
            url: db_url,
            admin,
            name,
        }
    }

    /// Drops the database, unless OPTICA_BENCH_KEEP is set (to look at it afterwards).
    pub async fn drop(mut self) {
        self.pool.close().await;
        if std::env::var_os("OPTICA_BENCH_KEEP").is_some() {
            println!("database kept: {}", self.name);
            return;
        }
        sqlx::query(&format!("drop database {} with (force)", self.name))
            .execute(&mut self.admin)
            .await
            .unwrap();
    }
}

/// The router over `pool`, and a token of a new admin account. With `projector`, the progress
/// of a projector the caller runs, commands wake it and wait for it as the server's do.
pub async fn app(pool: &PgPool, projector: Option<optica_projections::projector::Progress>) -> (Router, String) {
    let router = router(pool, projector).await;
    let store = EventStore::new(pool.clone());
    optica::users::add(
        &store,
        "bench",
        "admin",
        "clave-de-prueba",
        vec!["ROLE_ADMIN".into()],
        None,
    )
    .await
    .unwrap();
    let settled = Projector::new(pool.clone(), optica_projections::all())
        .settle(std::time::Duration::from_secs(20))
        .await
        .unwrap();
    assert!(settled, "the projector did not take the admin account in");
    let basic = base64::engine::general_purpose::STANDARD.encode("bench:bench-secret");
    let request = Request::post("/oauth/token")
        .header(header::AUTHORIZATION, format!("Basic {basic}"))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(
            "grant_type=password&username=admin&password=clave-de-prueba",
        ))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let body: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let token = body["access_token"]
        .as_str()
        .unwrap_or_else(|| panic!("bench login: {body}"));
    (router, token.to_string())
}

/// The router over `pool` alone: another server instance on the same database (its tokens are
/// signed with the same key as `app`'s).
pub async fn router(pool: &PgPool, projector: Option<optica_projections::projector::Progress>) -> Router {
    let args = ServeArgs {
        addr: "127.0.0.1:0".parse().unwrap(),
        oauth_clients: Some("bench:bench-secret".into()),
        jwt_secret: Some("benchmark-signing-key-of-at-least-32-bytes".into()),
        admin_password: None,
        webapp_dir: None,
        timezone: optica::config::DEFAULT_TIMEZONE.into(),
        numeric_status_links: true,
        trusted_proxies: Vec::new(),
        shop: Default::default(),
        mail: Default::default(),
        limits: Default::default(),
    };
    let mut state = optica::cli::build_state(pool.clone(), &args).await.unwrap();
    if let Some(progress) = projector {
        state = state.with_projector(progress);
    }
    optica::app(state)
}

/// Puts the database in the same state before every measured run: the planner's statistics
/// current, and a checkpoint just taken.
///
/// The database is new, so its tables start with no statistics: until autovacuum analyses them,
/// at a moment that differs from run to run, the statements planned on those (and kept by each
/// connection) may cost several times what they cost afterwards, and the first runs pay for it.
/// After a checkpoint, the first change of each page writes the whole page to the log, so a run
/// that a checkpoint starts within pays for those pages and the one before it does not. Best
/// effort: a role that may not checkpoint measures as before.
pub async fn settle(pool: &PgPool) {
    for statement in ["analyze", "checkpoint"] {
        if let Err(error) = sqlx::query(statement).execute(pool).await {
            eprintln!("no {statement} before the run ({error}): runs may differ by more");
        }
    }
}

/// CPU time the whole machine has spent busy so far, in milliseconds (from /proc/stat; user,
/// nice, system, irq, softirq and steal ticks at 100 per second). Machine-wide on purpose: a sale
/// costs CPU in the server, in PostgreSQL and in the client alike.
pub fn cpu_busy_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/stat").unwrap_or_default();
    let ticks: Vec<f64> = stat
        .lines()
        .next()
        .unwrap_or_default()
        .split_whitespace()
        .skip(1)
        .filter_map(|t| t.parse().ok())
        .collect();
    // user nice system idle iowait irq softirq steal
    let busy: f64 = ticks
        .iter()
        .take(8)
        .enumerate()
        .filter(|(i, _)| *i != 3 && *i != 4)
        .map(|(_, t)| t)
        .sum();
    busy * 10.0
}

/// CPU ms this process has used (user and system), from /proc/self/stat: in the command
/// benchmarks, the server under test and its HTTP clients, without PostgreSQL.
pub fn own_cpu_ms() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's name, which is in parentheses and may hold spaces:
    // state is the first, utime and stime the 12th and 13th.
    let after = stat.rsplit_once(')').map(|(_, rest)| rest).unwrap_or_default();
    let fields: Vec<f64> = after.split_whitespace().filter_map(|t| t.parse().ok()).collect();
    // field 0 here is ppid (state is not a number)
    fields.get(10..12).map(|t| t.iter().sum::<f64>() * 10.0).unwrap_or(0.0)
}
