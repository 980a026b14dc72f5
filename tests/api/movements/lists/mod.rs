//! The cash box's lists, totals, reports and public order status against a real database.

use crate::common::shop::{id_of, open_days, recorded, shop, Shop};
use crate::common::{numbers, pdf_text, TestApp};
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod reports;

mod public;

/// A sale to Ana at the centre: a frame and a lens at 1000.50 each and a lab line at 999.00 is
/// 3000.00, less 10% is 2700.00; paid 1000.00 cash on the day and 500.00 by card (550.00 charged)
/// the next morning, so 1200.00 is owed.
fn sale_to_ana(shop: &Shop) -> Value {
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "paciente": {"id": shop.paciente}, "vendedor": "Eva", "descuento": 10,
        "total": 2700.0, "totalImpuesto": 1550.0,
        "detalles": [
            {"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.armazon}},
            {"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.lente}}
        ],
        "detallesAdicionales": [{"descripcion": "Armado en laboratorio", "subtotal": 999.0}],
        "cajaMovimientos": [
            {"monto": 1000.0, "montoImpuesto": 1000.0, "metodoPago": {"id": shop.efectivo}, "fecha": "2026-11-21T10:30"},
            {"monto": 500.0, "montoImpuesto": 550.0, "metodoPago": {"id": shop.tarjeta}, "fecha": "2026-11-22T09:00"}
        ],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

/// An expense of 500.00 cash at the northern branch.
fn expense(shop: &Shop) -> Value {
    json!({
        "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T12:00", "local": {"id": shop.norte},
        "descripcion": "Limpieza", "total": 500.0, "totalImpuesto": 500.0,
        "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 500.0, "montoImpuesto": 500.0, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-11-21T12:00"}],
        "estadoMovimiento": null
    })
}

struct Day {
    shop: Shop,
    venta: i64,
    gasto: i64,
}

/// A day of the past, as the admin recorded it into its open cash (a seller's money is always
/// today's).
async fn day(app: &TestApp) -> Day {
    let shop = shop(app).await;
    open_days(app, &shop, &["2026-11-21", "2026-11-22"]).await;
    let venta = recorded(app, &shop.admin, sale_to_ana(&shop)).await;
    let gasto = recorded(app, &shop.admin, expense(&shop)).await;
    Day { shop, venta, gasto }
}

fn rows(page: &Value) -> Vec<(i64, String)> {
    page["content"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_i64().unwrap(), r["fecha"].as_str().unwrap().to_string()))
        .collect()
}

