//! Benchmark of `optica replay`: seeds a fresh database with about EVENTS events (default
//! 1,000,000), half of them sales and half product histories (created, offered at a branch,
//! stock changes), copied from a real sale made through the API, then rebuilds every read model
//! and prints the rate per projection and overall.
//!
//! Run: `DATABASE_URL=postgres://… cargo run --release --example bench_replay [-- EVENTS]`
//! (`scripts/bench replay` does it with the private cluster). The database is dropped at the end.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::Instant;

use axum::body::Body;
use axum::http::{header, Request};
use axum::Router;
use http_body_util::BodyExt;
use optica_projections::Projector;
use serde_json::{json, Value};
use sqlx::PgPool;
use tokio::sync::watch;
use tower::ServiceExt;

#[path = "bench_support/mod.rs"]
mod bench_support;

async fn post(router: &Router, token: &str, path: &str, body: Value) -> Value {
    let request = Request::post(path)
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&bytes).unwrap()
}

/// A branch, a payment method, a product with plenty of stock and one sale, through the API.
async fn template(router: &Router, token: &str) {
    let id = |v: Value, key: &str| v[key]["id"].as_i64().unwrap_or_else(|| panic!("{key}: {v}"));
    let local = id(
        post(
            router,
            token,
            "/api/local",
            json!({"nombre": "La Cruz", "direccion": "1", "celular": "1"}),
        )
        .await,
        "local",
    );
    let metodo = id(
        post(router, token, "/api/metodoPago", json!({"nombre": "Efectivo"})).await,
        "metodoPago",
    );
    let marca = id(
        post(router, token, "/api/marca", json!({"nombre": "Vulk"})).await,
        "marca",
    );
    let categoria = id(
        post(router, token, "/api/categoria", json!({"nombre": "Sol"})).await,
        "categoria",
    );
    let proveedor = id(
        post(
            router,
            token,
            "/api/proveedor",
            json!({"nombre": "Opti", "celular": "1"}),
        )
        .await,
        "proveedor",
    );
    let producto = id(
        post(
            router,
            token,
            "/api/productos",
            json!({"modelo": "V1", "marca": {"id": marca}, "categorias": [{"id": categoria}], "precio": 100,
                   "proveedores": [{"id": proveedor}], "productoLocales": [{"local": {"id": local}, "stock": 1_000_000}]}),
        )
        .await,
        "producto",
    );
    post(
        router,
        token,
        "/api/movimientos",
        bench_support::sales::sale(local, metodo, producto),
    )
    .await;
}

/// Copies of the template sale into new movement streams, spread over a thousand days, and of
/// the product's whole stream into new products, so that the read models grow as a real
/// history's would.
async fn copies(pool: &PgPool, events: i64) {
    let half = events / 2;
    sqlx::query(
        "insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
         select 'Movimiento', (1000 + g)::text, 1, t.event_type, t.event_version,
                replace(t.payload::text, $2, to_char(date '2024-01-01' + (g % 1000)::int, 'YYYY-MM-DD'))::json,
                t.metadata
         from (select * from events where aggregate_type = 'Movimiento' limit 1) t, generate_series(1, $1::bigint) g",
    )
    .bind(half)
    .bind(bench_support::today())
    .execute(pool)
    .await
    .unwrap();
    let per_product: i64 = sqlx::query_scalar("select count(*) from events where aggregate_type = 'Producto'")
        .fetch_one(pool)
        .await
        .unwrap();
    sqlx::query(
        "insert into events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
         select 'Producto', (1000 + g)::text, t.sequence, t.event_type, t.event_version, t.payload, t.metadata
         from (select * from events where aggregate_type = 'Producto') t, generate_series(1, $1::bigint) g
         order by g, t.sequence",
    )
    .bind((events - half) / per_product.max(1))
    .execute(pool)
    .await
    .unwrap();
    sqlx::query("analyze").execute(pool).await.unwrap();
}

#[tokio::main]
async fn main() {
    let events: i64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("EVENTS must be a number"))
        .unwrap_or(1_000_000);
    let db = bench_support::Database::create().await;
    let pool = db.pool.clone();
    // The template goes through the API with a projector running, as in production.
    let projector = Arc::new(Projector::new(pool.clone(), optica_projections::all()));
    let (router, token) = bench_support::app(&pool, Some(projector.progress())).await;
    let (stop, stop_rx) = watch::channel(false);
    let running = tokio::spawn(projector.run(stop_rx));
    template(&router, &token).await;
    stop.send(true).unwrap();
    running.await.unwrap();

    let started = Instant::now();
    copies(&pool, events).await;
    let total: i64 = sqlx::query_scalar("select count(*) from events")
        .fetch_one(&pool)
        .await
        .unwrap();
    println!("seeded {total} events in {:.1} s", started.elapsed().as_secs_f64());

    let started = Instant::now();
    let report = optica::support::replay(&pool, &optica_projections::all(), false)
        .await
        .unwrap();
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "replay of every projection: {total} events in {seconds:.1} s = {:.0} events per second",
        total as f64 / seconds
    );
    println!("{}", optica::support::describe(&report));
    db.drop().await;
}
