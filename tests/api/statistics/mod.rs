//! The statistics figures and sales workbooks against hand-computed values on a seeded history:
//! sales and an expense, a discount, several payments, two branches, and movements on both sides
//! of a month's last minute (movement dates are the shop's local time).

use crate::common::shop::{id_of, open_days, recorded, shop, Shop};
use crate::common::TestApp;
use axum::http::StatusCode;
use calamine::{Data, Reader, Xlsx};
use serde_json::{json, Value};
use sqlx::PgPool;

mod income;
mod kept;

fn pago(metodo: i64, monto: f64, fecha: &str) -> Value {
    json!({"monto": monto, "montoImpuesto": monto, "metodoPago": {"id": metodo}, "fecha": fecha})
}

fn venta(
    local: i64,
    fecha: &str,
    detalles: Value,
    adicionales: Value,
    descuento: Option<f64>,
    total: f64,
    pagos: Value,
) -> Value {
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": fecha, "local": {"id": local}, "descuento": descuento,
        "total": total, "totalImpuesto": total, "detalles": detalles, "detallesAdicionales": adicionales,
        "cajaMovimientos": pagos, "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

fn linea(producto: i64, cantidad: i64, precio: f64) -> Value {
    json!({"cantidad": cantidad, "precioUnitario": precio, "subtotal": precio * cantidad as f64, "producto": {"id": producto}})
}

struct History {
    shop: Shop,
    /// A Vulk V1 at the north branch: price 900.00, cost 400.00.
    v1: i64,
    /// The sale of 1 October, 00:00.
    diciembre: i64,
    diciembre_body: Value,
    /// The north branch's sale of three V1.
    norte: i64,
}

/// September at both branches (all figures in pesos):
/// - 1 Sep, centre: 2 RB2140 (2001.00) + 'Cristal Orma Blue' (500.00) = 2501.00 less 10% = 2250.90,
///   paid 1000.00 cash that day and 1250.90 by card on 5 Sep;
/// - 10 Sep, north: 3 V1 = 2700.00 by card;
/// - 15 Sep, north: an expense of 700.00 cash;
/// - 30 Sep 23:59, centre: 1 Orma lens (1000.50) + 'cristal orma blue' (300.00) = 1300.50 cash;
/// - 1 Oct 00:00, centre: 1 RB2140 = 1000.50 by card.
async fn history(app: &TestApp) -> History {
    let shop = shop(app).await;
    // History: an admin records each day's money into that day's open cash.
    let dias = [
        "2026-09-01",
        "2026-09-05",
        "2026-09-10",
        "2026-09-15",
        "2026-09-20",
        "2026-09-30",
        "2026-10-01",
    ];
    open_days(app, &shop, &dias).await;
    let t = shop.admin.as_str();
    let vulk = shop.otra_marca;
    let receta = id_of(app, t, "/api/categoria", json!({"nombre": "Receta"}), "categoria").await;
    let prov = id_of(
        app,
        t,
        "/api/proveedor",
        json!({"nombre": "Sur", "celular": "2"}),
        "proveedor",
    )
    .await;
    let v1 = json!({"modelo": "V1", "marca": {"id": vulk}, "categorias": [{"id": receta}], "precio": 900, "costo": 400,
                    "descripcion": "Acetato", "proveedores": [{"id": prov}],
                    "productoLocales": [{"local": {"id": shop.norte}, "stock": 5}]});
    let v1 = id_of(app, t, "/api/productos", v1, "producto").await;
    let (c, n) = (shop.centro, shop.norte);
    let sell = |body: Value| recorded(app, t, body);
    sell(venta(
        c,
        "2026-09-01T09:00",
        json!([linea(shop.armazon, 2, 1000.5)]),
        json!([{"descripcion": "Cristal Orma Blue", "subtotal": 500}]),
        Some(10.0),
        2250.9,
        json!([
            pago(shop.efectivo, 1000.0, "2026-09-01T09:00"),
            pago(shop.tarjeta, 1250.9, "2026-09-05T18:00")
        ]),
    ))
    .await;
    let norte = sell(venta(
        n,
        "2026-09-10T10:00",
        json!([linea(v1, 3, 900.0)]),
        json!([]),
        None,
        2700.0,
        json!([pago(shop.tarjeta, 2700.0, "2026-09-10T10:00")]),
    ))
    .await;
    let gasto = json!({"tipoMovimiento": "SALIDA", "fecha": "2026-09-15T12:00", "local": {"id": n},
                       "descripcion": "Alquiler", "total": 700, "totalImpuesto": 700, "detalles": [], "detallesAdicionales": [],
                       "cajaMovimientos": [pago(shop.efectivo, 700.0, "2026-09-15T12:00")], "estadoMovimiento": null});
    sell(gasto).await;
    sell(venta(
        c,
        "2026-09-30T23:59",
        json!([linea(shop.lente, 1, 1000.5)]),
        json!([{"descripcion": "cristal orma blue", "subtotal": 300}]),
        None,
        1300.5,
        json!([pago(shop.efectivo, 1300.5, "2026-09-30T23:59")]),
    ))
    .await;
    let diciembre_body = venta(
        c,
        "2026-10-01T00:00",
        json!([linea(shop.armazon, 1, 1000.5)]),
        json!([]),
        None,
        1000.5,
        json!([pago(shop.tarjeta, 1000.5, "2026-10-01T00:00")]),
    );
    let diciembre = sell(diciembre_body.clone()).await;
    History {
        shop,
        v1,
        diciembre,
        diciembre_body,
        norte,
    }
}

fn period(local: i64, desde: &str, hasta: &str) -> Value {
    json!({"local": local, "fechaInicio": desde, "fechaFin": hasta})
}

async fn figure(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let (status, answer) = app.post(path, Some(token), body).await;
    assert_eq!(status, StatusCode::OK, "{path}: {answer}");
    answer
}

#[sqlx::test]
async fn period_figures_match_the_hand_computed_history(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let h = history(&app).await;
    let t = h.shop.admin.as_str();
    let november = period(0, "2026-09-01", "2026-09-30");

    assert_eq!(
        figure(&app, t, "/api/movimientos/total-ganado", november.clone()).await,
        json!({"Efectivo": {"entrada": 2300.5, "salida": 700.0}, "Tarjeta": {"entrada": 3950.9, "salida": 0.0}})
    );
    assert_eq!(
        figure(&app, t, "/api/movimientos/total-vendido", november.clone()).await,
        json!({"total": 6})
    );
    let centre = period(h.shop.centro, "2026-09-01", "2026-09-30");
    assert_eq!(
        figure(&app, t, "/api/movimientos/total-ganado", centre.clone()).await,
        json!({"Efectivo": {"entrada": 2300.5, "salida": 0.0}, "Tarjeta": {"entrada": 1250.9, "salida": 0.0}})
    );
    assert_eq!(
        figure(&app, t, "/api/movimientos/total-vendido", centre).await,
        json!({"total": 3})
    );
    // 1 October 00:00 is October's.
    let december = period(0, "2026-10-01", "2026-10-01");
    assert_eq!(
        figure(&app, t, "/api/movimientos/total-ganado", december.clone()).await,
        json!({"Efectivo": {"entrada": 0.0, "salida": 0.0}, "Tarjeta": {"entrada": 1000.5, "salida": 0.0}})
    );
    assert_eq!(
        figure(&app, t, "/api/estadisticas/ventas-por-dia", november.clone()).await,
        json!([
            {"fecha": "2026-09-01", "ventas": 1, "total": 2250.9},
            {"fecha": "2026-09-10", "ventas": 1, "total": 2700.0},
            {"fecha": "2026-09-30", "ventas": 1, "total": 1300.5}
        ])
    );
    let (_, lenses) = app.get("/api/movimientos/cantidad-lentes?local=0", Some(t)).await;
    assert_eq!(lenses, json!({"total": 1}));
    // The all-time cash box: sales add, the expense subtracts.
    let (_, totals) = app.get("/api/movimientos/totales?idLocal=0", Some(t)).await;
    assert_eq!(totals, json!({"Efectivo": 1600.5, "Tarjeta": 4951.4}));

    // Moving October's sale into September and deleting the north sale move the figures with them.
    let mut moved = h.diciembre_body.clone();
    moved["fecha"] = json!("2026-09-20T10:00");
    let (status, answer) = app
        .put(&format!("/api/movimientos/{}", h.diciembre), Some(t), moved)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (status, _) = app.delete(&format!("/api/movimientos/{}", h.norte), Some(t)).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        figure(&app, t, "/api/movimientos/total-vendido", november.clone()).await,
        json!({"total": 4})
    );
    assert_eq!(
        figure(&app, t, "/api/movimientos/total-vendido", december).await,
        json!({"total": 0})
    );
    assert_eq!(
        figure(&app, t, "/api/movimientos/total-ganado", november).await,
        json!({"Efectivo": {"entrada": 2300.5, "salida": 700.0}, "Tarjeta": {"entrada": 2251.4, "salida": 0.0}})
    );
    // The cash-box list's page count follows the payments too.
    let (_, list) = app.get("/api/movimientos/filtrar", Some(t)).await;
    assert_eq!(list["totalElements"], 5);
    let (_, list) = app
        .get(&format!("/api/movimientos/filtrar?idLocal={}", h.shop.norte), Some(t))
        .await;
    assert_eq!(list["totalElements"], 1);
    assert!(h.v1 > 0);
}

