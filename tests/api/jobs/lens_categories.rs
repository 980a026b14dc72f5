//! Lenses by a category's setting, not by its exact name: a category 'Cristales' the admin marks
//! as lenses sells lenses (to the patient's record, to the lab); one named 'cristal' the admin
//! marks otherwise does not; the existing front end's edits, which know only the name, keep the
//! setting.

use super::{in_days, lab, patient};
use crate::common::shop::{id_of, recorded};
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

#[sqlx::test]
async fn a_category_marked_as_lenses_sells_lenses_whatever_its_name(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let admin = shop.admin.as_str();
    let cristales = json!({"nombre": "Cristales", "cristales": true});
    let (status, created) = app.post("/api/categoria", Some(admin), cristales).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["categoria"]["cristales"], true);
    let categoria = created["categoria"]["id"].as_i64().unwrap();
    // The existing front end renames it with only the name: still lenses.
    let (status, renamed) = app
        .put(
            &format!("/api/categoria/{categoria}"),
            Some(admin),
            json!({"nombre": "Cristales orgánicos"}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{renamed}");
    assert_eq!(renamed["categoria"]["cristales"], true);
    let (_, list) = app.get("/api/categoria", None).await;
    let flags: Vec<(String, bool)> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["nombre"].as_str().unwrap().to_string(),
                c["cristales"].as_bool().unwrap(),
            )
        })
        .collect();
    assert!(
        flags.contains(&("cristal".into(), true)),
        "the old name still means lenses: {flags:?}"
    );
    assert!(flags.contains(&("Sol".into(), false)), "{flags:?}");
    assert!(flags.contains(&("Cristales orgánicos".into(), true)), "{flags:?}");

    // A lens of that category: exclusive, no material or gender, like any lens.
    let body = |categorias: serde_json::Value| {
        json!({"modelo": "Blue Cut", "marca": {"id": shop.marca}, "categorias": categorias, "precio": 5000,
               "genero": "Mujer", "material": {"id": shop.material},
               "proveedores": [{"id": shop.proveedor}], "productoLocales": [{"local": {"id": shop.centro}, "stock": 3}]})
    };
    let (status, refused) = app
        .post(
            "/api/productos",
            Some(admin),
            body(json!([{"id": categoria}, {"id": shop.categoria}])),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["errors"],
        json!(["La categoría cristal no puede combinarse con otras categorías"])
    );
    let lente = id_of(
        &app,
        admin,
        "/api/productos",
        body(json!([{"id": categoria}])),
        "producto",
    )
    .await;
    let (_, producto) = app.get(&format!("/api/productos/{lente}"), Some(admin)).await;
    assert_eq!(
        (&producto["genero"], &producto["material"]),
        (&json!(""), &json!(null)),
        "{producto}"
    );

    // Sold to a patient: the lens reaches the patient's record and the lab order is taken.
    let paciente = patient(&app, &shop).await;
    let venta = recorded(
        &app,
        &shop.seller,
        json!({"tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
               "paciente": {"id": paciente}, "total": 5000, "totalImpuesto": 5000,
               "detalles": [{"cantidad": 1, "precioUnitario": 5000, "subtotal": 5000, "producto": {"id": lente}}],
               "detallesAdicionales": [],
               "cajaMovimientos": [{"monto": 5000, "montoImpuesto": 5000, "metodoPago": {"id": shop.efectivo},
                                    "fecha": "2026-11-21T10:30"}],
               "estadoMovimiento": "PEDIDO_CRISTALES"}),
    )
    .await;
    let lenses: Vec<String> =
        sqlx::query_scalar("select nombre from patient_cristales where paciente_id = $1 order by cristal_id")
            .bind(paciente)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(lenses, vec!["Blue Cut Ray-Ban"]);
    let laboratorio = lab(&app, &shop).await;
    let orden = json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": in_days(&app, 5)});
    let (status, job) = app.post("/api/trabajos", Some(&shop.seller), orden).await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
    assert_eq!(job["trabajo"]["cristales"], json!(["Blue Cut Ray-Ban"]));

    // The admin says 'cristal' is not lenses: its products sell as frames from then on.
    let (status, _) = app
        .put(
            &format!("/api/categoria/{}", shop.cristal),
            Some(admin),
            json!({"nombre": "cristal", "cristales": false}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let frames = recorded(
        &app,
        &shop.seller,
        crate::common::shop::sale_of(&shop, shop.lente, 1000.5, 1),
    )
    .await;
    let (_, m) = app.get(&format!("/api/movimientos/{frames}"), Some(&shop.seller)).await;
    let lente_viejo = json!({"movimientoId": frames, "laboratorioId": laboratorio, "prometido": in_days(&app, 5)});
    let (status, refused) = app.post("/api/trabajos", Some(&shop.seller), lente_viejo).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{m}");
    assert_eq!(
        refused["errors"],
        json!(["La venta no tiene cristales: no hay trabajo para el laboratorio."])
    );
}

/// A sale made before its category was marked as lenses: an admin records its lenses afterwards,
/// once; they reach the patient's record and the lab, and nothing else of the sale moves.
#[sqlx::test]
async fn an_admin_records_the_lenses_of_a_sale_saved_before_its_category_was_marked(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let admin = shop.admin.as_str();
    let categoria = id_of(
        &app,
        admin,
        "/api/categoria",
        json!({"nombre": "Cristales"}),
        "categoria",
    )
    .await;
    let lente = json!({"modelo": "Blue Cut", "marca": {"id": shop.marca}, "categorias": [{"id": categoria}],
                       "precio": 5000, "proveedores": [{"id": shop.proveedor}],
                       "productoLocales": [{"local": {"id": shop.centro}, "stock": 3}]});
    let lente = id_of(&app, admin, "/api/productos", lente, "producto").await;
    let paciente = patient(&app, &shop).await;
    let mut body = crate::common::shop::sale_of(&shop, lente, 5000.0, 1);
    body["paciente"] = json!({"id": paciente});
    let venta = recorded(&app, &shop.seller, body).await;
    let lenses = |app: &TestApp| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_scalar::<_, String>(
                "select nombre from patient_cristales where paciente_id = $1 order by cristal_id",
            )
            .bind(paciente)
            .fetch_all(&pool)
            .await
            .unwrap()
        }
    };
    assert!(lenses(&app).await.is_empty(), "'Cristales' was not lenses when sold");
    let path = format!("/api/movimientos/{venta}/cristales");
    let (status, refused) = app.post(&path, Some(admin), json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");

    let (status, _) = app
        .put(
            &format!("/api/categoria/{categoria}"),
            Some(admin),
            json!({"nombre": "Cristales", "cristales": true}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let (status, _) = app.post(&path, Some(&shop.seller), json!({})).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "admins only");
    let stock_before = crate::common::shop::stock(&app, lente, shop.centro).await;
    let (status, answer) = app.post(&path, Some(admin), json!({})).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(
        answer["mensaje"],
        "Los cristales de la venta quedaron en la ficha del paciente."
    );
    app.caught_up().await;
    assert_eq!(lenses(&app).await, vec!["Blue Cut Ray-Ban"]);
    assert_eq!(crate::common::shop::stock(&app, lente, shop.centro).await, stock_before);
    // Once: a second time finds nothing left to record.
    let (status, refused) = app.post(&path, Some(admin), json!({})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused
        .to_string()
        .contains("La venta no tiene productos de una categoría de cristales que falten en la ficha."));
    assert_eq!(lenses(&app).await.len(), 1);
    // The lab takes the order now.
    let laboratorio = lab(&app, &shop).await;
    let orden = json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": in_days(&app, 5)});
    let (status, job) = app.post("/api/trabajos", Some(&shop.seller), orden).await;
    assert_eq!(status, StatusCode::CREATED, "{job}");
}
