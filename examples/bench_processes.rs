//! Benchmark of one against two server instances on one database: the same sales as
//! `bench_commands`, posted to one instance or spread over two, each instance with its own pool
//! (the server's, `db::connect_server`), its own projector and its own router. The instances
//! share this OS process, so they also share its runtime; what a second instance adds on the
//! database (a second projector, a second pool, commands whose events another projector
//! applies) is all there. Prints sales/s, answer times, projection lag, transactions rolled back
//! per sale (a projector that found the lock taken, a command that lost a race and ran again)
//! and the machine's CPU per sale, as a markdown table. A fresh database for every run.
//!
//! Run: `DATABASE_URL=postgres://… cargo run --release --example bench_processes [-- SECONDS]`
//! (`scripts/bench processes`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use optica_projections::Projector;
use serde_json::Value;
use sqlx::PgPool;
use tokio::sync::watch;

#[path = "bench_support/mod.rs"]
mod bench_support;

use bench_support::sales::{sales, sell_and_lag, shop};

/// One server instance: its pool, its projector's stop signal and task, its address.
struct Instance {
    pool: PgPool,
    stop: watch::Sender<bool>,
    projecting: tokio::task::JoinHandle<()>,
    addr: SocketAddr,
}

async fn start(db_url: &str, first: bool) -> (Instance, Option<String>) {
    let pool = optica::db::connect_server(db_url).await.unwrap();
    let projector = Arc::new(Projector::new(pool.clone(), optica_projections::all()));
    let (router, token) = if first {
        let (router, token) = bench_support::app(&pool, Some(projector.progress())).await;
        (router, Some(token))
    } else {
        (bench_support::router(&pool, Some(projector.progress())).await, None)
    };
    let (stop, stop_rx) = watch::channel(false);
    let projecting = tokio::spawn(projector.run(stop_rx));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    (
        Instance {
            pool,
            stop,
            projecting,
            addr,
        },
        token,
    )
}

/// A table row for `instances` instances and `clients` clients.
async fn run(instances: usize, clients: usize, seconds: u64) -> String {
    let db = bench_support::Database::create().await;
    let mut servers = Vec::new();
    let mut token = None;
    for n in 0..instances {
        let (instance, t) = start(&db.url, n == 0).await;
        token = token.or(t);
        servers.push(instance);
    }
    let token = token.unwrap();
    let addrs: Vec<SocketAddr> = servers.iter().map(|s| s.addr).collect();
    let (locales, metodo, productos) = shop(addrs[0], &token, 1).await;
    let bodies: Vec<Value> = sales(&locales, metodo, &productos);
    bench_support::settle(&db.pool).await;
    let rolled_back = rollbacks(&db.pool).await;
    let busy = bench_support::cpu_busy_ms();
    let (sold, lag_p50, lag_p99) = sell_and_lag(&db.pool, &addrs, &token, &bodies, clients, seconds).await;
    let per_sale = (bench_support::cpu_busy_ms() - busy) / sold.ids.len() as f64;
    for server in servers {
        server.stop.send(true).unwrap();
        server.projecting.await.unwrap();
        // a closed connection reports its statistics at once
        server.pool.close().await;
    }
    let rolled_back = (rollbacks(&db.pool).await - rolled_back) as f64 / sold.ids.len() as f64;
    let row = format!(
        "| {instances} | {clients} | {:.0} | {:.1} | {:.1} | {:.1} | {lag_p50:.1} | {lag_p99:.1} | {rolled_back:.2} | {per_sale:.2} |",
        sold.per_second,
        sold.answer_ms(0.5),
        sold.answer_ms(0.99),
        sold.answer_ms(1.0),
    );
    db.drop().await;
    row
}

/// Transactions rolled back in the benchmark's database so far, as the statistics have them.
async fn rollbacks(pool: &PgPool) -> i64 {
    // statistics reach the shared counters a little after the transactions that made them
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let mut conn = pool.acquire().await.unwrap();
    sqlx::query("select pg_stat_clear_snapshot()")
        .execute(&mut *conn)
        .await
        .unwrap();
    sqlx::query_scalar("select xact_rollback from pg_stat_database where datname = current_database()")
        .fetch_one(&mut *conn)
        .await
        .unwrap()
}

#[tokio::main]
async fn main() {
    let seconds: u64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("SECONDS must be a number"))
        .unwrap_or(10);
    println!(
        "| server instances | clients | sales/s | answer p50 ms | p99 ms | slowest ms | projection lag p50 ms \
         | p99 ms | transactions rolled back per sale | CPU ms per sale |"
    );
    println!("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for clients in [8, 32] {
        for instances in [1, 2] {
            println!("{}", run(instances, clients, seconds).await);
        }
    }
}
