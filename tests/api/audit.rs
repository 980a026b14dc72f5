//! The audit API against a real database: the log with its filters and pages, a product's stock
//! ledger with its running balance, an entity's history, and entities as they stood at a moment.

use crate::common::shop::sale;
use crate::common::{numbers, scalar, texts, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

fn resumenes(page: &Value) -> Vec<String> {
    page["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["resumen"].as_str().unwrap().to_string())
        .collect()
}

#[sqlx::test]
async fn the_log_is_for_admins_newest_first_filtered_and_paged(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (_, sold) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 3)).await;
    let venta = sold["movimiento"]["id"].as_i64().unwrap();
    let admin = Some(shop.admin.as_str());
    let events = crate::common::event_count(&pool).await;

    let (status, page) = app.get("/api/auditoria?size=5", admin).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        (
            page["totalElements"].as_i64(),
            page["content"].as_array().unwrap().len()
        ),
        (Some(events), 5)
    );
    // newest first: the sale's stock change and the sale itself, appended together, each named
    // as a person knows it (the product by model and brand, the sale by its receipt)
    let newest = resumenes(&page);
    let (_, producto) = app.get(&format!("/api/productos/{}", shop.armazon), admin).await;
    let producto = format!(
        "{} {}",
        producto["modelo"].as_str().unwrap(),
        producto["marca"]["nombre"].as_str().unwrap()
    );
    let (_, vendido) = app.get(&format!("/api/movimientos/{venta}"), admin).await;
    let comprobante = vendido["comprobante"].as_str().unwrap();
    assert!(
        newest.contains(&format!(
            "Producto {producto} (#{}), local La Cruz: stock -3 (Venta) → 7",
            shop.armazon
        )),
        "{newest:?}"
    );
    assert!(
        newest.contains(&format!(
            "Movimiento N° {comprobante} (#{venta}) registrado: ENTRADA por $ 3.001,50 en el local La Cruz"
        )),
        "{newest:?}"
    );
    let positions: Vec<i64> = numbers(&page["content"], "posicion");
    assert!(positions.windows(2).all(|w| w[0] > w[1]), "{positions:?}");

    let count = |query: String| {
        let app = &app;
        async move {
            let (status, page) = app.get(&format!("/api/auditoria?{query}"), admin).await;
            assert_eq!(status, StatusCode::OK, "{query}: {page}");
            page["totalElements"].as_i64().unwrap()
        }
    };
    // the sale and its receipt number
    assert_eq!(count("tipo=Movimiento".into()).await, 2);
    assert_eq!(
        count(format!("tipo=Producto&id={}", shop.armazon)).await,
        4,
        "created, offered at the centre, initial stock, sale"
    );
    // the patient, the sale, its receipt number and its stock change
    assert_eq!(count("usuario=vendedor".into()).await, 4);
    assert_eq!(count("evento=StockAjustado".into()).await, 3);
    // every filter takes what the table shows: the labels of kinds and events
    assert_eq!(count("evento=Stock%20ajustado".into()).await, 3);
    assert_eq!(count("evento=%20stock%20AJUSTADO%20".into()).await, 3);
    assert_eq!(
        count("tipo=M%C3%A9todo%20de%20pago".into()).await,
        2,
        "Efectivo and Tarjeta"
    );
    assert_eq!(count("tipo=MetodoPago".into()).await, 2);
    assert_eq!(count("tipo=Material".into()).await, 1, "Acetato");
    assert_eq!(count("tipo=Categor%C3%ADa&evento=Item%20creado".into()).await, 2);
    let (status, answer) = app.get("/api/auditoria?tipo=Receta", admin).await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (
            StatusCode::BAD_REQUEST,
            Some("No hay entidades de tipo 'Receta' en la auditoría.")
        )
    );
    assert_eq!(count(format!("local={}&evento=StockAjustado", shop.norte)).await, 0);
    assert_eq!(count("desde=2000-01-01&hasta=2030-12-31".into()).await, events);
    assert_eq!(count("hasta=2000-01-01".into()).await, 0);

    // accounts appear without their password hashes
    let (_, users) = app.get("/api/auditoria?tipo=Usuario", admin).await;
    assert!(!users.to_string().contains("password_hash"), "{users}");
    assert!(users["totalElements"].as_i64().unwrap() >= 2);

    let (status, _) = app.get("/api/auditoria", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = app.get("/api/auditoria", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, answer) = app.get("/api/auditoria?desde=ayer", admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["mensaje"], "La fecha 'ayer' no es válida (formato aaaa-mm-dd)");
}

