//! Obras sociales: an admin keeps them with their CUIT and plans; a patient carries their obra
//! social, plan and affiliate number, which the existing front end's free text follows and its
//! edits keep; an obra social a patient names cannot be deleted.

use axum::http::StatusCode;
use serde_json::{json, Value};

use crate::common::shop::id_of;
use crate::common::{event_count, TestApp};

fn osde() -> Value {
    json!({
        "nombre": "OSDE", "cuit": "30-54674125-3",
        "planes": [
            {"nombre": "210", "cristales": {"porcentaje": "40", "tope": 30000}, "armazones": {"tope": 15000},
             "requiereReceta": true, "validezRecetaDias": 60},
            {"nombre": "310", "cristales": {"porcentaje": 100}, "armazones": {"porcentaje": "50"}}
        ]
    })
}

fn errors(answer: &Value) -> Vec<String> {
    answer["errors"]
        .as_array()
        .map(|e| e.iter().map(|e| e.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

#[sqlx::test]
async fn an_admin_keeps_the_obras_sociales_with_their_plans(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let admin = shop.admin.as_str();
    let (status, answer) = app.post("/api/obrasSociales", Some(admin), osde()).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["mensaje"], "La obra social ha sido creada!");
    let os = &answer["obraSocial"];
    assert_eq!((&os["nombre"], &os["cuit"]), (&json!("OSDE"), &json!("30546741253")));
    assert_eq!(
        os["planes"][0],
        json!({"nombre": "210", "cristales": {"porcentaje": 40.0, "tope": 30000.0},
               "armazones": {"porcentaje": null, "tope": 15000.0}, "requiereReceta": true, "validezRecetaDias": 60})
    );
    let id = os["id"].as_i64().unwrap();
    for nombre in ["PAMI", "Ioma", "IOSFA"] {
        let body = json!({"nombre": nombre, "cuit": "33693450239", "planes": []});
        id_of(&app, admin, "/api/obrasSociales", body, "obraSocial").await;
    }
    let (_, list) = app.get("/api/obrasSociales", Some(&shop.seller)).await;
    let nombres: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["nombre"].as_str().unwrap())
        .collect();
    assert_eq!(
        nombres,
        ["Ioma", "IOSFA", "OSDE", "PAMI"],
        "as Spanish sorts, case aside"
    );

    // Refusals say why and record nothing.
    let before = event_count(&pool).await;
    let (status, answer) = app
        .post(
            "/api/obrasSociales",
            Some(admin),
            json!({"nombre": " osde ", "cuit": "30546741253"}),
        )
        .await;
    assert_eq!(
        (status, errors(&answer)),
        (
            StatusCode::BAD_REQUEST,
            vec!["Ya existe una obra social con ese nombre.".to_string()]
        )
    );
    let mut bad = osde();
    bad["nombre"] = json!("Nueva");
    bad["cuit"] = json!("30546741254");
    bad["planes"][1]["nombre"] = json!("210 ");
    bad["planes"][0]["cristales"]["porcentaje"] = json!("cuarenta");
    let (status, answer) = app.post("/api/obrasSociales", Some(admin), bad.clone()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        errors(&answer),
        ["El porcentaje de cristales del plan 210 ('cuarenta'): No es un número. Escriba, por ejemplo, 1.234,56."]
    );
    bad["planes"][0]["cristales"]["porcentaje"] = json!(140);
    let (_, answer) = app.post("/api/obrasSociales", Some(admin), bad).await;
    assert_eq!(
        errors(&answer),
        [
            "El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.",
            "El porcentaje de cobertura del plan 210 debe estar entre 0 y 100.",
            "El plan 210 figura más de una vez.",
        ]
    );
    assert_eq!(event_count(&pool).await, before, "a refusal records nothing");

    // A new plan; the answer is the obra social as it is now.
    let mut edited = osde();
    edited["planes"][1]["nombre"] = json!("410");
    let (status, answer) = app.put(&format!("/api/obrasSociales/{id}"), Some(admin), edited).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["obraSocial"]["planes"][1]["nombre"], "410");
    let (status, answer) = app.put("/api/obrasSociales/999", Some(admin), osde()).await;
    assert_eq!(
        (status, &answer["mensaje"]),
        (StatusCode::NOT_FOUND, &json!("La obra social 999 no existe."))
    );

    // The same request twice under one key: one obra social.
    let body = json!({"nombre": "Swiss Medical", "cuit": "30654855168", "planes": []});
    let first = app.post_keyed("/api/obrasSociales", admin, "os-1", body.clone()).await;
    let again = app.post_keyed("/api/obrasSociales", admin, "os-1", body).await;
    assert_eq!(first.0, StatusCode::CREATED, "{}", first.1);
    assert_eq!(first.1["obraSocial"]["id"], again.1["obraSocial"]["id"]);
}

