//! Authorization matrix: every route of the router, called by six callers (nobody, an expired
//! token, a token signed with another key, a seller of branch A, a seller of branch B, an admin),
//! answers the status the table below says. It proves the contract's holes (§8 S1, S3, S4 and
//! S7) stay closed: no anonymous or forged access to staff data, admin-only routes refuse
//! sellers, branch A's movements and products are out of reach of branch B's seller, every
//! 401/403 is the OAuth envelope, and no error body leaks SQL or a stack trace.
//!
//! What a seller may see, per call: the whole catalogue with every branch's
//! stock, without costs (a seller sends the customer to the branch that has the frame), and the
//! stock summaries of every branch (`stock-total-sucursal`, `stock-material`: counts, not
//! money); every patient (patients move between branches); their own branch's movements, lists,
//! day rows and all-time totals (`filtrar`, `filtrar-completo`, the pages and `totales` are
//! confined to it whatever `idLocal` says: the existing front end asks for the totals for every
//! role). Money beyond their branch is for admins: statistics, workbooks and the audit. Our web
//! app shows a seller neither the totals nor the day's sums (spec 001 §2: administrators see
//! totals). Without any token, a movement's number answers only its state (the existing front
//! end's status links), a few dozen times a minute per address.
//!
//! Every resource a path names belongs to branch A (centro). Each request runs once per caller in
//! the table's column order, admin last; rows that delete have a resource of their own, so no
//! cell depends on another row's success. Mismatches are collected and reported together.

use std::collections::HashMap;

use crate::common::shop::{id_of, open_days, recorded, sale, sale_of};
use crate::common::{TestApp, CLIENT, CLIENT_SECRET, JWT_SECRET, PASSWORD};
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::json;
use sqlx::PgPool;

mod table;
use table::Cuerpo::{Basic, Form, Json, Sin};
use table::{CALLERS, MATRIX};

/// A token of the server's shape (src/auth/jwt.rs) claiming to be the admin.
fn admin_claims_token(exp: i64, key: &[u8]) -> String {
    let claims = json!({
        "user_name": "admin", "authorities": ["ROLE_ADMIN"], "scope": ["read", "write"], "exp": exp,
        "jti": "00000000-0000-0000-0000-000000000000", "client_id": CLIENT, "local_id": null, "local_nombre": null,
    });
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &EncodingKey::from_secret(key)).unwrap()
}

/// Text that must never reach a client: SQL, driver errors, panics and source locations.
fn leaks(body: &str) -> Option<&'static str> {
    let lower = body.to_lowercase();
    [
        "select ",
        "insert into",
        "delete from",
        "update ",
        " where ",
        "sqlstate",
        "sqlx",
        "postgres",
        "violates",
        "duplicate key",
        "relation \"",
        "panicked",
        "backtrace",
        "stack trace",
        ".rs:",
    ]
    .into_iter()
    .find(|needle| lower.contains(needle))
}

fn fill(template: &str, vars: &HashMap<&str, String>, n: usize) -> String {
    let mut text = template.replace("{n}", &n.to_string());
    for (name, value) in vars {
        text = text.replace(&format!("{{{name}}}"), value);
    }
    // JSON puts a quote, a brace or a space after `{`; a letter there is a placeholder left over.
    let unfilled = text
        .split('{')
        .skip(1)
        .any(|rest| rest.starts_with(|c: char| c.is_ascii_lowercase()));
    assert!(!unfilled, "unfilled placeholder in {text}");
    text
}

