//! Sales at one busy branch commit together: while one sale holds the branch's receipt counter,
//! the next ones gather and commit in one transaction, still numbered without gaps, and a sale
//! that fails among them does not take the others down.
//!
//! Each test holds the counter's row from a connection of its own, so that the first sale waits
//! on it and the next ones gather behind it; letting go of the row lets them all through.

use std::time::Duration;

use crate::common::shop::{sale, sale_of_lines, stock, Shop};
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection, PgPool};

/// A sale of one additional line (no product, so no stream in common with another sale).
fn line_sale(shop: &Shop, descripcion: &str) -> Value {
    sale_of_lines(shop, vec![json!({"descripcion": descripcion, "subtotal": 10})])
}

/// A connection of the test's own, outside the server's pool (a test pool has five).
async fn connection(pool: &PgPool) -> PgConnection {
    PgConnection::connect_with(pool.connect_options().as_ref())
        .await
        .unwrap()
}

/// Takes the centre's receipt counter row (it exists after a first sale) and holds it until
/// the connection ends its transaction.
async fn hold_counter(pool: &PgPool, shop: &Shop) -> PgConnection {
    let mut holder = connection(pool).await;
    sqlx::query("begin").execute(&mut holder).await.unwrap();
    sqlx::query("select 1 from receipt_counters where local_id = $1 for update")
        .bind(shop.centro)
        .fetch_one(&mut holder)
        .await
        .unwrap();
    holder
}

async fn let_go(mut holder: PgConnection) {
    sqlx::query("rollback").execute(&mut holder).await.unwrap();
}

