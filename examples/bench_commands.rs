//! Benchmark of command throughput and projection lag: sales per second through HTTP (the real
//! router served on a local port, its projector running, each client on one kept-alive
//! connection, as a browser is, and as pgbench's clients are) with 8 and 32 concurrent clients,
//! all at one branch and spread over ten, each beside pgbench writing what a sale writes by hand
//! in SQL, one transaction per sale (`bench_support::pgbench`: what PostgreSQL itself does for
//! the same durable work, with no server in between). Also per run: the machine's CPU per sale
//! in one-row inserts (pgbench's ceiling, measured in the same run), the lag from each sale's
//! transaction to the cash-box read model, the statements and transactions per sale, and where
//! the time goes (the costliest statements, what the busy connections wait for:
//! `bench_support::pgstats`); and the HTTP floor, the same requests refused before any database
//! work, which bounds what any command can reach. Prints markdown tables.
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
use bench_support::pgstats;
use bench_support::sales::{lag, sales, sample_checkpoints, sell, shop};
use optica_events::movements::MOVEMENT_ID_SEQUENCE;

/// The branches of the run that spreads its sales.
const BRANCHES: usize = 10;

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
                        .request("POST", "/api/movimientos", None, None, Some(&bodies[next]))
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

/// One selling run's figures.
struct Run {
    branches: usize,
    clients: usize,
    rate: f64,
    per_sale_cpu: f64,
    /// Of it, this process's: the server and its HTTP clients.
    own_cpu: f64,
    lag: (f64, f64),
    database: Option<pgstats::PerSale>,
    waits: Vec<(String, f64)>,
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

    let (locales, metodo, productos) = shop(addr, &token, BRANCHES).await;
    let one_row = pgbench::one_row_script(&pool).await;

    // The tables a sale writes, for the by-hand script's check: a few seconds of sales between two
    // readings of the tables' counters, each after every connection has flushed its own.
    let tables_before = pgstats::table_writes(&pool).await;
    sell(&[addr], &token, &sales(&locales, metodo, &productos), 8, 1).await;
    let written = pgstats::written(&tables_before, &pgstats::table_writes(&pool).await);
    let mut runs = Vec::new();
    let mut floors = Vec::new();
    let mut templates = Vec::new();
    for branches in [1, BRANCHES] {
        let bodies = sales(&locales[..branches], metodo, &productos);
        for clients in [8, 32] {
            bench_support::settle(&pool).await;
            let before = pgstats::before(&pool).await;
            let stop = Arc::new(AtomicBool::new(false));
            let (samples, sampling) = sample_checkpoints(pool.clone(), stop.clone());
            let waiting = pgstats::sample_waits(pool.clone(), stop.clone());
            let busy = bench_support::cpu_busy_ms();
            let own = bench_support::own_cpu_ms();
            let run = sell(&[addr], &token, &bodies, clients, seconds).await;
            let per_sale_cpu = (bench_support::cpu_busy_ms() - busy) / run.ids.len() as f64;
            let own_cpu = (bench_support::own_cpu_ms() - own) / run.ids.len() as f64;
            templates.push(run.ids.clone());
            // let the projector pass the last sales before the samplers stop
            tokio::time::sleep(Duration::from_millis(500)).await;
            stop.store(true, Ordering::Relaxed);
            sampling.await.unwrap();
            let waits = waiting.await.unwrap();
            let samples = std::mem::take(&mut *samples.lock().unwrap());
            let lag = lag(&pool, &run.ids, &samples).await;
            let database = pgstats::per_sale(&pool, &before, run.ids.len()).await;
            runs.push(Run {
                branches,
                clients,
                rate: run.per_second,
                per_sale_cpu,
                own_cpu,
                lag,
                database,
                waits,
            });
            if branches == 1 {
                bench_support::settle(&pool).await;
                let busy = bench_support::cpu_busy_ms();
                let ceiling = pgbench_tps(&db.url, &one_row, clients, seconds).await;
                let per_insert = (bench_support::cpu_busy_ms() - busy) / (ceiling * seconds as f64);
                let (floor_rate, per_floor) = http_floor(addr, &bodies, clients, seconds).await;
                floors.push((clients, ceiling, per_insert, floor_rate, per_floor));
            }
        }
    }