#[sqlx::test]
async fn every_route_answers_each_caller_as_the_table_says(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    open_days(&app, &s, &["2026-11-21"]).await;
    let admin = s.admin.as_str();
    let seller_b = app.seller_token("vendedora_norte", s.norte).await;

    // Branch A's resources the paths name, beside the shop's.
    let (_, producto) = app.get(&format!("/api/productos/{}", s.armazon), Some(admin)).await;
    let marca = producto["marca"]["id"].as_i64().unwrap();
    let sol = producto["categorias"][0]["id"].as_i64().unwrap();
    let proveedor = producto["proveedores"][0]["id"].as_i64().unwrap();
    let (_, paciente) = app.get(&format!("/api/pacientes/id/{}", s.paciente), Some(admin)).await;
    let movimiento = recorded(&app, &s.seller, sale(&s, 1)).await;
    let mover = recorded(&app, &s.seller, sale(&s, 1)).await;
    let borrar_movimiento = recorded(&app, &s.seller, sale(&s, 1)).await;
    // A sale of 1000.50 paid 500.50: a balance to collect from.
    let mut on_credit = sale(&s, 1);
    on_credit["cajaMovimientos"][0]["monto"] = json!(500.5);
    on_credit["cajaMovimientos"][0]["montoImpuesto"] = json!(500.5);
    on_credit["totalImpuesto"] = json!(500.5);
    let deudor = recorded(&app, &s.seller, on_credit).await;
    // Transfers of one lens from the centre to the north: to read, to receive, to cancel.
    let transfer =
        json!({"origenId": s.centro, "destinoId": s.norte, "lineas": [{"productoId": s.lente, "cantidad": 1}]});
    let send = || {
        id_of(
            &app,
            &s.seller,
            "/api/transferencias",
            transfer.clone(),
            "transferencia",
        )
    };
    let transferencia = send().await;
    let recibir = send().await;
    let cancelar = send().await;
    // A count open at the centre (cancelled by the table's last count row).
    let conteo = json!({"localId": s.centro});
    let (status, started) = app.post("/api/conteos", Some(admin), conteo).await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let conteo = started["planilla"]["conteo"]["id"].as_i64().unwrap();
    // Two sales of lenses (an additional line, no stock taken) to the patient: one ordered
    // from the lab, one for the table to order.
    let mut lens_sale = sale(&s, 1);
    lens_sale["detalles"] = json!([]);
    lens_sale["detallesAdicionales"] = json!([{"descripcion": "Cristal Orma", "subtotal": 1000.5}]);
    lens_sale["paciente"] = json!({"id": s.paciente});
    let trabajo = recorded(&app, &s.seller, lens_sale.clone()).await;
    let encargar = recorded(&app, &s.seller, lens_sale.clone()).await;
    // A third, ready: the customer may be told.
    let avisar = recorded(&app, &s.seller, lens_sale).await;
    let laboratorio = id_of(
        &app,
        admin,
        "/api/laboratorio",
        json!({"nombre": "Lab", "celular": "5"}),
        "laboratorio",
    )
    .await;
    let encargo = json!({"movimientoId": trabajo, "laboratorioId": laboratorio, "prometido": "2030-01-01"});
    let (status, ordered) = app.post("/api/trabajos", Some(&s.seller), encargo).await;
    assert_eq!(status, StatusCode::CREATED, "{ordered}");
    let encargo = json!({"movimientoId": avisar, "laboratorioId": laboratorio, "prometido": "2030-01-01"});
    let (status, ordered) = app.post("/api/trabajos", Some(&s.seller), encargo).await;
    assert_eq!(status, StatusCode::CREATED, "{ordered}");
    let listo = json!({"estado": "ANTEOJO_TERMINADO"});
    let (status, moved) = app
        .post(&format!("/api/trabajos/{avisar}/estado"), Some(&s.seller), listo)
        .await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    // Three frames: one comes back per caller allowed to return.
    let devolver = recorded(&app, &s.seller, sale(&s, 3)).await;
    let (_, leido) = app.get(&format!("/api/movimientos/{movimiento}"), Some(admin)).await;
    // A closed day for the reopening's row.
    let cierre = json!({"contado": [], "motivo": "Cierre de prueba"});
    let (status, _) = app
        .post(
            &format!("/api/caja/{}/2026-11-18/cierre", s.centro),
            Some(admin),
            cierre,
        )
        .await;
    assert_eq!(status, StatusCode::OK);
    let product_at_a = |modelo: &str| {
        json!({"modelo": modelo, "marca": {"id": marca}, "categorias": [{"id": sol}], "precio": 10,
               "proveedores": [{"id": proveedor}], "productoLocales": [{"local": {"id": s.centro}, "stock": 1}]})
    };
    let patient_at_a = json!({"nombreCompleto": "Borrable", "celular": "2", "genero": "Mujer",
                              "local": {"id": s.centro}, "historialFichas": []});
    let named = |nombre: &str| json!({"nombre": nombre, "direccion": "Calle 3", "celular": "4"});
    let borrar_paciente = id_of(&app, &s.seller, "/api/pacientes", patient_at_a, "paciente").await;
    let borrar_producto = id_of(&app, admin, "/api/productos", product_at_a("Borrable"), "producto").await;
    let (status, usuario) = app
        .post(
            "/api/usuarios",
            Some(admin),
            json!({"username": "tercero", "contrasena": "secreta123", "rol": "ROLE_VENDEDOR", "localId": s.centro}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{usuario}");
    let usuario = usuario["usuario"]["id"].as_i64().unwrap();
    let mut vars: HashMap<&str, String> = HashMap::new();
    for (name, value) in [
        ("usuario", usuario),
        ("centro", s.centro),
        ("norte", s.norte),
        ("efectivo", s.efectivo),
        ("armazon", s.armazon),
        ("paciente", s.paciente),
        ("ficha", paciente["ficha"].as_i64().unwrap()),
        ("marca", marca),
        ("sol", sol),
        ("proveedor", proveedor),
        ("movimiento", movimiento),
        ("mover", mover),
        ("borrar_movimiento", borrar_movimiento),
        ("deudor", deudor),
        ("devolver", devolver),
        ("lente", s.lente),
        ("transferencia", transferencia),
        ("recibir", recibir),
        ("cancelar", cancelar),
        ("conteo", conteo),
        ("trabajo", trabajo),
        ("encargar", encargar),
        ("avisar", avisar),
        ("laboratorio", laboratorio),
        ("borrar_paciente", borrar_paciente),
        ("borrar_producto", borrar_producto),
    ] {
        vars.insert(name, value.to_string());
    }
    // One lookup item of each kind to delete, and the shop's material to edit.
    vars.insert("material", s.material.to_string());
    for (name, path, key) in [
        ("borrar_categoria", "/api/categoria", "categoria"),
        ("borrar_marca", "/api/marca", "marca"),
        ("borrar_material", "/api/materialProducto", "materialProducto"),
        ("borrar_metodo", "/api/metodoPago", "metodoPago"),
        ("borrar_local", "/api/local", "local"),
        ("borrar_proveedor", "/api/proveedor", "proveedor"),
        ("borrar_laboratorio", "/api/laboratorio", "laboratorio"),
    ] {
        let id = id_of(&app, admin, path, named("Borrable"), key).await;
        vars.insert(name, id.to_string());
    }
    // An obra social to read and edit, and one to delete.
    for name in ["obra_social", "borrar_obra_social"] {
        let body = json!({"nombre": format!("Obra social {name}"), "cuit": "30546741253",
                          "planes": [{"nombre": "210", "cristales": {"porcentaje": 40}}]});
        let id = id_of(&app, admin, "/api/obrasSociales", body, "obraSocial").await;
        vars.insert(name, id.to_string());
    }
    // Three sales of a lens covered by it (40 %: 400.20 of 1000.50): one for the table to
    // present; two presented in a liquidación whose payment rejected 100 of the last.
    let lens = json!({"modelo": "Cubierto", "marca": {"id": marca}, "categorias": [{"id": s.cristal}], "precio": 1000.5,
                      "proveedores": [{"id": proveedor}], "productoLocales": [{"local": {"id": s.centro}, "stock": 10}]});
    let lens = id_of(&app, admin, "/api/productos", lens, "producto").await;
    let covered = || {
        let mut body = sale_of(&s, lens, 1000.5, 1);
        body["paciente"] = json!({"id": s.paciente});
        body["cobertura"] = json!({"obraSocialId": vars["obra_social"].parse::<i64>().unwrap(), "plan": "210",
                                   "afiliado": "61 1"});
        body["totalImpuesto"] = json!(600.3);
        body["cajaMovimientos"][0]["monto"] = json!(600.3);
        body["cajaMovimientos"][0]["montoImpuesto"] = json!(600.3);
        body
    };
    let cubierta = recorded(&app, admin, covered()).await;
    let presentada = recorded(&app, admin, covered()).await;
    let debitada = recorded(&app, admin, covered()).await;
    let body = json!({"obraSocialId": vars["obra_social"].parse::<i64>().unwrap(), "mes": "2026-11",
                      "ventas": [presentada, debitada]});
    let liquidacion = id_of(&app, admin, "/api/liquidaciones", body, "liquidacion").await;
    let cobro = json!({"referencia": "T-0", "monto": 0,
                       "debitos": [{"movimientoId": debitada, "monto": 100, "motivo": "Sin receta"}]});
    let (status, answer) = app
        .post(&format!("/api/liquidaciones/{liquidacion}/cobros"), Some(admin), cobro)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    for (name, value) in [
        ("cubierta", cubierta),
        ("debitada", debitada),
        ("liquidacion", liquidacion),
    ] {
        vars.insert(name, value.to_string());
    }
    vars.insert("codigo", leido["codigoEstado"].as_str().unwrap().to_string());
    let form_encoded: String = PASSWORD.bytes().map(|b| format!("%{b:02X}")).collect();
    vars.insert("password", form_encoded);
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{CLIENT}:{CLIENT_SECRET}"));

    let now = chrono::Utc::now().timestamp();
    let expired = admin_claims_token(now - 60, JWT_SECRET.as_bytes());
    let foreign = admin_claims_token(now + 3600, b"another-key-of-at-least-32-bytes-long!!");
    let tokens = [
        None,
        Some(expired.as_str()),
        Some(foreign.as_str()),
        Some(s.seller.as_str()),
        Some(seller_b.as_str()),
        Some(admin),
    ];

    let document = crate::common::openapi_check::Document::load();
    let mut wrong = Vec::new();
    let mut cells = 0;
    for (method, path, body, expected) in MATRIX {
        for (caller, (token, want)) in tokens.iter().zip(expected).enumerate() {
            cells += 1;
            let uri = fill(path, &vars, cells);
            let mut request = Request::builder().method(*method).uri(&uri);
            match (body, token) {
                (Basic(_), _) => request = request.header(header::AUTHORIZATION, format!("Basic {basic}")),
                (_, Some(token)) => request = request.header(header::AUTHORIZATION, format!("Bearer {token}")),
                (_, None) => {}
            }
            let request = match body {
                Sin => request.body(Body::empty()),
                Json(text) => request
                    .header(header::CONTENT_TYPE, "application/json")
                    .body(Body::from(fill(text, &vars, cells))),
                Form(text) | Basic(text) => request
                    .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                    .body(Body::from(fill(text, &vars, cells))),
            };
            let (status, answer) = app.send(request.unwrap()).await;
            let who = CALLERS[caller];
            let cell = format!("{method} {path} [{who}]");
            // The OpenAPI document says what this answer is.
            match document.operation(method, &uri) {
                // An unknown path under /api: the documented fallback (README, "API").
                None if status == StatusCode::NOT_FOUND && uri.starts_with("/api/") => {}
                None => wrong.push(format!("{cell}: not in the OpenAPI document")),
                Some(operation) => {
                    if let Some(problem) = document.mismatch(operation, status.as_u16(), &answer) {
                        wrong.push(format!("{cell}: the OpenAPI document disagrees: {problem}"));
                    }
                }
            }
            if status.is_client_error() || status.is_server_error() {
                if let Some(leak) = leaks(&answer.to_string()) {
                    wrong.push(format!("{cell}: error body leaks {leak:?}: {answer}"));
                }
            }
            if status.as_u16() != *want {
                wrong.push(format!("{cell}: expected {want}, got {status} {answer}"));
                continue;
            }
            let envelope = match (status, caller) {
                (StatusCode::FORBIDDEN, _) => Some("access_denied"),
                (StatusCode::UNAUTHORIZED, 0) => Some("unauthorized"),
                // the token endpoint refuses the client, not the token
                (StatusCode::UNAUTHORIZED, _) if path.starts_with("/oauth") => Some("unauthorized"),
                (StatusCode::UNAUTHORIZED, _) => Some("invalid_token"),
                _ => None,
            };
            if let Some(error) = envelope {
                if answer["error"] != error || !answer["error_description"].is_string() {
                    wrong.push(format!("{cell}: expected the {error:?} envelope, got {answer}"));
                }
            }
        }
    }

    assert!(
        wrong.is_empty(),
        "{} of {cells} cells are wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
