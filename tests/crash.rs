//! Crash safety: clients sell, add payments and edit products through HTTP while the real server
//! is killed with SIGKILL at random moments and restarted. Afterwards every acknowledged command
//! is in the event store and the read models, `optica verify` finds no difference, and each
//! product's stock is its initial stock minus the units the recorded sales took.
#![allow(clippy::unwrap_used)]

mod common;

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use common::server::{database_url, request, Server};
use common::shop::{id_of, shop};
use common::TestApp;
use serde_json::{json, Value};
use sqlx::PgPool;

const KILLS: usize = 10;
const INITIAL_STOCK: i64 = 100_000;

/// What the server acknowledged with a 2xx.
#[derive(Default)]
struct Acknowledged {
    sales: Vec<i64>,
    paid_in_full: Vec<i64>,
    edits: Vec<(i64, i64)>,
}

struct Fixture {
    seller: String,
    admin: String,
    centro: i64,
    efectivo: i64,
    tarjeta: i64,
    products: Vec<i64>,
}

/// A small deterministic generator: the seed is printed, so a failing run can be repeated.
struct Random(u64);

impl Random {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// One frame sold, half paid in cash; `paid` adds the rest by card.
fn sale(f: &Fixture, producto: i64, paid: bool) -> Value {
    let mut pagos = vec![
        json!({"monto": 500, "montoImpuesto": 500, "metodoPago": {"id": f.efectivo},
                                "fecha": "2026-11-21T10:30"}),
    ];
    if paid {
        pagos.push(
            json!({"monto": 500.5, "montoImpuesto": 500.5, "metodoPago": {"id": f.tarjeta},
                          "fecha": "2026-11-21T11:00"}),
        );
    }
    let impuesto = if paid { 1000.5 } else { 500.0 };
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": f.centro},
        "total": 1000.5, "totalImpuesto": impuesto,
        "detalles": [{"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": producto}}],
        "detallesAdicionales": [], "cajaMovimientos": pagos, "estadoMovimiento": "PEDIDO_CRISTALES"
    })
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
        product["precio"] = json!(1000 + random.below(500));
        // a sale in between moves the version: 409, which is fine
        if let Ok((201, body)) = request(addr, "PUT", &uri, Some(&f.admin), Some(&product)).await {
            let version = body["producto"]["version"].as_i64().unwrap();
            ack.lock().unwrap().edits.push((id, version));
        }
    }
}

#[sqlx::test]
async fn acknowledged_commands_survive_sigkill_and_the_books_balance(pool: PgPool) {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    eprintln!("seed {seed}");
    let mut random = Random(seed | 1);

    // The shop and three products with plenty of stock, made in-process.
    let app = TestApp::start(pool.clone()).await;
    let s = shop(&app).await;
    let (marca, categoria, proveedor): (i64, i64, i64) = sqlx::query_as(
        "select (select min(id) from lookup_items where kind = 'Marca'),
                (select min(id) from lookup_items where kind = 'Categoria'),
                (select min(id) from lookup_items where kind = 'Proveedor')",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let mut products = Vec::new();
    for modelo in ["K1", "K2", "K3"] {
        let body = json!({"modelo": modelo, "marca": {"id": marca}, "categorias": [{"id": categoria}],
                          "proveedores": [{"id": proveedor}], "precio": 1000.5,
                          "productoLocales": [{"local": {"id": s.centro}, "stock": INITIAL_STOCK}]});
        products.push(id_of(&app, &s.admin, "/api/productos", body, "producto").await);
    }
    app.caught_up().await;
    drop(app);
    let fixture = Arc::new(Fixture {
        seller: s.seller.clone(),
        admin: s.admin.clone(),
        centro: s.centro,
        efectivo: s.efectivo,
        tarjeta: s.tarjeta,
        products: products.clone(),
    });

    let ack = Arc::new(Mutex::new(Acknowledged::default()));
    for _ in 0..KILLS {
        let server = Server::start(&pool).await;
        let stop = Arc::new(AtomicBool::new(false));
        let mut clients = Vec::new();
        for n in 0..3 {
            clients.push(tokio::spawn(seller_loop(
                server.addr,
                fixture.clone(),
                random.below(u64::MAX) + n,
                stop.clone(),
                ack.clone(),
            )));
        }
        clients.push(tokio::spawn(editor_loop(
            server.addr,
            fixture.clone(),
            random.below(u64::MAX),
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

    // A last start lets the projector catch up on what the killed servers committed.
    let server = Server::start(&pool).await;
    common::caught_up(&pool).await;
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
            Some(&s.admin),
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
    for (id, version) in &ack.edits {
        let found: bool = sqlx::query_scalar(
            "select exists(select 1 from events where aggregate_type = 'Producto' and aggregate_id = $1 and sequence = $2)",
        )
        .bind(id.to_string())
        .bind(version)
        .fetch_one(&pool)
        .await
        .unwrap();
        assert!(
            found,
            "acknowledged edit of product {id} (version {version}) is missing"
        );
    }

    let stock: Vec<(i64, i64, i64)> = sqlx::query_as(
        "select s.producto_id, s.stock,
                coalesce((select sum(l.cantidad) from movement_lines l join movements m on m.id = l.movimiento_id
                          where l.producto_id = s.producto_id and m.local_id = s.local_id and m.tipo = 'ENTRADA'), 0)::bigint
         from product_stock s where s.producto_id = any($1) and s.local_id = $2 order by 1",
    )
    .bind(&products)
    .bind(s.centro)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(stock.len(), products.len());
    for (producto, left, sold) in stock {
        assert_eq!(
            left,
            INITIAL_STOCK - sold,
            "product {producto}: stock {left}, sold {sold}"
        );
    }

    let url = database_url(&pool);
    let verify = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_optica"))
            .arg("verify")
            .env("DATABASE_URL", url)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    assert!(
        verify.status.success(),
        "optica verify: {}",
        String::from_utf8_lossy(&verify.stderr)
    );
    server.kill();
}
