//! A shop to sell in: two branches, two payment methods, a frame and a lens, a patient, and the
//! staff to use them.

use axum::http::StatusCode;
use serde_json::{json, Value};

use super::TestApp;

pub struct Shop {
    pub admin: String,
    pub seller: String,
    pub centro: i64,
    pub norte: i64,
    pub efectivo: i64,
    pub tarjeta: i64,
    pub armazon: i64,
    pub lente: i64,
    pub paciente: i64,
    /// The brand, the non-lens category and the supplier the products use.
    pub marca: i64,
    pub categoria: i64,
    pub proveedor: i64,
}

pub async fn id_of(app: &TestApp, token: &str, path: &str, body: Value, key: &str) -> i64 {
    let (status, answer) = app.post(path, Some(token), body).await;
    assert_eq!(status, StatusCode::CREATED, "{path}: {answer}");
    answer[key]["id"].as_i64().unwrap()
}

/// Two branches, two payment methods, a frame with stock 10 at the centre, a lens (category
/// cristal) and a patient.
pub async fn shop(app: &TestApp) -> Shop {
    let admin = app.admin_token().await;
    let t = admin.as_str();
    let branch = |n: &str| json!({"nombre": n, "direccion": "Calle 1", "celular": "351"});
    let centro = id_of(app, t, "/api/local", branch("La Cruz"), "local").await;
    let norte = id_of(app, t, "/api/local", branch("Yapeyú"), "local").await;
    let marca = id_of(app, t, "/api/marca", json!({"nombre": "Ray-Ban"}), "marca").await;
    let sol = id_of(app, t, "/api/categoria", json!({"nombre": "Sol"}), "categoria").await;
    let cristal = id_of(app, t, "/api/categoria", json!({"nombre": "cristal"}), "categoria").await;
    let proveedor = id_of(
        app,
        t,
        "/api/proveedor",
        json!({"nombre": "Opti", "celular": "1"}),
        "proveedor",
    )
    .await;
    let product = |modelo: &str, categoria: i64, stock: i64| {
        json!({"modelo": modelo, "marca": {"id": marca}, "categorias": [{"id": categoria}], "precio": 1000.5,
               "proveedores": [{"id": proveedor}], "productoLocales": [{"local": {"id": centro}, "stock": stock}]})
    };
    let seller = app.seller_token("vendedor", centro).await;
    let paciente = {
        let body = json!({"nombreCompleto": "Ana", "celular": "1", "genero": "Mujer", "local": {"id": centro},
                          "historialFichas": []});
        id_of(app, &seller, "/api/pacientes", body, "paciente").await
    };
    Shop {
        efectivo: id_of(app, t, "/api/metodoPago", json!({"nombre": "Efectivo"}), "metodoPago").await,
        tarjeta: id_of(app, t, "/api/metodoPago", json!({"nombre": "Tarjeta"}), "metodoPago").await,
        armazon: id_of(app, t, "/api/productos", product("RB2140", sol, 10), "producto").await,
        lente: id_of(app, t, "/api/productos", product("Orma", cristal, 5), "producto").await,
        admin,
        seller,
        centro,
        norte,
        paciente,
        marca,
        categoria: sol,
        proveedor,
    }
}

/// A sale of `cantidad` frames at 1000.50 at the centre, paid in cash in full.
pub fn sale(shop: &Shop, cantidad: i64) -> Value {
    let total = 1000.5 * cantidad as f64;
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "total": total, "totalImpuesto": total, "vendedor": "Eva",
        "detalles": [{"cantidad": cantidad, "precioUnitario": 1000.5, "subtotal": total, "producto": {"id": shop.armazon}}],
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