/// Waits until `test` holds, for up to ten seconds.
async fn until(what: &str, mut test: impl AsyncFnMut() -> bool) {
    for _ in 0..1000 {
        if test().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("waited ten seconds for {what}");
}

/// Waits until a sale waits on the held counter.
async fn blocked(app: &TestApp) {
    let mut watcher = connection(&app.pool).await;
    until("a sale waiting on the counter", async || {
        let waiting: i64 = sqlx::query_scalar(
            "select count(*) from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'",
        )
        .fetch_one(&mut watcher)
        .await
        .unwrap();
        waiting > 0
    })
    .await;
}

/// Waits until `count` sales have gathered behind the one that waits on the counter.
async fn gathered(app: &TestApp, count: usize) {
    until(&format!("{count} sales gathered"), async || {
        app.store.gathered() == count
    })
    .await;
}

/// `body`, posted once a sale waits on the held counter, so that it gathers behind it.
async fn behind(app: &TestApp, token: &str, key: Option<&str>, body: Value) -> (StatusCode, Value) {
    blocked(app).await;
    match key {
        Some(key) => app.post_keyed("/api/movimientos", token, key, body).await,
        None => app.post("/api/movimientos", Some(token), body).await,
    }
}

fn receipt(answer: &(StatusCode, Value)) -> String {
    assert_eq!(answer.0, StatusCode::CREATED, "{}", answer.1);
    answer.1["movimiento"]["comprobante"].as_str().unwrap().to_string()
}

/// The transactions the sales' events were committed in.
async fn transactions(pool: &PgPool) -> i64 {
    sqlx::query_scalar("select count(distinct tx_id) from events where aggregate_type = 'Movimiento'")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test]
async fn sales_that_wait_for_a_busy_counter_commit_together_and_keep_their_numbers(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let first = app
        .post("/api/movimientos", Some(&shop.seller), line_sale(&shop, "Primera"))
        .await;
    assert_eq!(receipt(&first), format!("{:04}-00000001", shop.centro));

    let held = hold_counter(&pool, &shop).await;
    let waiting = app.post("/api/movimientos", Some(&shop.seller), line_sale(&shop, "Segunda"));
    let gathering = (0..6).map(|n| behind(&app, &shop.seller, None, line_sale(&shop, &format!("Reunida {n}"))));
    let all = futures::future::join(waiting, futures::future::join_all(gathering));
    let release = async {
        gathered(&app, 6).await;
        let_go(held).await;
    };
    let ((second, rest), ()) = futures::future::join(all, release).await;

    let mut numbers: Vec<String> = rest.iter().map(receipt).collect();
    numbers.push(receipt(&second));
    numbers.sort();
    let centro = |n: i64| format!("{:04}-{n:08}", shop.centro);
    assert_eq!(numbers, (2..=8).map(centro).collect::<Vec<_>>());
    // The first sale, the one that waited, and the six gathered behind it in one.
    assert_eq!(transactions(&pool).await, 3);
    assert_eq!(app.store.gathered(), 0);
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

/// How many events the frame's stream has committed.
async fn frame_events(conn: &mut PgConnection, shop: &Shop) -> i64 {
    sqlx::query_scalar("select count(*) from events where aggregate_type = 'Producto' and aggregate_id = $1")
        .bind(shop.armazon.to_string())
        .fetch_one(conn)
        .await
        .unwrap()
}

#[sqlx::test]
async fn a_sale_that_lost_its_race_among_gathered_ones_leaves_the_others_committed_without_gaps(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let first = app
        .post("/api/movimientos", Some(&shop.seller), line_sale(&shop, "Primera"))
        .await;
    receipt(&first);
    let path = format!("/api/productos/{}", shop.armazon);
    let (_, mut edit) = app.get(&path, Some(&shop.admin)).await;
    edit["descripcion"] = json!("Armazón de acetato");

    let before = frame_events(&mut connection(&pool).await, &shop).await;

    let held = hold_counter(&pool, &shop).await;
    let waiting = app.post("/api/movimientos", Some(&shop.seller), line_sale(&shop, "Segunda"));
    // A frame's sale gathers; then an admin edits the frame, so the sale's load of it is stale
    // when its batch is written.
    let stale = behind(&app, &shop.seller, None, sale(&shop, 1));
    let others = (0..2).map(|n| behind(&app, &shop.seller, None, line_sale(&shop, &format!("Reunida {n}"))));
    let all = futures::future::join3(waiting, stale, futures::future::join_all(others));
    // The edit's answer waits for the read models, which wait for the sale holding the counter:
    // the row is let go once the edit has committed.
    let edited = app.put(&path, Some(&shop.admin), edit);
    let release = async {
        gathered(&app, 3).await;
        let committed = async {
            let mut watcher = connection(&pool).await;
            until("the frame's edit committed", async || {
                frame_events(&mut watcher, &shop).await > before
            })
            .await;
            let_go(held).await;
        };
        futures::future::join(edited, committed).await.0
    };
    let ((second, stale, others), edited) = futures::future::join(all, release).await;
    assert_eq!(edited.0, StatusCode::CREATED, "{}", edited.1);

    // The frame's sale ran again on the edited frame and was sold all the same.
    let mut numbers: Vec<String> = others.iter().map(receipt).collect();
    numbers.push(receipt(&second));
    numbers.push(receipt(&stale));
    numbers.sort();
    let centro = |n: i64| format!("{:04}-{n:08}", shop.centro);
    assert_eq!(numbers, (2..=5).map(centro).collect::<Vec<_>>());
    // The lost race took only its own sale back: the other two committed together.
    let ids: Vec<String> = others.iter().map(|o| o.1["movimiento"]["id"].to_string()).collect();
    let their: i64 = sqlx::query_scalar(
        "select count(distinct tx_id) from events where aggregate_type = 'Movimiento' and aggregate_id = any($1)",
    )
    .bind(&ids)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(their, 1);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(9));
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn twin_requests_gathered_together_record_one_sale(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let first = app
        .post("/api/movimientos", Some(&shop.seller), line_sale(&shop, "Primera"))
        .await;
    receipt(&first);

    let held = hold_counter(&pool, &shop).await;
    let waiting = app.post("/api/movimientos", Some(&shop.seller), line_sale(&shop, "Segunda"));
    let twice = line_sale(&shop, "Dos veces");
    let twins = (0..2).map(|_| behind(&app, &shop.seller, Some("doble-clic"), twice.clone()));
    let other = behind(&app, &shop.seller, None, line_sale(&shop, "Otra"));
    let all = futures::future::join3(waiting, futures::future::join_all(twins), other);
    let release = async {
        gathered(&app, 3).await;
        let_go(held).await;
    };
    let ((second, twins, other), ()) = futures::future::join(all, release).await;

    let (a, b) = (receipt(&twins[0]), receipt(&twins[1]));
    assert_eq!(a, b, "the twins answer the same sale");
    assert_eq!(twins[0].1["movimiento"]["id"], twins[1].1["movimiento"]["id"]);
    let mut numbers = vec![receipt(&second), a, receipt(&other)];
    numbers.sort();
    let centro = |n: i64| format!("{:04}-{n:08}", shop.centro);
    assert_eq!(numbers, (2..=4).map(centro).collect::<Vec<_>>());
    let sales: i64 = sqlx::query_scalar("select count(*) from movements where local_id = $1")
        .bind(shop.centro)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(sales, 4);
}