#[sqlx::test]
async fn a_products_ledger_shows_the_sale_and_the_correction_with_the_running_balance(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let admin = Some(shop.admin.as_str());
    let (_, sold) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 3)).await;
    let venta = sold["movimiento"]["id"].as_i64().unwrap();
    // a count finds 5 frames, not 7: the admin corrects the stock in the product form
    let (_, mut producto) = app.get(&format!("/api/productos/{}", shop.armazon), admin).await;
    producto["productoLocales"][0]["stock"] = json!(5);
    let (status, answer) = app
        .put(&format!("/api/productos/{}", shop.armazon), admin, producto)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");

    let (status, ledger) = app.get(&format!("/api/auditoria/stock/{}", shop.armazon), admin).await;
    assert_eq!(status, StatusCode::OK, "{ledger}");
    let lines: Vec<(String, i64, i64, Value, String)> = ledger
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["motivo"].as_str().unwrap().to_string(),
                l["cantidad"].as_i64().unwrap(),
                l["stock"].as_i64().unwrap(),
                l["movimientoId"].clone(),
                l["usuario"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("Carga inicial".to_string(), 10, 10, Value::Null, "admin".to_string()),
            ("Venta".to_string(), -3, 7, json!(venta), "vendedor".to_string()),
            ("Corrección manual".to_string(), -2, 5, Value::Null, "admin".to_string()),
        ]
    );
    assert_eq!(ledger[0]["localNombre"], "La Cruz");
    // the sale's line names it by its receipt's number
    let (_, vendido) = app.get(&format!("/api/movimientos/{venta}"), admin).await;
    assert!(vendido["comprobante"].is_string(), "{vendido}");
    assert_eq!(ledger[1]["comprobante"], vendido["comprobante"], "{ledger}");
    assert_eq!(ledger[0]["comprobante"], Value::Null, "{ledger}");

    // as of just before the correction, the ledger stops at the sale
    let before: String = scalar(&pool, "select to_char((max(recorded_at) - interval '1 millisecond') at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')
         from events where aggregate_type = 'Producto' and event_type = 'StockAjustado'").await;
    let (_, then) = app
        .get(&format!("/api/auditoria/stock/{}?hasta={before}", shop.armazon), admin)
        .await;
    assert_eq!(then.as_array().unwrap().last().unwrap()["stock"], 7, "{then}");
}

#[sqlx::test]
async fn an_entity_as_it_stood_and_its_history(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let admin = Some(shop.admin.as_str());
    let (_, sold) = app.post("/api/movimientos", Some(&shop.seller), sale(&shop, 1)).await;
    let mut movimiento = sold["movimiento"].clone();
    let id = movimiento["id"].as_i64().unwrap();
    movimiento["estadoMovimiento"] = json!("ENTREGADO");
    let (status, _) = app
        .put(&format!("/api/movimientos/{id}"), Some(&shop.seller), movimiento)
        .await;
    assert_eq!(status, StatusCode::CREATED);

    let (_, history) = app
        .get(&format!("/api/auditoria/historial/Movimiento/{id}"), admin)
        .await;
    let kinds: Vec<&str> = texts(&history, "evento");
    assert_eq!(kinds, ["MovimientoRegistrado", "ComprobanteEmitido", "EstadoCambiado"]);
    assert!(
        history[1]["resumen"].as_str().unwrap().contains("comprobante N° "),
        "{history}"
    );
    let comprobante = sold["movimiento"]["comprobante"].as_str().unwrap();
    assert_eq!(
        history[2]["resumen"],
        format!("Movimiento N° {comprobante} (#{id}): estado Pidiendo Cristales → Entregado")
    );

    let registered: String = scalar(
        &pool,
        "select to_char(recorded_at at time zone 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') from events
         where aggregate_type = 'Movimiento' and sequence = 1",
    )
    .await;
    let (status, then) = app
        .get(
            &format!("/api/auditoria/estado/Movimiento/{id}?hasta={registered}"),
            admin,
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{then}");
    assert_eq!(then["datos"]["estado"], "PEDIDO_CRISTALES", "{then}");
    let (_, now) = app.get(&format!("/api/auditoria/estado/Movimiento/{id}"), admin).await;
    assert_eq!(now["datos"]["estado"], "ENTREGADO", "{now}");

    let (status, answer) = app
        .get(
            &format!("/api/auditoria/estado/Movimiento/{id}?hasta=2000-01-01"),
            admin,
        )
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(answer["mensaje"], format!("Movimiento {id} no existía en ese momento"));
    let (status, _) = app.get("/api/auditoria/estado/Usuario/1", admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = app
        .get(&format!("/api/auditoria/estado/Movimiento/{id}"), Some(&shop.seller))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
