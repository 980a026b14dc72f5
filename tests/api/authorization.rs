//! Authorization matrix: every route of the router, called by six callers (nobody, an expired
//! token, a token signed with another key, a seller of branch A, a seller of branch B, an admin),
//! answers the status the table below says. It proves the contract's holes (§8 S1, S3, S4 and
//! S7) stay closed: no anonymous or forged access to staff data, admin-only routes refuse
//! sellers, branch A's movements and products are out of reach of branch B's seller, every
//! 401/403 is the OAuth envelope, and no error body leaks SQL or a stack trace.
//!
//! What a seller may see, per call (issues 19.11 and 26): the whole catalogue with every branch's
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

use crate::common::shop::{id_of, open_days, sale, shop};
use crate::common::{TestApp, CLIENT, CLIENT_SECRET, JWT_SECRET, PASSWORD};
use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use base64::Engine;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::json;
use sqlx::PgPool;

/// The callers, in the order of the table's status columns.
const CALLERS: [&str; 6] = [
    "anónimo",
    "token vencido",
    "token de otra clave",
    "vendedor de A",
    "vendedor de B",
    "admin",
];

enum Cuerpo {
    Sin,
    Json(&'static str),
    /// A form sent with the caller's Authorization header (the token endpoint's body).
    Form(&'static str),
    /// A form sent with the OAuth client's HTTP Basic credentials instead of the caller's header:
    /// the token endpoint's own authentication, the same for every caller.
    Basic(&'static str),
}
use Cuerpo::{Basic, Form, Json, Sin};

/// Method, path, body, expected status per caller. `{name}` is replaced by the fixture's value,
/// `{n}` by a number unique to each request (new names, phones).
type Fila = (&'static str, &'static str, Cuerpo, [u16; 6]);

// Common columns: anonymous, expired, foreign key, seller A, seller B, admin.
const PUBLIC: [u16; 6] = [200; 6];
const STAFF: [u16; 6] = [401, 401, 401, 200, 200, 200];
const STAFF_SAVE: [u16; 6] = [401, 401, 401, 201, 201, 201];
/// Branch A's records: its seller and admins; B's seller gets 403.
const BRANCH_A: [u16; 6] = [401, 401, 401, 200, 403, 200];
const BRANCH_A_SAVE: [u16; 6] = [401, 401, 401, 201, 403, 201];
const ADMIN: [u16; 6] = [401, 401, 401, 403, 403, 200];
const ADMIN_SAVE: [u16; 6] = [401, 401, 401, 403, 403, 201];

const SALE_A: &str = r#"{"tipoMovimiento":"ENTRADA","fecha":"2026-11-21T10:30","local":{"id":{centro}},
  "total":1000.5,"totalImpuesto":1000.5,"vendedor":"Eva",
  "detalles":[{"cantidad":1,"precioUnitario":1000.5,"subtotal":1000.5,"producto":{"id":{armazon}}}],
  "detallesAdicionales":[],
  "cajaMovimientos":[{"monto":1000.5,"montoImpuesto":1000.5,"metodoPago":{"id":{efectivo}},"fecha":"2026-11-21T10:30"}],
  "estadoMovimiento":"ARMANDO_PEDIDO"}"#;
/// Moves a movement to branch B (norte): only an admin may take it out of branch A.
const REPAIR_B: &str = r#"{"tipoMovimiento":"ENTRADA","fecha":"2026-11-21T11:00","local":{"id":{norte}},
  "total":500,"totalImpuesto":500,"detalles":[],"detallesAdicionales":[{"descripcion":"Arreglo","subtotal":500}],
  "cajaMovimientos":[{"monto":500,"montoImpuesto":500,"metodoPago":{"id":{efectivo}},"fecha":"2026-11-21T11:00"}],
  "estadoMovimiento":"PEDIDO_CRISTALES"}"#;
const NEW_PRODUCT: &str = r#"{"modelo":"Nuevo{n}","marca":{"id":{marca}},"categorias":[{"id":{sol}}],"precio":900,
  "proveedores":[{"id":{proveedor}}],"productoLocales":[{"local":{"id":{centro}},"stock":1}]}"#;
