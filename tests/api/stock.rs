//! Stock beyond sales against a real database: an admin's manual adjustment with its
//! reason and note, in the product's ledger, and the 'Reponer' list of a branch (also as Excel).

use crate::common::shop::stock;
use crate::common::{sheet_rows, TestApp};
use axum::http::StatusCode;
use calamine::Data;
use serde_json::{json, Value};
use sqlx::PgPool;

fn ajuste(local: i64, cantidad: i64, motivo: &str, nota: Option<&str>) -> Value {
    json!({"localId": local, "cantidad": cantidad, "motivo": motivo, "nota": nota})
}

#[sqlx::test]
async fn a_manual_adjustment_is_an_admins_with_its_reason_and_note_in_the_ledger(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let path = format!("/api/productos/{}/ajustes", shop.armazon);
    let (_, motivos) = app.get("/api/stock/motivos", Some(&shop.seller)).await;
    let nombres: Vec<&str> = motivos
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|m| m["nombre"].as_str())
        .collect();
    assert_eq!(
        nombres,
        [
            "Rotura",
            "Robo o pérdida",
            "Uso interno",
            "Devolución a proveedor",
            "Corrección"
        ]
    );

    let broken = ajuste(shop.centro, -1, "Rotura", Some(" Se cayó del exhibidor "));
    let (status, _) = app.post(&path, Some(&shop.seller), broken.clone()).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = app.post(&path, Some(&shop.admin), broken).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["mensaje"], "El stock ha sido ajustado!");
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(9));

    // Refused in Spanish, and nothing changes.
    for (body, error) in [
        (
            ajuste(shop.centro, 1, "RoboOPerdida", None),
            "«Robo o pérdida» resta stock: la cantidad debe ser negativa",
        ),
        (
            ajuste(shop.centro, -10, "UsoInterno", None),
            "El ajuste dejaría el stock de RB2140 por debajo de 0.",
        ),
        (
            ajuste(shop.centro, 0, "Correccion", None),
            "La cantidad del ajuste no puede ser 0",
        ),
        (
            ajuste(shop.centro, -1, "Venta", None),
            "El motivo debe ser rotura, robo o pérdida, uso interno, devolución a proveedor o corrección",
        ),
        (
            ajuste(shop.norte, -1, "Rotura", None),
            &format!(
                "El producto no se ofrece en el local {}: agregalo al local desde el formulario del producto.",
                shop.norte
            ),
        ),
    ] {
        let (status, answer) = app.post(&path, Some(&shop.admin), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["errors"], json!([error]));
    }
    let (status, _) = app
        .post(
            &path,
            Some(&shop.admin),
            json!({"localId": shop.centro, "cantidad": -1, "motivo": "Inventado"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(stock(&app, shop.armazon, shop.centro).await, Some(9));

    // The ledger says why, with the note.
    let (_, libro) = app
        .get(&format!("/api/auditoria/stock/{}", shop.armazon), Some(&shop.admin))
        .await;
    let last = libro.as_array().and_then(|l| l.last()).cloned().unwrap_or_default();
    assert_eq!(
        (
            last["motivo"].as_str(),
            last["cantidad"].as_i64(),
            last["nota"].as_str()
        ),
        (Some("Rotura"), Some(-1), Some("Se cayó del exhibidor")),
        "{libro}"
    );
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn the_reorder_list_shows_what_is_at_or_below_its_point_with_its_supplier(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let minimo = |producto: i64, minimo: Value| {
        let path = format!("/api/productos/{producto}/minimo");
        let body = json!({"localId": shop.centro, "minimo": minimo});
        let token = shop.admin.clone();
        let app = &app;
        async move { app.put(&path, Some(&token), body).await }
    };
    // The frame (10 in stock) at its point of 10; the lens (5) above its point of 2.
    let (status, body) = minimo(shop.armazon, json!(10)).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let local = body["producto"]["productoLocales"][0].clone();
    assert_eq!(
        (local["stock"].as_i64(), local["minimo"].as_i64()),
        (Some(10), Some(10)),
        "{body}"
    );
    assert_eq!(minimo(shop.lente, json!(2)).await.0, StatusCode::OK);
    let (status, body) = minimo(shop.lente, json!(-1)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["errors"],
        json!(["El punto de pedido debe estar entre 0 y 1000000 unidades"])
    );
    let (status, _) = app
        .put(
            &format!("/api/productos/{}/minimo", shop.armazon),
            Some(&shop.seller),
            json!({"localId": shop.centro, "minimo": 1}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, list) = app.get("/api/reponer", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["totalElements"], 1, "{list}");
    let row = &list["content"][0];
    assert_eq!(
        (
            row["modelo"].as_str(),
            row["stock"].as_i64(),
            row["minimo"].as_i64(),
            row["faltan"].as_i64(),
            row["proveedores"].as_str()
        ),
        (Some("RB2140"), Some(10), Some(10), Some(1), Some("Opti SA")),
        "{row}"
    );
    // Costs are the admins': a product with one, at its point, shows it to them only.
    let caro = shop.product(&app, "Caro", shop.otra_marca, &[(shop.centro, 1)]).await;
    assert_eq!(minimo(caro, json!(1)).await.0, StatusCode::OK);
    let cost_of = |list: &Value| {
        let rows = list["content"].as_array().cloned().unwrap_or_default();
        rows.iter()
            .find(|r| r["productoId"] == caro)
            .map(|r| r["costoCents"].clone())
    };
    let (_, theirs) = app.get("/api/reponer", Some(&shop.seller)).await;
    assert_eq!(
        cost_of(&theirs),
        Some(Value::Null),
        "a seller never sees costs: {theirs}"
    );
    let (_, admins) = app
        .get(&format!("/api/reponer?localId={}", shop.centro), Some(&shop.admin))
        .await;
    assert_eq!(cost_of(&admins), Some(json!(100000)));
    assert_eq!(minimo(caro, Value::Null).await.0, StatusCode::OK);
    // The north's seller gets the north's list, whatever they ask; an admin must name a branch.
    let seller_norte = app.seller_token("vendedora_norte", shop.norte).await;
    let (_, theirs) = app
        .get(&format!("/api/reponer?localId={}", shop.centro), Some(&seller_norte))
        .await;
    assert_eq!(theirs["totalElements"], 0);
    let (status, _) = app.get("/api/reponer", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Cleared, the frame leaves the list.
    assert_eq!(minimo(shop.armazon, Value::Null).await.0, StatusCode::OK);
    let (_, list) = app
        .get(&format!("/api/reponer?localId={}", shop.centro), Some(&shop.admin))
        .await;
    assert_eq!(list["totalElements"], 0);

    // The Excel to send the supplier: the seller's has no costs.
    assert_eq!(minimo(shop.armazon, json!(12)).await.0, StatusCode::OK);
    let (status, _, bytes) = app.download("/api/reponer/excel", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK);
    let rows = sheet_rows(&bytes, "Reponer");
    let s = |v: &str| Data::String(v.into());
    let n = Data::Float;
    assert_eq!(rows[0][0], s("Reponer en La Cruz"));
    assert_eq!(
        rows[2],
        [
            s("Modelo"),
            s("Marca"),
            s("Proveedores"),
            s("Stock"),
            s("En tránsito"),
            s("Punto de pedido"),
            s("A pedir")
        ]
    );
    assert_eq!(
        rows[3],
        [
            s("RB2140"),
            s("Ray-Ban"),
            s("Opti SA"),
            n(10.0),
            n(0.0),
            n(12.0),
            n(3.0)
        ]
    );
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}
