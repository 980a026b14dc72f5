//! Sales racing each other and themselves: concurrent clients never oversell nor conflict, and one Idempotency-Key makes one movement.

use super::*;

#[sqlx::test]
async fn fifty_concurrent_sales_of_ten_units_sell_exactly_ten(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let requests = (0..50).map(|_| app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)));
    let answers = futures::future::join_all(requests).await;
    let sold = answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
    assert_eq!(sold, 10);
    for (status, answer) in answers.iter().filter(|(s, _)| *s != StatusCode::CREATED) {
        assert_eq!(*status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(
            answer,
            &json!({"mensaje": "Error al crear el movimiento", "error": "Stock insuficiente para el producto: RB2140"})
        );
    }
    crate::common::caught_up(&app.pool).await;
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(0));
    let (movements, units): (i64, Option<i64>) = sqlx::query_as(
        "select count(distinct movimiento_id), sum(cantidad)::bigint from movement_lines where producto_id = $1",
    )
    .bind(shop.armazon)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((movements, units), (10, Some(10)));
    // the events agree: the product's stream ends at 0 after ten sales
    let sales: i64 = sqlx::query_scalar(
        "select count(*) from events where aggregate_type = 'Producto' and aggregate_id = $1
         and payload->'StockAjustado'->>'motivo' = 'Venta'",
    )
    .bind(shop.armazon.to_string())
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(sales, 10);
}

#[sqlx::test]
async fn a_double_submission_with_one_idempotency_key_creates_one_movement(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let send = || {
        let request = Request::post("/api/movimientos")
            .header(header::AUTHORIZATION, format!("Bearer {}", shop.seller))
            .header(header::CONTENT_TYPE, "application/json")
            .header("Idempotency-Key", "venta-42")
            .body(Body::from(sale(&shop, 2).to_string()))
            .unwrap();
        app.send(request)
    };
    let (a, b) = tokio::join!(send(), send());
    let (c, _) = tokio::join!(send(), async {});
    for (status, answer) in [&a, &b, &c] {
        assert_eq!(*status, StatusCode::CREATED, "{answer}");
    }
    assert_eq!(a.1["movimiento"]["id"], b.1["movimiento"]["id"]);
    assert_eq!(a.1["movimiento"]["id"], c.1["movimiento"]["id"]);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(8));
}

/// Sixty-four clients selling one popular product at once: a sale that loses the race for the
/// product's stream runs again, in turn with the other losers, until it wins; none is answered
/// 409 while stock is left.
#[sqlx::test]
#[ignore = "slow lane: scripts/test runs it (cargo test -- --include-ignored)"]
async fn sixty_four_clients_selling_one_product_get_no_conflict(pool: PgPool) {
    let _turn = crate::common::heavy().await;
    use crate::common::server::{request, Server};
    let (app, s) = TestApp::with_shop(pool.clone()).await;
    let producto = s.product(&app, "Popular", s.marca, &[(s.centro, 10_000)]).await;
    let body = crate::common::shop::sale_of(&s, producto, 3600.5, 1);
    let seller = s.seller.clone();
    drop(app);
    let server = Server::start(&pool).await;
    let clients: Vec<_> = (0..64)
        .map(|_| {
            let (seller, body, addr) = (seller.clone(), body.clone(), server.addr);
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                for _ in 0..4 {
                    let answer = request(addr, "POST", "/api/movimientos", Some(&seller), Some(&body)).await;
                    statuses.push(answer.map(|(status, _)| status).unwrap_or(0));
                }
                statuses
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for client in clients {
        statuses.extend(client.await.unwrap());
    }
    let refused: Vec<u16> = statuses.iter().copied().filter(|s| *s != 201).collect();
    assert_eq!(refused, Vec::<u16>::new(), "of {} sales", statuses.len());
    server.kill();
}
