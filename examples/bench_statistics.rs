//! Benchmark of the reads at scale: seeds a fresh database with a million movements in the read
//! models (three years at three branches, 1.5 payments and 0.8 product lines per movement),
//! 100,000 products stocked at three branches and 50,000 patients, builds the daily statistics the
//! projection keeps, then calls each list, search and statistics endpoint through the real router
//! (authentication, JSON and all) and prints p50, p99 and the worst time as a markdown table:
//! 1,000 calls per list and search, 30 per statistics call and workbook.
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

/// Calls per list and search endpoint, and per statistics call (heavier, answered from daily rows).
const LIST_RUNS: usize = 1_000;
const STATS_RUNS: usize = 30;
const PRODUCTS: i64 = 100_000;
const PATIENTS: i64 = 50_000;

async fn seed(pool: &PgPool, movements: i64) -> Duration {
    let products = bench_support::scaled(PRODUCTS, 1_000).to_string();
    let patients = bench_support::scaled(PATIENTS, 500).to_string();
    let started = Instant::now();
    // The rows are written as `optica replay` writes them: with optica.rebuilding on, the per-row
    // payment count steps aside and the statistics are computed once at the end. Counting each
    // of millions of payments into a few thousand rows in one statement would leave those tables
    // hundreds of megabytes of dead versions that no database the server runs ever holds (the
    // projector counts a sale at a time and autovacuum keeps up; a replay skips the count).
    let statements = [
        "select set_config('optica.rebuilding', 'on', false)",
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
         from generate_series(1, PRODUCTS) g",
        "insert into product_stock (producto_id, local_id, stock) select p, l, 100 from generate_series(1, PRODUCTS) p, generate_series(1, 3) l",
        // patients with Spanish-looking names, spread over the branches
        "insert into patients (id, ficha, nombre_completo, celular, celular_key, documento, documento_key, genero, local_id,
                               creado_en, ultima_actualizacion, version)
         select g, g, (array['María','José','Ana','Luis','Lucía','Jorge','Sofía','Martín'])[1 + g % 8] || ' ' ||
                      (array['García','Pérez','Gómez','Fernández','López','Díaz','Martínez','Núñez'])[1 + (g / 8) % 8] || ' ' || g,
                '351' || g, '351' || g, (20000000 + g)::text, (20000000 + g)::text,
                (array['Mujer','Hombre'])[1 + g % 2], 1 + g % 3, date '2024-01-01', date '2024-01-01', 1
         from generate_series(1, PATIENTS) g",
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
         select m.id, 0, 1 + m.id % PRODUCTS, 'M' || (1 + m.id % PRODUCTS), 'Marca', m.id % 10 = 1, 1, m.total_cents, m.total_cents
         from movements m where m.tipo = 'ENTRADA'",
        "insert into movement_extras (movimiento_id, linea, descripcion, subtotal_cents)
         select m.id, 0, 'cristal Orma ' || (m.id % 3), 5000 from movements m where m.id % 4 = 1",
        "analyze",
        // what the movements projection keeps (computed in bulk, as a rebuild does)
        "select optica_rebuild_stats()",
        "select optica_rebuild_branch_stock()",
        "select optica_rebuild_catalog_totals()",
        "select set_config('optica.rebuilding', '', false)",
        // what autovacuum does after bulk inserts: statistics, and all-visible pages for
        // index-only scans
        "vacuum (analyze)",
    ];
    // One connection: the setting is the session's.
    let mut conn = pool.acquire().await.expect("a connection");
    for sql in statements {
        let sql = sql.replace("PRODUCTS", &products).replace("PATIENTS", &patients);
        let sql = sql.as_str();
        let query = sqlx::query(sql);
        let query = if sql.contains("$1") {
            query.bind(movements)
        } else {
            query
        };
        query.execute(&mut *conn).await.expect(sql);
    }
    started.elapsed()
}

/// p50, p99 and worst of `runs` calls in milliseconds, and the answer's size.
async fn time(
    router: &Router,
    token: &str,
    method: &str,
    uri: &str,
    body: Option<&str>,
    runs: usize,
) -> (f64, f64, f64, usize) {
    let mut times = Vec::with_capacity(runs);
    let mut size = 0;
    for _ in 0..runs {
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
    let at = |q: f64| times[((runs as f64 * q).ceil() as usize).clamp(1, runs) - 1];
    (at(0.5), at(0.99), times[runs - 1], size)
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
                (select count(*) from products), (select count(*) from patients)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    println!(
        "seeded {} movements, {} payments, {} products and {} patients in {:.1} s\n",
        counts.0,
        counts.1,
        counts.2,
        counts.3,
        seeded.as_secs_f64()
    );

    let (router, token) = bench_support::app(&pool, None).await;

    // A ficha that exists at either size.
    let ficha = format!("/api/pacientes/buscar-por-ficha/{}", bench_support::scaled(31337, 337));
    // (label, method, uri, body)
    let lists: Vec<(&str, &str, &str, Option<&str>)> = vec![
        ("productos/page, first page", "GET", "/api/productos/page/0", None),
        ("productos/page, page 2000", "GET", "/api/productos/page/2000", None),
        ("productos/modelo, contains", "GET", "/api/productos/modelo/m123", None),
        (
            "productos/marca, contains",
            "GET",
            "/api/productos/marca/marca%201",
            None,
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
            "pacientes/paginado, first page",
            "GET",
            "/api/pacientes/paginado/0",
            None,
        ),
        (
            "pacientes/buscar/nombre",
            "GET",
            "/api/pacientes/buscar/nombre?nombre=garcia",
            None,
        ),
        (
            "pacientes/buscar/documento",
            "GET",
            "/api/pacientes/buscar/documento/20012345/page/0",
            None,
        ),
        ("pacientes/buscar-por-ficha", "GET", ficha.as_str(), None),
        ("totales (all time)", "GET", "/api/movimientos/totales?idLocal=0", None),
    ];
    let month = r#"{"local": 0, "fechaInicio": "2026-06-01", "fechaFin": "2026-06-30"}"#;
    let year_branch = r#"{"local": 2, "fechaInicio": "2025-01-01", "fechaFin": "2025-12-31"}"#;
    let all = r#"{"local": 0, "fechaInicio": "2024-01-01", "fechaFin": "2026-12-31"}"#;
    let stats: Vec<(&str, &str, &str, Option<&str>)> = vec![
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
            "ventas-por-dia, three years",
            "POST",
            "/api/estadisticas/ventas-por-dia",
            Some(all),
        ),
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
        (
            "filtrar-completo, one day",
            "GET",
            "/api/movimientos/filtrar-completo?fecha=2025-06-02",
            None,
        ),
        ("excel ventas, three years", "POST", "/api/excel/ventas", Some(all)),
        (
            "excel marcas, three years",
            "POST",
            "/api/excel/ventas/marcas",
            Some(all),
        ),
    ];
    println!("| call | calls | p50 ms | p99 ms | worst ms | bytes |");
    println!("|---|---:|---:|---:|---:|---:|");
    let runs = (
        bench_support::scaled(LIST_RUNS, 3),
        bench_support::scaled(STATS_RUNS, 2),
    );
    for (calls, runs) in [(lists, runs.0), (stats, runs.1)] {
        for (label, method, uri, body) in calls {
            let (p50, p99, worst, size) = time(&router, &token, method, uri, body, runs).await;
            println!("| {label} | {runs} | {p50:.1} | {p99:.1} | {worst:.1} | {size} |");
        }
    }

    db.drop().await;
}
