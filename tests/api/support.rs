//! Support tools against a real database: the event log, replay, verify (clean and corrupted) and
//! the hash chain, through the library and through the `optica` binary.

use crate::common::server::{database_url, run_optica};
use crate::common::shop::{sale, sale_of_lines};
use crate::common::{execute, scalar, TestApp};
use axum::http::StatusCode;
use futures::StreamExt;
use optica::support::{self, EventFilter};
use serde_json::json;
use sqlx::PgPool;

async fn optica(pool: &PgPool, args: &[&str]) -> (i32, String, String) {
    run_optica(&database_url(pool), args).await
}

async fn stock(pool: &PgPool, producto: i64, local: i64) -> i64 {
    sqlx::query_scalar("select stock from product_stock where producto_id = $1 and local_id = $2")
        .bind(producto)
        .bind(local)
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test]
async fn verify_finds_a_corrupted_row_and_replay_repairs_it(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 3)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    app.caught_up().await;
    assert_eq!(support::verify(&pool, true).await.unwrap(), []);

    // Someone edits a read model by hand: the stock and a day's cash figures.
    sqlx::query("update product_stock set stock = 99 where producto_id = $1 and local_id = $2")
        .bind(shop.armazon)
        .bind(shop.centro)
        .execute(&pool)
        .await
        .unwrap();
    execute(&pool, "update stats_cash_day set entrada_cents = entrada_cents + 1").await;
    let differences = support::verify(&pool, true).await.unwrap();
    let tables: Vec<&str> = differences.iter().map(|d| d.table).collect();
    // The branch's kept stock total follows the edited row, so it differs from a rebuild too.
    assert_eq!(
        tables,
        [
            "product_stock",
            "product_stock",
            "stock_branch_totals",
            "stock_branch_totals",
            "stats_cash_day",
            "stats_cash_day"
        ],
        "{differences:?}"
    );
    let live = differences[0].live.clone().or(differences[1].live.clone()).unwrap();
    assert!(live.contains("\"stock\": 99"), "{live}");
    // verify changed nothing
    assert_eq!(stock(&pool, shop.armazon, shop.centro).await, 99);

    let (code, _, stderr) = optica(&pool, &["verify"]).await;
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("product_stock"), "{stderr}");

    let (code, _, stderr) = optica(&pool, &["replay", "--all"]).await;
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("eventos/s"), "a progress line with the rate: {stderr}");
    assert_eq!(stock(&pool, shop.armazon, shop.centro).await, 7);
    assert_eq!(support::verify(&pool, true).await.unwrap(), []);
    let (code, stdout, _) = optica(&pool, &["verify"]).await;
    assert_eq!(code, 0);
    assert!(stdout.contains("sin diferencias"), "{stdout}");
}

#[sqlx::test]
async fn a_replay_while_the_server_runs_loses_nothing(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let movements = support::select(Some(&["movements".to_string()])).unwrap();
    let sales = (0..4).map(|_| app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)));
    let (replayed, answers) = tokio::join!(
        support::replay(&pool, &movements, true),
        futures::future::join_all(sales)
    );
    replayed.unwrap();
    assert!(answers.iter().all(|(s, _)| *s == StatusCode::CREATED));
    app.caught_up().await;
    let count: i64 = scalar(&pool, "select count(*) from movements").await;
    assert_eq!(count, 4);
    assert_eq!(support::verify(&pool, true).await.unwrap(), []);
    assert!(support::select(Some(&["nada".to_string()])).is_err());
}

/// The read models' tables as the catalogue describes them: columns, keys, indexes, foreign
/// keys and triggers, each as its definition.
async fn read_model_schema(pool: &PgPool) -> Vec<String> {
    sqlx::query_scalar(
        "select c.relname || ' column ' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                || coalesce(' default ' || pg_get_expr(d.adbin, d.adrelid), '') || ' ' || a.attnotnull
                || ' ' || a.attidentity::text || a.attgenerated::text
         from pg_attribute a join pg_class c on c.oid = a.attrelid
         left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
         where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
         union all
         select conrelid::regclass::text || ' constraint ' || conname || ' ' || pg_get_constraintdef(oid)
         from pg_constraint where connamespace = 'public'::regnamespace
         union all
         select indexdef from pg_indexes where schemaname = 'public'
         union all
         select pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
         union all
         select 'schema ' || nspname from pg_namespace where nspname like 'optica%'
         order by 1",
    )
    .fetch_all(pool)
    .await
    .unwrap()
}