const NEW_PRODUCTS: &str = r#"[{"modelo":"Varios{n}","marca":{"id":{marca}},"categorias":[{"id":{sol}}],"precio":900,
  "proveedores":[{"id":{proveedor}}],"productoLocales":[{"local":{"id":{centro}},"stock":1}]}]"#;
const EDIT_PRODUCT: &str = r#"{"modelo":"RB2140","marca":{"id":{marca}},"categorias":[{"id":{sol}}],"precio":1000.5,
  "proveedores":[{"id":{proveedor}}],"productoLocales":[{"local":{"id":{centro}},"stock":10}]}"#;
const NEW_PATIENT: &str = r#"{"nombreCompleto":"Paciente {n}","celular":"77{n}","genero":"Mujer","local":{"id":{centro}},"historialFichas":[]}"#;
const EDIT_PATIENT: &str = r#"{"nombreCompleto":"Ana","celular":"1","genero":"Mujer","local":{"id":{centro}}}"#;
const PERIOD: &str = r#"{"local":0,"fechaInicio":"2026-01-01","fechaFin":"2026-12-31"}"#;
const PERIOD_A: &str = r#"{"local":{centro},"fechaInicio":"2026-01-01","fechaFin":"2026-12-31"}"#;
const LOGIN: &str = "grant_type=password&username=vendedor&password={password}";