#[sqlx::test]
async fn a_patient_carries_an_obra_social_that_the_existing_front_end_keeps(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool).await;
    let admin = shop.admin.as_str();
    let osde = id_of(&app, admin, "/api/obrasSociales", osde(), "obraSocial").await;
    let paciente = |afiliacion: Value| {
        json!({"nombreCompleto": "Laura Díaz", "celular": "3772 111111", "genero": "Mujer",
               "local": {"id": shop.centro}, "historialFichas": [], "afiliacion": afiliacion})
    };
    let (status, answer) = app
        .post(
            "/api/pacientes",
            Some(&shop.seller),
            paciente(json!({"obraSocialId": osde, "plan": " 210", "afiliado": " 61 123456 7 "})),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let p = &answer["paciente"];
    let id = p["id"].as_i64().unwrap();
    assert_eq!(
        p["afiliacion"],
        json!({"obraSocialId": osde, "obraSocial": "OSDE", "plan": "210", "afiliado": "61 123456 7"})
    );
    assert_eq!(
        p["obraSocial"], "OSDE 210",
        "the existing front end's text says the same"
    );

    // The existing front end edits without the field: the affiliation stays.
    let mut old_front_end = p.clone();
    old_front_end.as_object_mut().unwrap().remove("afiliacion");
    old_front_end["observaciones"] = json!("Usa lentes de contacto");
    let (status, answer) = app
        .put(&format!("/api/pacientes/{id}"), Some(&shop.seller), old_front_end)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["paciente"]["afiliacion"]["plan"], "210");

    // Refusals name the problem.
    for (afiliacion, text) in [
        (
            json!({"obraSocialId": osde, "plan": "410", "afiliado": "1"}),
            "El plan '410' no es de OSDE: elegí uno de 210, 310.".to_string(),
        ),
        (
            json!({"obraSocialId": 999, "plan": "210", "afiliado": "1"}),
            "La obra social 999 no existe.".to_string(),
        ),
        (
            json!({"obraSocialId": osde, "plan": "210", "afiliado": " "}),
            "Escribí el número de afiliado de la obra social.".to_string(),
        ),
    ] {
        let (status, answer) = app
            .put(
                &format!("/api/pacientes/{id}"),
                Some(&shop.seller),
                paciente(afiliacion),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(answer["mensaje"], text, "{answer}");
    }

    // An obra social a patient names is not deleted; once the patient leaves it, it is.
    let (status, answer) = app.delete(&format!("/api/obrasSociales/{osde}"), Some(admin)).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(
        answer["mensaje"],
        "Hay pacientes o ventas con esta obra social: no se puede eliminar."
    );
    let (status, answer) = app
        .put(
            &format!("/api/pacientes/{id}"),
            Some(&shop.seller),
            paciente(Value::Null),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["paciente"]["afiliacion"], Value::Null);
    let (status, answer) = app.delete(&format!("/api/obrasSociales/{osde}"), Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(answer["mensaje"], "La obra social ha sido eliminada");
}

/// A sale of a lens of 80.000 and a frame of 60.000 to the patient, by the plan: the obra
/// social pays 30.000 of the lens (40 % up to 30.000) and 15.000 of the frame (up to 15.000).
fn covered_sale(
    shop: &crate::common::shop::Shop,
    lens: i64,
    frame: i64,
    paciente: Option<i64>,
    cobertura: Value,
    pagado: f64,
) -> Value {
    let hoy = chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive();
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": format!("{hoy}T10:30"), "local": {"id": shop.centro},
        "paciente": paciente.map(|id| json!({"id": id})),
        "total": 140000.0, "totalImpuesto": pagado,
        "detalles": [
            {"cantidad": 1, "precioUnitario": 80000.0, "subtotal": 80000.0, "producto": {"id": lens}},
            {"cantidad": 1, "precioUnitario": 60000.0, "subtotal": 60000.0, "producto": {"id": frame}}
        ],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": pagado, "montoImpuesto": pagado, "metodoPago": {"id": shop.efectivo}}],
        "estadoMovimiento": "PEDIDO_CRISTALES",
        "cobertura": cobertura
    })
}

