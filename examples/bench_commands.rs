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
use std::sync::Arc;
use std::time::{Duration, Instant};

use optica_projections::Projector;
use serde_json::Value;
use tokio::sync::watch;

#[path = "bench_support/mod.rs"]
mod bench_support;

use bench_support::http::Connection;
use bench_support::pgbench;
use bench_support::sales::{lag, sale, sample_checkpoints, sell, shop};
use optica_events::movements::MOVEMENT_ID_SEQUENCE;

/// The HTTP floor: requests per second and the machine's CPU ms per request when the same
/// clients post the same sales without a token, so the server answers 401 before any database
/// work. What a sale costs beyond it is the command's own work.
async fn http_floor(addr: SocketAddr, bodies: &[Value], clients: usize, seconds: u64) -> (f64, f64) {
    let stop = Arc::new(AtomicBool::new(false));
    let busy = bench_support::cpu_busy_ms();
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
    (rate, (bench_support::cpu_busy_ms() - busy) / sent as f64)
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
        let busy = bench_support::cpu_busy_ms();
        let run = sell(&[addr], &token, &bodies, clients, seconds).await;
        let (rate, sold) = (run.per_second, run.ids);
        let per_sale = (bench_support::cpu_busy_ms() - busy) / sold.len() as f64;
        template = template.or(sold.first().copied());
        // let the projector pass the last sales before the sampler stops
        tokio::time::sleep(Duration::from_millis(500)).await;
        stop.store(true, Ordering::Relaxed);
        sampling.await.unwrap();
        let samples = std::mem::take(&mut *samples.lock().unwrap());
        let (p50, p99) = lag(&pool, &sold, &samples).await;
        let busy = bench_support::cpu_busy_ms();
        let ceiling = pgbench_tps(&db.url, &one_row, clients, seconds).await;
        let per_insert = (bench_support::cpu_busy_ms() - busy) / (ceiling * seconds as f64);
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
