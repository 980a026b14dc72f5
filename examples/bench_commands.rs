//! Benchmark of command throughput and projection lag: sales per second through HTTP (the real
//! router served on a local port, its projector running, each client on one kept-alive
//! connection, as a browser is, and as pgbench's clients are) with 8 and
//! 32 concurrent clients, printed beside the raw PostgreSQL ceiling measured in the same run
//! (pgbench with a one-row insert script at the same client count), and the lag from each sale's
//! transaction to the cash-box read model (p50 and p99), and the HTTP floor: the same requests
//! refused before any database work, which bounds what any command can reach. Last, pgbench
//! writes what a sale writes by hand, one transaction per sale (`bench_support::pgbench`): what
//! PostgreSQL itself does for the same durable work, with no server in between. Prints a
//! markdown table.
//!
//! Run: `DATABASE_URL=postgres://… cargo run --release --example bench_commands [-- SECONDS]`
//! (`scripts/bench commands` does it with the private cluster). The database is dropped at the end.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use optica_projections::Projector;
use serde_json::{json, Value};
use sqlx::PgPool;
use tokio::sync::watch;

#[path = "bench_support/mod.rs"]
mod bench_support;

use bench_support::http::{request, Connection};
use bench_support::pgbench;
use optica_events::movement::MOVEMENT_ID_SEQUENCE;

/// Products the sales spread over, as a shop's catalogue does.
const PRODUCTS: usize = 100;

/// A branch, a payment method and `PRODUCTS` products with stock for every sale of the run.
async fn shop(addr: SocketAddr, token: &str) -> (i64, i64, Vec<i64>) {
    let post = |path: &'static str, body: Value, key: &'static str| async move {
        let (status, answer) = request(addr, "POST", path, Some(token), Some(&body)).await.unwrap();
        assert!(status < 300, "{path}: {answer}");
        answer[key]["id"].as_i64().unwrap()
    };
    let local = post(
        "/api/local",
        json!({"nombre": "Centro", "direccion": "1", "celular": "1"}),
        "local",
    )
    .await;
    let metodo = post("/api/metodoPago", json!({"nombre": "Efectivo"}), "metodoPago").await;
    let marca = post("/api/marca", json!({"nombre": "Vulk"}), "marca").await;
    let categoria = post("/api/categoria", json!({"nombre": "Sol"}), "categoria").await;
    let proveedor = post("/api/proveedor", json!({"nombre": "Opti", "celular": "1"}), "proveedor").await;
    let mut productos = Vec::new();
    for n in 0..PRODUCTS {
        let body = json!({"modelo": format!("V{n}"), "marca": {"id": marca}, "categorias": [{"id": categoria}],
                          "precio": 100, "proveedores": [{"id": proveedor}],
                          "productoLocales": [{"local": {"id": local}, "stock": 1_000_000}]});
        productos.push(post("/api/productos", body, "producto").await);
    }
    (local, metodo, productos)
}

fn sale(local: i64, metodo: i64, producto: i64) -> Value {
    json!({"tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:00", "local": {"id": local}, "total": 100,
           "totalImpuesto": 100, "detalles": [{"cantidad": 1, "precioUnitario": 100, "subtotal": 100, "producto": {"id": producto}}],
           "detallesAdicionales": [], "cajaMovimientos": [{"monto": 100, "montoImpuesto": 100,
           "metodoPago": {"id": metodo}, "fecha": "2026-11-21T10:00"}], "estadoMovimiento": "PEDIDO_CRISTALES"})
}

