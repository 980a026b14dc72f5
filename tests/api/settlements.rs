//! A month of covered sales with two obras sociales, presented in their liquidaciones, paid by
//! bank in full with a rejected item and in part, the rejected item billed to the patient; card
//! payments in 1, 3 and 12 cuotas, a product's cost raised in the middle and a return. Every
//! figure is computed by hand below.

use axum::http::StatusCode;
use chrono::{Datelike, Duration, NaiveDate};
use serde_json::{json, Value};

use crate::common::shop::{id_of, open_days, recorded};
use crate::common::{event_count, pdf_text, sheet_rows, squeeze, TestApp};

fn today() -> NaiveDate {
    chrono::Utc::now()
        .with_timezone(&chrono_tz::America::Argentina::Buenos_Aires)
        .date_naive()
}

/// The first day of last month.
fn last_month() -> NaiveDate {
    let first = today().with_day(1).unwrap();
    (first - Duration::days(1)).with_day(1).unwrap()
}

fn errors(answer: &Value) -> Vec<String> {
    answer["errors"]
        .as_array()
        .map(|e| e.iter().map(|e| e.as_str().unwrap_or_default().to_string()).collect())
        .unwrap_or_default()
}

/// A sale to the shop's patient on `dia` of a lens (80.000) and a frame (60.000) with
/// `descuento` percent off, the patient paying `pago` (monto, montoImpuesto, cuotas) by card.
fn sale(
    shop: &crate::common::shop::Shop,
    dia: NaiveDate,
    productos: (i64, i64),
    descuento: f64,
    pago: (f64, f64, Option<i64>),
    cobertura: Value,
) -> Value {
    let fecha = format!("{dia}T11:00");
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": fecha, "local": {"id": shop.centro}, "vendedor": "Eva",
        "paciente": {"id": shop.paciente},
        "descuento": if descuento == 0.0 { Value::Null } else { json!(descuento) },
        "total": 140_000.0 * (100.0 - descuento) / 100.0, "totalImpuesto": pago.1,
        "detalles": [
            {"cantidad": 1, "precioUnitario": 80_000.0, "subtotal": 80_000.0, "producto": {"id": productos.0}},
            {"cantidad": 1, "precioUnitario": 60_000.0, "subtotal": 60_000.0, "producto": {"id": productos.1}}
        ],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": pago.0, "montoImpuesto": pago.1, "cuotas": pago.2,
                             "metodoPago": {"id": shop.tarjeta}, "fecha": fecha}],
        "estadoMovimiento": "ENTREGADO",
        "cobertura": cobertura
    })
}

async fn ok(app: &TestApp, token: &str, path: &str, body: Value) -> Value {
    let (status, answer) = app.post(path, Some(token), body).await;
    assert!(status.is_success(), "{path}: {status} {answer}");
    answer
}

