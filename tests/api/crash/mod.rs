//! Crash safety: clients sell, add payments and edit products through HTTP while the real server
//! is killed with SIGKILL at random moments and restarted. Afterwards every acknowledged command
//! is in the event store and the read models, `optica verify` finds no difference, and each
//! product's stock is its initial stock minus the units the recorded sales took. Collections and
//! stock adjustments sent with an `Idempotency-Key`, and sent again with it until answered, as
//! the web app does, take effect exactly once each.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::common::load::{assert_books_balance, sale, stocked_shop, Fixture, Random};
use crate::common::server::{database_url, request, request_keyed, Server};
use crate::common::TestApp;
use serde_json::json;
use sqlx::PgPool;

mod slow_clients;

const KILLS: usize = 10;

/// What the server acknowledged with a 2xx.
#[derive(Default)]
struct Acknowledged {
    sales: Vec<i64>,
    paid_in_full: Vec<i64>,
    edits: Vec<(i64, i64)>,
    /// Keys of acknowledged collections of 1,00 on `Keyed::venta` and adjustments of one unit
    /// into `Keyed::producto`.
    collections: Vec<String>,
    adjustments: Vec<String>,
    /// Keyed requests sent without an answer yet: sent again, with their key, after a restart.
    pending: Vec<(bool, String)>,
}

/// What the keyed clients work on: sales with a large balance (a sale holds at most 20
/// payments: the collections go round them) and a product of its own.
struct Keyed {
    ventas: Vec<i64>,
    producto: i64,
}

