//! The matrix: each route with its method, body and the status each caller gets, in the
//! callers' order.

/// The callers, in the order of the table's status columns.
pub(super) const CALLERS: [&str; 6] = [
    "anónimo",
    "token vencido",
    "token de otra clave",
    "vendedor de A",
    "vendedor de B",
    "admin",
];

pub(super) enum Cuerpo {
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
pub(super) type Fila = (&'static str, &'static str, Cuerpo, [u16; 6]);

// Common columns: anonymous, expired, foreign key, seller A, seller B, admin.
pub(super) const PUBLIC: [u16; 6] = [200; 6];
pub(super) const STAFF: [u16; 6] = [401, 401, 401, 200, 200, 200];
pub(super) const STAFF_SAVE: [u16; 6] = [401, 401, 401, 201, 201, 201];
/// Branch A's records: its seller and admins; B's seller gets 403.
pub(super) const BRANCH_A: [u16; 6] = [401, 401, 401, 200, 403, 200];
pub(super) const BRANCH_A_SAVE: [u16; 6] = [401, 401, 401, 201, 403, 201];
pub(super) const ADMIN: [u16; 6] = [401, 401, 401, 403, 403, 200];
pub(super) const ADMIN_SAVE: [u16; 6] = [401, 401, 401, 403, 403, 201];

pub(super) const SALE_A: &str = r#"{"tipoMovimiento":"ENTRADA","fecha":"2026-11-21T10:30","local":{"id":{centro}},
  "total":1000.5,"totalImpuesto":1000.5,"vendedor":"Eva",
  "detalles":[{"cantidad":1,"precioUnitario":1000.5,"subtotal":1000.5,"producto":{"id":{armazon}}}],
  "detallesAdicionales":[],
  "cajaMovimientos":[{"monto":1000.5,"montoImpuesto":1000.5,"metodoPago":{"id":{efectivo}},"fecha":"2026-11-21T10:30"}],
  "estadoMovimiento":"ARMANDO_PEDIDO"}"#;
/// Moves a movement to branch B (norte): only an admin may take it out of branch A.
pub(super) const REPAIR_B: &str = r#"{"tipoMovimiento":"ENTRADA","fecha":"2026-11-21T11:00","local":{"id":{norte}},
  "total":500,"totalImpuesto":500,"detalles":[],"detallesAdicionales":[{"descripcion":"Arreglo","subtotal":500}],
  "cajaMovimientos":[{"monto":500,"montoImpuesto":500,"metodoPago":{"id":{efectivo}},"fecha":"2026-11-21T11:00"}],
  "estadoMovimiento":"PEDIDO_CRISTALES"}"#;
pub(super) const NEW_PRODUCT: &str = r#"{"modelo":"Nuevo{n}","marca":{"id":{marca}},"categorias":[{"id":{sol}}],"precio":900,
  "proveedores":[{"id":{proveedor}}],"productoLocales":[{"local":{"id":{centro}},"stock":1}]}"#;
pub(super) const NEW_PRODUCTS: &str = r#"[{"modelo":"Varios{n}","marca":{"id":{marca}},"categorias":[{"id":{sol}}],"precio":900,
  "proveedores":[{"id":{proveedor}}],"productoLocales":[{"local":{"id":{centro}},"stock":1}]}]"#;
pub(super) const EDIT_PRODUCT: &str = r#"{"modelo":"RB2140","marca":{"id":{marca}},"categorias":[{"id":{sol}}],"precio":1000.5,
  "proveedores":[{"id":{proveedor}}],"productoLocales":[{"local":{"id":{centro}},"stock":10}]}"#;
pub(super) const NEW_PATIENT: &str = r#"{"nombreCompleto":"Paciente {n}","celular":"77{n}","genero":"Mujer","local":{"id":{centro}},"historialFichas":[]}"#;
pub(super) const EDIT_PATIENT: &str =
    r#"{"nombreCompleto":"Ana","celular":"1","genero":"Mujer","local":{"id":{centro}}}"#;
pub(super) const PERIOD: &str = r#"{"local":0,"fechaInicio":"2026-01-01","fechaFin":"2026-12-31"}"#;
pub(super) const PERIOD_A: &str = r#"{"local":{centro},"fechaInicio":"2026-01-01","fechaFin":"2026-12-31"}"#;
pub(super) const LOGIN: &str = "grant_type=password&username=vendedor&password={password}";