/// A replay writes new tables aside and swaps them in: what comes back must be the same tables,
/// every key, index, foreign key and trigger included, and the server goes on reading and
/// writing them.
#[sqlx::test]
async fn a_replay_puts_back_every_index_key_and_trigger_and_the_server_goes_on(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 2)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    app.caught_up().await;
    let before = read_model_schema(&pool).await;
    let uses: i64 = scalar(&pool, "select count(*) from pg_indexes where schemaname = 'public'").await;
    assert!(uses > 50, "the schema read is the whole one: {uses} indexes");

    support::replay(&pool, &optica_projections::all(), true).await.unwrap();
    assert_eq!(read_model_schema(&pool).await, before);
    assert_eq!(support::verify(&pool, true).await.unwrap(), []);

    // The pool's connections prepared their statements against the replaced tables.
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    app.caught_up().await;
    let (status, list) = app.get("/api/movimientos/lista?page=0&size=5", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["content"].as_array().map(Vec::len), Some(2), "{list}");
    assert_eq!(stock(&pool, shop.armazon, shop.centro).await, 7);
    assert_eq!(support::verify(&pool, true).await.unwrap(), []);
}

#[sqlx::test]
async fn the_chain_reports_an_event_changed_behind_the_guard(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)).await;
    assert_eq!(support::verify_chain(&pool).await.unwrap(), []);

    // A superuser steps past the append-only guard and rewrites a sale's quantity.
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("alter table events disable trigger events_no_update_delete")
        .execute(&mut *tx)
        .await
        .unwrap();
    let changed = sqlx::query(
        "update events set payload = replace(payload::text, '\"cantidad\": 1,', '\"cantidad\": 2,')::json
         where aggregate_type = 'Movimiento' and sequence = 1 and payload::text like '%\"cantidad\": 1,%'",
    )
    .execute(&mut *tx)
    .await
    .unwrap();
    assert_eq!(changed.rows_affected(), 1);
    sqlx::query("alter table events enable trigger events_no_update_delete")
        .execute(&mut *tx)
        .await
        .unwrap();
    tx.commit().await.unwrap();

    let breaks = support::verify_chain(&pool).await.unwrap();
    assert_eq!(breaks.len(), 1, "{breaks:?}");
    assert_eq!(
        (breaks[0].aggregate_type.as_str(), breaks[0].sequence),
        ("Movimiento", 1)
    );
    let (code, _, stderr) = optica(&pool, &["verify", "--chain"]).await;
    assert_eq!(code, 1);
    assert!(stderr.contains("Movimiento"), "{stderr}");
}

#[sqlx::test]
async fn events_prints_the_log_filtered_as_a_table_or_json_lines(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)).await;

    let mut out = Vec::new();
    let filter = EventFilter {
        kind: Some("Movimiento".into()),
        ..EventFilter::default()
    };
    // The sale and its receipt number.
    assert_eq!(support::print_events(&pool, &filter, true, &mut out).await.unwrap(), 2);
    let line: serde_json::Value = serde_json::from_slice(out.split(|b| *b == b'\n').next().unwrap()).unwrap();
    assert_eq!(line["type"], "MovimientoRegistrado");
    assert_eq!(line["metadata"]["actor"]["username"], "vendedor");

    let by_user = EventFilter {
        user: Some("vendedor".into()),
        ..EventFilter::default()
    };
    let mut out = Vec::new();
    // the patient, the sale with its receipt number, and the sale's stock change on the frame
    assert_eq!(
        support::print_events(&pool, &by_user, false, &mut out).await.unwrap(),
        4
    );
    let (code, stdout, _) = optica(&pool, &["events", "--kind", "Producto", "--from", "2000-01-01"]).await;
    assert_eq!(code, 0);
    assert!(stdout.contains("StockAjustado"), "{stdout}");
    // Each line shows the event's data, not only its type.
    assert!(stdout.contains(r#""motivo":"Venta""#), "{stdout}");
    assert!(support::parse_instant("ayer").is_err());

    let (code, stdout, stderr) = optica(&pool, &["state", "Movimiento", "1"]).await;
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("PEDIDO_CRISTALES"), "{stdout}");
    let (code, _, stderr) = optica(&pool, &["state", "Movimiento", "1", "--at", "2000-01-01"]).await;
    assert_eq!(code, 1);
    assert!(stderr.contains("no existía"), "{stderr}");
}

