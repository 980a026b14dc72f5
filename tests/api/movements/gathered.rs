//! Sales that reach their commits at the same moment are written together, in one transaction
//! (`store/gather/`). Each must keep what it would have alone: its own receipt number with no
//! gap, its key answering it once, its ledger rows, its stock; and a refused sale among them
//! must change nothing of the others. To make them gather, the branches' receipt counters are
//! held from another connection while two sales wait on them (every batch slot busy), and the
//! rest arrive meanwhile.

use std::time::Duration;

use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

use crate::common::shop::{sale_of, Shop};
use crate::common::TestApp;

fn today() -> String {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive()
        .to_string()
}

/// A sale of one unit of `producto` at `local`, dated today.
fn sale_at(shop: &Shop, producto: i64, local: i64) -> Value {
    let mut body = sale_of(shop, producto, 3600.5, 1);
    let fecha = format!("{}T10:30", today());
    body["fecha"] = json!(fecha);
    body["local"] = json!({"id": local});
    body["cajaMovimientos"][0]["fecha"] = json!(fecha);
    body
}

/// Waits until `n` of the database's connections wait on a lock.
async fn waiting_on_locks(pool: &PgPool, n: i64) {
    for _ in 0..500 {
        let waiting: i64 = sqlx::query_scalar(
            "select count(*) from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'",
        )
        .fetch_one(pool)
        .await
        .unwrap();
        if waiting >= n {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{n} connections never waited on the counters");
}

/// Runs `burst` while both batch slots wait on the held counters (a sale of `base` at the
/// centre and one of `other` at a third branch), then lets them go: answers the burst's
/// answers.
async fn gathered(
    app: &TestApp,
    shop: &Shop,
    held: Held,
    burst: Vec<(String, String, Value)>,
) -> Vec<(StatusCode, Value)> {
    let mut holder = app.pool.begin().await.unwrap();
    sqlx::query("select * from receipt_counters for update")
        .execute(&mut *holder)
        .await
        .unwrap();
    let token = shop.premises.admin.as_str();
    let first = app.post_keyed(
        "/api/movimientos",
        token,
        "bloqueo-1",
        sale_at(shop, held.base, shop.centro),
    );
    let second = async {
        waiting_on_locks(&app.pool, 1).await;
        let body = sale_at(shop, held.other, held.sur);
        app.post_keyed("/api/movimientos", token, "bloqueo-2", body).await
    };
    let rest = async {
        waiting_on_locks(&app.pool, 2).await;
        let sent = burst
            .iter()
            .map(|(user, key, body)| app.post_keyed("/api/movimientos", user, key, body.clone()));
        futures::future::join_all(sent).await
    };
    let release = async {
        waiting_on_locks(&app.pool, 2).await;
        // The burst's sales reach their commits and queue behind the two busy slots.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        holder.commit().await.unwrap();
    };
    let (first, second, answers, ()) = tokio::join!(first, second, rest, release);
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    assert_eq!(second.0, StatusCode::CREATED, "{}", second.1);
    answers
}

/// The receipt numbers of a branch's sales, in order.
async fn numbers(pool: &PgPool, local: i64) -> Vec<i64> {
    sqlx::query_scalar("select numero from receipts where local_id = $1 order by numero")
        .bind(local)
        .fetch_all(pool)
        .await
        .unwrap()
}

/// The test's database with room for the held connections: the usual test pool's five would
/// be taken by the holder, the two waiting batches and the burst's parallel reads.
async fn roomy(options: PgPoolOptions, connect: PgConnectOptions) -> PgPool {
    options.max_connections(16).connect_with(connect).await.unwrap()
}

/// The most sales that committed in one transaction.
async fn most_sales_in_one_transaction(pool: &PgPool) -> i64 {
    sqlx::query_scalar(
        "select coalesce(max(n), 0) from (
             select count(distinct aggregate_id) as n from events
             where aggregate_type = 'Movimiento' group by tx_id) t",
    )
    .fetch_one(pool)
    .await
    .unwrap()
}

/// The products of the sales that hold the batch slots: `base` at the centre and `other` at
/// `sur`, a third branch.
#[derive(Clone, Copy)]
struct Held {
    base: i64,
    other: i64,
    sur: i64,
}

/// The shop and a third branch, `sur`, with `count` products of five units at all three; a
/// `base` product of ten sold once at the centre and the north and an `other` of ten sold once at
/// `sur`, so that every receipt counter exists and can be held.
async fn selling(pool: &PgPool, count: usize) -> (TestApp, Shop, Vec<i64>, Held) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let p = &shop.premises;
    let (status, body) = app
        .post(
            "/api/local",
            Some(&p.admin),
            json!({"nombre": "Sur", "direccion": "Ruta 3", "celular": "3"}),
        )
        .await;
    assert!(status.is_success(), "{body}");
    let sur = body["local"]["id"].as_i64().unwrap();
    let mut products = Vec::new();
    for n in 0..count {
        let stock = [(p.centro, 5), (p.norte, 5), (sur, 5)];
        products.push(p.product(&app, &format!("G{n}"), p.marca, &stock).await);
    }
    let base = p.product(&app, "G", p.marca, &[(p.centro, 10), (p.norte, 10)]).await;
    let other = p.product(&app, "H", p.marca, &[(sur, 10)]).await;
    for (producto, local) in [(base, p.centro), (base, p.norte), (other, sur)] {
        let (status, body) = app
            .post("/api/movimientos", Some(&p.admin), sale_at(&shop, producto, local))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    (app, shop, products, Held { base, other, sur })
}

#[sqlx::test]
async fn sales_committed_together_keep_each_its_number_key_ledger_and_stock(
    options: PgPoolOptions,
    connect: PgConnectOptions,
) {
    let pool = roomy(options, connect).await;
    let (app, shop, products, held) = selling(&pool, 8).await;
    let p = &shop.premises;
    app.caught_up().await;

    // Eight sales over both branches, the first three sent twice with the same key (a double
    // click), all at once.
    let mut burst = Vec::new();
    for (n, producto) in products.iter().enumerate() {
        let local = if n % 2 == 0 { p.centro } else { p.norte };
        let key = format!("venta-{n}");
        burst.push((p.admin.clone(), key.clone(), sale_at(&shop, *producto, local)));
        if n < 3 {
            burst.push((p.admin.clone(), key, sale_at(&shop, *producto, local)));
        }
    }
    // And one of the product the first waiting sale sells: loaded before that sale commits, it
    // loses its stream to it and runs again, without taking the others' batch down.
    burst.push((
        p.admin.clone(),
        "venta-tarde".into(),
        sale_at(&shop, held.base, p.centro),
    ));
    let answers = gathered(&app, &shop, held, burst).await;
    for (status, body) in &answers {
        assert_eq!(*status, StatusCode::CREATED, "{body}");
    }
    let ids: Vec<i64> = answers
        .iter()
        .map(|(_, b)| b["movimiento"]["id"].as_i64().unwrap())
        .collect();
    // A twin answers its first request's sale.
    assert_eq!((ids[0], ids[2], ids[4]), (ids[1], ids[3], ids[5]), "{answers:?}");
    let mut distinct = ids[..ids.len() - 1].to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), 8);
    assert!(
        most_sales_in_one_transaction(&pool).await >= 2,
        "the burst's sales never committed together"
    );

    // Gapless per branch: at the centre the first sale, the one that waited and the burst's
    // five; at the north the first and the burst's four.
    assert_eq!(numbers(&pool, p.centro).await, (1..=7).collect::<Vec<_>>());
    assert_eq!(crate::common::shop::stock(&app, held.base, p.centro).await, Some(7));
    assert_eq!(numbers(&pool, p.norte).await, (1..=5).collect::<Vec<_>>());
    assert_eq!(numbers(&pool, held.sur).await, vec![1, 2]);
    // Each key's row says where its own sale's last event landed (its product's, after the
    // movement's own), not where another sale of the transaction did.
    let keys_off: i64 = sqlx::query_scalar(
        "with m as (select k.key, k.tx_id, k.position,
                           (select max(e.position) from events e
                            where e.aggregate_type = 'Movimiento' and e.aggregate_id = k.answer::text) as own
                    from idempotency_keys k where k.key like '%:venta-%')
         select count(*) from m
         where m.position < m.own
            or not exists (select 1 from events e where e.position = m.position
                           and e.tx_id::text::bigint = m.tx_id and e.aggregate_type = 'Producto')
            or exists (select 1 from events e where e.aggregate_type = 'Movimiento'
                       and e.position > m.own and e.position <= m.position)",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(keys_off, 0);
    // Each sale's cash is in the ledger once, and each product gave one unit.
    let ledger: Vec<(i64, i64)> = sqlx::query_as(
        "select movimiento_id, sum(cents)::bigint from cash_ledger where movimiento_id = any($1)
         group by movimiento_id",
    )
    .bind(&distinct)
    .fetch_all(&pool)
    .await
    .unwrap();
    assert_eq!(ledger.len(), 8);
    assert!(ledger.iter().all(|(_, cents)| *cents == 360_050), "{ledger:?}");
    for (n, producto) in products.iter().enumerate() {
        let local = if n % 2 == 0 { p.centro } else { p.norte };
        assert_eq!(crate::common::shop::stock(&app, *producto, local).await, Some(4));
    }
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn a_refused_sale_among_others_committing_together_changes_nothing_of_theirs(
    options: PgPoolOptions,
    connect: PgConnectOptions,
) {
    let pool = roomy(options, connect).await;
    let (app, shop, products, held) = selling(&pool, 5).await;
    let p = &shop.premises;
    // The north's cash of today is closed.
    let day = format!("/api/caja/{}/{}", p.norte, today());
    let (status, body) = app
        .post(&format!("{day}/apertura"), Some(&p.admin), json!({"fondo": []}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let counted = json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 3600.5}]});
    let (status, body) = app.post(&format!("{day}/cierre"), Some(&p.admin), counted).await;
    assert_eq!(body["caja"]["estado"], "CERRADA", "{status} {body}");
    app.caught_up().await;

    // Two sales at the centre, two at the south and one at the closed north, all at once. The
    // north's waits for no batch in flight, so whichever of the two held batches ends first
    // takes it with its own branch's two.
    let mut burst: Vec<(String, String, Value)> = products[..4]
        .iter()
        .enumerate()
        .map(|(n, producto)| {
            let local = if n % 2 == 0 { p.centro } else { held.sur };
            (p.admin.clone(), format!("venta-{n}"), sale_at(&shop, *producto, local))
        })
        .collect();
    burst.insert(
        2,
        (p.admin.clone(), "norte".into(), sale_at(&shop, products[4], p.norte)),
    );
    let answers = gathered(&app, &shop, held, burst).await;
    let (status, refused) = &answers[2];
    assert_eq!(*status, StatusCode::CONFLICT, "{refused}");
    assert!(
        refused["mensaje"]
            .as_str()
            .is_some_and(|m| m.starts_with("La caja del ") && m.contains("ya está cerrada")),
        "{refused}"
    );
    for (status, body) in answers.iter().enumerate().filter(|(n, _)| *n != 2).map(|(_, a)| a) {
        assert_eq!(*status, StatusCode::CREATED, "{body}");
    }
    // The refused sale took no number, no stock, no cash; the others took theirs.
    assert_eq!(numbers(&pool, p.centro).await, (1..=4).collect::<Vec<_>>());
    assert_eq!(numbers(&pool, held.sur).await, (1..=4).collect::<Vec<_>>());
    assert_eq!(numbers(&pool, p.norte).await, vec![1]);
    assert_eq!(crate::common::shop::stock(&app, products[4], p.norte).await, Some(5));
    let north_cash: i64 =
        sqlx::query_scalar("select coalesce(sum(cents), 0)::bigint from cash_ledger where local_id = $1")
            .bind(p.norte)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(north_cash, 360_050);
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

