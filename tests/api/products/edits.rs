//! A product's edits: stock changes become corrections, and a form opened before another change never undoes it.

use super::*;

#[sqlx::test]
async fn an_edit_turns_stock_changes_into_corrections_and_a_stale_form_gets_409(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let id = shop.product(&app, "RB3025", shop.marca, &[(shop.centro, 5)]).await;
    let (_, read) = app.get(&format!("/api/productos/{id}"), Some(&shop.admin)).await;
    let version = read["version"].as_i64().unwrap();

    let mut body = shop.body("RB3025 Aviator", shop.marca, &[(shop.centro, 3), (shop.norte, 2)]);
    body["version"] = json!(version);
    let (status, answer) = app
        .put(&format!("/api/productos/{id}"), Some(&shop.admin), body.clone())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "el producto ha sido actualizado!");
    assert_eq!(answer["producto"]["modelo"], "RB3025 Aviator");
    assert_eq!(stock_at(&answer["producto"], shop.centro), Some(3));
    assert_eq!(stock_at(&answer["producto"], shop.norte), Some(2));
    let corrections: Vec<(String, i64, i64)> = sqlx::query_as(
        "select payload->'StockAjustado'->>'motivo', (payload->'StockAjustado'->>'cantidad')::bigint,
                (payload->'StockAjustado'->>'stock_resultante')::bigint
         from events where aggregate_id = $1 and event_type = 'StockAjustado' order by sequence",
    )
    .bind(id.to_string())
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        corrections,
        [
            ("CargaInicial".into(), 5, 5),
            ("CorreccionManual".into(), -2, 3),
            ("CargaInicial".into(), 2, 2)
        ]
    );

    // the same form sent again carries the old version: refused, nothing changes
    body["productoLocales"] = json!([{"local": {"id": shop.centro}, "stock": 9}]);
    let (status, answer) = app.put(&format!("/api/productos/{id}"), Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(answer["mensaje"]
        .as_str()
        .unwrap()
        .starts_with("El producto fue modificado"));
    let (_, read) = app.get(&format!("/api/productos/{id}"), Some(&shop.admin)).await;
    assert_eq!(stock_at(&read, shop.centro), Some(3));

    // renaming onto another product's model + brand is refused
    shop.product(&app, "Otro", shop.marca, &[(shop.centro, 1)]).await;
    let (status, answer) = app
        .put(
            &format!("/api/productos/{id}"),
            Some(&shop.admin),
            shop.body("OTRO", shop.marca, &[(shop.centro, 3)]),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["mensaje"],
        "Ya existe otro producto con el mismo modelo y marca."
    );

    let (status, answer) = app
        .put(
            "/api/productos/777",
            Some(&shop.admin),
            shop.body("X", shop.marca, &[(shop.centro, 1)]),
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        answer["mensaje"],
        "Error: No se pudo editar el producto ID: 777 no existe en la base de datos!"
    );
}

/// Two admins save the same form at once: exactly one edit lands, the other gets 409 and
/// changes nothing.
#[sqlx::test]
async fn of_two_concurrent_edits_of_one_product_one_wins_and_the_other_gets_409(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let id = shop.product(&app, "RB3025", shop.marca, &[(shop.centro, 5)]).await;
    let (_, read) = app.get(&format!("/api/productos/{id}"), Some(&shop.admin)).await;
    let version = read["version"].as_i64().unwrap();
    let edit = |modelo: &str, stock: i64| {
        let mut body = shop.body(modelo, shop.marca, &[(shop.centro, stock)]);
        body["version"] = json!(version);
        body
    };
    let uri = format!("/api/productos/{id}");
    let (first, second) = tokio::join!(
        app.put(&uri, Some(&shop.admin), edit("Primero", 7)),
        app.put(&uri, Some(&shop.admin), edit("Segundo", 9)),
    );
    let mut statuses = [first.0, second.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::CREATED, StatusCode::CONFLICT],
        "{first:?} {second:?}"
    );
    let (winner, stock) = if first.0 == StatusCode::CREATED {
        ("Primero", 7)
    } else {
        ("Segundo", 9)
    };
    let (_, read) = app.get(&uri, Some(&shop.admin)).await;
    assert_eq!(read["modelo"], winner);
    assert_eq!(stock_at(&read, shop.centro), Some(stock));
    let edits: i64 =
        sqlx::query_scalar("select count(*) from events where aggregate_id = $1 and event_type = 'ProductoEditado'")
            .bind(id.to_string())
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(edits, 1);
}

/// The existing front end edits a product without `version`. Its form, opened
/// before a sale, sends the stock it showed: the sale must not be undone. A new count applies.
#[sqlx::test]
async fn an_edit_without_version_keeps_sales_made_since_the_form_opened(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let id = shop.product(&app, "RB1", shop.marca, &[(shop.centro, 5)]).await;
    let uri = format!("/api/productos/{id}");
    sell_one(&app, &shop, id).await;

    // The form opened at 5 saves a new price and the 5 it showed.
    let mut body = shop.body("RB1", shop.marca, &[(shop.centro, 5)]);
    body["precio"] = json!(4000);
    assert!(body.get("version").is_none());
    let (status, answer) = app.put(&uri, Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["producto"]["precio"], 4000.0);
    assert_eq!(stock_at(&answer["producto"], shop.centro), Some(4), "the sale stays");

    // A count that differs from every recent level is a correction.
    let body = shop.body("RB1", shop.marca, &[(shop.centro, 8)]);
    let (_, answer) = app.put(&uri, Some(&shop.admin), body).await;
    assert_eq!(stock_at(&answer["producto"], shop.centro), Some(8));
}
