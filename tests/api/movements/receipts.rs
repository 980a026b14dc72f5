//! The customer's receipt: every sale takes its branch's next number in the sale's
//! own transaction (no gaps, even when racing sales roll back and retry), and the PDF is a real
//! receipt: shop, logo, number, lines with unit price, quantity and subtotal, discount, payments,
//! balance, and the status link as text and QR code. The tests read it with pdftotext and render
//! it with pdftoppm into the artifacts (`target/test-artifacts/`).

use crate::common::shop::{id_of, open_days, recorded, sale, shop};
use crate::common::{pdf_text, squeeze, TestApp};
use axum::http::StatusCode;
use serde_json::json;
use sqlx::PgPool;

fn artifacts() -> std::path::PathBuf {
    let dir = std::env::var("OPTICA_TEST_ARTIFACTS")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|_| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-artifacts"));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Renders each page of a PDF as `<name>-N.png` into the artifacts; answers the pages' count.
fn render(bytes: &[u8], name: &str) -> usize {
    let dir = artifacts();
    let pdf = dir.join(format!("{name}.pdf"));
    std::fs::write(&pdf, bytes).unwrap();
    let status = std::process::Command::new("pdftoppm")
        .args(["-png", "-r", "60"])
        .arg(&pdf)
        .arg(dir.join(name))
        .status()
        .expect("pdftoppm (poppler-utils) is needed; scripts/test installs it");
    assert!(status.success());
    // `recibo-1.png`, `recibo-2.png`... (not `recibo-largo-1.png`).
    let page = |n: &str| {
        let number = n.strip_prefix(&format!("{name}-"))?.strip_suffix(".png")?;
        number.parse::<usize>().ok()
    };
    std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| page(&e.unwrap().file_name().into_string().unwrap()))
        .max()
        .unwrap_or(0)
}

