//! Benchmark of the statistics calls at scale: seeds a fresh database with a million movements in
//! the read models (three years at three branches, 1.5 payments and 0.8 product lines per
//! movement), builds the daily statistics the projection keeps, then times each statistics call
//! through the real router (authentication, JSON and all) and prints the figures.
//!
//! Run: `DATABASE_URL=postgres://… cargo run --release --example bench_statistics [-- MOVEMENTS]`
//! (`scripts/bench` does it with the private cluster). The database is dropped at the end.
//!
//! The read models are seeded with SQL, not through the event store: what is measured is how the
//! calls answer from the read models, which is the same however the rows got there.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use sqlx::PgPool;
use tower::ServiceExt;

#[path = "bench_support/mod.rs"]
mod bench_support;

const RUNS: usize = 30;

async fn seed(pool: &PgPool, movements: i64) -> Duration {
    let started = Instant::now();
    let statements = [
        "insert into lookup_items (kind, id, nombre, direccion, celular)
         select 'Local', g, 'Local ' || g, 'Calle ' || g, '1' from generate_series(1, 3) g",
        "insert into lookup_items (kind, id, nombre)
         select 'MetodoPago', 10 + g, (array['Efectivo','Tarjeta','Transferencia','Cheque'])[g] from generate_series(1, 4) g",
        "insert into lookup_items (kind, id, nombre) select 'Marca', 20 + g, 'Marca ' || g from generate_series(1, 20) g",
        "insert into lookup_items (kind, id, nombre) select 'Material', 50 + g, 'Material ' || g from generate_series(1, 5) g",
        "insert into products (id, modelo, marca_id, marca_nombre, material_id, costo_cents, precio_cents, creado_en,
                               ultima_actualizacion, version)
         select g, 'M' || g, 21 + g % 20, 'Marca ' || (1 + g % 20), 51 + g % 5, 40000 + g * 10, 100050 + g * 10,
                date '2024-01-01', date '2024-01-01', 1
         from generate_series(1, 200) g",
        "insert into product_stock (producto_id, local_id, stock) select p, l, 100 from generate_series(1, 200) p, generate_series(1, 3) l",
        // a movement every ~95 s over three years; one in five is an expense
        "insert into movements (id, tipo, fecha, local_id, total_cents, total_impuesto_cents, version)
         select g, case when g % 5 = 0 then 'SALIDA' else 'ENTRADA' end,
                timestamp '2024-01-01' + (g * interval '1 second' * (94608000 / $1::bigint)),
                1 + g % 3, 100050 + (g % 7) * 1000, 100050 + (g % 7) * 1000, 1
         from generate_series(1, $1::bigint) g",
        "insert into movement_payments (movimiento_id, pago_id, metodo_pago_id, monto_cents, monto_impuesto_cents, fecha,
                                        local_id, tipo)
         select m.id, 1, 11 + m.id % 4, m.total_cents / 2, m.total_cents / 2, m.fecha, m.local_id, m.tipo
         from movements m",
        "insert into movement_payments (movimiento_id, pago_id, metodo_pago_id, monto_cents, monto_impuesto_cents, fecha,
                                        local_id, tipo)
         select m.id, 2, 11 + (m.id + 1) % 4, m.total_cents - m.total_cents / 2, m.total_cents - m.total_cents / 2,
                m.fecha + interval '1 day', m.local_id, m.tipo
         from movements m where m.id % 2 = 0",
        "insert into movement_lines (movimiento_id, linea, producto_id, modelo, marca, cristal, cantidad, precio_cents,
                                     subtotal_cents)
         select m.id, 0, 1 + m.id % 200, 'M' || (1 + m.id % 200), 'Marca', m.id % 10 = 1, 1, m.total_cents, m.total_cents
         from movements m where m.tipo = 'ENTRADA'",
        "insert into movement_extras (movimiento_id, linea, descripcion, subtotal_cents)
         select m.id, 0, 'cristal Orma ' || (m.id % 3), 5000 from movements m where m.id % 4 = 1",
        "analyze",
        // what the movements projection keeps, day by day and branch by branch
        "select optica_refresh_stats(b.dia, b.local_id) from (select distinct fecha::date as dia, local_id from movements) b",
        "analyze",
    ];
    for sql in statements {
        let query = sqlx::query(sql);
        let query = if sql.contains("$1") {
            query.bind(movements)
        } else {
            query
        };
        query.execute(pool).await.expect(sql);
    }
    started.elapsed()
}

