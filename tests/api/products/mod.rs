//! The product API (contract section 4.2) against a real database: every call, its error cases,
//! roles, and the stock rules.

use crate::common::shop::{id_of, recorded, Premises};
use crate::common::{numbers, scalar, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod lists;

mod edits;

/// One unit of `producto` sold at the centre, paid in cash; the movement's id.
async fn sell_one(app: &TestApp, shop: &Premises, producto: i64) -> i64 {
    let efectivo = id_of(
        app,
        &shop.admin,
        "/api/metodoPago",
        json!({"nombre": "Efectivo"}),
        "metodoPago",
    )
    .await;
    // At its catalogue price, as a seller sells.
    let (_, read) = app.get(&format!("/api/productos/{producto}"), Some(&shop.admin)).await;
    let precio = read["precio"].as_f64().unwrap();
    let sale = json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "total": precio, "totalImpuesto": precio,
        "detalles": [{"cantidad": 1, "precioUnitario": precio, "subtotal": precio, "producto": {"id": producto}}],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": precio, "montoImpuesto": precio, "metodoPago": {"id": efectivo},
                             "fecha": "2026-11-21T10:30"}]
    });
    // A seller's sale: its money is today's, whatever the form's date.
    recorded(app, &shop.seller, sale).await
}

fn stock_at(product: &Value, local: i64) -> Option<i64> {
    product["productoLocales"]
        .as_array()
        .unwrap()
        .iter()
        .find(|pl| pl["local"]["id"] == local)
        .map(|pl| pl["stock"].as_i64().unwrap())
}

async fn count_products(app: &TestApp) -> i64 {
    scalar(&app.pool, "select count(*) from products").await
}