    // The sales written by hand write read-model rows themselves: the projector must not see
    // their events, so it stops first.
    stop_projector.send(true).unwrap();
    projecting.await.unwrap();
    println!(
        "| branches | clients | sales/s through HTTP | a sale's writes by hand in SQL/s (pgbench) | share of those \
         | CPU ms per sale | CPU per sale in one-row inserts | the same by hand | projection lag p50 ms | p99 ms \
         | statements per sale | transactions per sale (COMMITs) |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (run, template) in runs.iter().zip(&templates) {
        let script = pgbench::sale_writes_script(
            &pool,
            template,
            MOVEMENT_ID_SEQUENCE,
            &productos,
            &locales[..run.branches],
            &written,
        )
        .await;
        bench_support::settle(&pool).await;
        let written_by_hand = || async {
            sqlx::query_as::<_, (i64, i64)>(
                "select (select count(*) from idempotency_keys where key like 'bench:%'), (select count(*) from movements)",
            )
            .fetch_one(&pool)
            .await
            .unwrap()
        };
        let before = written_by_hand().await;
        // What PostgreSQL (and pgbench) spend on a sale's rows alone: the floor of any server's
        // CPU per sale that writes them one transaction per sale.
        let busy = bench_support::cpu_busy_ms();
        let by_hand = pgbench_tps(&db.url, &script, run.clients, seconds).await;
        let by_hand_cpu = (bench_support::cpu_busy_ms() - busy) / (by_hand * seconds as f64);
        let after = written_by_hand().await;
        // A copy that found no template row would write nothing and look fast.
        assert!(
            after.1 > before.1 && after.0 - before.0 == after.1 - before.1,
            "each sale by hand writes its key's row: {before:?} -> {after:?} (keys, movements)"
        );
        let per_insert = floors.iter().find(|f| f.0 == run.clients).map_or(f64::NAN, |f| f.2);
        let (statements, commits) = run.database.as_ref().map_or(("–".into(), "–".into()), |d| {
            (format!("{:.1}", d.statements), format!("{:.2}", d.commits))
        });
        println!(
            "| {} | {} | {:.0} | {by_hand:.0} | {:.0}% | {:.2} | {:.0} | {:.0} | {:.1} | {:.1} | {statements} | {commits} |",
            run.branches,
            run.clients,
            run.rate,
            run.rate / by_hand * 100.0,
            run.per_sale_cpu,
            run.per_sale_cpu / per_insert,
            by_hand_cpu / per_insert,
            run.lag.0,
            run.lag.1,
        );
    }
    println!();
    println!(
        "| clients | one-row inserts/s (pgbench) | CPU ms per insert | HTTP floor requests/s | CPU ms per floor request |"
    );
    println!("|---:|---:|---:|---:|---:|");
    for (clients, ceiling, per_insert, floor_rate, per_floor) in &floors {
        println!("| {clients} | {ceiling:.0} | {per_insert:.3} | {floor_rate:.0} | {per_floor:.3} |");
    }
    for run in &runs {
        println!();
        println!(
            "Where the time goes, {} branch(es), {} clients:",
            run.branches, run.clients
        );
        let waits: Vec<String> = run
            .waits
            .iter()
            .map(|(name, share)| format!("{name} {:.0}%", share * 100.0))
            .collect();
        println!(
            "- CPU per sale: {:.2} ms, of which {:.2} ms this process's (the server and its HTTP clients) \
             and {:.2} ms the rest of the machine (PostgreSQL)",
            run.per_sale_cpu,
            run.own_cpu,
            run.per_sale_cpu - run.own_cpu
        );
        println!("- busy connections: {}", waits.join(", "));
        for (calls, ms, query) in run.database.iter().flat_map(|d| &d.top) {
            println!("- {calls:.2} calls, {ms:.3} ms per sale: `{query}`");
        }
    }

    pool.close().await;
    db.drop().await;
}