/// Collects 1,00 and adjusts one unit in, alternately, each with its own key; a request without
/// an answer is sent again with its key until one comes (a refusal ends it: it changed nothing).
async fn keyed_loop(
    addr: SocketAddr,
    f: Arc<Fixture>,
    k: Arc<Keyed>,
    seed: u64,
    stop: Arc<AtomicBool>,
    ack: Arc<Mutex<Acknowledged>>,
) {
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        let pending = ack.lock().unwrap().pending.pop();
        let (collecting, key) = pending.unwrap_or_else(|| {
            n += 1;
            (n % 2 == 0, format!("crash-{seed}-{n}"))
        });
        if send_keyed(addr, &f, &k, collecting, &key, &ack).await.is_none() {
            ack.lock().unwrap().pending.push((collecting, key));
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// Sends one keyed request; `None` when no answer came (or the server asked to try again).
async fn send_keyed(
    addr: SocketAddr,
    f: &Fixture,
    k: &Keyed,
    collecting: bool,
    key: &str,
    ack: &Mutex<Acknowledged>,
) -> Option<()> {
    // The sale a collection goes to follows from its key, so a resent one goes to the same.
    let venta = k.ventas[key.bytes().map(usize::from).sum::<usize>() % k.ventas.len()];
    let (path, token, body) = match collecting {
        true => (
            format!("/api/movimientos/{venta}/cobros"),
            &f.seller,
            json!({"metodoPagoId": f.efectivo, "monto": 1}),
        ),
        false => (
            format!("/api/productos/{}/ajustes", k.producto),
            &f.admin,
            json!({"localId": f.centro, "cantidad": 1, "motivo": "Correccion"}),
        ),
    };
    match request_keyed(addr, "POST", &path, Some(token), Some(key), Some(&body)).await {
        Ok((status, _)) if (200..300).contains(&status) => {
            let mut ack = ack.lock().unwrap();
            match collecting {
                true => ack.collections.push(key.to_string()),
                false => ack.adjustments.push(key.to_string()),
            }
            Some(())
        }
        Ok((status, answer)) if status < 500 => panic!("{path} refused with {status}: {answer}"),
        _ => None,
    }
}

async fn seller_loop(
    addr: SocketAddr,
    f: Arc<Fixture>,
    seed: u64,
    stop: Arc<AtomicBool>,
    ack: Arc<Mutex<Acknowledged>>,
) {
    let mut random = Random(seed | 1);
    while !stop.load(Ordering::Relaxed) {
        let producto = f.products[random.below(f.products.len() as u64) as usize];
        let answer = request(
            addr,
            "POST",
            "/api/movimientos",
            Some(&f.seller),
            Some(&sale(&f, producto, false)),
        )
        .await;
        let Ok((201, body)) = answer else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        let id = body["movimiento"]["id"].as_i64().unwrap();
        ack.lock().unwrap().sales.push(id);
        // the rest of the payment, by card, as an edit of the sale
        let uri = format!("/api/movimientos/{id}");
        if let Ok((201, _)) = request(addr, "PUT", &uri, Some(&f.seller), Some(&sale(&f, producto, true))).await {
            ack.lock().unwrap().paid_in_full.push(id);
        }
    }
}

async fn editor_loop(
    addr: SocketAddr,
    f: Arc<Fixture>,
    seed: u64,
    stop: Arc<AtomicBool>,
    ack: Arc<Mutex<Acknowledged>>,
) {
    let mut random = Random(seed | 1);
    while !stop.load(Ordering::Relaxed) {
        let id = f.products[random.below(f.products.len() as u64) as usize];
        let uri = format!("/api/productos/{id}");
        let Ok((200, mut product)) = request(addr, "GET", &uri, Some(&f.admin), None).await else {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        };
        // At most the sales' price: a seller never sells below the catalogue's.
        product["precio"] = json!(900 + random.below(100));
        // a sale in between moves the version: 409, which is fine
        if let Ok((201, body)) = request(addr, "PUT", &uri, Some(&f.admin), Some(&product)).await {
            let version = body["producto"]["version"].as_i64().unwrap();
            ack.lock().unwrap().edits.push((id, version));
        }
    }
}

/// Sales of 1.000.000,00 with 1,00 paid, and a product with one unit, for the keyed clients.
async fn keyed_records(app: &TestApp, f: &Fixture) -> Keyed {
    let today = app.state.today();
    let fecha = format!("{today}T09:00");
    let venta = json!({
        "tipoMovimiento": "ENTRADA", "fecha": fecha, "local": {"id": f.centro},
        "total": 1_000_000, "totalImpuesto": 1,
        "detalles": [], "detallesAdicionales": [{"descripcion": "Anteojo", "subtotal": 1_000_000}],
        "cajaMovimientos": [{"monto": 1, "montoImpuesto": 1, "metodoPago": {"id": f.efectivo}, "fecha": fecha}]
    });
    let mut ventas = Vec::new();
    for _ in 0..40 {
        let (status, answer) = app.post("/api/movimientos", Some(&f.seller), venta.clone()).await;
        assert_eq!(status, axum::http::StatusCode::CREATED, "{answer}");
        ventas.push(answer["movimiento"]["id"].as_i64().unwrap());
    }
    let producto = json!({"modelo": "Ajustado", "marca": {"id": f.marca}, "categorias": [{"id": f.categoria}],
                          "proveedores": [{"id": f.proveedor}], "precio": 10,
                          "productoLocales": [{"local": {"id": f.centro}, "stock": 1}]});
    let (status, created) = app.post("/api/productos", Some(&f.admin), producto).await;
    assert_eq!(status, axum::http::StatusCode::CREATED, "{created}");
    app.caught_up().await;
    Keyed {
        ventas,
        producto: created["producto"]["id"].as_i64().unwrap(),
    }
}

#[sqlx::test]
#[ignore = "slow lane: scripts/test runs it (cargo test -- --include-ignored)"]
async fn acknowledged_commands_survive_sigkill_and_the_books_balance(pool: PgPool) {
    let _turn = crate::common::heavy().await;
    let (mut random, seed) = Random::from_clock();
    eprintln!("seed {seed}");
    let app = TestApp::start(pool.clone()).await;
    let fixture = Arc::new(stocked_shop(&app).await);
    let keyed = Arc::new(keyed_records(&app, &fixture).await);
    drop(app);

    let ack = Arc::new(Mutex::new(Acknowledged::default()));
    for _ in 0..KILLS {
        let server = Server::start(&pool).await;
        let stop = Arc::new(AtomicBool::new(false));
        let mut clients = Vec::new();
        for _ in 0..3 {
            let seed = random.below(u64::MAX);
            clients.push(tokio::spawn(seller_loop(
                server.addr,
                fixture.clone(),
                seed,
                stop.clone(),
                ack.clone(),
            )));
        }
        let seed = random.below(u64::MAX);
        clients.push(tokio::spawn(keyed_loop(
            server.addr,
            fixture.clone(),
            keyed.clone(),
            seed,
            stop.clone(),
            ack.clone(),
        )));
        let seed = random.below(u64::MAX);
        clients.push(tokio::spawn(editor_loop(
            server.addr,
            fixture.clone(),
            seed,
            stop.clone(),
            ack.clone(),
        )));
        tokio::time::sleep(Duration::from_millis(150 + random.below(1200))).await;
        server.kill();
        stop.store(true, Ordering::Relaxed);
        for client in clients {
            client.await.unwrap();
        }
    }

    // A last start lets the projector catch up on what the killed servers committed; the
    // requests still without an answer get theirs.
    let server = Server::start(&pool).await;
    let pending = std::mem::take(&mut ack.lock().unwrap().pending);
    for (collecting, key) in pending {
        let answered = send_keyed(server.addr, &fixture, &keyed, collecting, &key, &ack).await;
        assert!(answered.is_some(), "no answer for {key} from a running server");
    }
    crate::common::caught_up(&pool).await;
    let ack = std::mem::take(&mut *ack.lock().unwrap());
    assert!(
        ack.sales.len() >= KILLS,
        "too little traffic to prove anything: {}",
        ack.sales.len()
    );
    eprintln!(
        "{} sales, {} payments and {} product edits acknowledged across {KILLS} kills",
        ack.sales.len(),
        ack.paid_in_full.len(),
        ack.edits.len()
    );
    for id in &ack.sales {
        let (status, body) = request(
            server.addr,
            "GET",
            &format!("/api/movimientos/{id}"),
            Some(&fixture.admin),
            None,
        )
        .await
        .unwrap();
        assert_eq!(status, 200, "acknowledged sale {id} is missing: {body}");
    }
    let paid: Vec<i64> = sqlx::query_scalar(
        "select movimiento_id from movement_payments where movimiento_id = any($1)
         group by movimiento_id having count(*) = 2",
    )
    .bind(&ack.paid_in_full)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(paid.len(), ack.paid_in_full.len(), "an acknowledged payment is missing");
    let (ids, versions): (Vec<String>, Vec<i64>) = ack.edits.iter().map(|(id, v)| (id.to_string(), *v)).unzip();
    let missing: Vec<(String, i64)> = sqlx::query_as(
        "select a.id, a.version from unnest($1::text[], $2::bigint[]) as a(id, version)
         where not exists (select 1 from events e
                           where e.aggregate_type = 'Producto' and e.aggregate_id = a.id and e.sequence = a.version)",
    )
    .bind(&ids)
    .bind(&versions)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(missing, [], "acknowledged product edits (id, version) are missing");
    // Each key took effect once: the sale holds its first payment and one per collection, the
    // product its initial stock and one unit per adjustment.
    eprintln!(
        "{} collections and {} adjustments acknowledged",
        ack.collections.len(),
        ack.adjustments.len()
    );
    let payments: i64 = sqlx::query_scalar("select count(*) from movement_payments where movimiento_id = any($1)")
        .bind(&keyed.ventas)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(
        payments as usize,
        keyed.ventas.len() + ack.collections.len(),
        "collections recorded"
    );
    let stock: i64 = sqlx::query_scalar("select stock from product_stock where producto_id = $1 and local_id = $2")
        .bind(keyed.producto)
        .bind(fixture.centro)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(stock as usize, 1 + ack.adjustments.len(), "adjustments recorded");
    assert_books_balance(&pool, &database_url(&pool), &fixture, &ack.sales).await;
    server.kill();
}
