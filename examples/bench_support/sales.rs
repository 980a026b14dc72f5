//! Selling through HTTP, as the command benchmarks do: a small shop, clients posting sales on
//! kept-alive connections, and the projection lag of what they sold.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use sqlx::PgPool;

use super::http::{request, Connection};

/// Products the sales spread over, as a shop's catalogue does.
pub const PRODUCTS: usize = 100;

/// `branches` branches, a payment method and `PRODUCTS` products with stock at every branch for
/// every sale of the run.
pub async fn shop(addr: SocketAddr, token: &str, branches: usize) -> (Vec<i64>, i64, Vec<i64>) {
    let post = |path: &'static str, body: Value, key: &'static str| async move {
        let (status, answer) = request(addr, "POST", path, Some(token), Some(&body)).await.unwrap();
        assert!(status < 300, "{path}: {answer}");
        answer[key]["id"].as_i64().unwrap()
    };
    let mut locales = Vec::new();
    for n in 0..branches {
        let body = json!({"nombre": format!("Sucursal {n}"), "direccion": "1", "celular": "1"});
        locales.push(post("/api/local", body, "local").await);
    }
    let metodo = post("/api/metodoPago", json!({"nombre": "Efectivo"}), "metodoPago").await;
    let marca = post("/api/marca", json!({"nombre": "Vulk"}), "marca").await;
    let categoria = post("/api/categoria", json!({"nombre": "Sol"}), "categoria").await;
    let proveedor = post("/api/proveedor", json!({"nombre": "Opti", "celular": "1"}), "proveedor").await;
    let stock: Vec<Value> = locales
        .iter()
        .map(|l| json!({"local": {"id": l}, "stock": 1_000_000}))
        .collect();
    let mut productos = Vec::new();
    for n in 0..PRODUCTS {
        let body = json!({"modelo": format!("V{n}"), "marca": {"id": marca}, "categorias": [{"id": categoria}],
                          "precio": 100, "proveedores": [{"id": proveedor}], "productoLocales": stock.clone()});
        productos.push(post("/api/productos", body, "producto").await);
    }
    (locales, metodo, productos)
}

/// One sale of each product, the products spread over the branches in turn.
pub fn sales(locales: &[i64], metodo: i64, productos: &[i64]) -> Vec<Value> {
    productos
        .iter()
        .enumerate()
        .map(|(n, p)| sale(locales[n % locales.len()], metodo, *p))
        .collect()
}

pub fn sale(local: i64, metodo: i64, producto: i64) -> Value {
    let fecha = format!("{}T10:00", super::today());
    json!({"tipoMovimiento": "ENTRADA", "fecha": fecha, "local": {"id": local}, "total": 100,
           "totalImpuesto": 100, "detalles": [{"cantidad": 1, "precioUnitario": 100, "subtotal": 100, "producto": {"id": producto}}],
           "detallesAdicionales": [], "cajaMovimientos": [{"monto": 100, "montoImpuesto": 100,
           "metodoPago": {"id": metodo}, "fecha": fecha}], "estadoMovimiento": "PEDIDO_CRISTALES"})
}

/// What a selling run did.
pub struct Sold {
    pub per_second: f64,
    pub ids: Vec<i64>,
    /// Each sale's answer time, sorted.
    pub answers: Vec<Duration>,
}

impl Sold {
    /// The answer time at quantile `q`, in milliseconds.
    pub fn answer_ms(&self, q: f64) -> f64 {
        quantile(&self.answers, q).as_secs_f64() * 1000.0
    }
}

/// `clients` concurrent clients selling for `seconds`, client `n` on server `addrs[n % len]`,
/// each selling the catalogue's products in turn.
pub async fn sell(addrs: &[SocketAddr], token: &str, bodies: &[Value], clients: usize, seconds: u64) -> Sold {
    let stop = Arc::new(AtomicBool::new(false));
    let sold = Arc::new(Mutex::new((Vec::new(), Vec::new())));
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|client| {
            let (stop, sold, token, bodies) = (stop.clone(), sold.clone(), token.to_string(), bodies.to_vec());
            let addr = addrs[client % addrs.len()];
            tokio::spawn(async move {
                let mut connection = Connection::open(addr).await.unwrap();
                let mut next = client;
                while !stop.load(Ordering::Relaxed) {
                    next = (next + 1) % bodies.len();
                    // Each sale under a key of its own, as the web app sends every write.
                    let key = uuid::Uuid::new_v4().to_string();
                    let sent = Instant::now();
                    let (status, answer) = connection
                        .request(
                            "POST",
                            "/api/movimientos",
                            Some(&token),
                            Some(&key),
                            Some(&bodies[next]),
                        )
                        .await
                        .unwrap();
                    let took = sent.elapsed();
                    assert_eq!(status, 201, "{answer}");
                    let mut sold = sold.lock().unwrap();
                    sold.0.push(answer["movimiento"]["id"].as_i64().unwrap());
                    sold.1.push(took);
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
    let (ids, mut answers) = std::mem::take(&mut *sold.lock().unwrap());
    answers.sort();
    Sold {
        per_second: ids.len() as f64 / elapsed,
        ids,
        answers,
    }
}

fn quantile<T: Copy + Default>(sorted: &[T], q: f64) -> T {
    if sorted.is_empty() {
        return T::default();
    }
    sorted[((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1]
}

/// The movements projection's checkpoint, sampled every 5 ms with the wall-clock time (often
/// enough against a 1 s target, and cheap beside the sales it measures).
pub type Samples = Arc<Mutex<Vec<(DateTime<Utc>, (i64, i64))>>>;

pub fn sample_checkpoints(pool: PgPool, stop: Arc<AtomicBool>) -> (Samples, tokio::task::JoinHandle<()>) {
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
pub async fn lag(pool: &PgPool, sold: &[i64], samples: &[(DateTime<Utc>, (i64, i64))]) -> (f64, f64) {
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
    (quantile(&lags, 0.5), quantile(&lags, 0.99))
}

/// Samples the checkpoints while `clients` sell for `seconds` on `addrs`, and the lag of what
/// they sold: the run, p50 and p99 lag in ms.
pub async fn sell_and_lag(
    pool: &PgPool,
    addrs: &[SocketAddr],
    token: &str,
    bodies: &[Value],
    clients: usize,
    seconds: u64,
) -> (Sold, f64, f64) {
    let stop = Arc::new(AtomicBool::new(false));
    let (samples, sampling) = sample_checkpoints(pool.clone(), stop.clone());
    let sold = sell(addrs, token, bodies, clients, seconds).await;
    // let the projector pass the last sales before the sampler stops
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    sampling.await.unwrap();
    let samples = std::mem::take(&mut *samples.lock().unwrap());
    let (p50, p99) = lag(pool, &sold.ids, &samples).await;
    (sold, p50, p99)
}