#[sqlx::test]
async fn sales_are_numbered_per_branch_without_gaps_even_when_they_race(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    // Ten sellers race for the five lenses at the centre: the five that win take 1 to 5.
    let mut lens_sale = sale(&shop, 1);
    lens_sale["detalles"][0]["producto"]["id"] = json!(shop.lente);
    let races = (0..10).map(|_| app.post("/api/movimientos", Some(&shop.seller), lens_sale.clone()));
    let answers = futures::future::join_all(races).await;
    let won: Vec<&serde_json::Value> = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::CREATED)
        .map(|(_, b)| b)
        .collect();
    assert_eq!(won.len(), 5, "{answers:?}");
    let mut numbers: Vec<String> = won
        .iter()
        .map(|b| b["movimiento"]["comprobante"].as_str().unwrap().to_string())
        .collect();
    numbers.sort();
    let centro = |n: i64| format!("{:04}-{n:08}", shop.centro);
    assert_eq!(numbers, (1..=5).map(centro).collect::<Vec<_>>());

    // Each branch counts on its own; an expense takes no number.
    open_days(&app, &shop, &["2026-11-21"]).await;
    let mut at_norte = sale(&shop, 1);
    at_norte["local"] = json!({"id": shop.norte});
    at_norte["detalles"] = json!([]);
    at_norte["detallesAdicionales"] = json!([{"descripcion": "Arreglo", "subtotal": 1000.5}]);
    let (status, norte) = app.post("/api/movimientos", Some(&shop.admin), at_norte).await;
    assert_eq!(status, StatusCode::CREATED, "{norte}");
    assert_eq!(
        norte["movimiento"]["comprobante"],
        format!("{:04}-00000001", shop.norte)
    );
    let gasto = json!({"tipoMovimiento": "SALIDA", "fecha": "2026-11-21T12:00", "local": {"id": shop.centro},
        "total": 100, "totalImpuesto": 100, "descripcion": "Artículos de limpieza", "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 100, "montoImpuesto": 100, "metodoPago": {"id": shop.efectivo}, "fecha": "2026-11-21T12:00"}]});
    let (status, gasto) = app.post("/api/movimientos", Some(&shop.admin), gasto).await;
    assert_eq!(status, StatusCode::CREATED, "{gasto}");
    assert_eq!(gasto["movimiento"]["comprobante"], json!(null));
    let next = crate::common::shop::sold(&app, &shop, 1).await;
    let (_, m) = app.get(&format!("/api/movimientos/{next}"), Some(&shop.seller)).await;
    assert_eq!(m["comprobante"], centro(6));
    // The numbers are in the events: a rebuild of the read models gives the same.
    let differences = optica::support::verify(&pool, true).await.unwrap();
    assert!(differences.is_empty(), "{differences:?}");
}

#[sqlx::test]
async fn the_receipt_is_one_a_customer_accepts(pool: PgPool) {
    let mut app = TestApp::start(pool.clone()).await;
    app.state.shop = std::sync::Arc::new(optica::config::ShopSettings {
        nombre: "Óptica Ñandú".into(),
        telefono: Some("+54 3772 000000".into()),
        logo: Some(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/logo.jpg")),
        ..Default::default()
    });
    app.router = optica::app(app.state.clone());
    let shop = shop(&app).await;
    open_days(&app, &shop, &["2026-11-21"]).await;
    // Two frames and a lens with 10 % off, half paid in cash.
    let body = json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "paciente": {"id": shop.paciente}, "descuento": 10, "total": 2701.35, "totalImpuesto": 1350.0,
        "detalles": [{"cantidad": 2, "precioUnitario": 1000.5, "subtotal": 2001.0, "producto": {"id": shop.armazon}},
                     {"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.lente}}],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 1350.0, "montoImpuesto": 1350.0, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-11-21T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    });
    let (status, saved) = app.post("/api/movimientos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    let venta = saved["movimiento"]["id"].as_i64().unwrap();
    let codigo = saved["movimiento"]["codigoEstado"].as_str().unwrap().to_string();

    let (status, content_type, bytes) = app
        .download(&format!("/api/movimientos/reporteCliente/{venta}"), Some(&shop.seller))
        .await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "application/pdf"));
    let text = squeeze(&pdf_text(&bytes));
    for expected in [
        "Óptica Ñandú",
        // The branch's own phone, not the shop's: the customer calls where they bought.
        "La Cruz · Calle 1 · Tel. 351",
        &format!("Comprobante N° {:04}-00000001", shop.centro),
        "Fecha: 21/11/2026",
        "Documento no válido como factura",
        "Paciente: Ana (ficha N°",
        "Descripción Cant. P. unitario Subtotal",
        "RB2140 Ray-Ban 2 $ 1.000,50 $ 2.001,00",
        "Orma Ray-Ban 1 $ 1.000,50 $ 1.000,50",
        "Subtotal: $ 3.001,50",
        "Descuento (10 %): -$ 300,15",
        "Total: $ 2.701,35",
        // A seller's payment is dated when it was recorded.
        &format!("{} · Efectivo $ 1.350,00", app.state.today().format("%d/%m/%Y")),
        "Adeuda: $ 1.351,35",
        &format!("/estadoCompra/{codigo}"),
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    assert_eq!(render(&bytes, "recibo"), 1);
    // A frame comes back: its value (less the discount) cancels part of the balance.
    let devolucion = json!({"lineas": [{"productoId": shop.armazon, "cantidad": 1}], "metodoPagoId": shop.efectivo});
    let (status, returned) = app
        .post(
            &format!("/api/movimientos/{venta}/devoluciones"),
            Some(&shop.seller),
            devolucion,
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{returned}");
    let (_, _, after) = app
        .download(&format!("/api/movimientos/reporteCliente/{venta}"), Some(&shop.seller))
        .await;
    let text = squeeze(&pdf_text(&after));
    assert!(text.contains("Devoluciones a cuenta: -$ 900,45"), "{text}");
    assert!(text.contains("Adeuda: $ 450,90"), "{text}");
    // The logo and the QR code are drawn: the page has images and filled squares.
    let raw = String::from_utf8_lossy(&bytes);
    assert!(raw.contains("/DCTDecode"), "no logo in the PDF");

    // An expense prints its description, and a long sale goes on to more pages.
    let lines: Vec<serde_json::Value> = (1..=60)
        .map(|n| json!({"descripcion": format!("Reparación Nº {n}: ¿bisagra? ¡Ñandú!"), "subtotal": 10}))
        .collect();
    let long = crate::common::shop::sale_of_lines(&shop, lines);
    let id = recorded(&app, &shop.admin, long).await;
    let (_, _, bytes) = app
        .download(&format!("/api/movimientos/reporteCliente/{id}"), Some(&shop.admin))
        .await;
    let text = squeeze(&pdf_text(&bytes));
    assert!(
        text.contains("Reparación Nº 60: ¿bisagra? ¡Ñandú! 1 $ 10,00 $ 10,00"),
        "{text}"
    );
    assert!(text.contains("Adeuda: $ 0,00"), "{text}");
    assert!(render(&bytes, "recibo-largo") >= 2);
    let gasto = json!({"tipoMovimiento": "SALIDA", "fecha": "2026-11-21T12:00", "local": {"id": shop.centro},
        "total": 100, "totalImpuesto": 100, "descripcion": "Artículos de limpieza", "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 100, "montoImpuesto": 100, "metodoPago": {"id": shop.efectivo}, "fecha": "2026-11-21T12:00"}]});
    let gasto = recorded(&app, &shop.admin, gasto).await;
    let (_, _, bytes) = app
        .download(&format!("/api/movimientos/reporteCliente/{gasto}"), Some(&shop.admin))
        .await;
    let text = squeeze(&pdf_text(&bytes));
    assert!(text.contains("Descripción: Artículos de limpieza"), "{text}");
    assert!(!text.contains("estadoCompra"), "an expense has no order link: {text}");
}

#[sqlx::test]
async fn the_work_order_carries_the_frozen_prescription_and_the_lab(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let g = |ojo: &str, tipo: &str| json!({"ojo": ojo, "tipo": tipo, "esferico": "-1,25", "cilindrico": "-0,50", "eje": 90});
    let patient = json!({
        "nombreCompleto": "Ñandú Pérez", "celular": "3772 123456", "genero": "Mujer", "local": {"id": shop.centro},
        "historialFichas": [{"fecha": "2026-11-01", "dnpDerecho": 31.5, "puente": 18, "adicionDerecho": 2.5,
            "graduaciones": [g("DERECHO", "LEJOS"), g("IZQUIERDO", "LEJOS"), g("DERECHO", "CERCA"), g("IZQUIERDO", "CERCA")],
            "cristales": []}]
    });
    let paciente = id_of(&app, &shop.seller, "/api/pacientes", patient, "paciente").await;
    let mut lens_sale = sale(&shop, 1);
    lens_sale["paciente"] = json!({"id": paciente});
    lens_sale["detalles"] =
        json!([{"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.lente}}]);
    let venta = recorded(&app, &shop.seller, lens_sale).await;
    let lab = id_of(
        &app,
        &shop.admin,
        "/api/laboratorio",
        json!({"nombre": "Lab Sur", "celular": "011 4444-5555"}),
        "laboratorio",
    )
    .await;
    let prometido = (app.state.today() + chrono::Duration::days(5)).to_string();
    let body = json!({"movimientoId": venta, "laboratorioId": lab, "prometido": prometido, "bandeja": "B-7",
                      "notas": "Antirreflejo, armazón al aire"});
    let (status, answer) = app.post("/api/trabajos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (_, sold) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let comprobante = sold["comprobante"]
        .as_str()
        .expect("a sale has its receipt number")
        .to_string();
    let (_, job) = app.get(&format!("/api/trabajos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(job["comprobante"].as_str(), Some(comprobante.as_str()), "{job}");
    let (_, jobs) = app.get("/api/trabajos", Some(&shop.seller)).await;
    assert_eq!(
        jobs["content"][0]["comprobante"].as_str(),
        Some(comprobante.as_str()),
        "{jobs}"
    );
    let (status, content_type, bytes) = app
        .download(&format!("/api/trabajos/{venta}/orden"), Some(&shop.seller))
        .await;
    assert_eq!((status, content_type.as_str()), (StatusCode::OK, "application/pdf"));
    let text = squeeze(&pdf_text(&bytes));
    for expected in [
        &format!("Orden de trabajo N° {venta}"),
        &format!("Comprobante de la venta: N° {comprobante}"),
        "Laboratorio: Lab Sur",
        "Tel. laboratorio: 011 4444-5555",
        "Bandeja: B-7",
        "Paciente: Ñandú Pérez",
        "Cristales: Orma Ray-Ban",
        "Notas para el laboratorio: Antirreflejo, armazón al aire",
        "D.N.P: Derecho: 31,5",
        "P: 18",
        "Esf: -1,25 | Cil: -0,50 | Eje: 90",
        "Adición: +2,50",
    ] {
        assert!(text.contains(expected), "missing {expected:?} in:\n{text}");
    }
    assert_eq!(render(&bytes, "orden-de-trabajo"), 1);
    let norte = app.seller_token("vendedora_norte", shop.norte).await;
    let (status, _, _) = app
        .download(&format!("/api/trabajos/{venta}/orden"), Some(&norte))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