/// The set-based batches must leave the rows that applying each event alone leaves: a history
/// with edits, state changes, deletions, stock moves, price changes, a brand rename and a last
/// sale is rebuilt event by event, then compared with a rebuild in one batch.
#[sqlx::test]
async fn a_rebuild_in_one_batch_equals_one_event_at_a_time(pool: PgPool) {
    use optica_projections::rebuild;
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let mut ids = Vec::new();
    for n in [3, 1, 2] {
        let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, n)).await;
        assert_eq!(status, StatusCode::CREATED, "{answer}");
        ids.push(answer["movimiento"]["id"].as_i64().unwrap());
    }
    let uri = |id: i64| format!("/api/movimientos/{id}");
    let mut moved = sale(&shop, 2);
    moved["fecha"] = json!("2026-11-23T09:00");
    moved["cajaMovimientos"][0]["fecha"] = json!("2026-11-23T09:00");
    assert_eq!(
        app.put(&uri(ids[0]), Some(&shop.seller), moved).await.0,
        StatusCode::CREATED
    );
    let mut finished = sale(&shop, 1);
    finished["estadoMovimiento"] = json!("ANTEOJO_TERMINADO");
    assert_eq!(
        app.put(&uri(ids[1]), Some(&shop.seller), finished).await.0,
        StatusCode::CREATED
    );
    assert_eq!(
        app.delete(&uri(ids[2]), Some(&shop.admin)).await.0,
        StatusCode::NO_CONTENT
    );

    let marca = shop.marca;
    let mass =
        json!({"tipo": "precio", "tipoCambio": "porcentaje", "valor": 10, "marca": marca.to_string(), "categoria": ""});
    let (status, answer) = app
        .post("/api/productos/actualizar-precios", Some(&shop.admin), mass)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = app
        .put(
            &format!("/api/marca/{marca}"),
            Some(&shop.admin),
            json!({"nombre": "Ray Ban"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (categoria, proveedor) = (shop.categoria, shop.proveedor);
    let short_lived = json!({"modelo": "Fugaz", "marca": {"id": marca}, "precio": 5,
                             "categorias": [{"id": categoria}], "proveedores": [{"id": proveedor}],
                             "productoLocales": [{"local": {"id": shop.norte}, "stock": 4}]});
    let (status, answer) = app.post("/api/productos", Some(&shop.admin), short_lived).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let fugaz = answer["producto"]["id"].as_i64().unwrap();
    let (status, answer) = app.delete(&format!("/api/productos/{fugaz}"), Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    // A sale last: one event at a time, its stock change is a batch of stock changes only,
    // which the products projection writes in place (stock and version), not through its rows.
    // At the frame's price of now (a seller sells at the catalogue price).
    let at_list = crate::common::shop::sale_of(&shop, shop.armazon, 1100.55, 1);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), at_list).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    app.caught_up().await;

    let projections = optica_projections::all();
    let refs: Vec<&dyn optica_projections::Projection> = projections.iter().map(|p| p.as_ref()).collect();
    let mut tx = pool.begin().await.unwrap();
    rebuild::rebuild(&mut tx, &pool, &refs, 1, |_| {}).await.unwrap();
    tx.commit().await.unwrap();
    let moved_day: i64 = scalar(&pool, "select count(*) from stats_sales_day where dia = '2026-11-23'").await;
    assert_eq!(moved_day, 1, "the edit moved a sale to another day");
    let mut tx = pool.begin().await.unwrap();
    let differences = rebuild::compare(&mut tx, &pool, &refs, rebuild::BATCH, |_| {})
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    assert_eq!(differences, []);
    assert_eq!(support::verify(&pool, true).await.unwrap(), []);
}

#[sqlx::test]
async fn text_the_projection_copies_keeps_every_character_live_and_after_a_replay(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    // A rebuild writes a large batch's movements with COPY's text format, where a backslash, a
    // tab, a line break and `\N` mean something: enough sales for one such batch, one of them
    // holding all of those.
    let typed = "Línea 1\nLínea 2\tcon tabulación, \\ barra y \\N escrito";
    let mut venta = sale(&shop, 1);
    venta["descripcion"] = json!(typed);
    venta["vendedor"] = json!("\\N");
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), venta).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["movimiento"]["id"].as_i64().unwrap();
    let others = futures::stream::iter(0..600).map(|n| {
        let body = sale_of_lines(
            &shop,
            vec![json!({"descripcion": format!("Arreglo {n}"), "subtotal": 10})],
        );
        let (app, token) = (&app, shop.seller.as_str());
        async move {
            let (status, answer) = app.post("/api/movimientos", Some(token), body).await;
            assert_eq!(status, StatusCode::CREATED, "{answer}");
        }
    });
    others.buffer_unordered(8).collect::<Vec<()>>().await;
    app.caught_up().await;
    let stored = || async {
        sqlx::query_as::<_, (Option<String>, Option<String>)>(
            "select descripcion, vendedor from movements where id = $1",
        )
        .bind(id)
        .fetch_one(&pool)
        .await
        .unwrap()
    };
    let live = stored().await;
    assert_eq!(live.1.as_deref(), Some("\\N"), "{live:?}");
    assert_eq!(answer["movimiento"]["descripcion"].as_str(), live.0.as_deref());
    assert!(
        live.0
            .as_deref()
            .is_some_and(|d| d.contains("\\ barra") && d.contains("\\N escrito")),
        "{live:?}"
    );

    support::replay(&pool, &optica_projections::all(), true).await.unwrap();
    assert_eq!(stored().await, live);
    assert_eq!(scalar::<i64>(&pool, "select count(*) from movements").await, 601);
    assert_eq!(support::verify(&pool, true).await.unwrap(), []);
}
