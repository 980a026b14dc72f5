//! The cash ledger follows every movement, a sale racing the closing is counted or refused, and money lands only on a day someone will count.

// Cents are written as pesos_cents (1000_50 is 1000.50).
#![allow(clippy::inconsistent_digit_grouping)]

use super::*;

/// The ledger a count reads is what the events say, through edits that move a payment to
/// another day, change its method or surcharge, expenses and deletions; `optica verify` tells
/// when it is not.
#[sqlx::test]
async fn the_cash_ledger_follows_every_movement_and_verify_checks_it(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let venta = crate::common::shop::sold(&app, &shop, 2).await;
    let gasto = recorded(&app, &shop.admin, expense(&shop, 300.0)).await;
    let borrada = crate::common::shop::sold(&app, &shop, 1).await;
    // A payment of yesterday: an admin's, into yesterday's open cash.
    open_days(&app, &shop, &[&yesterday()]).await;
    let mut moved = sale(&shop, 2);
    moved["cajaMovimientos"] = json!([
        {"monto": 1000.0, "montoImpuesto": 1000.0, "metodoPago": {"id": shop.efectivo}, "fecha": format!("{}T10:30", today())},
        {"monto": 500.0, "montoImpuesto": 550.1, "metodoPago": {"id": shop.tarjeta}, "fecha": format!("{}T09:00", yesterday())}
    ]);
    moved["totalImpuesto"] = json!(1550.1);
    let (status, body) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.admin), moved)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let (status, _) = app
        .delete(&format!("/api/movimientos/{borrada}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let ledger: Vec<(i64, String, i64, i64)> =
        sqlx::query_as("select movimiento_id, dia::text, metodo_pago_id, cents from cash_ledger order by 1, 2, 3")
            .fetch_all(&pool)
            .await
            .unwrap();
    assert_eq!(
        ledger,
        vec![
            (venta, yesterday(), shop.tarjeta, 550_10),
            (venta, today(), shop.efectivo, 1000_00),
            (gasto, today(), shop.efectivo, -300_00),
        ]
    );
    verify_clean(&pool).await;
    // A ledger that drifted from the events is reported.
    sqlx::query("update cash_ledger set cents = cents + 1 where movimiento_id = $1")
        .bind(gasto)
        .execute(&pool)
        .await
        .unwrap();
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert_eq!(differences.len(), 2, "{differences:?}");
    assert!(differences.iter().all(|d| d.table == "cash_ledger"), "{differences:?}");
}

/// Sales racing a closing: each sale that succeeded is in the closing's expected figure, and
/// every sale after it was refused. Never a sale that is in the day but not in its closing.
#[sqlx::test]
async fn a_sale_racing_the_closing_is_either_counted_or_refused(pool: PgPool) {
    let app = Arc::new(TestApp::start(pool.clone()).await);
    let shop = Arc::new(shop(&app).await);
    let mut sales = Vec::new();
    for _ in 0..10 {
        let (app, shop) = (app.clone(), shop.clone());
        sales.push(tokio::spawn(async move {
            let (status, body) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)).await;
            (status, body)
        }));
    }
    let close = {
        let (app, shop) = (app.clone(), shop.clone());
        tokio::spawn(async move {
            let body = json!({"contado": [], "motivo": "Cierre durante ventas"});
            app.post(&format!("{}/cierre", day_path(&shop)), Some(&shop.seller), body)
                .await
        })
    };
    let mut sold = 0;
    for s in sales {
        let (status, body) = s.await.unwrap();
        match status {
            StatusCode::CREATED => sold += 1,
            // refused: the day was closed, or other sales of the frame kept winning its stream
            StatusCode::CONFLICT => {}
            other => panic!("{other}: {body}"),
        }
    }
    let (status, closed) = close.await.unwrap();
    assert_eq!(status, StatusCode::OK, "{closed}");
    let (_, esperado, _, _) = method(&closed["caja"], shop.efectivo);
    assert_eq!(esperado.as_f64(), Some(1000.5 * sold as f64), "sold {sold}: {closed}");
    // and the day's payments in the read model are exactly those
    let cents: Option<i64> = sqlx::query_scalar(
        "select sum(monto_impuesto_cents)::bigint from movement_payments where fecha::date = $1::date",
    )
    .bind(today())
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(cents.unwrap_or(0), 1000_50 * sold);
    verify_clean(&pool).await;
}

/// The cash day of `dia` at the centre where the money of a movement landed.
async fn ledger_days(pool: &PgPool, movimiento: i64) -> Vec<String> {
    sqlx::query_scalar("select dia::text from cash_ledger where movimiento_id = $1 order by dia")
        .bind(movimiento)
        .fetch_all(pool)
        .await
        .unwrap()
}

/// No money lands on a day nobody is going to count: a seller's payments belong to the moment
/// they are recorded, whatever date the form carries; nobody dates a payment in the future; an
/// admin records money on a past day only into a day whose cash is open; and every past day
/// holding money that no closing counted is listed for the admins ("Días sin cerrar").
#[sqlx::test]
async fn money_lands_only_on_a_day_someone_will_count(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let today = app.state.today();
    let days_ago = |n: i64| (today - chrono::Duration::days(n)).to_string();
    let dated = |venta: &str, pago: &str| {
        let mut body = sale(&shop, 1);
        body["fecha"] = json!(format!("{venta}T10:00"));
        body["cajaMovimientos"][0]["fecha"] = json!(format!("{pago}T10:00"));
        body
    };

    // A seller's sale of today with a payment dated 8 days back, or tomorrow: today's money.
    for pago in [days_ago(8), days_ago(-1), days_ago(-40)] {
        let id = recorded(&app, &shop.seller, dated(&today.to_string(), &pago)).await;
        assert_eq!(ledger_days(&pool, id).await, [today.to_string()], "paid on {pago}");
    }
    // An admin never dates one in the future, nor on a past day whose cash is not open.
    let (status, answer) = app
        .post(
            "/api/movimientos",
            Some(&shop.admin),
            dated(&today.to_string(), &days_ago(-30)),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer.to_string().contains("no puede tener fecha futura"), "{answer}");
    let past = days_ago(8);
    let (status, answer) = app
        .post("/api/movimientos", Some(&shop.admin), dated(&past, &past))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(answer.to_string().contains("no está abierta"), "{answer}");
    let (status, answer) = app
        .post(
            "/api/movimientos",
            Some(&shop.admin),
            dated(&today.to_string(), "2100-01-01"),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");

    // Opened, the past day takes the admin's payment, and shows among the days not closed.
    let path = format!("/api/caja/{}/{past}", shop.centro);
    let (status, opened) = app
        .post(&format!("{path}/apertura"), Some(&shop.admin), json!({"fondo": []}))
        .await;
    assert_eq!(status, StatusCode::OK, "{opened}");
    let id = recorded(&app, &shop.admin, dated(&past, &past)).await;
    assert_eq!(ledger_days(&pool, id).await, std::slice::from_ref(&past));
    let (status, _) = app.get("/api/caja/sin-cerrar", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, open) = app.get("/api/caja/sin-cerrar", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{open}");
    assert_eq!(
        open,
        json!([{"localId": shop.centro, "local": "La Cruz", "fecha": past, "estado": "ABIERTA",
                "neto": 1000.5, "movimientos": 1}])
    );
    // Closed, it leaves the list.
    close_with_a_sale_counted(&app, &shop, &path, &shop.admin).await;
    let (_, open) = app.get("/api/caja/sin-cerrar", Some(&shop.admin)).await;
    assert_eq!(open, json!([]));
}