/// Sales per second with `clients` concurrent clients for `seconds`, each client selling the
/// catalogue's products in turn, and the ids sold.
async fn sell(addr: SocketAddr, token: &str, bodies: &[Value], clients: usize, seconds: u64) -> (f64, Vec<i64>) {
    let stop = Arc::new(AtomicBool::new(false));
    let sold = Arc::new(Mutex::new(Vec::new()));
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|client| {
            let (stop, sold, token, bodies) = (stop.clone(), sold.clone(), token.to_string(), bodies.to_vec());
            tokio::spawn(async move {
                let mut connection = Connection::open(addr).await.unwrap();
                let mut next = client;
                while !stop.load(Ordering::Relaxed) {
                    next = (next + 1) % bodies.len();
                    let body = &bodies[next];
                    let (status, answer) = connection
                        .request("POST", "/api/movimientos", Some(&token), Some(body))
                        .await
                        .unwrap();
                    assert_eq!(status, 201, "{answer}");
                    sold.lock().unwrap().push(answer["movimiento"]["id"].as_i64().unwrap());
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        task.await.unwrap();
    }
    let elapsed = started.elapsed().as_secs_f64();
    let sold = std::mem::take(&mut *sold.lock().unwrap());
    (sold.len() as f64 / elapsed, sold)
}

/// The HTTP floor: requests per second and the machine's CPU ms per request when the same
/// clients post the same sales without a token, so the server answers 401 before any database
/// work. What a sale costs beyond it is the command's own work.
async fn http_floor(addr: SocketAddr, bodies: &[Value], clients: usize, seconds: u64) -> (f64, f64) {
    let stop = Arc::new(AtomicBool::new(false));
    let busy = cpu_busy_ms();
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|client| {
            let (stop, bodies) = (stop.clone(), bodies.to_vec());
            tokio::spawn(async move {
                let mut connection = Connection::open(addr).await.unwrap();
                let (mut next, mut sent) = (client, 0u64);
                while !stop.load(Ordering::Relaxed) {
                    next = (next + 1) % bodies.len();
                    let (status, answer) = connection
                        .request("POST", "/api/movimientos", None, Some(&bodies[next]))
                        .await
                        .unwrap();
                    assert_eq!(status, 401, "{answer}");
                    sent += 1;
                }
                sent
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    stop.store(true, Ordering::Relaxed);
    let mut sent = 0;
    for task in tasks {
        sent += task.await.unwrap();
    }
    let rate = sent as f64 / started.elapsed().as_secs_f64();
    (rate, (cpu_busy_ms() - busy) / sent as f64)
}

/// The movements projection's checkpoint, sampled every 5 ms with the wall-clock time (often
/// enough against a 1 s target, and cheap beside the sales it measures).
type Samples = Arc<Mutex<Vec<(DateTime<Utc>, (i64, i64))>>>;

fn sample_checkpoints(pool: PgPool, stop: Arc<AtomicBool>) -> (Samples, tokio::task::JoinHandle<()>) {
    let samples: Samples = Arc::default();
    let out = samples.clone();
    let task = tokio::spawn(async move {
        while !stop.load(Ordering::Relaxed) {
            let at: Option<(i64, i64)> =
                sqlx::query_as("select last_tx, last_position from projection_checkpoints where name = 'movements'")
                    .fetch_optional(&pool)
                    .await
                    .unwrap();
            if let Some(at) = at {
                out.lock().unwrap().push((Utc::now(), at));
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    });
    (samples, task)
}

/// Per sale, milliseconds from its transaction's start (the event's `recorded_at`) to the first
/// sample whose checkpoint had passed its event: p50 and p99.
async fn lag(pool: &PgPool, sold: &[i64], samples: &[(DateTime<Utc>, (i64, i64))]) -> (f64, f64) {
    let ids: Vec<String> = sold.iter().map(i64::to_string).collect();
    let events: Vec<(i64, i64, DateTime<Utc>)> = sqlx::query_as(
        "select tx_id::text::bigint, position, recorded_at from events
         where aggregate_type = 'Movimiento' and aggregate_id = any($1)",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await
    .unwrap();
    let mut lags: Vec<f64> = events
        .iter()
        .filter_map(|(tx, position, recorded)| {
            // checkpoints only grow, so the samples are sorted by them too
            let seen = samples.get(samples.partition_point(|(_, at)| *at < (*tx, *position)))?;
            Some(((seen.0 - *recorded).num_microseconds()? as f64 / 1000.0).max(0.0))
        })
        .collect();
    lags.sort_by(f64::total_cmp);
    let at = |q: f64| lags[((lags.len() as f64 * q).ceil() as usize).clamp(1, lags.len()) - 1];
    (at(0.5), at(0.99))
}

/// CPU time the whole machine has spent busy so far, in milliseconds (from /proc/stat; user,
/// nice, system, irq, softirq and steal ticks at 100 per second). Machine-wide on purpose: a sale
/// costs CPU in the server, in PostgreSQL and in the client alike.
fn cpu_busy_ms() -> f64 {
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

/// `pgbench::tps` off the async runtime (the server under test runs on it).
async fn pgbench_tps(url: &str, script: &str, clients: usize, seconds: u64) -> f64 {
    let (url, script) = (url.to_string(), script.to_string());
    tokio::task::spawn_blocking(move || pgbench::tps(&url, &script, clients, seconds))
        .await
        .unwrap()
}

#[tokio::main]
async fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("SECONDS must be a number"))
        .unwrap_or(10);
    let db = bench_support::Database::create().await;
    // The server's own pool settings.
    let pool = optica::db::connect(&db.url).await.unwrap();
    let projector = Arc::new(Projector::new(pool.clone(), optica_projections::all()));
    let (router, token) = bench_support::app(&pool, Some(projector.progress())).await;
    let (stop_projector, stop_rx) = watch::channel(false);
    let projecting = tokio::spawn(projector.run(stop_rx));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });

    let (local, metodo, productos) = shop(addr, &token).await;
    let bodies: Vec<Value> = productos.iter().map(|p| sale(local, metodo, *p)).collect();
    let one_row = pgbench::one_row_script(&pool).await;

    let mut rows = Vec::new();
    let mut template = None;
    for clients in [8, 32] {
        let stop = Arc::new(AtomicBool::new(false));
        let (samples, sampling) = sample_checkpoints(pool.clone(), stop.clone());
        let busy = cpu_busy_ms();
        let (rate, sold) = sell(addr, &token, &bodies, clients, seconds).await;
        let per_sale = (cpu_busy_ms() - busy) / sold.len() as f64;
        template = template.or(sold.first().copied());
        // let the projector pass the last sales before the sampler stops
        tokio::time::sleep(Duration::from_millis(500)).await;
        stop.store(true, Ordering::Relaxed);
        sampling.await.unwrap();
        let samples = std::mem::take(&mut *samples.lock().unwrap());
        let (p50, p99) = lag(&pool, &sold, &samples).await;
        let busy = cpu_busy_ms();
        let ceiling = pgbench_tps(&db.url, &one_row, clients, seconds).await;
        let per_insert = (cpu_busy_ms() - busy) / (ceiling * seconds as f64);
        let (floor_rate, per_floor) = http_floor(addr, &bodies, clients, seconds).await;
        let row = format!(
            "| {clients} | {rate:.0} | {ceiling:.0} | {:.0}% | {p50:.1} | {p99:.1} | {per_sale:.2} | {per_insert:.3} \
             | {floor_rate:.0} | {per_floor:.3} |",
            rate / ceiling * 100.0
        );
        rows.push((clients, rate, row));
    }

    // The sales written by hand write read-model rows themselves: the projector must not see
    // their events, so it stops first.
    stop_projector.send(true).unwrap();
    projecting.await.unwrap();
    let script = pgbench::sale_writes_script(&pool, template.unwrap(), MOVEMENT_ID_SEQUENCE, &productos).await;
    println!(
        "| clients | sales/s through HTTP | one-row inserts/s (pgbench) | share of the ceiling \
         | projection lag p50 ms | p99 ms | CPU ms per sale | CPU ms per insert | HTTP floor requests/s \
         | CPU ms per floor request | a sale's writes by hand in SQL/s (pgbench) | share of those |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (clients, rate, row) in rows {
        let by_hand = pgbench_tps(&db.url, &script, clients, seconds).await;
        println!("{row} {by_hand:.0} | {:.0}% |", rate / by_hand * 100.0);
    }

    pool.close().await;
    db.drop().await;
}
