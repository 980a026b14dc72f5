//! Load for the reliability tests: a shop with well-stocked products, sales to post at a running
//! server, and the checks that the books balance afterwards.

use serde_json::{json, Value};
use sqlx::PgPool;

use super::server::run_optica;
use super::shop::{id_of, shop};
use super::TestApp;

pub const INITIAL_STOCK: i64 = 100_000;

pub struct Fixture {
    pub seller: String,
    pub admin: String,
    pub centro: i64,
    pub efectivo: i64,
    pub tarjeta: i64,
    pub marca: i64,
    pub categoria: i64,
    pub proveedor: i64,
    pub products: Vec<i64>,
}

/// The shop of `shop()` plus three products with `INITIAL_STOCK` units at the centre.
pub async fn stocked_shop(app: &TestApp) -> Fixture {
    let s = shop(app).await;
    let (marca, categoria, proveedor) = (s.marca, s.categoria, s.proveedor);
    let mut products = Vec::new();
    for modelo in ["K1", "K2", "K3"] {
        let body = json!({"modelo": modelo, "marca": {"id": marca}, "categorias": [{"id": categoria}],
                          "proveedores": [{"id": proveedor}], "precio": 1000.5,
                          "productoLocales": [{"local": {"id": s.centro}, "stock": INITIAL_STOCK}]});
        products.push(id_of(app, &s.admin, "/api/productos", body, "producto").await);
    }
    app.caught_up().await;
    Fixture {
        seller: s.seller.clone(),
        admin: s.admin.clone(),
        centro: s.centro,
        efectivo: s.efectivo,
        tarjeta: s.tarjeta,
        marca,
        categoria,
        proveedor,
        products,
    }
}

/// One frame sold, half paid in cash; `paid` adds the rest by card.
pub fn sale(f: &Fixture, producto: i64, paid: bool) -> Value {
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

/// A small deterministic generator: tests print the seed, so a failing run can be repeated.
pub struct Random(pub u64);

impl Random {
    pub fn from_clock() -> (Random, u64) {
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos() as u64;
        (Random(seed | 1), seed)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n
    }
}

/// Every acknowledged sale is in the read model, each product's stock at the centre is its
/// initial stock minus the units the recorded sales took, and `optica verify` finds the read
/// models equal to the events.
pub async fn assert_books_balance(pool: &PgPool, url: &str, f: &Fixture, acknowledged_sales: &[i64]) {
    let found: i64 = sqlx::query_scalar("select count(*) from movements where id = any($1)")
        .bind(acknowledged_sales)
        .fetch_one(pool)
        .await
        .unwrap();
    assert_eq!(
        found as usize,
        acknowledged_sales.len(),
        "an acknowledged sale is missing"
    );
    let stock: Vec<(i64, i64, i64)> = sqlx::query_as(
        "select s.producto_id, s.stock,
                coalesce((select sum(l.cantidad) from movement_lines l join movements m on m.id = l.movimiento_id
                          where l.producto_id = s.producto_id and m.local_id = s.local_id and m.tipo = 'ENTRADA'), 0)::bigint
         from product_stock s where s.producto_id = any($1) and s.local_id = $2 order by 1",
    )
    .bind(&f.products)
    .bind(f.centro)
    .fetch_all(pool)
    .await
    .unwrap();
    assert_eq!(stock.len(), f.products.len());
    for (producto, left, sold) in stock {
        assert_eq!(
            left,
            INITIAL_STOCK - sold,
            "product {producto}: stock {left}, sold {sold}"
        );
    }
    let (code, _, stderr) = run_optica(url, &["verify"]).await;
    assert_eq!(code, 0, "optica verify: {stderr}");
}
