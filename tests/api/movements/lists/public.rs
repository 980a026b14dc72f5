//! What anyone may read: an order's state through its signed link, and the shop's contact details and branches.

use super::*;

#[sqlx::test]
async fn the_public_status_tells_the_state_and_which_order_only_to_the_signed_link(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let Day { shop, venta, gasto } = day(&app).await;
    let (_, movimiento) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let codigo = movimiento["codigoEstado"].as_str().unwrap().to_string();

    let (status, answer) = app.get(&format!("/api/movimientos/estado/{codigo}"), None).await;
    assert_eq!(status, StatusCode::OK);
    // Which order it is (its day and branch), and nothing personal.
    assert_eq!(
        answer,
        json!({"estadoMovimiento": "PEDIDO_CRISTALES", "fecha": "2026-11-21", "local": "La Cruz"}),
        "nothing personal"
    );

    // Anonymous callers read only the order's number and state (the existing front end's old
    // links), and cannot reach another order from this link.
    let (status, answer) = app.get(&format!("/api/movimientos/{venta}"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer, json!({"id": venta, "estadoMovimiento": "PEDIDO_CRISTALES"}));
    let forged = codigo.replacen(&venta.to_string(), &gasto.to_string(), 1);
    let (status, answer) = app.get(&format!("/api/movimientos/estado/{forged}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(
        answer["mensaje"],
        "No encontramos ese pedido. Revise el enlace que le enviamos."
    );
    let (status, _) = app.get(&format!("/api/movimientos/estado/{venta}"), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The seller moves the order along from the edit form; the page follows.
    let mut body = movimiento.clone();
    body["estadoMovimiento"] = json!("ANTEOJO_TERMINADO");
    let (status, answer) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.seller), body)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (_, answer) = app.get(&format!("/api/movimientos/estado/{codigo}"), None).await;
    assert_eq!(
        answer,
        json!({"estadoMovimiento": "ANTEOJO_TERMINADO", "fecha": "2026-11-21", "local": "La Cruz"})
    );
    let kinds: Vec<String> = sqlx::query_scalar(
        "select event_type from events where aggregate_type = 'Movimiento' and aggregate_id = $1 order by sequence",
    )
    .bind(venta.to_string())
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(kinds.last().unwrap(), "EstadoCambiado", "{kinds:?}");
    // The stock did not move twice: the edit changed only the state.
    let stock: i64 = sqlx::query_scalar("select stock from product_stock where producto_id = $1 and local_id = $2")
        .bind(shop.armazon)
        .bind(shop.centro)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stock, 9);
}

/// The shop's contact details come from the settings and its branches from the branch lookups,
/// for anyone.
#[sqlx::test]
async fn the_shops_contact_details_and_branches_are_public(pool: PgPool) {
    let mut app = TestApp::start(pool).await;
    shop(&app).await;
    app.state.shop = std::sync::Arc::new(optica::config::ShopSettings {
        nombre: "Óptica Sur".into(),
        telefono: Some("+54 3772 123456".into()),
        whatsapp: Some("+54 9 3772 123456".into()),
        instagram: None,
        facebook: Some(" ".into()),
        logo: None,
        max_seller_discount: None,
    });
    app.router = optica::app(app.state.clone());
    let (status, tienda) = app.get("/api/tienda", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(tienda["nombre"], "Óptica Sur");
    assert_eq!(tienda["whatsapp"], "5493772123456");
    assert_eq!(tienda["facebook"], Value::Null);
    assert_eq!(
        tienda["locales"][0],
        json!({"nombre": "La Cruz", "direccion": "Calle 1",
               "mapa": "https://www.google.com/maps/search/?api=1&query=%C3%93ptica%20Sur%20La%20Cruz%20Calle%201"})
    );
    assert_eq!(tienda["locales"].as_array().unwrap().len(), 2, "{tienda}");
}