#[rustfmt::skip]
const MATRIX: &[Fila] = &[
    // Public: the Authorization header is ignored, whatever it holds.
    ("GET",    "/health",                                  Sin, PUBLIC),
    ("GET",    "/api/openapi.json",                        Sin, PUBLIC),
    ("GET",    "/api/categoria",                           Sin, PUBLIC),
    ("GET",    "/api/tienda",                              Sin, PUBLIC),
    ("GET",    "/api/catalogo/page/0?categoria={sol}",     Sin, PUBLIC),
    ("GET",    "/api/movimientos/estado/{codigo}",         Sin, PUBLIC),
    // The bare id (the old public link, S1) and a forged tag lead nowhere.
    ("GET",    "/api/movimientos/estado/{movimiento}",     Sin, [404; 6]),
    ("GET",    "/api/movimientos/estado/{movimiento}-000000000000000000000000", Sin, [404; 6]),
    ("GET",    "/api/no-existe",                           Sin, [404; 6]),
    // The token endpoint authenticates the client with HTTP Basic: no bearer token (not even an
    // admin's) stands in for it; with the client's credentials anyone may log in.
    ("POST",   "/oauth/token",                             Form(LOGIN), [401; 6]),
    ("POST",   "/oauth/token",                             Basic(LOGIN), PUBLIC),

    // Lookups: staff read, admins write.
    ("GET",    "/api/marca",                               Sin, STAFF),
    ("GET",    "/api/materialProducto",                    Sin, STAFF),
    ("GET",    "/api/metodoPago",                          Sin, STAFF),
    ("GET",    "/api/local",                               Sin, STAFF),
    ("GET",    "/api/proveedor",                           Sin, STAFF),
    ("GET",    "/api/laboratorio",                         Sin, STAFF),
    ("POST",   "/api/categoria",                           Json(r#"{"nombre":"Categoría {n}"}"#), ADMIN_SAVE),
    ("POST",   "/api/marca",                               Json(r#"{"nombre":"Marca {n}"}"#), ADMIN_SAVE),
    ("POST",   "/api/materialProducto",                    Json(r#"{"nombre":"Material {n}"}"#), ADMIN_SAVE),
    ("POST",   "/api/metodoPago",                          Json(r#"{"nombre":"Método {n}"}"#), ADMIN_SAVE),
    ("POST",   "/api/local",                               Json(r#"{"nombre":"Local {n}","direccion":"Calle 2","celular":"3"}"#), ADMIN_SAVE),
    ("POST",   "/api/proveedor",                           Json(r#"{"nombre":"Proveedor {n}","celular":"2"}"#), ADMIN_SAVE),
    ("POST",   "/api/laboratorio",                         Json(r#"{"nombre":"Laboratorio {n}","celular":"5"}"#), ADMIN_SAVE),
    ("PUT",    "/api/categoria/{sol}",                     Json(r#"{"nombre":"Sol"}"#), ADMIN_SAVE),
    ("PUT",    "/api/marca/{marca}",                       Json(r#"{"nombre":"Ray-Ban"}"#), ADMIN_SAVE),
    ("PUT",    "/api/materialProducto/{material}",         Json(r#"{"nombre":"Acetato"}"#), ADMIN_SAVE),
    ("PUT",    "/api/metodoPago/{efectivo}",               Json(r#"{"nombre":"Efectivo"}"#), ADMIN_SAVE),
    ("PUT",    "/api/local/{centro}",                      Json(r#"{"nombre":"La Cruz","direccion":"Calle 1","celular":"351"}"#), ADMIN_SAVE),
    ("PUT",    "/api/proveedor/{proveedor}",               Json(r#"{"nombre":"Opti","celular":"1"}"#), ADMIN_SAVE),
    ("PUT",    "/api/laboratorio/{laboratorio}",           Json(r#"{"nombre":"Lab Sur","celular":"5"}"#), ADMIN_SAVE),

    // Catalogue: staff read every branch's products, admins write.
    ("GET",    "/api/productos/page/0",                    Sin, STAFF),
    ("GET",    "/api/productos/{armazon}",                 Sin, STAFF),
    ("GET",    "/api/productos/buscar-por-modelo/RB2140",  Sin, STAFF),
    ("GET",    "/api/productos/modelo/RB",                 Sin, STAFF),
    ("GET",    "/api/productos/marca/Ray",                 Sin, STAFF),
    // A seller's branch search is always their own branch (B's seller gets an empty list).
    ("GET",    "/api/productos/buscar?modelo=RB&localId={centro}", Sin, STAFF),
    ("GET",    "/api/productos/stock-total-sucursal",      Sin, STAFF),
    ("GET",    "/api/productos/stock-material?localId={centro}", Sin, STAFF),
    ("POST",   "/api/productos/validar-modelos?marcaId={marca}", Json(r#"["rb2140"]"#), STAFF),
    ("POST",   "/api/productos",                           Json(NEW_PRODUCT), ADMIN_SAVE),
    ("POST",   "/api/productos/crearVarios",               Json(NEW_PRODUCTS), ADMIN_SAVE),
    ("PUT",    "/api/productos/{armazon}",                 Json(EDIT_PRODUCT), ADMIN_SAVE),
    ("POST",   "/api/productos/actualizar-precios",        Json(r#"{"tipo":"precio","tipoCambio":"porcentaje","valor":0,"marca":{marca}}"#), ADMIN),
    ("GET",    "/api/excel/stock/{centro}",                Sin, ADMIN),

    // Patients: every staff member reads and writes any patient (patients visit any branch).
    ("GET",    "/api/pacientes/id/{paciente}",             Sin, STAFF),
    ("GET",    "/api/pacientes/paginado/0",                Sin, STAFF),
    ("GET",    "/api/pacientes/buscar/nombre?nombre=Ana",  Sin, STAFF),
    ("GET",    "/api/pacientes/buscar/documento/123/page/0", Sin, STAFF),
    ("GET",    "/api/pacientes/buscar-por-ficha/{ficha}",  Sin, STAFF),
    ("GET",    "/api/pacientes/cantidad-por-sucursal",     Sin, STAFF),
    ("POST",   "/api/pacientes",                           Json(NEW_PATIENT), STAFF_SAVE),
    ("POST",   "/api/pacientes/cristales",                 Json(r#"{"pacienteId":{paciente},"nombre":"Orma"}"#), STAFF),
    ("PUT",    "/api/pacientes/{paciente}",                Json(EDIT_PATIENT), STAFF_SAVE),

    // Cash box: staff at their own branch (lists always show the seller's branch).
    // Without a token: the old status link, the number and state only (a bad token: 401).
    ("GET",    "/api/movimientos/{movimiento}",            Sin, [200, 401, 401, 200, 403, 200]),
    ("GET",    "/api/movimientos/reporteCliente/{movimiento}", Sin, BRANCH_A),
    ("GET",    "/api/movimientos/reporteOptica/{movimiento}", Sin, BRANCH_A),
    ("GET",    "/api/movimientos/filtrar?idLocal={centro}", Sin, STAFF),
    ("GET",    "/api/movimientos/filtrar-completo?idLocal={centro}&fecha=2026-11-21", Sin, STAFF),
    ("GET",    "/api/movimientos/paginado/0",              Sin, STAFF),
    ("GET",    "/api/movimientos/lista?conDeuda=true",     Sin, STAFF),
    ("GET",    "/api/movimientos/buscar/entre-fechas?fechaInicio=2026-01-01&fechaFin=2026-12-31", Sin, STAFF),
    ("POST",   "/api/movimientos",                         Json(SALE_A), BRANCH_A_SAVE),
    ("PUT",    "/api/movimientos/{movimiento}",            Json(SALE_A), BRANCH_A_SAVE),
    // Taking A's movement to B: B's seller may not touch it, A's seller may not work at B.
    ("PUT",    "/api/movimientos/{mover}",                 Json(REPAIR_B), ADMIN_SAVE),

    // Balances: staff (a seller's own branch, or one patient's everywhere); a payment on a
    // balance: any staff member, at their own branch.
    ("GET",    "/api/cuentas-corrientes",                  Sin, STAFF),
    ("POST",   "/api/movimientos/{deudor}/cobros",         Json(r#"{"metodoPagoId":{efectivo},"monto":1}"#), STAFF_SAVE),
    // Stock (issue 23): reasons for anyone; adjustments and reorder points for admins; the
    // reorder list per branch (a seller's own); transfers by the sending branch, received by
    // the receiving one, cancelled by the sending one (the admin comes last: done already).
    ("GET",    "/api/stock/motivos",                       Sin, STAFF),
    ("POST",   "/api/productos/{lente}/ajustes",           Json(r#"{"localId":{centro},"cantidad":1,"motivo":"Correccion"}"#), ADMIN),
    ("PUT",    "/api/productos/{lente}/minimo",            Json(r#"{"localId":{centro},"minimo":1}"#), ADMIN),
    ("GET",    "/api/reponer?localId={centro}",            Sin, STAFF),
    ("GET",    "/api/reponer/excel?localId={centro}",      Sin, STAFF),
    ("POST",   "/api/transferencias",                      Json(r#"{"origenId":{centro},"destinoId":{norte},"lineas":[{"productoId":{lente},"cantidad":1}]}"#), BRANCH_A_SAVE),
    ("GET",    "/api/transferencias",                      Sin, STAFF),
    ("GET",    "/api/transferencias/{transferencia}",      Sin, STAFF),
    ("POST",   "/api/transferencias/{recibir}/recepcion",  Json("{}"), [401, 401, 401, 403, 200, 400]),
    ("POST",   "/api/transferencias/{cancelar}/cancelacion", Json("{}"), [401, 401, 401, 200, 403, 400]),
    // Physical counts: admins start, close and cancel; the branch's staff read and type in.
    ("POST",   "/api/conteos",                             Json(r#"{"localId":{norte}}"#), ADMIN_SAVE),
    ("GET",    "/api/conteos",                             Sin, STAFF),
    ("GET",    "/api/conteos/{conteo}",                    Sin, BRANCH_A),
    ("PUT",    "/api/conteos/{conteo}/contados",           Json(r#"{"contados":[]}"#), BRANCH_A),
    ("POST",   "/api/conteos/{conteo}/cierre",             Json("{}"), [401, 401, 401, 403, 403, 400]),
    ("GET",    "/api/conteos/{conteo}/excel",              Sin, [401, 401, 401, 403, 403, 400]),
    ("POST",   "/api/conteos/{conteo}/cancelacion",        Json("{}"), ADMIN),
    // A return: the sale's branch's seller (into their own stock and cash) and admins.
    ("POST",   "/api/movimientos/{devolver}/devoluciones", Json(r#"{"lineas":[{"productoId":{armazon},"cantidad":1}],"metodoPagoId":{efectivo}}"#), BRANCH_A_SAVE),

    // Lab jobs: the sale's branch's staff and admins (a second order of one sale conflicts, a
    // second move to the same state is refused); reminders: any staff member, their branch's.
    ("POST",   "/api/trabajos",                            Json(r#"{"movimientoId":{encargar},"laboratorioId":{laboratorio},"prometido":"2030-01-01"}"#), [401, 401, 401, 201, 403, 409]),
    ("GET",    "/api/trabajos?estado=ABIERTOS",            Sin, STAFF),
    ("GET",    "/api/trabajos/estados",                    Sin, STAFF),
    ("GET",    "/api/trabajos/{trabajo}",                  Sin, BRANCH_A),
    ("PUT",    "/api/trabajos/{trabajo}",                  Json(r#"{"laboratorioId":{laboratorio},"prometido":"2030-01-02"}"#), BRANCH_A),
    ("POST",   "/api/trabajos/{trabajo}/estado",           Json(r#"{"estado":"CONTROL_CALIDAD"}"#), [401, 401, 401, 200, 403, 400]),
    ("POST",   "/api/trabajos/{avisar}/avisos",            Json(r#"{"canal":"WHATSAPP"}"#), BRANCH_A),
    ("GET",    "/api/trabajos/{trabajo}/orden",            Sin, BRANCH_A),
    ("GET",    "/api/recordatorios",                       Sin, STAFF),

    // Totals: a seller's own branch's; statistics: admins; per-branch counts: any staff member.
    ("GET",    "/api/movimientos/totales?idLocal=0",       Sin, STAFF),
    ("POST",   "/api/movimientos/total-ganado",            Json(PERIOD), ADMIN),
    ("POST",   "/api/movimientos/total-vendido",           Json(PERIOD), ADMIN),
    ("POST",   "/api/estadisticas/ventas-por-dia",         Json(PERIOD), ADMIN),
    ("POST",   "/api/excel/ventas",                        Json(PERIOD_A), ADMIN),
    ("POST",   "/api/excel/ventas/marcas",                 Json(PERIOD_A), ADMIN),
    ("GET",    "/api/movimientos/cantidad-lentes?local={centro}", Sin, STAFF),
    ("GET",    "/api/movimientos/cantidad-pacientes?local={centro}", Sin, STAFF),

    // Cash closing: staff at their own branch (a count that does not match leaves the day open,
    // so each caller counts again); reopening a closed day: admins.
    ("GET",    "/api/caja/{centro}/2026-11-19",            Sin, BRANCH_A),
    ("GET",    "/api/caja/cierres",                        Sin, STAFF),
    ("GET",    "/api/caja/sin-cerrar",                     Sin, ADMIN),
    ("POST",   "/api/caja/{centro}/2026-11-19/apertura",   Json(r#"{"fondo":[{"metodoPagoId":{efectivo},"monto":100}]}"#), BRANCH_A),
    ("POST",   "/api/caja/{centro}/2026-11-19/cierre",     Json(r#"{"contado":[]}"#), BRANCH_A),
    ("GET",    "/api/caja/{centro}/2026-11-18/reporte",    Sin, BRANCH_A),
    ("POST",   "/api/caja/{centro}/2026-11-18/reapertura", Json(r#"{"motivo":"Faltó una venta"}"#), ADMIN),

    // Audit: admins.
    ("GET",    "/api/auditoria",                           Sin, ADMIN),
    ("GET",    "/api/auditoria/historial/Producto/{armazon}", Sin, ADMIN),
    ("GET",    "/api/auditoria/stock/{armazon}",           Sin, ADMIN),
    ("GET",    "/api/auditoria/estado/Movimiento/{movimiento}", Sin, ADMIN),

    // Deletes last, each on a resource of its own: admins only.
    ("DELETE", "/api/movimientos/{borrar_movimiento}",     Sin, [401, 401, 401, 403, 403, 204]),
    ("DELETE", "/api/pacientes/{borrar_paciente}",         Sin, ADMIN),
    ("DELETE", "/api/productos/{borrar_producto}",         Sin, ADMIN),
    ("DELETE", "/api/categoria/{borrar_categoria}",        Sin, ADMIN),
    ("DELETE", "/api/marca/{borrar_marca}",                Sin, ADMIN),
    ("DELETE", "/api/materialProducto/{borrar_material}",  Sin, ADMIN),
    ("DELETE", "/api/metodoPago/{borrar_metodo}",          Sin, ADMIN),
    ("DELETE", "/api/local/{borrar_local}",                Sin, ADMIN),
    ("DELETE", "/api/proveedor/{borrar_proveedor}",        Sin, ADMIN),
    ("DELETE", "/api/laboratorio/{borrar_laboratorio}",    Sin, ADMIN),
];

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
    let app = TestApp::start(pool).await;
    let s = shop(&app).await;
    open_days(&app, &s, &["2026-11-21"]).await;
    let admin = s.admin.as_str();
    let seller_b = app.seller_token("vendedora_norte", s.norte).await;

    // Branch A's resources the paths name, beside the shop's.
    let (_, producto) = app.get(&format!("/api/productos/{}", s.armazon), Some(admin)).await;
    let marca = producto["marca"]["id"].as_i64().unwrap();
    let sol = producto["categorias"][0]["id"].as_i64().unwrap();
    let proveedor = producto["proveedores"][0]["id"].as_i64().unwrap();
    let (_, paciente) = app.get(&format!("/api/pacientes/id/{}", s.paciente), Some(admin)).await;
    let movimiento = id_of(&app, &s.seller, "/api/movimientos", sale(&s, 1), "movimiento").await;
    let mover = id_of(&app, &s.seller, "/api/movimientos", sale(&s, 1), "movimiento").await;
    let borrar_movimiento = id_of(&app, &s.seller, "/api/movimientos", sale(&s, 1), "movimiento").await;
    // A sale of 1000.50 paid 500.50: a balance to collect from.
    let mut on_credit = sale(&s, 1);
    on_credit["cajaMovimientos"][0]["monto"] = json!(500.5);
    on_credit["cajaMovimientos"][0]["montoImpuesto"] = json!(500.5);
    on_credit["totalImpuesto"] = json!(500.5);
    let deudor = id_of(&app, &s.seller, "/api/movimientos", on_credit, "movimiento").await;
    // Transfers of one lens from the centre to the north: to read, to receive, to cancel.
    let transfer =
        json!({"origenId": s.centro, "destinoId": s.norte, "lineas": [{"productoId": s.lente, "cantidad": 1}]});
    let transferencia = id_of(
        &app,
        &s.seller,
        "/api/transferencias",
        transfer.clone(),
        "transferencia",
    )
    .await;
    let recibir = id_of(
        &app,
        &s.seller,
        "/api/transferencias",
        transfer.clone(),
        "transferencia",
    )
    .await;
    let cancelar = id_of(&app, &s.seller, "/api/transferencias", transfer, "transferencia").await;
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
    let trabajo = id_of(&app, &s.seller, "/api/movimientos", lens_sale.clone(), "movimiento").await;
    let encargar = id_of(&app, &s.seller, "/api/movimientos", lens_sale.clone(), "movimiento").await;
    // A third, ready: the customer may be told.
    let avisar = id_of(&app, &s.seller, "/api/movimientos", lens_sale, "movimiento").await;
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
    let devolver = id_of(&app, &s.seller, "/api/movimientos", sale(&s, 3), "movimiento").await;
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
    let mut vars: HashMap<&str, String> = HashMap::new();
    for (name, value) in [
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
            // The OpenAPI document says what this answer is (issue 19.13).
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