#[sqlx::test]
async fn list_rows_are_payments_newest_first_filtered_and_a_seller_sees_only_their_branch(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let Day { shop, venta, gasto } = day(&app).await;
    let admin = Some(shop.admin.as_str());

    let (status, page) = app.get("/api/movimientos/filtrar", admin).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(
        rows(&page),
        [
            (venta, "2026-11-22T09:00:00".to_string()),
            (gasto, "2026-11-21T12:00:00".to_string()),
            (venta, "2026-11-21T10:30:00".to_string()),
        ]
    );
    assert_eq!(page["totalElements"], 3);
    // Each row is the whole movement, with every payment, and a unique id per payment.
    let first = &page["content"][0];
    assert_eq!(first["total"], 2700.0);
    assert_eq!(first["paciente"]["nombreCompleto"], "Ana");
    let mut payment_ids: Vec<i64> = page["content"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| {
            r["cajaMovimientos"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["id"].as_i64().unwrap())
        })
        .collect();
    payment_ids.sort_unstable();
    payment_ids.dedup();
    assert_eq!(payment_ids.len(), 3, "two movements' payments never share an id");
    assert!(first["codigoEstado"]
        .as_str()
        .unwrap()
        .starts_with(&format!("{venta}-")));

    let (_, two) = app.get("/api/movimientos/filtrar?page=1&size=2", admin).await;
    assert_eq!(rows(&two).len(), 1);
    assert_eq!(two["totalPages"], 2);

    let count = |query: String| {
        let app = &app;
        async move {
            let (status, page) = app.get(&format!("/api/movimientos/filtrar?{query}"), admin).await;
            assert_eq!(status, StatusCode::OK, "{query}: {page}");
            page["totalElements"].as_i64().unwrap()
        }
    };
    assert_eq!(count("tipoMovimiento=SALIDA".into()).await, 1);
    assert_eq!(
        count("nombrePaciente=%C3%81NA".into()).await,
        2,
        "name ignores case and accents"
    );
    assert_eq!(count("fecha=2026-11-21".into()).await, 2);
    assert_eq!(count("fecha=2026-11-22&metodoPago=Tarjeta".into()).await, 1);
    assert_eq!(count("metodoPago=Efectivo&idLocal=0".into()).await, 2);
    assert_eq!(count(format!("idLocal={}", shop.norte)).await, 1);

    // A seller asking for the other branch still gets only their own.
    let path = format!("/api/movimientos/filtrar?idLocal={}", shop.norte);
    let (_, own) = app.get(&path, Some(&shop.seller)).await;
    assert_eq!(rows(&own).iter().filter(|r| r.0 == gasto).count(), 0);
    assert_eq!(own["totalElements"], 2);

    let (status, day) = app
        .get("/api/movimientos/filtrar-completo?fecha=2026-11-21", admin)
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(day.as_array().unwrap().len(), 2);
    let (status, answer) = app.get("/api/movimientos/filtrar-completo", admin).await;
    assert_eq!(
        (status, answer["mensaje"].as_str()),
        (StatusCode::BAD_REQUEST, Some("Debe indicar la fecha"))
    );
    let (status, answer) = app.get("/api/movimientos/filtrar?tipoMovimiento=OTRO", admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer["mensaje"],
        "El tipo de movimiento 'OTRO' no es válido (ENTRADA o SALIDA)"
    );
    let (status, answer) = app.get("/api/movimientos/filtrar?fecha=21-13-2026", admin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let (status, _) = app.get("/api/movimientos/filtrar", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test]
async fn totals_add_sales_subtract_expenses_and_a_seller_gets_their_branchs(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let Day { shop, .. } = day(&app).await;
    let admin = Some(shop.admin.as_str());
    let cheque = id_of(
        &app,
        &shop.admin,
        "/api/metodoPago",
        json!({"nombre": "Cheque"}),
        "metodoPago",
    )
    .await;
    assert!(cheque > 0);

    let (status, all) = app.get("/api/movimientos/totales?idLocal=0", admin).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(all, json!({"Efectivo": 500.0, "Tarjeta": 550.0, "Cheque": 0.0}));
    let (_, centro) = app
        .get(&format!("/api/movimientos/totales?idLocal={}", shop.centro), admin)
        .await;
    assert_eq!(centro, json!({"Efectivo": 1000.0, "Tarjeta": 550.0, "Cheque": 0.0}));
    // A seller gets their own branch's, whatever they ask (the existing front end asks).
    let (status, own) = app.get("/api/movimientos/totales?idLocal=0", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(own, centro);
    let (status, _) = app.get("/api/movimientos/totales?idLocal=0", None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // The movement's date decides, not the payment's: the card paid the next day still counts.
    let period = json!({"local": 0, "fechaInicio": "2026-11-21", "fechaFin": "2026-11-21"});
    let (status, earned) = app.post("/api/movimientos/total-ganado", admin, period.clone()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        earned,
        json!({"Efectivo": {"entrada": 1000.0, "salida": 500.0}, "Tarjeta": {"entrada": 550.0, "salida": 0.0},
               "Cheque": {"entrada": 0.0, "salida": 0.0}})
    );
    let (_, sold) = app.post("/api/movimientos/total-vendido", admin, period).await;
    assert_eq!(sold, json!({"total": 2}));
    let later = json!({"local": shop.centro, "fechaInicio": "2026-11-22", "fechaFin": "2026-11-30"});
    let (_, sold) = app.post("/api/movimientos/total-vendido", admin, later).await;
    assert_eq!(sold, json!({"total": 0}));
    let (status, answer) = app
        .post("/api/movimientos/total-ganado", admin, json!({"local": 0}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["mensaje"], "Ingresar fecha de inicio y fin por favor");

    let (_, lenses) = app
        .get(
            &format!("/api/movimientos/cantidad-lentes?local={}", shop.centro),
            admin,
        )
        .await;
    assert_eq!(lenses, json!({"total": 1}));
    let (_, patients) = app.get("/api/movimientos/cantidad-pacientes?local=0", admin).await;
    assert_eq!(patients, json!({"total": 1}));
}

#[sqlx::test]
async fn the_plain_pages_list_movements_newest_first_within_the_callers_branch(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let Day { shop, venta, gasto } = day(&app).await;
    let ids = |page: &Value| -> Vec<i64> { numbers(&page["content"], "id") };
    let (status, all) = app.get("/api/movimientos/paginado/0", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((ids(&all), all["size"].as_i64()), (vec![gasto, venta], Some(12)));
    let (_, own) = app.get("/api/movimientos/paginado/0", Some(&shop.seller)).await;
    assert_eq!(ids(&own), [venta]);
    // A list reads its movements with one statement per table, one movement alone nests its
    // lines, extras and payments as JSON: both give the same movement.
    for listed in all["content"].as_array().unwrap() {
        let (_, alone) = app
            .get(&format!("/api/movimientos/{}", listed["id"]), Some(&shop.admin))
            .await;
        assert_eq!(&alone, listed);
    }

    let between = "/api/movimientos/buscar/entre-fechas?fechaInicio=2026-11-21&fechaFin=2026-11-21&page=0";
    let (status, found) = app.get(between, Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::OK, "{found}");
    assert_eq!(ids(&found), [gasto, venta]);
    let later = "/api/movimientos/buscar/entre-fechas?fechaInicio=2026-11-22&fechaFin=2026-12-31";
    let (_, found) = app.get(later, Some(&shop.admin)).await;
    assert_eq!(found["totalElements"], 0);
    let (status, answer) = app
        .get(
            "/api/movimientos/buscar/entre-fechas?fechaInicio=2026-11-22",
            Some(&shop.admin),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(answer["mensaje"], "Ingresar fecha de inicio y fin por favor");
    let (status, _) = app.get("/api/movimientos/paginado/-1", Some(&shop.admin)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// Our web app's list: one row per movement, a sale paid two ways once, with its payments, its
/// description and its debt; `conDeuda` keeps the ones still owed, `idPaciente` one patient's
/// purchases, not those of a patient whose name contains theirs.
#[sqlx::test]
async fn the_list_by_movement_shows_each_once_with_its_payments_and_debt(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    let paciente = |nombre: &str, celular: &str| {
        json!({"nombreCompleto": nombre, "celular": celular, "genero": "Mujer", "local": {"id": s.centro},
               "historialFichas": []})
    };
    let maria = id_of(
        &app,
        &s.seller,
        "/api/pacientes",
        paciente("María José Gómez", "11"),
        "paciente",
    )
    .await;
    let ruiz = id_of(
        &app,
        &s.seller,
        "/api/pacientes",
        paciente("María José Gómez Ruiz", "12"),
        "paciente",
    )
    .await;
    let venta = |paciente: i64, pagos: Value, descripcion: &str| {
        json!({"tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": s.centro},
               "total": 1000.5, "totalImpuesto": pagos.as_array().unwrap().iter()
                   .map(|p| p["montoImpuesto"].as_f64().unwrap()).sum::<f64>(),
               "paciente": {"id": paciente}, "descripcion": descripcion,
               "detalles": [{"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": s.armazon}}],
               "detallesAdicionales": [], "cajaMovimientos": pagos, "estadoMovimiento": "PEDIDO_CRISTALES"})
    };
    let pago = |monto: f64, metodo: i64| json!({"monto": monto, "montoImpuesto": monto, "metodoPago": {"id": metodo}, "fecha": "2026-11-21T10:30"});
    let dos_pagos = venta(
        maria,
        json!([pago(500.0, s.efectivo), pago(500.5, s.tarjeta)]),
        "Seña y saldo",
    );
    let dos_pagos = recorded(&app, &s.seller, dos_pagos).await;
    let debe = venta(ruiz, json!([pago(300.0, s.efectivo)]), "Debe el resto");
    let debe = recorded(&app, &s.seller, debe).await;

    let (status, page) = app.get("/api/movimientos/lista", Some(&s.seller)).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["totalElements"], 2);
    let rows = page["content"].as_array().unwrap();
    let row = |id: i64| rows.iter().find(|r| r["id"] == id).unwrap().clone();
    assert_eq!(row(dos_pagos)["cajaMovimientos"].as_array().unwrap().len(), 2);
    assert_eq!(row(dos_pagos)["deuda"], 0.0);
    assert_eq!(row(dos_pagos)["descripcion"], "Seña y saldo");
    assert_eq!(row(debe)["deuda"], 700.5);

    let (_, owed) = app.get("/api/movimientos/lista?conDeuda=true", Some(&s.seller)).await;
    assert_eq!(owed["totalElements"], 1);
    assert_eq!(owed["content"][0]["id"], debe);
    let (_, purchases) = app
        .get(&format!("/api/movimientos/lista?idPaciente={maria}"), Some(&s.seller))
        .await;
    assert_eq!(
        purchases["totalElements"], 1,
        "not María José Gómez Ruiz's: {purchases}"
    );
    assert_eq!(purchases["content"][0]["id"], dos_pagos);
    // The contract's list keeps one row per payment, and takes the same patient filter.
    let (_, rows) = app
        .get(&format!("/api/movimientos/filtrar?idPaciente={maria}"), Some(&s.seller))
        .await;
    assert_eq!(rows["totalElements"], 2);
    // A seller of another branch sees none of them.
    let norte = app.seller_token("norte", s.norte).await;
    let (_, none) = app.get("/api/movimientos/lista?idLocal=0", Some(&norte)).await;
    assert_eq!(none["totalElements"], 0);
}