async fn refused(app: &TestApp, token: &str, path: &str, body: Value) -> Vec<String> {
    let (status, answer) = app.post(path, Some(token), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {answer}");
    errors(&answer)
}

async fn ledger_cents(pool: &sqlx::PgPool) -> i64 {
    sqlx::query_scalar("select coalesce(sum(cents), 0)::bigint from cash_ledger")
        .fetch_one(pool)
        .await
        .unwrap()
}

#[sqlx::test]
async fn a_month_of_covered_sales_is_presented_paid_in_part_and_a_rejected_item_billed(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let admin = shop.admin.clone();
    let admin = admin.as_str();
    let mes = last_month();
    let dias: Vec<NaiveDate> = [4, 11, 17, 24].iter().map(|d| mes + Duration::days(*d)).collect();
    let abiertos: Vec<String> = dias.iter().map(NaiveDate::to_string).collect();
    open_days(&app, &shop, &abiertos.iter().map(String::as_str).collect::<Vec<_>>()).await;
    for (cuotas, recargo) in [(1, 0), (3, 0), (12, 20)] {
        let body = json!({"cuotas": cuotas, "recargo": recargo, "desde": mes.to_string()});
        ok(&app, admin, &format!("/api/metodoPago/{}/planes", shop.tarjeta), body).await;
    }
    let product = |modelo: &str, categoria: i64, costo: f64, precio: f64| {
        let mut body = shop.body(modelo, shop.marca, &[(shop.centro, 10)]);
        body["categorias"] = json!([{"id": categoria}]);
        body["costo"] = json!(costo);
        body["precio"] = json!(precio);
        body
    };
    let lens = id_of(
        &app,
        admin,
        "/api/productos",
        product("Orma Blue", shop.cristal, 30_000.0, 80_000.0),
        "producto",
    )
    .await;
    let frame = id_of(
        &app,
        admin,
        "/api/productos",
        product("Aviator", shop.categoria, 40_000.0, 60_000.0),
        "producto",
    )
    .await;
    let osde = json!({"nombre": "OSDE", "cuit": "30546741253", "planes": [
        {"nombre": "210", "cristales": {"porcentaje": 40, "tope": 30000}, "armazones": {"tope": 15000},
         "requiereReceta": true, "validezRecetaDias": 60}]});
    let osde = id_of(&app, admin, "/api/obrasSociales", osde, "obraSocial").await;
    let iosfa = json!({"nombre": "IOSFA", "cuit": "33693450239", "planes": [
        {"nombre": "Único", "cristales": {"porcentaje": 50}, "armazones": {"porcentaje": 20}}]});
    let iosfa = id_of(&app, admin, "/api/obrasSociales", iosfa, "obraSocial").await;
    let por = |obra_social: i64, plan: &str, dia: NaiveDate| {
        json!({"obraSocialId": obra_social, "plan": plan, "afiliado": "61 123456 7", "medico": "Dra. Paz",
               "matricula": "MP 1234", "fechaReceta": (dia - Duration::days(5)).to_string()})
    };
    let productos = (lens, frame);

    // 1. OSDE 210: 40 % of the lens capped at 30.000, and 15.000 of the frame: 45.000. The
    //    patient pays the other 95.000 by card in one payment. Costs 30.000 + 40.000.
    let venta1 = recorded(
        &app,
        admin,
        sale(
            &shop,
            dias[0],
            productos,
            0.0,
            (95_000.0, 95_000.0, Some(1)),
            por(osde, "210", dias[0]),
        ),
    )
    .await;
    // 2. IOSFA: half the lens (40.000) and a fifth of the frame (12.000): 52.000; the patient
    //    pays 88.000 in 3 cuotas without surcharge. Costs 30.000 + 40.000.
    let venta2 = recorded(
        &app,
        admin,
        sale(
            &shop,
            dias[1],
            productos,
            0.0,
            (88_000.0, 88_000.0, Some(3)),
            por(iosfa, "Único", dias[1]),
        ),
    )
    .await;
    // The frame's cost goes up 25 %: 50.000 from now on.
    let (status, answer) = app
        .put(&format!("/api/productos/{frame}"), Some(admin), {
            let (_, p) = app.get(&format!("/api/productos/{frame}"), Some(admin)).await;
            let mut body = product("Aviator", shop.categoria, 50_000.0, 60_000.0);
            body["version"] = p["version"].clone();
            body
        })
        .await;
    assert!(status.is_success(), "{answer}");
    // 3. OSDE 210 with 10 % off (126.000): 40 % of the lens's 72.000 is 28.800, under the cap,
    //    and 15.000 of the frame: 43.800. The patient's 82.200 in 12 cuotas with 20 %: the card
    //    is charged 98.640 (16.440 of financial income). Costs 30.000 + 50.000.
    let venta3 = recorded(
        &app,
        admin,
        sale(
            &shop,
            dias[2],
            productos,
            10.0,
            (82_200.0, 98_640.0, Some(12)),
            por(osde, "210", dias[2]),
        ),
    )
    .await;
    // 4. A frame without coverage, 60.000 in cash (cost 50.000), returned today.
    let mut sin_cobertura = sale(&shop, dias[3], productos, 0.0, (60_000.0, 60_000.0, None), Value::Null);
    sin_cobertura["detalles"] = json!([{"cantidad": 1, "precioUnitario": 60_000.0, "subtotal": 60_000.0,
                                        "producto": {"id": frame}}]);
    sin_cobertura["total"] = json!(60_000.0);
    sin_cobertura["cajaMovimientos"][0]["metodoPago"] = json!({"id": shop.efectivo});
    let venta4 = recorded(&app, admin, sin_cobertura).await;
    ok(
        &app,
        admin,
        &format!("/api/movimientos/{venta4}/devoluciones"),
        json!({"lineas": [{"productoId": frame, "cantidad": 1}], "metodoPagoId": shop.efectivo, "confirmado": true}),
    )
    .await;

    // A sale with returns takes no coverage.
    let (_, leida) = app.get(&format!("/api/movimientos/{venta4}"), Some(admin)).await;
    let mut cubierta = sale(
        &shop,
        dias[3],
        productos,
        0.0,
        (60_000.0, 60_000.0, None),
        por(osde, "210", dias[3]),
    );
    cubierta["detalles"] = json!([{"cantidad": 1, "precioUnitario": 60_000.0, "subtotal": 60_000.0,
                                   "producto": {"id": frame}}]);
    cubierta["total"] = json!(60_000.0);
    cubierta["cajaMovimientos"] = json!([{"monto": 45_000.0, "montoImpuesto": 45_000.0,
        "metodoPago": {"id": shop.efectivo}, "fecha": leida["cajaMovimientos"][0]["fecha"]}]);
    cubierta["totalImpuesto"] = json!(45_000.0);
    cubierta["version"] = leida["version"].clone();
    let (status, answer) = app
        .put(&format!("/api/movimientos/{venta4}"), Some(admin), cubierta)
        .await;
    assert_eq!(
        (status, errors(&answer)),
        (
            StatusCode::BAD_REQUEST,
            vec!["La venta tiene devoluciones: no puede tomar la cobertura de una obra social.".to_string()]
        ),
        "{answer}"
    );
    // A covered sale of which OSDE pays nothing (a repair alone) is never presented, nor owed.
    let mut arreglo = sale(
        &shop,
        dias[3],
        productos,
        0.0,
        (5_000.0, 5_000.0, None),
        por(osde, "210", dias[3]),
    );
    arreglo["detalles"] = json!([]);
    arreglo["detallesAdicionales"] = json!([{"descripcion": "Arreglo", "subtotal": 5_000.0}]);
    arreglo["total"] = json!(5_000.0);
    arreglo["cajaMovimientos"][0]["metodoPago"] = json!({"id": shop.efectivo});
    recorded(&app, admin, arreglo).await;

    // What each obra social would be presented: its covered sales of the month.
    let mes_txt = format!("{}", mes.format("%Y-%m"));
    let pendientes = |os: i64| format!("/api/liquidaciones/pendientes?obraSocialId={os}&mes={mes_txt}");
    let (status, p) = app.get(&pendientes(osde), Some(admin)).await;
    assert_eq!(status, StatusCode::OK, "{p}");
    let ids: Vec<i64> = p
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["movimientoId"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [venta1, venta3]);
    assert_eq!(
        (
            &p[1]["monto"],
            &p[1]["cristales"],
            &p[1]["armazones"],
            &p[1]["afiliado"],
            &p[1]["matricula"]
        ),
        (
            &json!(43_800.0),
            &json!(28_800.0),
            &json!(15_000.0),
            &json!("61 123456 7"),
            &json!("MP 1234")
        )
    );
    assert_eq!(p[1]["detalles"][0]["descripcion"], "Orma Blue Ray-Ban");

    // Refusals say why and record nothing.
    let before = event_count(&pool).await;
    let presentar = |os: i64, mes: &str, ventas: &[i64]| json!({"obraSocialId": os, "mes": mes, "ventas": ventas});
    let next_month = (today().with_day(1).unwrap() + Duration::days(32))
        .format("%Y-%m")
        .to_string();
    assert_eq!(
        refused(
            &app,
            admin,
            "/api/liquidaciones",
            presentar(osde, &mes_txt, &[venta1, venta2, venta4])
        )
        .await,
        [
            format!("La venta N.º {venta2} no tiene cobertura de OSDE."),
            format!("La venta N.º {venta4} no tiene cobertura de OSDE."),
        ]
    );
    let mes_siguiente = NaiveDate::parse_from_str(&format!("{next_month}-01"), "%Y-%m-%d").unwrap();
    assert_eq!(
        refused(
            &app,
            admin,
            "/api/liquidaciones",
            presentar(osde, &next_month, &[venta1])
        )
        .await,
        [format!("El mes {} todavía no empezó.", mes_siguiente.format("%m/%Y"))]
    );
    assert_eq!(
        refused(
            &app,
            admin,
            "/api/liquidaciones",
            presentar(osde, &mes_txt, &[venta1, venta1])
        )
        .await,
        [format!("La venta N.º {venta1} figura más de una vez.")]
    );
    assert_eq!(
        refused(&app, admin, "/api/liquidaciones", presentar(osde, &mes_txt, &[])).await,
        ["Elegí al menos una venta para presentar."]
    );
    let (status, answer) = app
        .post(
            "/api/liquidaciones",
            Some(admin),
            json!({"obraSocialId": osde, "mes": "noviembre", "ventas": [venta1]}),
        )
        .await;
    assert_eq!(
        (status, answer["mensaje"].as_str().unwrap_or_default()),
        (
            StatusCode::BAD_REQUEST,
            "El mes 'noviembre' no es válido (formato aaaa-mm, por ejemplo 2026-11)."
        )
    );
    assert_eq!(event_count(&pool).await, before, "a refusal records nothing");

    // Presented, once per key: the liquidación keeps what each sale was presented for.
    let body = presentar(osde, &mes_txt, &[venta1, venta3]);
    let (status, a) = app
        .post_keyed("/api/liquidaciones", admin, "liq-osde", body.clone())
        .await;
    assert_eq!(status, StatusCode::CREATED, "{a}");
    let (_, again) = app
        .post_keyed("/api/liquidaciones", admin, "liq-osde", body.clone())
        .await;
    assert_eq!(again["id"], a["id"], "one liquidación per key");
    let liq_osde = a["id"].as_i64().unwrap();
    assert_eq!(a["mensaje"], format!("La liquidación N.º {liq_osde} fue presentada."));
    let l = &a["liquidacion"];
    assert_eq!(
        (
            &l["obraSocial"],
            &l["ventas"],
            &l["total"],
            &l["pendiente"],
            &l["estado"],
            &l["mes"]
        ),
        (
            &json!("OSDE"),
            &json!(2),
            &json!(88_800.0),
            &json!(88_800.0),
            &json!("PRESENTADA"),
            &json!(mes_txt)
        )
    );
    // Without a key, the same sales again: each is named with its liquidación.
    assert_eq!(
        refused(&app, admin, "/api/liquidaciones", body).await,
        [
            format!("La venta N.º {venta1} ya fue presentada en la liquidación N.º {liq_osde}."),
            format!("La venta N.º {venta3} ya fue presentada en la liquidación N.º {liq_osde}."),
        ]
    );
    let (_, p) = app.get(&pendientes(osde), Some(admin)).await;
    assert_eq!(p, json!([]), "nothing left to present");
    let b = ok(&app, admin, "/api/liquidaciones", presentar(iosfa, &mes_txt, &[venta2])).await;
    let liq_iosfa = b["id"].as_i64().unwrap();
    assert_eq!(b["liquidacion"]["total"], 52_000.0);

    // A presented sale's coverage stands: neither dropped nor the sale deleted.
    let (_, saved) = app.get(&format!("/api/movimientos/{venta1}"), Some(admin)).await;
    let mut sin = sale(
        &shop,
        dias[0],
        productos,
        0.0,
        (95_000.0, 95_000.0, Some(1)),
        json!(null),
    );
    sin["version"] = saved["version"].clone();
    let (status, answer) = app.put(&format!("/api/movimientos/{venta1}"), Some(admin), sin).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    assert_eq!(
        errors(&answer),
        [format!(
            "La venta fue presentada a la obra social en la liquidación N.º {liq_osde}: su cobertura y lo que cubre no pueden cambiar."
        )]
    );
    let presentada =
        format!("La venta fue presentada a la obra social en la liquidación N.º {liq_osde}: su cobertura y lo que cubre no pueden cambiar.");
    // Nor moved to another month, nor its lines marked as lenses anew.
    let mut otro_mes = sale(
        &shop,
        today(),
        productos,
        0.0,
        (95_000.0, 95_000.0, Some(1)),
        por(osde, "210", dias[0]),
    );
    otro_mes["version"] = saved["version"].clone();
    let (status, answer) = app
        .put(&format!("/api/movimientos/{venta1}"), Some(admin), otro_mes)
        .await;
    assert_eq!(
        (status, errors(&answer)),
        (StatusCode::BAD_REQUEST, vec![presentada.clone()]),
        "{answer}"
    );
    let (status, answer) = app
        .post(&format!("/api/movimientos/{venta1}/cristales"), Some(admin), json!({}))
        .await;
    assert_eq!(
        (status, errors(&answer)),
        (StatusCode::BAD_REQUEST, vec![presentada.clone()]),
        "{answer}"
    );
    let (status, answer) = app.delete(&format!("/api/movimientos/{venta1}"), Some(admin)).await;
    assert_eq!(
        (status, answer["mensaje"].as_str().unwrap_or_default()),
        (
            StatusCode::CONFLICT,
            format!("La venta fue presentada a la obra social en la liquidación N.º {liq_osde}: no se puede eliminar.")
                .as_str()
        )
    );

    // OSDE pays 73.800 by transfer and rejects 15.000 of sale 3; none of it enters a drawer.
    let cash = ledger_cents(&pool).await;
    let cobros = |id: i64| format!("/api/liquidaciones/{id}/cobros");
    let debito =
        |venta: i64, monto: Value, motivo: &str| json!({"movimientoId": venta, "monto": monto, "motivo": motivo});
    assert_eq!(
        refused(
            &app,
            admin,
            &cobros(liq_osde),
            json!({"referencia": " ", "monto": "80.000", "debitos": [
                debito(venta2, json!(1000), "x"), debito(venta3, json!("50.000"), " ")]})
        )
        .await,
        [
            "Escribí la referencia del cobro (número de transferencia o de comprobante), de hasta 80 caracteres."
                .to_string(),
            format!("La venta N.º {venta2} no está en esta liquidación."),
            format!(
                "El débito de la venta N.º {venta3} debe ser mayor a $ 0,00 y como máximo lo que cubría ($ 43.800,00)."
            ),
            format!("Escribí el motivo del débito de la venta N.º {venta3}, de hasta 200 caracteres."),
            "El cobro y los débitos suman más de lo que la obra social debe de esta liquidación ($ 88.800,00)."
                .to_string(),
        ]
    );
    assert_eq!(
        refused(
            &app,
            admin,
            &cobros(liq_osde),
            json!({"referencia": "T-1", "monto": "80.000,00",
            "debitos": [debito(venta3, json!("15.000"), "Armazón fuera de nomenclador")]})
        )
        .await,
        ["El cobro y los débitos suman más de lo que la obra social debe de esta liquidación ($ 88.800,00)."]
    );
    let a = ok(
        &app,
        admin,
        &cobros(liq_osde),
        json!({"fecha": today().to_string(), "referencia": "Transferencia 4471", "monto": "73.800,00",
               "debitos": [debito(venta3, json!("15.000"), "Armazón fuera de nomenclador")]}),
    )
    .await;
    let l = &a["liquidacion"];
    assert_eq!(
        (&l["cobrado"], &l["debitado"], &l["pendiente"], &l["estado"]),
        (&json!(73_800.0), &json!(15_000.0), &json!(0.0), &json!("COBRADA"))
    );
    assert_eq!(l["items"][1]["motivos"], json!(["Armazón fuera de nomenclador"]));
    assert_eq!(l["cobros"][0]["referencia"], "Transferencia 4471");
    // IOSFA pays 30.000 of its 52.000. Two more payments of 22.000 race: one fits.
    ok(
        &app,
        admin,
        &cobros(liq_iosfa),
        json!({"referencia": "T-9", "monto": 30000}),
    )
    .await;
    let resto = json!({"referencia": "T-10", "monto": 22000});
    let path = cobros(liq_iosfa);
    let (one, two) = tokio::join!(
        app.post(&path, Some(admin), resto.clone()),
        app.post(&path, Some(admin), resto.clone())
    );
    let mut statuses = [one.0, two.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::CREATED, StatusCode::BAD_REQUEST],
        "{} {}",
        one.1,
        two.1
    );
    assert_eq!(
        ledger_cents(&pool).await,
        cash,
        "an obra social's payment is a bank receipt, never cash"
    );
    let (_, lista) = app
        .get(&format!("/api/liquidaciones?obraSocialId={iosfa}"), Some(admin))
        .await;
    assert_eq!(
        (&lista[0]["cobrado"], &lista[0]["estado"]),
        (&json!(52_000.0), &json!("COBRADA"))
    );

    // One more sale of OSDE this month, not presented: it is what OSDE owes, since that day.
    let hoy = today();
    let venta5 = recorded(
        &app,
        admin,
        sale(
            &shop,
            hoy,
            productos,
            0.0,
            (95_000.0, 95_000.0, Some(1)),
            por(osde, "210", hoy),
        ),
    )
    .await;
    let (_, deudas) = app.get("/api/obrasSociales/deudas", Some(admin)).await;
    assert_eq!(
        deudas,
        json!([{"obraSocialId": osde, "obraSocial": "OSDE", "ventas": 1, "monto": 45_000.0, "sinPresentar": 45_000.0,
                "desde": hoy.to_string()}])
    );
    let _ = venta5;

    // Rentabilidad from the month's start to today. Income: 140.000 + 140.000 + 126.000 +
    // 60.000 − 60.000 (return) + 5.000 (repair) − 15.000 (rejected, absorbed) + 140.000 (sale 5)
    // = 536.000. Cost: 70.000 + 70.000 + 80.000 + 50.000 − 50.000 + 80.000 = 300.000. Margin
    // 236.000 (44,0 %).
    let periodo = format!("/api/rentabilidad?fechaInicio={mes}&fechaFin={hoy}");
    let (_, r) = app.get(&periodo, Some(admin)).await;
    let totales = |r: &Value| {
        let t = &r["totales"];
        (
            t["ingresos"].clone(),
            t["costo"].clone(),
            t["margen"].clone(),
            t["margenPorcentaje"].clone(),
        )
    };
    assert_eq!(
        totales(&r),
        (json!(536_000.0), json!(300_000.0), json!(236_000.0), json!(44.0)),
        "{r}"
    );
    assert_eq!(r["recargosTarjeta"], 16_440.0);

    // The rejected 15.000 billed to the patient: sale 3's balance grows by it, and the shop's
    // income is whole again (551.000, margin 251.000, 45,6 %).
    let (_, antes) = app.get(&format!("/api/movimientos/{venta3}"), Some(admin)).await;
    assert_eq!(antes["deuda"], 0.0);
    let facturar = format!("/api/liquidaciones/{liq_osde}/debitos/{venta3}/facturar");
    let a = ok(&app, admin, &facturar, json!({})).await;
    assert_eq!(
        a["mensaje"],
        format!("Se facturó al paciente $ 15.000,00 de la venta N.º {venta3}.")
    );
    assert_eq!(a["liquidacion"]["facturado"], 15_000.0);
    let (_, despues) = app.get(&format!("/api/movimientos/{venta3}"), Some(admin)).await;
    assert_eq!(despues["deuda"], 15_000.0, "{despues}");
    assert_eq!(
        (
            &despues["cobertura"]["liquidacionId"],
            &despues["cobertura"]["facturadoAlPaciente"]
        ),
        (&json!(liq_osde), &json!(15_000.0))
    );
    assert_eq!(
        refused(&app, admin, &facturar, json!({})).await,
        [format!(
            "No hay débito sin facturar de la venta N.º {venta3} en esta liquidación."
        )]
    );
    let (_, r) = app.get(&periodo, Some(admin)).await;
    assert_eq!(
        totales(&r),
        (json!(551_000.0), json!(300_000.0), json!(251_000.0), json!(45.6)),
        "{r}"
    );
    // The patient pays it at the counter like any balance.
    let (status, answer) = app
        .post(
            &format!("/api/movimientos/{venta3}/cobros"),
            Some(admin),
            json!({"monto": 15000, "metodoPagoId": shop.efectivo}),
        )
        .await;
    assert!(status.is_success(), "{answer}");

    // The liquidación's workbook and PDF say what OSDE requires of each sale.
    let (status, _, bytes) = app
        .download(&format!("/api/liquidaciones/{liq_osde}/excel"), Some(admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let rows = sheet_rows(&bytes, "Liquidación");
    let cell = |r: usize, c: usize| rows[r][c].to_string();
    assert_eq!(cell(0, 0), format!("Liquidación N.º {liq_osde} — OSDE"));
    assert_eq!(cell(5, 4), "Afiliado");
    assert_eq!(
        (
            cell(7, 4),
            cell(7, 5),
            cell(7, 11),
            cell(7, 12),
            cell(7, 13),
            cell(7, 14)
        ),
        (
            "61 123456 7".into(),
            "210".into(),
            "43800".into(),
            "15000".into(),
            "Armazón fuera de nomenclador".into(),
            "15000".into()
        )
    );
    assert!(cell(7, 6).contains("MP 1234"), "{}", cell(7, 6));
    assert_eq!((cell(8, 0), cell(8, 11)), ("Total".into(), "88800".into()));
    let (status, _, pdf) = app
        .download(&format!("/api/liquidaciones/{liq_osde}/pdf"), Some(admin))
        .await;
    assert_eq!(status, StatusCode::OK);
    let text = squeeze(&pdf_text(&pdf));
    for expected in [
        format!("Liquidación N.º {liq_osde}"),
        "Obra social: OSDE".to_string(),
        "CUIT: 30546741253".to_string(),
        format!("Mes: {}", mes.format("%m/%Y")),
        "Afiliado N.º 61 123456 7 — plan 210".to_string(),
        format!(
            "Receta: Dra. Paz, matrícula MP 1234, del {}",
            (dias[0] - Duration::days(5)).format("%d/%m/%Y")
        ),
        "A cargo de la obra social: $ 43.800,00".to_string(),
        "Debitado: $ 15.000,00 — Armazón fuera de nomenclador".to_string(),
        "Total presentado $ 88.800,00".to_string(),
    ] {
        assert!(text.contains(&expected), "{expected}\n{text}");
    }

    // Admins only; the read models rebuilt from the events hold the same.
    let (status, _) = app.get(&pendientes(osde), Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(optica::support::verify(&pool, true).await.unwrap(), []);
}

#[sqlx::test]
async fn two_presentations_racing_for_a_sale_take_it_once(pool: sqlx::PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let admin = shop.admin.clone();
    let admin = admin.as_str();
    let os = json!({"nombre": "PAMI", "cuit": "30546741253", "planes": [
        {"nombre": "Único", "cristales": {"porcentaje": 100}, "armazones": {"tope": 10000}}]});
    let os = id_of(&app, admin, "/api/obrasSociales", os, "obraSocial").await;
    let cobertura = json!({"obraSocialId": os, "plan": "Único", "afiliado": "150 222 333"});
    let hoy = today();
    let mut body = sale(&shop, hoy, (shop.lente, shop.armazon), 0.0, (0.0, 0.0, None), cobertura);
    body["detalles"] = json!([{"cantidad": 1, "precioUnitario": 60_000.0, "subtotal": 60_000.0,
                               "producto": {"id": shop.armazon}}]);
    body["total"] = json!(60_000.0);
    body["totalImpuesto"] = json!(50_000.0);
    body["cajaMovimientos"] = json!([{"monto": 50_000.0, "montoImpuesto": 50_000.0,
                                       "metodoPago": {"id": shop.efectivo}}]);
    let venta = recorded(&app, admin, body).await;
    let mes = hoy.format("%Y-%m").to_string();
    let presentar = json!({"obraSocialId": os, "mes": mes, "ventas": [venta]});
    let (one, two) = tokio::join!(
        app.post("/api/liquidaciones", Some(admin), presentar.clone()),
        app.post("/api/liquidaciones", Some(admin), presentar.clone())
    );
    let mut statuses = [one.0, two.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::CREATED, StatusCode::BAD_REQUEST],
        "{} {}",
        one.1,
        two.1
    );
    let presented: i64 = sqlx::query_scalar("select count(*) from settlement_items where movimiento_id = $1")
        .bind(venta)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(presented, 1);
}
