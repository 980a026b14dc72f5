//! The catalogue's pages, searches and sheets: what each caller sees of the products, in order.

use super::*;
use crate::common::texts;

#[sqlx::test]
async fn pages_and_searches_follow_the_contract(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
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
    let (app, shop) = TestApp::with_premises(pool).await;
    let here = shop.product(&app, "Aqui", shop.marca, &[(shop.centro, 1)]).await;
    shop.product(&app, "Alla", shop.marca, &[(shop.norte, 1)]).await;
    let seller = shop.seller.clone();

    // The whole catalogue with every branch's stock, never the cost.
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
async fn the_branch_stock_sheet_lists_products_with_stock_by_model(pool: PgPool) {
    use calamine::{Data, Reader, Xlsx};
    use tower::ServiceExt;

    let (app, shop) = TestApp::with_premises(pool).await;
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
    let n = Data::Float;
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
    assert_eq!(rows[1], [s("Alfa"), s("Vulk"), n(1000.0), n(3600.5), n(1.0), n(0.0)]);
    assert_eq!(rows[2], [s("beta"), s("Ray-Ban"), n(1000.0), n(3600.5), n(2.0), n(0.0)]);
    assert_eq!(rows.len(), 3, "products without stock are left out");

    let (status, _) = app.get("/api/excel/stock/999", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

/// Searches ignore accents and case ('canon' finds 'Cañón'), and the catalogue sorts as Spanish
/// does ('Óptica' with the O's, 'Ñandú' after 'Nube').
#[sqlx::test]
async fn searches_ignore_accents_and_case_and_lists_sort_as_spanish_does(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
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
    let names: Vec<&str> = texts(&marcas, "nombre");
    assert_eq!(names, ["Nube", "Ñandú", "Óptica Sur", "Ray-Ban", "Vulk", "Zeiss"]);
}

/// Visitors browse the catalogue by category (the public INVENTARIO menu): model, brand, price
/// and description, never cost or stock; staff lists take the same category filter.
#[sqlx::test]
async fn visitors_browse_the_catalogue_by_category_without_cost_or_stock(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
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

/// `totalElements` of the catalogue's first page: in all, in Sol, in `otra`, and the visitors'
/// in Sol.
async fn page_totals(app: &TestApp, shop: &Premises, otra: i64) -> Vec<i64> {
    let mut found = Vec::new();
    for uri in [
        "/api/productos/page/0".to_string(),
        format!("/api/productos/page/0?categoria={}", shop.categoria),
        format!("/api/productos/page/0?categoria={otra}"),
    ] {
        let (status, page) = app.get(&uri, Some(&shop.admin)).await;
        assert_eq!(status, StatusCode::OK, "{page}");
        found.push(page["totalElements"].as_i64().unwrap());
    }
    let uri = format!("/api/catalogo/page/0?categoria={}", shop.categoria);
    let (_, public) = app.get(&uri, None).await;
    found.push(public["totalElements"].as_i64().unwrap());
    found
}

/// The pages' totals are kept as products come, change category and go (a product's edit
/// writes its rows again): each page says how many there are in all and per category, the
/// staff's and the visitors' alike, and a rebuild counts the same.
#[sqlx::test]
async fn page_totals_follow_products_and_their_categories(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool.clone()).await;
    let mut ids = Vec::new();
    let receta = id_of(
        &app,
        &shop.admin,
        "/api/categoria",
        json!({"nombre": "Receta"}),
        "categoria",
    )
    .await;
    for modelo in ["T1", "T2", "T3"] {
        ids.push(shop.product(&app, modelo, shop.marca, &[(shop.centro, 1)]).await);
    }
    app.caught_up().await;
    assert_eq!(page_totals(&app, &shop, receta).await, [3, 3, 0, 3]);

    // One product moves from Sol to both Sol and Receta, another to Receta only.
    let mut both = shop.body("T1", shop.marca, &[(shop.centro, 1)]);
    both["categorias"] = json!([{"id": shop.categoria}, {"id": receta}]);
    let (status, answer) = app
        .put(&format!("/api/productos/{}", ids[0]), Some(&shop.admin), both)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let mut solo_receta = shop.body("T2", shop.marca, &[(shop.centro, 1)]);
    solo_receta["categorias"] = json!([{"id": receta}]);
    let (status, answer) = app
        .put(&format!("/api/productos/{}", ids[1]), Some(&shop.admin), solo_receta)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    app.caught_up().await;
    assert_eq!(page_totals(&app, &shop, receta).await, [3, 2, 2, 2]);

    let (status, answer) = app
        .delete(&format!("/api/productos/{}", ids[2]), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let (status, answer) = app
        .delete(&format!("/api/productos/{}", ids[1]), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    app.caught_up().await;
    assert_eq!(page_totals(&app, &shop, receta).await, [1, 1, 1, 1]);
    assert_eq!(optica::support::verify(&pool, true).await.unwrap(), []);
}