/// Holds branch `local`'s receipt counter from a transaction of its own until it commits.
async fn hold_counter(pool: &PgPool, local: i64) -> sqlx::Transaction<'static, sqlx::Postgres> {
    let mut holder = pool.begin().await.unwrap();
    sqlx::query("select * from receipt_counters where local_id = $1 for update")
        .bind(local)
        .execute(&mut *holder)
        .await
        .unwrap();
    holder
}

#[sqlx::test]
async fn a_sale_whose_batch_committed_is_answered_while_both_batch_slots_stay_busy(
    options: PgPoolOptions,
    connect: PgConnectOptions,
) {
    let pool = roomy(options, connect).await;
    let (mut app, shop, products, held) = selling(&pool, 1).await;
    // The held counters keep the projector from the sale's events (a transaction older than
    // them is still open), so its answer comes once this short wait is over.
    app.state.read_wait = Duration::from_millis(300);
    app.router = optica::app(app.state.clone());
    let p = &shop.premises;
    let token = p.admin.as_str();
    app.caught_up().await;
    let centro = hold_counter(&app.pool, p.centro).await;
    let sur = hold_counter(&app.pool, held.sur).await;

    // Both batch slots wait on a held counter: a sale at the centre and one at the south.
    let first = app.post_keyed(
        "/api/movimientos",
        token,
        "bloqueo-1",
        sale_at(&shop, held.base, p.centro),
    );
    let second = async {
        waiting_on_locks(&app.pool, 1).await;
        let body = sale_at(&shop, held.other, held.sur);
        app.post_keyed("/api/movimientos", token, "bloqueo-2", body).await
    };
    // Then a sale at the north, whose counter is free, and one of the same product at the
    // centre, which waits for a later batch (its stream is in the north's).
    let (answered, answered_in_time) = tokio::sync::oneshot::channel();
    let north = async {
        waiting_on_locks(&app.pool, 2).await;
        let body = sale_at(&shop, products[0], p.norte);
        let answer = app.post_keyed("/api/movimientos", token, "norte", body).await;
        let _ = answered.send(());
        answer
    };
    let centre = async {
        waiting_on_locks(&app.pool, 2).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let body = sale_at(&shop, products[0], p.centro);
        app.post_keyed("/api/movimientos", token, "centro", body).await
    };
    // The south's batch ends, and its task writes the north's sale, then the centre's, which
    // waits on the centre's counter: the north's sale is committed, and its answer must not
    // wait for a batch slot to come free.
    let control = async {
        waiting_on_locks(&app.pool, 2).await;
        tokio::time::sleep(Duration::from_millis(1500)).await;
        sur.commit().await.unwrap();
        let in_time = tokio::time::timeout(Duration::from_secs(10), answered_in_time)
            .await
            .is_ok();
        centro.commit().await.unwrap();
        in_time
    };
    let (first, second, north, centre, in_time) = tokio::join!(first, second, north, centre, control);
    assert!(in_time, "the north's committed sale waited for the centre's counter");
    for (status, body) in [&first, &second, &north, &centre] {
        assert_eq!(*status, StatusCode::CREATED, "{body}");
    }
    assert_eq!(numbers(&pool, p.centro).await, vec![1, 2, 3]);
    assert_eq!(numbers(&pool, p.norte).await, vec![1, 2]);
    assert_eq!(numbers(&pool, held.sur).await, vec![1, 2]);
}
