//! The product API (contract section 4.2) against a real database: every call, its error cases,
//! roles, and the stock rules.

use crate::common::shop::{id_of, premises, Premises};
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

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
    id_of(app, &shop.seller, "/api/movimientos", sale, "movimiento").await
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
    sqlx::query_scalar("select count(*) from products")
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[sqlx::test]
async fn an_admin_creates_a_product_and_reads_it_back_with_exact_money(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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
    let suppliers: Vec<i64> = alone["proveedores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["id"].as_i64().unwrap())
        .collect();
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
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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
    let statuses: Vec<StatusCode> = futures::future::join_all(calls)
        .await
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    assert_eq!(
        statuses.iter().filter(|s| **s == StatusCode::CREATED).count(),
        1,
        "{statuses:?}"
    );
    assert!(statuses
        .iter()
        .all(|s| *s == StatusCode::CREATED || *s == StatusCode::BAD_REQUEST));
    assert_eq!(count_products(&app).await, 3);
}

#[sqlx::test]
async fn a_bulk_create_saves_all_or_nothing_and_lists_every_offending_model(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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
    let loads: i64 = sqlx::query_scalar(
        "select count(*) from events where event_type = 'StockAjustado' and payload->'StockAjustado'->>'motivo' = 'CargaInicial'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(loads, 4);
}

#[sqlx::test]
async fn an_edit_turns_stock_changes_into_corrections_and_a_stale_form_gets_409(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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

#[sqlx::test]
async fn pages_and_searches_follow_the_contract(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
    for i in 0..13 {
        let marca = if i % 2 == 0 { shop.otra_marca } else { shop.marca };
        shop.product(&app, &format!("M{i:02}"), marca, &[(shop.centro, i)])
            .await;
    }
    let (status, page) = app.get("/api/productos/page/0", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["content"].as_array().unwrap().len(), 12);
    assert_eq!(
        (page["number"].clone(), page["totalPages"].clone()),
        (json!(0), json!(2))
    );
    assert_eq!(
        (page["first"].clone(), page["last"].clone()),
        (json!(true), json!(false))
    );
    assert_eq!(page["totalElements"], 13);
    assert_eq!(page["sort"], json!({"empty": true, "sorted": false, "unsorted": true}));
    // Ray-Ban before Vulk, then by model
    assert_eq!(page["content"][0]["modelo"], "M01");
    assert_eq!(page["content"][5]["modelo"], "M11");
    assert_eq!(page["content"][6]["modelo"], "M00");
    let (_, last) = app.get("/api/productos/page/1", Some(&shop.admin)).await;
    assert_eq!(last["content"][0]["modelo"], "M12");
    assert_eq!(last["last"], true);
    let (status, _) = app.get("/api/productos/page/-1", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let (status, found) = app.get("/api/productos/modelo/m1", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(found.as_array().unwrap().len(), 3);
    let (status, body) = app.get("/api/productos/modelo/zz", Some(&shop.admin)).await;
    assert_eq!((status, body), (StatusCode::NOT_FOUND, Value::Null));
    let (status, body) = app.get("/api/productos/modelo/%25", Some(&shop.admin)).await;
    assert_eq!(
        (status, body),
        (StatusCode::NOT_FOUND, Value::Null),
        "% is taken literally"
    );
    let (_, found) = app.get("/api/productos/marca/ray", Some(&shop.admin)).await;
    assert_eq!(found.as_array().unwrap().len(), 6);
    let (_, found) = app.get("/api/productos/buscar-por-modelo/m03", Some(&shop.admin)).await;
    assert_eq!(found[0]["modelo"], "M03");
    let (status, found) = app
        .get(
            &format!("/api/productos/buscar?modelo=M0&localId={}", shop.norte),
            Some(&shop.admin),
        )
        .await;
    assert_eq!((status, found), (StatusCode::OK, json!([])));
    let (_, found) = app
        .get(
            &format!("/api/productos/buscar?modelo=M0&localId={}", shop.centro),
            Some(&shop.admin),
        )
        .await;
    assert_eq!(found.as_array().unwrap().len(), 10);

    let (_, totals) = app.get("/api/productos/stock-total-sucursal", Some(&shop.admin)).await;
    assert_eq!(
        totals,
        json!([{"localId": shop.centro, "localNombre": "La Cruz", "stockTotal": 78}])
    );
    let (_, materials) = app
        .get(
            &format!("/api/productos/stock-material?localId={}", shop.centro),
            Some(&shop.admin),
        )
        .await;
    assert_eq!(materials, json!([{"materialNombre": "Acetato", "stockTotal": 78}]));
    let (_, materials) = app
        .get("/api/productos/stock-material?localId=0", Some(&shop.admin))
        .await;
    assert_eq!(materials, json!([]));

    let (status, existing) = app
        .post(
            &format!("/api/productos/validar-modelos?marcaId={}", shop.otra_marca),
            Some(&shop.admin),
            json!(["m00", "m01", "nuevo"]),
        )
        .await;
    assert_eq!((status, existing), (StatusCode::OK, json!(["m00"])));
}

#[sqlx::test]
async fn sellers_see_every_branch_but_never_the_cost_nor_write(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
    let here = shop.product(&app, "Aqui", shop.marca, &[(shop.centro, 1)]).await;
    shop.product(&app, "Alla", shop.marca, &[(shop.norte, 1)]).await;
    let seller = shop.seller.clone();

    // The whole catalogue with every branch's stock (issue 26), never the cost.
    let (status, page) = app.get("/api/productos/page/0", Some(&seller)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["totalElements"], 2);
    assert_eq!(page["content"][0]["modelo"], "Alla");
    assert_eq!(page["content"][0]["costo"], Value::Null);
    assert_eq!(page["content"][1]["costo"], Value::Null);
    let (_, found) = app.get("/api/productos/modelo/a", Some(&seller)).await;
    assert_eq!(found.as_array().unwrap().len(), 2);
    // a seller's branch search is always their own branch
    let (_, found) = app
        .get(
            &format!("/api/productos/buscar?modelo=a&localId={}", shop.norte),
            Some(&seller),
        )
        .await;
    assert_eq!(found[0]["id"], here);

    let body = shop.body("Nuevo", shop.marca, &[(shop.centro, 1)]);
    assert_eq!(
        app.post("/api/productos", Some(&seller), body.clone()).await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.put(&format!("/api/productos/{here}"), Some(&seller), body.clone())
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.delete(&format!("/api/productos/{here}"), Some(&seller)).await.0,
        StatusCode::FORBIDDEN
    );
    let mass = json!({"tipo": "precio", "tipoCambio": "fijo", "valor": 1});
    assert_eq!(
        app.post("/api/productos/actualizar-precios", Some(&seller), mass)
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.get(&format!("/api/excel/stock/{}", shop.centro), Some(&seller))
            .await
            .0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(app.get("/api/productos/page/0", None).await.0, StatusCode::UNAUTHORIZED);
}

#[sqlx::test]
async fn a_mass_update_changes_matching_products_exactly_and_atomically(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
    let a = shop.product(&app, "A", shop.marca, &[(shop.centro, 1)]).await; // 3600.50
    let b = shop.product(&app, "B", shop.otra_marca, &[(shop.centro, 1)]).await;
    let before: i64 = sqlx::query_scalar("select count(*) from events")
        .fetch_one(&app.pool)
        .await
        .unwrap();

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
    let after: i64 = sqlx::query_scalar("select count(*) from events")
        .fetch_one(&app.pool)
        .await
        .unwrap();
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
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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

#[sqlx::test]
async fn the_branch_stock_sheet_lists_products_with_stock_by_model(pool: PgPool) {
    use calamine::{Data, Reader, Xlsx};
    use tower::ServiceExt;

    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
    shop.product(&app, "beta", shop.marca, &[(shop.norte, 2)]).await;
    shop.product(&app, "Alfa", shop.otra_marca, &[(shop.norte, 1), (shop.centro, 9)])
        .await;
    shop.product(&app, "Cero", shop.otra_marca, &[(shop.norte, 0)]).await;

    let request = axum::http::Request::get(format!("/api/excel/stock/{}", shop.norte))
        .header("authorization", format!("Bearer {}", shop.admin))
        .body(axum::body::Body::empty())
        .unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_string();
    assert!(
        disposition.contains("filename*=UTF-8''stock_yapey%C3%BA_"),
        "{disposition}"
    );
    let bytes = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();

    let mut book: Xlsx<_> = calamine::open_workbook_from_rs(std::io::Cursor::new(bytes.to_vec())).unwrap();
    assert_eq!(book.sheet_names(), ["Stock Local"]);
    let range = book.worksheet_range("Stock Local").unwrap();
    let rows: Vec<Vec<Data>> = range.rows().map(|r| r.to_vec()).collect();
    let s = |v: &str| Data::String(v.into());
    assert_eq!(
        rows[0],
        [
            s("Modelo"),
            s("Marca"),
            s("Costo"),
            s("Precio"),
            s("Stock"),
            s("En tránsito")
        ]
    );
    assert_eq!(
        rows[1],
        [
            s("Alfa"),
            s("Vulk"),
            Data::Float(1000.0),
            Data::Float(3600.5),
            Data::Float(1.0),
            Data::Float(0.0)
        ]
    );
    assert_eq!(
        rows[2],
        [
            s("beta"),
            s("Ray-Ban"),
            Data::Float(1000.0),
            Data::Float(3600.5),
            Data::Float(2.0),
            Data::Float(0.0)
        ]
    );
    assert_eq!(rows.len(), 3, "products without stock are left out");

    let (status, _) = app.get("/api/excel/stock/999", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Two admins save the same form at once: exactly one edit lands, the other gets 409 and
/// changes nothing.
#[sqlx::test]
async fn of_two_concurrent_edits_of_one_product_one_wins_and_the_other_gets_409(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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

/// Issue 19.3: the existing front end edits a product without `version`. Its form, opened
/// before a sale, sends the stock it showed: the sale must not be undone. A new count applies.
#[sqlx::test]
async fn an_edit_without_version_keeps_sales_made_since_the_form_opened(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
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

/// Searches ignore accents and case ('canon' finds 'Cañón'), and the catalogue sorts as Spanish
/// does ('Óptica' with the O's, 'Ñandú' after 'Nube'), issue 21 item 7.
#[sqlx::test]
async fn searches_ignore_accents_and_case_and_lists_sort_as_spanish_does(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
    let t = shop.admin.as_str();
    let named = |n: &str| json!({ "nombre": n });
    let optica = id_of(&app, t, "/api/marca", named("Óptica Sur"), "marca").await;
    let zeiss = id_of(&app, t, "/api/marca", named("Zeiss"), "marca").await;
    let nandu = id_of(&app, t, "/api/marca", named("Ñandú"), "marca").await;
    let nube = id_of(&app, t, "/api/marca", named("Nube"), "marca").await;
    for (modelo, marca) in [("Cañón", optica), ("Z1", zeiss), ("Ave", nandu), ("N1", nube)] {
        shop.product(&app, modelo, marca, &[(shop.centro, 1)]).await;
    }
    for path in ["/api/productos/modelo/canon", "/api/productos/buscar-por-modelo/CANON"] {
        let (status, found) = app.get(path, Some(t)).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(found[0]["modelo"], "Cañón", "{path}");
    }
    let (_, found) = app.get("/api/productos/marca/optica", Some(t)).await;
    assert_eq!(found[0]["marca"]["nombre"], "Óptica Sur");
    let (_, found) = app
        .get(
            &format!("/api/productos/buscar?modelo=cañon&localId={}", shop.centro),
            Some(t),
        )
        .await;
    assert_eq!(found[0]["modelo"], "Cañón");

    let (_, page) = app.get("/api/productos/page/0", Some(t)).await;
    let brands: Vec<&str> = page["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["marca"]["nombre"].as_str().unwrap())
        .collect();
    assert_eq!(brands, ["Nube", "Ñandú", "Óptica Sur", "Zeiss"]);
    let (_, marcas) = app.get("/api/marca", Some(t)).await;
    let names: Vec<&str> = marcas
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["nombre"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Nube", "Ñandú", "Óptica Sur", "Ray-Ban", "Vulk", "Zeiss"]);
}

/// Visitors browse the catalogue by category (the public INVENTARIO menu): model, brand, price
/// and description, never cost or stock; staff lists take the same category filter (issue 21
/// item 12).
#[sqlx::test]
async fn visitors_browse_the_catalogue_by_category_without_cost_or_stock(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let shop = premises(&app).await;
    let sol = shop.product(&app, "Aviator", shop.marca, &[(shop.centro, 3)]).await;
    let mut lente = shop.body("Orma", shop.otra_marca, &[(shop.norte, 2)]);
    lente["categorias"] = json!([{"id": shop.cristal}]);
    let (status, _) = app.post("/api/productos", Some(&shop.admin), lente).await;
    assert_eq!(status, StatusCode::CREATED);

    let (status, page) = app
        .get(&format!("/api/catalogo/page/0?categoria={}", shop.categoria), None)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page["totalElements"], 1);
    assert_eq!(
        page["content"][0],
        json!({"id": sol, "modelo": "Aviator", "marca": "Ray-Ban", "precio": 3600.5, "descripcion": "Lente de sol"})
    );
    let (_, all) = app.get("/api/catalogo/page/0", None).await;
    assert_eq!(all["totalElements"], 2);
    let (_, staff) = app
        .get(
            &format!("/api/productos/page/0?categoria={}", shop.cristal),
            Some(&shop.seller),
        )
        .await;
    assert_eq!(staff["totalElements"], 1);
    assert_eq!(staff["content"][0]["modelo"], "Orma");
}
