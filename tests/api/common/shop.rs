//! The one shop fixture: its premises (staff, two branches, the catalogue's lookups) and, on top,
//! a shop to sell in (payment methods, a frame and a lens in stock, a patient).

use axum::http::StatusCode;
use serde_json::{json, Value};

use super::TestApp;

/// Where a shop works before it sells: staff, two branches and the lookups a catalogue needs.
/// Tests that count or number what they create start here.
pub struct Premises {
    pub admin: String,
    /// A seller at the centre.
    pub seller: String,
    pub centro: i64,
    pub norte: i64,
    /// Ray-Ban and Vulk.
    pub marca: i64,
    pub otra_marca: i64,
    /// Sol (frames) and cristal (lenses).
    pub categoria: i64,
    pub cristal: i64,
    pub material: i64,
    pub proveedor: i64,
}

/// A shop to sell in: the premises, two payment methods, a frame with stock 10 and a lens with
/// stock 5 at the centre, and a patient. Reads through to the premises (`shop.admin`).
pub struct Shop {
    pub premises: Premises,
    pub efectivo: i64,
    pub tarjeta: i64,
    pub armazon: i64,
    pub lente: i64,
    pub paciente: i64,
}

impl std::ops::Deref for Shop {
    type Target = Premises;
    fn deref(&self) -> &Premises {
        &self.premises
    }
}

pub async fn id_of(app: &TestApp, token: &str, path: &str, body: Value, key: &str) -> i64 {
    let (status, answer) = app.post(path, Some(token), body).await;
    assert_eq!(status, StatusCode::CREATED, "{path}: {answer}");
    answer[key]["id"].as_i64().unwrap()
}

pub async fn premises(app: &TestApp) -> Premises {
    let admin = app.admin_token().await;
    let t = admin.as_str();
    let branch = |n: &str| json!({"nombre": n, "direccion": "Calle 1", "celular": "351"});
    let centro = id_of(app, t, "/api/local", branch("La Cruz"), "local").await;
    let norte = id_of(app, t, "/api/local", branch("Yapeyú"), "local").await;
    let named = |n: &str| json!({ "nombre": n });
    Premises {
        marca: id_of(app, t, "/api/marca", named("Ray-Ban"), "marca").await,
        otra_marca: id_of(app, t, "/api/marca", named("Vulk"), "marca").await,
        categoria: id_of(app, t, "/api/categoria", named("Sol"), "categoria").await,
        cristal: id_of(app, t, "/api/categoria", named("cristal"), "categoria").await,
        material: id_of(app, t, "/api/materialProducto", named("Acetato"), "materialProducto").await,
        proveedor: id_of(
            app,
            t,
            "/api/proveedor",
            json!({"nombre": "Opti SA", "celular": "11"}),
            "proveedor",
        )
        .await,
        seller: app.seller_token("vendedor", centro).await,
        admin,
        centro,
        norte,
    }
}

impl Premises {
    /// A full product body of the brand, in Sol, with the given stock per branch.
    pub fn body(&self, modelo: &str, marca: i64, stocks: &[(i64, i64)]) -> Value {
        json!({
            "modelo": modelo,
            "marca": {"id": marca, "nombre": "ignored"},
            "categorias": [{"id": self.categoria}],
            "material": {"id": self.material},
            "genero": "Unisex",
            "costo": 1000,
            "precio": 3600.5,
            "descripcion": "Lente de sol",
            "productoLocales": stocks.iter().map(|(l, s)| json!({"local": {"id": l}, "stock": s})).collect::<Vec<_>>(),
            "proveedores": [{"id": self.proveedor}],
            "creadoEn": "2020-01-01T00:00:00.000Z"
        })
    }

    /// Creates a product with `body`; its id.
    pub async fn product(&self, app: &TestApp, modelo: &str, marca: i64, stocks: &[(i64, i64)]) -> i64 {
        let (status, answer) = app
            .post("/api/productos", Some(&self.admin), self.body(modelo, marca, stocks))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        answer["producto"]["id"].as_i64().unwrap()
    }
}