#[sqlx::test]
async fn the_obra_socials_part_is_neither_the_patients_debt_nor_cash(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let admin = shop.admin.as_str();
    let osde = id_of(&app, admin, "/api/obrasSociales", osde(), "obraSocial").await;
    let today = chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive();
    let product = |modelo: &str, categoria: i64, precio: f64| {
        let mut body = shop.body(modelo, shop.marca, &[(shop.centro, 5)]);
        body["categorias"] = json!([{"id": categoria}]);
        body["precio"] = json!(precio);
        body
    };
    let lens = id_of(
        &app,
        admin,
        "/api/productos",
        product("Orma Blue", shop.cristal, 80000.0),
        "producto",
    )
    .await;
    let frame = id_of(
        &app,
        admin,
        "/api/productos",
        product("Aviator", shop.categoria, 60000.0),
        "producto",
    )
    .await;
    let receta = |dias_atras: i64| (today - chrono::Duration::days(dias_atras)).to_string();
    let cobertura = |monto: Value, fecha_receta: Value| {
        json!({"obraSocialId": osde, "plan": "210", "afiliado": "61 123456 7", "medico": "Dra. Paz",
               "matricula": "MP 1234", "fechaReceta": fecha_receta, "monto": monto})
    };
    let sale = |cobertura: Value, pagado: f64| covered_sale(&shop, lens, frame, Some(shop.paciente), cobertura, pagado);

    // Refusals name what is wrong and record nothing.
    let before = event_count(&pool).await;
    let refused = [
        (
            sale(cobertura(json!(40000), json!(receta(10))), 60000.0),
            "La obra social cubre $ 45.000,00 de esta venta (cristales $ 30.000,00, armazones $ 15.000,00)."
                .to_string(),
        ),
        (
            sale(cobertura(Value::Null, Value::Null), 60000.0),
            "El plan 210 requiere la receta: escribí el médico, su matrícula y la fecha de la receta.".to_string(),
        ),
        (
            sale(cobertura(Value::Null, json!(receta(61))), 60000.0),
            format!(
                "La receta del {} venció el {} (el plan la acepta por 60 días).",
                (today - chrono::Duration::days(61)).format("%d/%m/%Y"),
                (today - chrono::Duration::days(1)).format("%d/%m/%Y")
            ),
        ),
        (
            sale(cobertura(Value::Null, json!(receta(-1))), 60000.0),
            "La fecha de la receta no puede ser posterior a la venta.".to_string(),
        ),
        (
            sale(cobertura(Value::Null, json!(receta(10))), 100000.0),
            "Los pagos no pueden superar lo que paga el paciente ($ 95.000,00): el resto lo cubre la obra social."
                .to_string(),
        ),
        (
            covered_sale(
                &shop,
                lens,
                frame,
                None,
                cobertura(Value::Null, json!(receta(10))),
                60000.0,
            ),
            "Una venta con obra social necesita el paciente.".to_string(),
        ),
        (
            {
                let mut c = cobertura(Value::Null, json!(receta(10)));
                c["afiliado"] = json!("7".repeat(256));
                sale(c, 60000.0)
            },
            "El número de afiliado debe tener como máximo 255 caracteres".to_string(),
        ),
    ];
    for (body, text) in refused {
        let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert_eq!(errors(&answer), [text], "{answer}");
    }
    assert_eq!(event_count(&pool).await, before, "a refusal records nothing");

    // The sale: the patient pays 60.000 now and owes 35.000; the obra social owes 45.000.
    let body = sale(cobertura(json!(45000), json!(receta(59))), 60000.0);
    let (status, answer) = app.post("/api/movimientos", Some(&shop.seller), body.clone()).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let venta = answer["movimiento"]["id"].as_i64().unwrap();
    let c = &answer["movimiento"]["cobertura"];
    assert_eq!(
        (
            &c["obraSocial"],
            &c["plan"],
            &c["parteCristales"],
            &c["parteArmazones"],
            &c["monto"]
        ),
        (
            &json!("OSDE"),
            &json!("210"),
            &json!(30000.0),
            &json!(15000.0),
            &json!(45000.0)
        )
    );
    assert_eq!(answer["movimiento"]["deuda"], 35000.0);
    let cash: i64 = sqlx::query_scalar("select sum(cents)::bigint from cash_ledger where movimiento_id = $1")
        .bind(venta)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(cash, 6_000_000, "only what the patient paid is in the drawer");
    let (_, deudas) = app.get("/api/obrasSociales/deudas", Some(admin)).await;
    let d = &deudas[0];
    assert_eq!(
        (
            &d["obraSocialId"],
            &d["obraSocial"],
            &d["ventas"],
            &d["monto"],
            deudas.as_array().unwrap().len()
        ),
        (&json!(osde), &json!("OSDE"), &json!(1), &json!(45000.0), 1),
        "{deudas}"
    );
    let (status, _, pdf) = app
        .download(&format!("/api/movimientos/reporteCliente/{venta}"), Some(&shop.seller))
        .await;
    assert_eq!(status, StatusCode::OK);
    let text = crate::common::squeeze(&crate::common::pdf_text(&pdf));
    assert!(
        text.contains("Cubre OSDE 210 (afiliado 61 123456 7): -$ 45.000,00"),
        "{text}"
    );
    assert!(text.contains("Adeuda: $ 35.000,00"), "{text}");
    let (_, saldos) = app.get("/api/cuentas-corrientes", Some(admin)).await;
    assert!(
        saldos.to_string().contains("35000"),
        "the patient owes 35.000: {saldos}"
    );

    // The plan's terms change: a new sale takes them, the sale recorded keeps its own, also
    // through the existing front end's edit (which knows nothing of coverage).
    let mut nuevo = self::osde();
    nuevo["planes"][0]["cristales"] = json!({"porcentaje": 50});
    let (status, _) = app.put(&format!("/api/obrasSociales/{osde}"), Some(admin), nuevo).await;
    assert_eq!(status, StatusCode::OK);
    let (_, saved) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let mut old_front_end = body.clone();
    old_front_end.as_object_mut().unwrap().remove("cobertura");
    old_front_end["descripcion"] = json!("Con estuche");
    old_front_end["version"] = saved["version"].clone();
    old_front_end["cajaMovimientos"][0]["fecha"] = saved["cajaMovimientos"][0]["fecha"].clone();
    let (status, answer) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.seller), old_front_end)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["movimiento"]["cobertura"]["monto"], 45000.0, "{answer}");
    assert_eq!(answer["movimiento"]["deuda"], 35000.0);
    // The terms it was recorded with come with it, for a form that edits it to compute the same.
    assert_eq!(
        answer["movimiento"]["cobertura"]["cristales"],
        json!({"porcentaje": 40.0, "tope": 30000.0})
    );
    let (status, answer) = app
        .post(
            "/api/movimientos",
            Some(&shop.seller),
            sale(cobertura(json!(55000), json!(receta(1))), 60000.0),
        )
        .await;
    assert_eq!(
        status,
        StatusCode::CREATED,
        "the new terms: 40.000 of the lens, 15.000 of the frame: {answer}"
    );

    // Its return waits for the obra social's settlement; the obra social cannot be deleted.
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta}/devoluciones"),
            Some(&shop.seller),
            json!({"lineas": [{"productoId": frame, "cantidad": 1}], "metodoPagoId": shop.efectivo}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert!(
        answer
            .to_string()
            .contains("Una venta con cobertura de obra social no se devuelve desde aquí"),
        "{answer}"
    );
    let (status, _) = app.delete(&format!("/api/obrasSociales/{osde}"), Some(admin)).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // The read models rebuilt from the events hold the same.
    assert_eq!(optica::support::verify(&pool, true).await.unwrap(), []);
}