/// Median and worst of `RUNS` calls, in milliseconds.
async fn time(router: &Router, token: &str, method: &str, uri: &str, body: Option<&str>) -> (f64, f64, usize) {
    let mut times = Vec::with_capacity(RUNS);
    let mut size = 0;
    for _ in 0..RUNS {
        let mut request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::AUTHORIZATION, format!("Bearer {token}"));
        if body.is_some() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let request = request.body(Body::from(body.unwrap_or("").to_string())).unwrap();
        let started = Instant::now();
        let response = router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        times.push(started.elapsed().as_secs_f64() * 1000.0);
        assert_eq!(status, StatusCode::OK, "{uri}: {}", String::from_utf8_lossy(&bytes));
        size = bytes.len();
    }
    times.sort_by(f64::total_cmp);
    (times[RUNS / 2], times[RUNS - 1], size)
}

#[tokio::main]
async fn main() {
    let movements: i64 = std::env::args()
        .nth(1)
        .map(|a| a.parse().expect("MOVEMENTS must be a number"))
        .unwrap_or(1_000_000);
    let db = bench_support::Database::create().await;
    let pool = db.pool.clone();

    let seeded = seed(&pool, movements).await;
    let counts: (i64, i64, i64, i64) = sqlx::query_as(
        "select (select count(*) from movements), (select count(*) from movement_payments),
                (select count(*) from movement_lines), (select count(*) from stats_cash_day)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    println!(
        "seeded {} movements, {} payments, {} product lines ({} daily cash rows) in {:.1} s",
        counts.0,
        counts.1,
        counts.2,
        counts.3,
        seeded.as_secs_f64()
    );

    let (router, token) = bench_support::app(&pool).await;

    let month = r#"{"local": 0, "fechaInicio": "2026-06-01", "fechaFin": "2026-06-30"}"#;
    let year_branch = r#"{"local": 2, "fechaInicio": "2025-01-01", "fechaFin": "2025-12-31"}"#;
    let all = r#"{"local": 0, "fechaInicio": "2024-01-01", "fechaFin": "2026-12-31"}"#;
    let calls: Vec<(&str, &str, &str, Option<&str>)> = vec![
        (
            "total-ganado, one month",
            "POST",
            "/api/movimientos/total-ganado",
            Some(month),
        ),
        (
            "total-ganado, three years",
            "POST",
            "/api/movimientos/total-ganado",
            Some(all),
        ),
        (
            "total-vendido, a year at one branch",
            "POST",
            "/api/movimientos/total-vendido",
            Some(year_branch),
        ),
        (
            "total-vendido, three years",
            "POST",
            "/api/movimientos/total-vendido",
            Some(all),
        ),
        (
            "ventas-por-dia, three years",
            "POST",
            "/api/estadisticas/ventas-por-dia",
            Some(all),
        ),
        ("totales (all time)", "GET", "/api/movimientos/totales?idLocal=0", None),
        (
            "cantidad-lentes (all time)",
            "GET",
            "/api/movimientos/cantidad-lentes?local=0",
            None,
        ),
        (
            "stock-total-sucursal",
            "GET",
            "/api/productos/stock-total-sucursal",
            None,
        ),
        ("stock-material", "GET", "/api/productos/stock-material?localId=1", None),
        (
            "cantidad-por-sucursal",
            "GET",
            "/api/pacientes/cantidad-por-sucursal",
            None,
        ),
        ("excel ventas, three years", "POST", "/api/excel/ventas", Some(all)),
        (
            "excel marcas, three years",
            "POST",
            "/api/excel/ventas/marcas",
            Some(all),
        ),
        ("filtrar, first page", "GET", "/api/movimientos/filtrar?page=0", None),
        (
            "filtrar, page 500 at one branch",
            "GET",
            "/api/movimientos/filtrar?page=500&idLocal=2",
            None,
        ),
        (
            "filtrar, a day and a method",
            "GET",
            "/api/movimientos/filtrar?fecha=2025-06-02&metodoPago=Tarjeta",
            None,
        ),
        (
            "filtrar, a patient's name",
            "GET",
            "/api/movimientos/filtrar?nombrePaciente=ana",
            None,
        ),
        (
            "filtrar-completo, one day",
            "GET",
            "/api/movimientos/filtrar-completo?fecha=2025-06-02",
            None,
        ),
    ];
    println!("{RUNS} calls each, through the router; milliseconds:");
    println!("{:<40} {:>8} {:>8} {:>9}", "call", "median", "worst", "bytes");
    for (label, method, uri, body) in calls {
        let (median, worst, size) = time(&router, &token, method, uri, body).await;
        println!("{label:<40} {median:>8.1} {worst:>8.1} {size:>9}");
    }

    db.drop().await;
}