/// The premises with two payment methods, a frame (RB2140) and a lens (Orma) at 1000.50, and a
/// patient.
pub async fn shop(app: &TestApp) -> Shop {
    let p = premises(app).await;
    let t = p.admin.as_str();
    let product = |modelo: &str, categoria: i64, stock: i64| {
        json!({"modelo": modelo, "marca": {"id": p.marca}, "categorias": [{"id": categoria}], "precio": 1000.5,
               "proveedores": [{"id": p.proveedor}], "productoLocales": [{"local": {"id": p.centro}, "stock": stock}]})
    };
    let paciente = {
        let body = json!({"nombreCompleto": "Ana", "celular": "1", "genero": "Mujer", "local": {"id": p.centro},
                          "historialFichas": []});
        id_of(app, &p.seller, "/api/pacientes", body, "paciente").await
    };
    Shop {
        efectivo: id_of(app, t, "/api/metodoPago", json!({"nombre": "Efectivo"}), "metodoPago").await,
        tarjeta: id_of(app, t, "/api/metodoPago", json!({"nombre": "Tarjeta"}), "metodoPago").await,
        armazon: id_of(app, t, "/api/productos", product("RB2140", p.categoria, 10), "producto").await,
        lente: id_of(app, t, "/api/productos", product("Orma", p.cristal, 5), "producto").await,
        paciente,
        premises: p,
    }
}

/// A sale of `cantidad` frames at 1000.50 at the centre, paid in cash in full.
pub fn sale(shop: &Shop, cantidad: i64) -> Value {
    sale_of(shop, shop.armazon, 1000.5, cantidad)
}

/// The seller records `sale(shop, cantidad)`; answers the movement's id.
pub async fn sold(app: &TestApp, shop: &Shop, cantidad: i64) -> i64 {
    recorded(app, &shop.seller, sale(shop, cantidad)).await
}

/// A sale to Ana at the centre of 2000.00 (two frames... of 1000.00 each, as additional lines),
/// paid 800.00: 1200.00 owed.
pub fn sale_on_credit(shop: &Shop, fecha: &str) -> Value {
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": fecha, "local": {"id": shop.centro},
        "paciente": {"id": shop.paciente}, "total": 2000.0, "totalImpuesto": 800.0,
        "detalles": [], "detallesAdicionales": [{"descripcion": "Anteojo completo", "subtotal": 2000.0}],
        "cajaMovimientos": [{"monto": 800.0, "montoImpuesto": 800.0, "metodoPago": {"id": shop.efectivo}, "fecha": fecha}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

/// A sale at the centre of `lines` (each of 10.00) with nothing of the stock, paid in cash in
/// full: a long one goes on to more pages when printed.
pub fn sale_of_lines(shop: &Shop, lines: Vec<Value>) -> Value {
    let total = lines.len() * 10;
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "total": total, "totalImpuesto": total, "detalles": [], "detallesAdicionales": lines,
        "cajaMovimientos": [{"monto": total, "montoImpuesto": total, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-11-21T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

/// A sale of `cantidad` units of `producto` at its catalogue price `precio`, at the centre, paid
/// in cash in full.
pub fn sale_of(shop: &Shop, producto: i64, precio: f64, cantidad: i64) -> Value {
    let total = ((precio * cantidad as f64) * 100.0).round() / 100.0;
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "total": total, "totalImpuesto": total, "vendedor": "Eva",
        "detalles": [{"cantidad": cantidad, "precioUnitario": precio, "subtotal": total, "producto": {"id": producto}}],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": total, "montoImpuesto": total, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-11-21T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

pub async fn stock(app: &TestApp, producto: i64, local: i64) -> Option<i64> {
    sqlx::query_scalar("select stock from product_stock where producto_id = $1 and local_id = $2")
        .bind(producto)
        .bind(local)
        .fetch_optional(&app.pool)
        .await
        .unwrap()
}

/// Opens the cash of both branches on each of `dias` (`yyyy-mm-dd`, past or today), as an admin
/// does before recording money on a past day: the shop's history the tests write by hand.
pub async fn open_days(app: &TestApp, shop: &Premises, dias: &[&str]) {
    for dia in dias {
        for local in [shop.centro, shop.norte] {
            let path = format!("/api/caja/{local}/{dia}/apertura");
            let (status, answer) = app.post(&path, Some(&shop.admin), json!({"fondo": []})).await;
            assert_eq!(status, StatusCode::OK, "{path}: {answer}");
        }
    }
}

/// How most tests begin: the app started on `pool` with the shop or only its premises.
impl TestApp {
    pub async fn with_shop(pool: sqlx::PgPool) -> (TestApp, Shop) {
        let app = TestApp::start(pool).await;
        let shop = shop(&app).await;
        (app, shop)
    }

    pub async fn with_premises(pool: sqlx::PgPool) -> (TestApp, Premises) {
        let app = TestApp::start(pool).await;
        let premises = premises(&app).await;
        (app, premises)
    }
}

/// Records a movement (a sale, an expense, a return) as `token`: its id.
pub async fn recorded(app: &TestApp, token: &str, body: Value) -> i64 {
    id_of(app, token, "/api/movimientos", body, "movimiento").await
}