#[sqlx::test]
async fn the_figures_are_for_admins_and_need_both_dates(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let november = period(0, "2026-09-01", "2026-09-30");
    for path in [
        "/api/movimientos/total-ganado",
        "/api/movimientos/total-vendido",
        "/api/estadisticas/ventas-por-dia",
        "/api/excel/ventas",
        "/api/excel/ventas/marcas",
    ] {
        let (status, _) = app.post(path, Some(&shop.seller), november.clone()).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        let (status, answer) = app
            .post(
                path,
                Some(&shop.admin),
                json!({"local": "0", "fechaInicio": "2026-09-01"}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
        assert_eq!(answer["mensaje"], "Ingresar fecha de inicio y fin por favor", "{path}");
    }
    let (status, answer) = app
        .post(
            "/api/excel/ventas",
            Some(&shop.admin),
            period(0, "2026-09-30", "2026-09-01"),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["mensaje"],
        "La fecha de fin no puede ser anterior a la de inicio"
    );
}

pub(super) async fn workbook(app: &TestApp, token: &str, path: &str, body: Value) -> (String, Vec<Vec<Data>>) {
    let request = axum::http::Request::post(path)
        .header("authorization", format!("Bearer {token}"))
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let response = tower::ServiceExt::oneshot(app.router.clone(), request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_string();
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    let name = book.sheet_names()[0].clone();
    let rows = book
        .worksheet_range(&name)
        .unwrap()
        .rows()
        .map(|r| r.to_vec())
        .collect();
    (format!("{name} | {disposition}"), rows)
}

#[sqlx::test]
async fn both_workbooks_hold_the_periods_sales(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let h = history(&app).await;
    let t = h.shop.admin.as_str();
    let s = |v: &str| Data::String(v.into());
    let n = Data::Float;
    // an empty text is written as a blank cell
    let e = || Data::Empty;

    let (head, rows) = workbook(&app, t, "/api/excel/ventas", period(0, "2026-09-01", "2026-09-30")).await;
    assert!(head.starts_with("Productos Vendidos | "), "{head}");
    assert!(
        head.contains("filename*=UTF-8''ventas_todos%20los%20locales_2026-09-01_hasta_2026-09-30.xlsx"),
        "{head}"
    );
    assert_eq!(
        rows,
        vec![
            vec![
                s("Modelo"),
                s("Categorías"),
                s("Descripción"),
                s("Marca"),
                s("Cantidad Vendida"),
                s("Costo"),
                s("Precio"),
                s("Ganancia")
            ],
            // 3 × 900.00 − 3 × 400.00
            vec![
                s("V1"),
                s("Receta"),
                s("Acetato"),
                s("Vulk"),
                n(3.0),
                n(400.0),
                n(900.0),
                n(1500.0)
            ],
            vec![
                s("RB2140"),
                s("Sol"),
                e(),
                s("Ray-Ban"),
                n(2.0),
                n(0.0),
                n(1000.5),
                n(2001.0)
            ],
            // the two additional lines name one lens, whatever their case
            vec![
                s("Cristal Adicional"),
                e(),
                e(),
                s("Orma Blue"),
                n(2.0),
                e(),
                n(800.0),
                e()
            ],
            vec![
                s("Orma"),
                s("cristal"),
                e(),
                s("Ray-Ban"),
                n(1.0),
                n(0.0),
                n(1000.5),
                n(1000.5)
            ],
        ]
    );

    let (head, rows) = workbook(
        &app,
        t,
        "/api/excel/ventas/marcas",
        period(h.shop.norte, "2026-09-01", "2026-09-30"),
    )
    .await;
    assert!(head.starts_with("Resumen por Marca | "), "{head}");
    assert!(
        head.contains("marcas_vendidas_yapey%C3%BA_2026-09-01_hasta_2026-09-30.xlsx"),
        "{head}"
    );
    assert_eq!(
        rows,
        vec![
            vec![s("Marca"), s("Cantidad Vendida Total"), s("Ganancia Total")],
            vec![s("Vulk"), n(3.0), n(1500.0)],
        ]
    );
    let (_, rows) = workbook(
        &app,
        t,
        "/api/excel/ventas/marcas",
        period(0, "2026-09-01", "2026-09-30"),
    )
    .await;
    assert_eq!(
        rows[1..],
        [
            vec![s("Ray-Ban"), n(3.0), n(3001.5)],
            vec![s("Vulk"), n(3.0), n(1500.0)]
        ]
    );
}
