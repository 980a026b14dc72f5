//! The kept statistics equal a recomputation from the movements, and adding a movement's share reads only its own rows.

use super::*;
use crate::common::scalar;

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
    let shout = recorded(&app, t, spelled("CRISTAL ORMA BLUE", "11:00")).await;
    recorded(&app, t, spelled("cristal Orma Blue", "12:00")).await;
    app.caught_up().await;
    assert_eq!(support_verify(&pool).await, "", "after adding");
    assert_eq!(app.delete(&uri(shout), Some(t)).await.0, StatusCode::NO_CONTENT);
    app.caught_up().await;
    assert_eq!(support_verify(&pool).await, "", "after deleting 'ORMA BLUE'");
    let lowercase: i64 = scalar(&pool, "select id from movements where fecha = '2026-09-30 23:59'").await;
    assert_eq!(app.delete(&uri(lowercase), Some(t)).await.0, StatusCode::NO_CONTENT);
    app.caught_up().await;
    assert_eq!(support_verify(&pool).await, "", "after deleting 'orma blue'");
    let shown: String = scalar(
        &pool,
        "select nombre from stats_cristal_day where dia = '2026-09-30' and nombre_key = 'orma blue'",
    )
    .await;
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
