//! The statistics figures and sales workbooks against hand-computed values on a seeded history:
//! sales and an expense, a discount, several payments, two branches, and movements on both sides
//! of a month's last minute (movement dates are the shop's local time).

use crate::common::shop::{id_of, open_days, shop, Shop};
use crate::common::TestApp;
use axum::http::StatusCode;
use calamine::{Data, Reader, Xlsx};
use serde_json::{json, Value};
use sqlx::PgPool;

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
    let sell = |body: Value| id_of(app, t, "/api/movimientos", body, "movimiento");
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
    let app = TestApp::start(pool).await;
    let shop = shop(&app).await;
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

async fn workbook(app: &TestApp, token: &str, path: &str, body: Value) -> (String, Vec<Vec<Data>>) {
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

/// The projection keeps the statistics by adding and subtracting each movement's share; after
/// edits that move a sale to another day, a deletion, and a lens line whose spelling was the
/// one shown coming and going, they equal a recomputation from the movement tables.
#[sqlx::test]
async fn kept_statistics_equal_a_recomputation_after_edits_and_deletions(pool: PgPool) {
    let app = TestApp::start(pool.clone()).await;
    let h = history(&app).await;
    let t = h.shop.admin.as_str();
    let uri = |id: i64| format!("/api/movimientos/{id}");
    let rows = |table: &'static str| {
        let pool = pool.clone();
        async move {
            sqlx::query_scalar::<_, i64>(&format!("select count(*) from {table}"))
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };

    // October's sale moves to 30 September, beside the lens sale of that day.
    let mut moved = h.diciembre_body.clone();
    moved["fecha"] = json!("2026-09-30T10:00");
    let (status, answer) = app.put(&uri(h.diciembre), Some(t), moved).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    // Two more spellings of the history's 'orma blue' lens on 30 September: 'ORMA BLUE' and
    // 'Orma Blue'. Whatever the database's collation, one of the two deletions below removes
    // the spelling shown while others stay: 'ORMA BLUE' sorts first in C, 'orma blue' in
    // en_US.
    let spelled = |descripcion: &str, hora: &str| {
        let fecha = format!("2026-09-30T{hora}");
        venta(
            h.shop.centro,
            &fecha,
            json!([]),
            json!([{"descripcion": descripcion, "subtotal": 100}, {"descripcion": "Cristal Nuevo", "subtotal": 50}]),
            None,
            150.0,
            json!([pago(h.shop.efectivo, 150.0, &fecha)]),
        )
    };
    let shout = id_of(
        &app,
        t,
        "/api/movimientos",
        spelled("CRISTAL ORMA BLUE", "11:00"),
        "movimiento",
    )
    .await;
    id_of(
        &app,
        t,
        "/api/movimientos",
        spelled("cristal Orma Blue", "12:00"),
        "movimiento",
    )
    .await;
    app.caught_up().await;
    assert_eq!(support_verify(&pool).await, "", "after adding");
    assert_eq!(app.delete(&uri(shout), Some(t)).await.0, StatusCode::NO_CONTENT);
    app.caught_up().await;
    assert_eq!(support_verify(&pool).await, "", "after deleting 'ORMA BLUE'");
    let lowercase: i64 = sqlx::query_scalar("select id from movements where fecha = '2026-09-30 23:59'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(app.delete(&uri(lowercase), Some(t)).await.0, StatusCode::NO_CONTENT);
    app.caught_up().await;
    assert_eq!(support_verify(&pool).await, "", "after deleting 'orma blue'");
    let shown: String = sqlx::query_scalar(
        "select nombre from stats_cristal_day where dia = '2026-09-30' and nombre_key = 'orma blue'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(shown, "Orma Blue");
    // The north branch's only sale goes: its day keeps only the expense's cash.
    assert_eq!(app.delete(&uri(h.norte), Some(t)).await.0, StatusCode::NO_CONTENT);
    app.caught_up().await;

    assert_eq!(support_verify(&pool).await, "", "after editing and deleting");
    let norte_ventas: i64 = sqlx::query_scalar("select count(*) from stats_sales_day where local_id = $1")
        .bind(h.shop.norte)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(norte_ventas, 0, "a day with no sale keeps no sales row");
    for table in [
        "stats_cash_day",
        "stats_sales_day",
        "stats_product_day",
        "stats_cristal_day",
    ] {
        assert!(rows(table).await > 0, "{table} holds the remaining history");
    }
}

/// `optica verify`'s differences, one per line ("" when the read models equal a rebuild).
async fn support_verify(pool: &PgPool) -> String {
    optica::support::verify(pool, true)
        .await
        .unwrap()
        .iter()
        .map(|d| format!("{d:?}\n"))
        .collect()
}

/// Movements `from..=to`, each with one payment, one product line and one lens line, written
/// straight into the read-model tables (as the movements projection does, without statistics).
async fn bare_movements(conn: &mut sqlx::PgConnection, from: i64, to: i64) {
    for statement in [
        "insert into movements (id, tipo, fecha, local_id, total_cents, total_impuesto_cents, version)
         select g, 'ENTRADA', '2026-09-20 10:00', 1, 300, 300, 1 from generate_series($1::bigint, $2) g",
        "insert into movement_payments (movimiento_id, pago_id, metodo_pago_id, monto_cents, monto_impuesto_cents,
                                        fecha, local_id, tipo)
         select g, 1, 1, 300, 300, '2026-09-20 10:00', 1, 'ENTRADA' from generate_series($1::bigint, $2) g",
        "insert into movement_lines (movimiento_id, linea, producto_id, modelo, marca, cristal, cantidad,
                                     precio_cents, subtotal_cents)
         select g, 0, 1, 'V1', 'Vulk', false, 1, 200, 200 from generate_series($1::bigint, $2) g",
        "insert into movement_extras (movimiento_id, linea, descripcion, subtotal_cents)
         select g, 0, 'Cristal Orgánico', 100 from generate_series($1::bigint, $2) g",
    ] {
        sqlx::query(statement)
            .bind(from)
            .bind(to)
            .execute(&mut *conn)
            .await
            .unwrap();
    }
}

/// plpgsql keeps one plan per statement and session, and the projector asks for generic plans:
/// a plan made while the tables were young must still look a movement's rows up by key when they
/// have grown, not scan every movement and payment on each round (as it once did).
#[sqlx::test]
async fn adding_a_movements_share_reads_only_its_rows_however_the_tables_grew(pool: PgPool) {
    let mut conn = pool.acquire().await.unwrap();
    sqlx::query("set plan_cache_mode = force_generic_plan")
        .execute(&mut *conn)
        .await
        .unwrap();
    bare_movements(&mut conn, 1, 3).await;
    // planned and cached now, while the tables hold three movements
    sqlx::query("select optica_stats_add(array[1, 2, 3]::bigint[], 1)")
        .execute(&mut *conn)
        .await
        .unwrap();
    bare_movements(&mut conn, 4, 20_000).await;

    let mut tx = sqlx::Connection::begin(&mut *conn).await.unwrap();
    sqlx::query("select optica_stats_add(array[20000]::bigint[], 1)")
        .execute(&mut *tx)
        .await
        .unwrap();
    let scans: Vec<(String, i64)> = sqlx::query_as(
        "select relname::text, seq_scan from pg_stat_xact_user_tables
         where relname in ('movements', 'movement_payments', 'movement_lines', 'movement_extras') and seq_scan > 0",
    )
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(scans, vec![], "tables scanned whole to add one movement's share");

    let (pagos, entrada, ventas, unidades, lentes): (i64, i64, i64, i64, i64) = sqlx::query_as(
        "select c.pagos, c.entrada_cents, s.ventas, s.unidades, k.lineas
         from stats_cash_day c, stats_sales_day s, stats_cristal_day k
         where c.dia = '2026-09-20' and s.dia = c.dia and k.dia = c.dia and k.nombre_key = 'orgánico'",
    )
    .fetch_one(&mut *conn)
    .await
    .unwrap();
    assert_eq!((pagos, entrada, ventas, unidades, lentes), (4, 1200, 4, 4, 4));
}
