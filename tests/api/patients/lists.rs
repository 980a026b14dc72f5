//! The patients' pages and searches, and who may delete a patient.

use super::*;

#[sqlx::test]
async fn pages_and_searches_follow_the_contract(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    for i in 0..13 {
        let nombre = if i == 5 {
            "José Pérez".to_string()
        } else {
            format!("Paciente {i:02}")
        };
        register(
            &app,
            &shop.admin,
            patient(&nombre, &format!("9{i}"), &format!("DNI-{i}"), shop.centro),
        )
        .await;
    }
    let t = Some(shop.seller.as_str());
    let (_, page) = app.get("/api/pacientes/paginado/1", t).await;
    assert_eq!(
        (&page["number"], &page["totalPages"], &page["first"], &page["last"]),
        (&json!(1), &json!(2), &json!(false), &json!(true))
    );
    assert_eq!(page["content"][0]["ficha"], 13);
    let (_, page) = app.get("/api/pacientes/paginado/0", t).await;
    assert_eq!(page["content"].as_array().unwrap().len(), 12);
    assert_eq!(page["content"][0]["ficha"], 1);

    // contains, ignoring case and accents
    let (_, found) = app
        .get("/api/pacientes/buscar/nombre?nombre=jose%20PEREZ&page=0", t)
        .await;
    assert_eq!(found["content"][0]["nombreCompleto"], "José Pérez");
    assert_eq!(found["totalElements"], 1);
    let (_, found) = app.get("/api/pacientes/buscar/nombre?nombre=%25&page=0", t).await;
    assert_eq!(found["totalElements"], 0, "% is matched literally");
    let (status, _) = app.get("/api/pacientes/buscar/nombre?nombre=%20&page=0", t).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    // Twelve 'Paciente': the total on every page, past the last one too (no row carries it).
    for (page, rows) in [(0, 5), (2, 2), (3, 0)] {
        let uri = format!("/api/pacientes/buscar/nombre?nombre=paciente&page={page}&size=5");
        let (_, found) = app.get(&uri, t).await;
        assert_eq!(
            (
                found["totalElements"].clone(),
                found["content"].as_array().map(Vec::len)
            ),
            (json!(12), Some(rows)),
            "page {page}: {found}"
        );
    }

    let (_, found) = app.get("/api/pacientes/buscar/documento/dni7/page/0", t).await;
    assert_eq!(found["content"][0]["documento"], "DNI-7");
    let (_, none) = app.get("/api/pacientes/buscar/documento/123/page/0", t).await;
    assert_eq!((&none["content"], &none["empty"]), (&json!([]), &json!(true)));

    let (status, p) = app.get("/api/pacientes/buscar-por-ficha/6", t).await;
    assert_eq!((status, &p["nombreCompleto"]), (StatusCode::OK, &json!("José Pérez")));
    let (status, body) = app.get("/api/pacientes/buscar-por-ficha/99", t).await;
    assert_eq!((status, body), (StatusCode::NOT_FOUND, Value::Null));
    let (status, _) = app.get("/api/pacientes/paginado/-1", t).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = app.get("/api/pacientes/paginado/0", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test]
async fn only_admins_delete_and_never_a_patient_with_movements(pool: PgPool) {
    let (app, shop) = TestApp::with_premises(pool).await;
    let p = register(&app, &shop.seller, patient("Ana", "1", "DNI1", shop.centro)).await;
    let id = p["id"].as_i64().unwrap();
    let uri = format!("/api/pacientes/{id}");
    let (status, _) = app.delete(&uri, Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (_, efectivo) = app
        .post("/api/metodoPago", Some(&shop.admin), json!({"nombre": "Efectivo"}))
        .await;
    let sale = json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "paciente": {"id": id}, "total": 100, "totalImpuesto": 100, "detalles": [],
        "detallesAdicionales": [{"descripcion": "Control", "subtotal": 100}],
        "cajaMovimientos": [{"monto": 100, "montoImpuesto": 100, "metodoPago": {"id": efectivo["metodoPago"]["id"]},
                             "fecha": "2026-11-21T10:30"}]
    });
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), sale).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let movimiento = answer["movimiento"]["id"].as_i64().unwrap();
    let (status, answer) = app.delete(&uri, Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        answer["mensaje"],
        "No se puede eliminar el paciente porque tiene movimientos en la caja. \
         Por favor elimine esos movimientos para continuar"
    );
    // nor can the branch of a registered patient be deleted
    let (status, _) = app
        .delete(&format!("/api/local/{}", shop.centro), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = app
        .delete(&format!("/api/movimientos/{movimiento}"), Some(&shop.admin))
        .await;
    assert!(status.is_success());

    let (status, answer) = app.delete(&uri, Some(&shop.admin)).await;
    assert_eq!(
        (status, answer),
        (StatusCode::OK, json!({"mensaje": "Se elimino el paciente con éxito!"}))
    );
    let (status, answer) = app.get(&format!("/api/pacientes/id/{id}"), Some(&shop.admin)).await;
    assert_eq!(
        (status, answer),
        (
            StatusCode::NOT_FOUND,
            json!({"mensaje": format!("El paciente ID: {id} no existe en la base de datos!")})
        )
    );
    let (status, _) = app.delete(&uri, Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // the document is free again; the ficha number is not reused
    let again = register(&app, &shop.seller, patient("Ana", "1", "DNI1", shop.centro)).await;
    assert_eq!(again["ficha"], 2);
}