#[rustfmt::skip]
pub(super) const MATRIX: &[Fila] = &[
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
    // Obras sociales: staff read them; admins keep them.
    ("GET",    "/api/obrasSociales",                       Sin, STAFF),
    ("GET",    "/api/obrasSociales/{obra_social}",         Sin, STAFF),
    ("GET",    "/api/obrasSociales/deudas",                Sin, ADMIN),
    ("GET",    "/api/liquidaciones/pendientes?obraSocialId={obra_social}&mes=2026-11", Sin, ADMIN),
    ("GET",    "/api/liquidaciones",                       Sin, ADMIN),
    ("GET",    "/api/liquidaciones/{liquidacion}",         Sin, ADMIN),
    ("GET",    "/api/liquidaciones/{liquidacion}/excel",   Sin, ADMIN),
    ("GET",    "/api/liquidaciones/{liquidacion}/pdf",     Sin, ADMIN),
    ("POST",   "/api/liquidaciones",                       Json(r#"{"obraSocialId":{obra_social},"mes":"2026-11","ventas":[{cubierta}]}"#), ADMIN_SAVE),
    ("POST",   "/api/liquidaciones/{liquidacion}/cobros",  Json(r#"{"referencia":"T-{n}","monto":1}"#), ADMIN_SAVE),
    ("POST",   "/api/liquidaciones/{liquidacion}/debitos/{debitada}/facturar", Sin, ADMIN),
    ("POST",   "/api/obrasSociales",                       Json(r#"{"nombre":"OS {n}","cuit":"30546741253","planes":[]}"#), ADMIN_SAVE),
    ("PUT",    "/api/obrasSociales/{obra_social}",         Json(r#"{"nombre":"OS editada","cuit":"30546741253","planes":[]}"#), ADMIN),
    // Card plans: staff read the plans in force; admins keep them.
    ("GET",    "/api/planesTarjeta",                       Sin, STAFF),
    ("POST",   "/api/metodoPago/{efectivo}/planes",        Json(r#"{"cuotas":3,"recargo":"10,5"}"#), ADMIN_SAVE),
    ("GET",    "/api/metodoPago/{efectivo}/planes",        Sin, ADMIN),
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
    // The receipt of the centre's first collection (the row above): the centre's staff and admins.
    ("GET",    "/api/recibos/{centro}/1",                  Sin, BRANCH_A),
    // Stock: reasons for anyone; adjustments and reorder points for admins; the
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
    // A sale's lenses recorded after its category was marked: admins (nothing to record here: 400).
    ("POST",   "/api/movimientos/{movimiento}/cristales",  Json("{}"), [401, 401, 401, 403, 403, 400]),
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
    ("GET",    "/api/rentabilidad?fechaInicio=2026-01-01&fechaFin=2026-12-31", Sin, ADMIN),
    ("GET",    "/api/rentabilidad/excel?fechaInicio=2026-01-01&fechaFin=2026-12-31", Sin, ADMIN),
    ("POST",   "/api/movimientos/total-vendido",           Json(PERIOD), ADMIN),
    ("POST",   "/api/estadisticas/ventas-por-dia",         Json(PERIOD), ADMIN),
    ("POST",   "/api/estadisticas/ingresos",               Json(PERIOD), ADMIN),
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
    ("GET",    "/api/caja/{centro}/2026-11-18/esperado",   Sin, BRANCH_A),
    ("GET",    "/api/caja/{centro}/2026-11-18/reporte",    Sin, BRANCH_A),
    ("POST",   "/api/caja/{centro}/2026-11-18/reapertura", Json(r#"{"motivo":"Faltó una venta"}"#), ADMIN),

    // Audit: admins.
    ("GET",    "/api/auditoria",                           Sin, ADMIN),
    ("GET",    "/api/auditoria/historial/Producto/{armazon}", Sin, ADMIN),
    ("GET",    "/api/auditoria/stock/{armazon}",           Sin, ADMIN),
    ("GET",    "/api/auditoria/estado/Movimiento/{movimiento}", Sin, ADMIN),

    // Staff accounts: admins only (an account of its own, not a caller's).
    ("GET",    "/api/usuarios",                            Sin, ADMIN),
    ("POST",   "/api/usuarios",                            Json(r#"{"username":"nuevo{n}","contrasena":"secreta123","rol":"ROLE_VENDEDOR","localId":{centro}}"#), ADMIN_SAVE),
    ("PUT",    "/api/usuarios/{usuario}",                  Json(r#"{"rol":"ROLE_VENDEDOR","localId":{norte}}"#), ADMIN),
    ("PUT",    "/api/usuarios/{usuario}/habilitado",       Json(r#"{"habilitado":true}"#), ADMIN),
    ("PUT",    "/api/usuarios/{usuario}/contrasena",       Json(r#"{"contrasena":"otra-clave-1"}"#), ADMIN),

    // Deletes last, each on a resource of its own: admins only.
    ("DELETE", "/api/movimientos/{borrar_movimiento}",     Sin, [401, 401, 401, 403, 403, 204]),
    ("DELETE", "/api/pacientes/{borrar_paciente}",         Sin, ADMIN),
    ("DELETE", "/api/productos/{borrar_producto}",         Sin, ADMIN),
    ("DELETE", "/api/categoria/{borrar_categoria}",        Sin, ADMIN),
    ("DELETE", "/api/marca/{borrar_marca}",                Sin, ADMIN),
    ("DELETE", "/api/materialProducto/{borrar_material}",  Sin, ADMIN),
    ("DELETE", "/api/metodoPago/{efectivo}/planes/3",      Sin, ADMIN),
    ("DELETE", "/api/obrasSociales/{borrar_obra_social}",  Sin, ADMIN),
    ("DELETE", "/api/metodoPago/{borrar_metodo}",          Sin, ADMIN),
    ("DELETE", "/api/local/{borrar_local}",                Sin, ADMIN),
    ("DELETE", "/api/proveedor/{borrar_proveedor}",        Sin, ADMIN),
    ("DELETE", "/api/laboratorio/{borrar_laboratorio}",    Sin, ADMIN),
];