#[sqlx::test]
async fn an_admin_creates_a_product_and_reads_it_back_with_exact_money(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let (status, answer) = app
        .post(
            "/api/productos",
            Some(&shop.admin),
            shop.body(" RB2140 ", shop.marca, &[(shop.centro, 4)]),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(answer["mensaje"], "El producto ha sido creado exitosamente.!");
    let id = answer["producto"]["id"].as_i64().unwrap();

    let (status, p) = app.get(&format!("/api/productos/{id}"), Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(p["modelo"], "RB2140");
    assert_eq!(p["marca"], json!({"id": shop.marca, "nombre": "Ray-Ban"}));
    assert_eq!(p["precio"], json!(3600.5));
    assert_eq!(p["costo"], json!(1000.0));
    assert_eq!(p["material"]["nombre"], "Acetato");
    assert_eq!(p["categorias"], json!([{"id": shop.categoria, "nombre": "Sol"}]));
    assert_eq!(stock_at(&p, shop.centro), Some(4));
    assert_eq!(p["productoLocales"][0]["local"]["nombre"], "La Cruz");
    // the server's date, not the client's
    assert_ne!(p["creadoEn"], "2020-01-01");
    assert_eq!(p["version"], 3);

    let (status, body) = app.get("/api/productos/999", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["mensaje"], "El producto ID: 999 no existe en la base de datos!");
}

/// One product is read with one statement, its categories, suppliers and branches nested as
/// JSON; a list reads one statement per table. Both must give the same product, in the same
/// orders: categories and branches by id, suppliers by name.
#[sqlx::test]
async fn a_product_reads_the_same_alone_and_in_a_list(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let t = shop.admin.as_str();
    let receta = id_of(&app, t, "/api/categoria", json!({"nombre": "Receta"}), "categoria").await;
    let zeta = id_of(
        &app,
        t,
        "/api/proveedor",
        json!({"nombre": "zeta", "celular": "1"}),
        "proveedor",
    )
    .await;
    let alfa = id_of(
        &app,
        t,
        "/api/proveedor",
        json!({"nombre": "Alfa", "celular": "2"}),
        "proveedor",
    )
    .await;
    let mut body = shop.body("RB3025", shop.marca, &[(shop.norte, 2), (shop.centro, 5)]);
    body["categorias"] = json!([{"id": receta}, {"id": shop.categoria}]);
    body["proveedores"] = json!([{"id": zeta}, {"id": alfa}]);
    let (status, answer) = app.post("/api/productos", Some(t), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let id = answer["producto"]["id"].as_i64().unwrap();
    shop.product(&app, "RB4000", shop.otra_marca, &[(shop.centro, 1)]).await;

    let (_, alone) = app.get(&format!("/api/productos/{id}"), Some(t)).await;
    assert_eq!(
        alone["categorias"],
        json!([{"id": shop.categoria, "nombre": "Sol"}, {"id": receta, "nombre": "Receta"}])
    );
    let suppliers: Vec<i64> = numbers(&alone["proveedores"], "id");
    assert_eq!(suppliers, [alfa, zeta]);
    let branches: Vec<i64> = alone["productoLocales"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["local"]["id"].as_i64().unwrap())
        .collect();
    assert_eq!(branches, [shop.centro, shop.norte]);
    let (_, page) = app.get("/api/productos/page/0", Some(t)).await;
    let listed = page["content"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == id)
        .unwrap();
    assert_eq!(listed, &alone);
}

#[sqlx::test]
async fn an_invalid_product_gets_every_problem_in_spanish_and_saves_nothing(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let mut body = shop.body("a/b", 999, &[(shop.centro, -1)]);
    body["precio"] = Value::Null;
    body["proveedores"] = json!([]);
    let (status, answer) = app.post("/api/productos", Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let errors: Vec<&str> = answer["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e.as_str().unwrap())
        .collect();
    assert_eq!(
        errors,
        [
            "La marca seleccionada no existe",
            "El precio es obligatorio",
            "El stock no puede ser negativo",
            "El modelo no puede contener los caracteres . ; / \\",
            "Debe seleccionar al menos un proveedor",
        ]
    );
    assert!(answer["mensaje"]
        .as_str()
        .unwrap()
        .starts_with("La marca seleccionada no existe"));

    let (status, answer) = app
        .post("/api/productos", Some(&shop.admin), json!({"precio": "abc"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(count_products(&app).await, 0);
}

#[sqlx::test]
async fn a_cristal_product_has_no_material_nor_gender_and_stands_alone(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let mut body = shop.body("Orgánico 1.5", shop.otra_marca, &[(shop.centro, 0)]);
    body["modelo"] = json!("Organico 15");
    body["categorias"] = json!([{"id": shop.cristal}]);
    let (status, answer) = app.post("/api/productos", Some(&shop.admin), body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["producto"]["material"], Value::Null);
    assert_eq!(answer["producto"]["genero"], "");

    body["modelo"] = json!("Otro");
    body["categorias"] = json!([{"id": shop.cristal}, {"id": shop.categoria}]);
    let (status, answer) = app.post("/api/productos", Some(&shop.admin), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["mensaje"],
        "La categoría cristal no puede combinarse con otras categorías"
    );
}

#[sqlx::test]
async fn model_and_brand_are_unique_even_under_concurrent_creates(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    shop.product(&app, "RB2140", shop.marca, &[(shop.centro, 1)]).await;
    let (status, answer) = app
        .post(
            "/api/productos",
            Some(&shop.admin),
            shop.body("rb2140", shop.marca, &[(shop.centro, 1)]),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["mensaje"], "Ya existe un producto con el mismo modelo y marca.");
    // the same model under another brand is another product
    shop.product(&app, "RB2140", shop.otra_marca, &[(shop.centro, 1)]).await;

    let body = shop.body("Concurrente", shop.marca, &[(shop.centro, 1)]);
    let calls = (0..6).map(|_| app.post("/api/productos", Some(&shop.admin), body.clone()));
    crate::common::only_one_created(calls).await;
    assert_eq!(count_products(&app).await, 3);
}

#[sqlx::test]
async fn a_bulk_create_saves_all_or_nothing_and_lists_every_offending_model(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    shop.product(&app, "Existente", shop.marca, &[(shop.centro, 1)]).await;
    let batch = json!([
        shop.body("Nuevo1", shop.marca, &[(shop.centro, 2)]),
        shop.body("EXISTENTE", shop.marca, &[(shop.centro, 2)]),
        shop.body("nuevo1", shop.marca, &[(shop.centro, 2)]),
        shop.body("Mal.modelo", shop.marca, &[(shop.centro, 2)]),
    ]);
    let (status, answer) = app.post("/api/productos/crearVarios", Some(&shop.admin), batch).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["mensaje"], "Algunos productos no se pudieron guardar.");
    assert_eq!(answer["guardados"], 0);
    assert_eq!(
        answer["errores"],
        json!([
            "El modelo 'nuevo1' está repetido en la lista.",
            "Error al guardar modelo 'Mal.modelo': El modelo no puede contener los caracteres . ; / \\",
            "Ya existe un producto con el modelo 'EXISTENTE' para la marca 'Ray-Ban'.",
        ])
    );
    assert_eq!(count_products(&app).await, 1, "nothing of the refused batch was saved");

    let batch = json!([
        shop.body("A1", shop.otra_marca, &[(shop.centro, 2)]),
        shop.body("A2", shop.otra_marca, &[(shop.norte, 1)]),
        shop.body("A3", shop.otra_marca, &[(shop.centro, 0), (shop.norte, 5)]),
    ]);
    let (status, answer) = app.post("/api/productos/crearVarios", Some(&shop.admin), batch).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(
        answer,
        json!({"mensaje": "Todos los productos fueron guardados con éxito.", "guardados": 3})
    );
    assert_eq!(count_products(&app).await, 4);
    // every initial stock is an event with its reason
    let loads: i64 = scalar(&app.pool, "select count(*) from events where event_type = 'StockAjustado' and payload->'StockAjustado'->>'motivo' = 'CargaInicial'").await;
    assert_eq!(loads, 4);
}

#[sqlx::test]
async fn a_mass_update_changes_matching_products_exactly_and_atomically(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let a = shop.product(&app, "A", shop.marca, &[(shop.centro, 1)]).await; // 3600.50
    let b = shop.product(&app, "B", shop.otra_marca, &[(shop.centro, 1)]).await;
    let before = crate::common::event_count(&app.pool).await;

    let body = json!({"tipo": "precio", "tipoCambio": "porcentaje", "valor": 10, "marca": shop.marca.to_string(), "categoria": ""});
    let (status, answer) = app
        .post("/api/productos/actualizar-precios", Some(&shop.admin), body)
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["actualizados"], 1);
    let (_, pa) = app.get(&format!("/api/productos/{a}"), Some(&shop.admin)).await;
    let (_, pb) = app.get(&format!("/api/productos/{b}"), Some(&shop.admin)).await;
    assert_eq!(pa["precio"], json!(3960.55)); // 3600.50 + 360.05
    assert_eq!(pb["precio"], json!(3600.5));
    let after = crate::common::event_count(&app.pool).await;
    assert_eq!(after - before, 1, "one event per changed product");

    let body = json!({"tipo": "costo", "tipoCambio": "fijo", "valor": "1234.56"});
    let (_, answer) = app
        .post("/api/productos/actualizar-precios", Some(&shop.admin), body)
        .await;
    assert_eq!(answer["actualizados"], 2);
    let (_, pb) = app.get(&format!("/api/productos/{b}"), Some(&shop.admin)).await;
    assert_eq!(pb["costo"], json!(1234.56));

    for (body, mensaje) in [
        (
            json!({"tipo": "precio", "tipoCambio": "porcentaje", "valor": 150}),
            "El porcentaje debe estar entre 0 y 100.",
        ),
        (
            json!({"tipo": "precio", "tipoCambio": "porcentaje", "valor": -1}),
            "El porcentaje debe estar entre 0 y 100.",
        ),
        (json!({"tipo": "precio", "tipoCambio": "fijo"}), "Valor inválido"),
        (
            json!({"tipo": "stock", "tipoCambio": "fijo", "valor": 1}),
            "El tipo debe ser precio o costo",
        ),
        (
            json!({"tipo": "precio", "tipoCambio": "suma", "valor": 1}),
            "El tipo de cambio debe ser porcentaje o fijo",
        ),
    ] {
        let (status, answer) = app
            .post("/api/productos/actualizar-precios", Some(&shop.admin), body)
            .await;
        assert_eq!(
            (status, answer["mensaje"].as_str().unwrap()),
            (StatusCode::BAD_REQUEST, mensaje)
        );
    }
}

#[sqlx::test]
async fn a_product_used_by_movements_cannot_be_deleted_and_a_deleted_model_can_return(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let id = shop.product(&app, "RB1", shop.marca, &[(shop.centro, 1)]).await;
    let movimiento = sell_one(&app, &shop, id).await;
    let (status, answer) = app.delete(&format!("/api/productos/{id}"), Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        answer["mensaje"],
        "Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar"
    );
    let (status, _) = app
        .delete(&format!("/api/movimientos/{movimiento}"), Some(&shop.admin))
        .await;
    assert!(status.is_success());

    // the brand is in use: it cannot be deleted either
    let (status, _) = app
        .delete(&format!("/api/marca/{}", shop.marca), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);

    let (status, answer) = app.delete(&format!("/api/productos/{id}"), Some(&shop.admin)).await;
    assert_eq!(
        (status, answer),
        (StatusCode::OK, json!({"mensaje": "Se elimino el producto con éxito!"}))
    );
    let (status, _) = app.delete(&format!("/api/productos/{id}"), Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    shop.product(&app, "RB1", shop.marca, &[(shop.centro, 1)]).await;
}
