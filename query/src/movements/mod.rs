//! Reads of the cash-box read models: one movement with its lines, payments, patient and
//! products, as the contract serializes it (§3.4).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::lookups::{Local, Nombrado};
use crate::patients::{self, Paciente};
use crate::products::{self, Producto, Viewer};

pub mod lists;

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Detalle {
    pub id: i64,
    pub cantidad: i64,
    pub precio_unitario: f64,
    pub subtotal: f64,
    /// The product as it is now (null if it no longer exists).
    pub producto: Option<Producto>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct DetalleAdicional {
    pub id: i64,
    pub descripcion: String,
    pub subtotal: f64,
}

/// A payment.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CajaMovimiento {
    /// Unique across movements (lists deduplicate payments by it).
    pub id: i64,
    pub monto: f64,
    pub monto_impuesto: f64,
    /// `yyyy-MM-ddTHH:mm:ss`, the shop's local time.
    #[schema(value_type = String)]
    pub fecha: NaiveDateTime,
    pub metodo_pago: Option<Nombrado>,
}

/// A movement as the API serializes it (contract §3.4).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Movimiento {
    pub id: i64,
    /// ENTRADA or SALIDA.
    pub tipo_movimiento: String,
    #[schema(value_type = String)]
    pub fecha: NaiveDateTime,
    pub total: f64,
    pub descuento: Option<f64>,
    pub total_impuesto: f64,
    /// What is still owed: the total less what the payments paid (`monto`), never below zero.
    pub deuda: f64,
    pub descripcion: Option<String>,
    pub vendedor: Option<String>,
    pub paciente: Option<Paciente>,
    pub detalles: Vec<Detalle>,
    pub detalles_adicionales: Vec<DetalleAdicional>,
    pub caja_movimientos: Vec<CajaMovimiento>,
    pub local: Option<Local>,
    pub estado_movimiento: Option<String>,
    pub version: i64,
    /// A sale's receipt number, `0001-00000042` (branch, then number): per branch, without gaps.
    pub comprobante: Option<String>,
    /// The state of the sale's lab job (`GET /api/trabajos/{id}`), when it has one.
    pub trabajo: Option<String>,
    /// A return's refund: the sale it returned (issue 22).
    pub devolucion_de: Option<i64>,
    /// A sale: the refunds of its returns, in order.
    pub devoluciones: Vec<i64>,
    /// A sale: what its returns took back so far.
    pub devuelto: Devuelto,
    /// The code of the public order-status link (`/estadoCompra/{codigoEstado}`); the server
    /// signs it, so one order's link does not reveal another's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub codigo_estado: Option<String>,
}

impl Movimiento {
    /// The movement as a person who may collect on it but not read it sees it (a seller of
    /// another branch taking a payment on its balance): which sale it is, when and where, its
    /// amounts, payments and balance, and the patient's name to ask for; not the patient's
    /// contact or documents, the lines, the seller or the notes.
    pub fn for_collector(self) -> Movimiento {
        Movimiento {
            descripcion: None,
            vendedor: None,
            paciente: self.paciente.map(Paciente::named_only),
            detalles: Vec::new(),
            detalles_adicionales: Vec::new(),
            trabajo: None,
            devoluciones: Vec::new(),
            devuelto: Devuelto::default(),
            codigo_estado: None,
            ..self
        }
    }
}

/// What returns took back from a sale: units per product and positions of additional lines.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Devuelto {
    pub productos: Vec<ProductoDevuelto>,
    /// Positions (from 0) in `detallesAdicionales`.
    pub adicionales: Vec<i32>,
    /// What the returns were worth (after the sale's discount): `credito` of it cancelled debt,
    /// the rest was refunded.
    pub valor: f64,
    pub credito: f64,
}

#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductoDevuelto {
    pub producto_id: i64,
    pub cantidad: i64,
}

/// A row of `movement_returns`, read as JSON (nested in a movement's row, or aggregated).
#[derive(Deserialize)]
struct ReturnRow {
    movimiento_id: i64,
    venta_id: i64,
    lineas: Vec<ProductoDevuelto>,
    adicionales: Vec<i32>,
    valor_cents: i64,
    credito_cents: i64,
}

/// `movement_returns` rows as JSON objects with the fields of `ReturnRow`.
const RETURN_JSON: &str = "json_build_object('movimiento_id', r.movimiento_id, 'venta_id', r.venta_id,
     'lineas', r.lineas, 'adicionales', r.adicionales, 'valor_cents', r.valor_cents,
     'credito_cents', r.credito_cents)";

/// The returns that name the movements (as refund or as sale), by movement.
#[derive(Default)]
struct Returns {
    of_refund: HashMap<i64, i64>,
    of_sale: HashMap<i64, (Vec<i64>, Devuelto)>,
}

async fn returns(pool: &PgPool, ids: &[i64]) -> Result<Returns, sqlx::Error> {
    let rows: Option<Json<Vec<ReturnRow>>> = sqlx::query_scalar(&format!(
        "select json_agg({RETURN_JSON} order by r.movimiento_id) from movement_returns r
         where r.movimiento_id = any($1) or r.venta_id = any($1)"
    ))
    .bind(ids)
    .fetch_one(pool)
    .await?;
    Ok(returns_of(rows.map(|r| r.0).unwrap_or_default()))
}

/// The returns by movement, from their rows in refund order.
fn returns_of(rows: Vec<ReturnRow>) -> Returns {
    let mut found = Returns::default();
    let mut totals: HashMap<i64, (i64, i64)> = HashMap::new();
    for r in rows {
        found.of_refund.insert(r.movimiento_id, r.venta_id);
        let (refunds, devuelto) = found.of_sale.entry(r.venta_id).or_default();
        refunds.push(r.movimiento_id);
        for l in r.lineas {
            match devuelto.productos.iter_mut().find(|p| p.producto_id == l.producto_id) {
                Some(p) => p.cantidad += l.cantidad,
                None => devuelto.productos.push(l),
            }
        }
        devuelto.adicionales.extend(r.adicionales);
        let cents = totals.entry(r.venta_id).or_default();
        *cents = (cents.0 + r.valor_cents, cents.1 + r.credito_cents);
    }
    // Summed in cents, then shown in pesos.
    for (venta_id, (valor, credito)) in totals {
        if let Some((_, devuelto)) = found.of_sale.get_mut(&venta_id) {
            (devuelto.valor, devuelto.credito) = (pesos(valor), pesos(credito));
        }
    }
    found
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    tipo: String,
    fecha: NaiveDateTime,
    local_id: i64,
    local_nombre: Option<String>,
    local_direccion: Option<String>,
    local_celular: Option<String>,
    paciente_id: Option<i64>,
    vendedor: Option<String>,
    descripcion: Option<String>,
    descuento_hundredths: Option<i64>,
    total_cents: i64,
    total_impuesto_cents: i64,
    deuda_cents: i64,
    estado: Option<String>,
    version: i64,
    /// The receipt's branch (the sale's when it was registered) and number.
    comprobante_local: Option<i64>,
    comprobante: Option<i64>,
    trabajo: Option<String>,
}

/// A movement's row with its lines, extras and payments nested as JSON arrays.
#[derive(sqlx::FromRow)]
struct NestedRow {
    #[sqlx(flatten)]
    row: Row,
    lineas: Json<Vec<LineRow>>,
    extras: Json<Vec<ExtraRow>>,
    pagos: Json<Vec<PaymentRow>>,
    devoluciones: Json<Vec<ReturnRow>>,
}

// The children carry their movement's id when read for several movements (absent, 0, when
// nested in their movement's row).
#[derive(Deserialize, sqlx::FromRow)]
struct LineRow {
    #[serde(default)]
    movimiento_id: i64,
    linea: i32,
    producto_id: i64,
    cantidad: i64,
    precio_cents: i64,
    subtotal_cents: i64,
}

#[derive(Deserialize, sqlx::FromRow)]
struct ExtraRow {
    #[serde(default)]
    movimiento_id: i64,
    linea: i32,
    descripcion: String,
    subtotal_cents: i64,
}

#[derive(Deserialize, sqlx::FromRow)]
struct PaymentRow {
    #[serde(default)]
    movimiento_id: i64,
    uid: i64,
    monto_cents: i64,
    monto_impuesto_cents: i64,
    fecha: NaiveDateTime,
    metodo_pago_id: i64,
    metodo: Option<String>,
}

/// A movement's rows, as either read gives them.
struct Parts {
    row: Row,
    lineas: Vec<LineRow>,
    extras: Vec<ExtraRow>,
    pagos: Vec<PaymentRow>,
}

fn pesos(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// The branch a movement belongs to (for the caller's branch check), if it exists.
pub async fn branch_of(pool: &PgPool, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select local_id from movements where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

const MOVEMENT_COLUMNS: &str = "m.id, m.tipo, m.fecha, m.local_id, l.nombre as local_nombre,
     l.direccion as local_direccion, l.celular as local_celular, m.paciente_id, m.vendedor, m.descripcion,
     m.descuento_hundredths, m.total_cents, m.total_impuesto_cents, m.deuda_cents, m.estado, m.version,
     rc.local_id as comprobante_local, rc.numero as comprobante, jb.estado as trabajo";
const MOVEMENT_FROM: &str = "from movements m left join lookup_items l on l.kind = 'Local' and l.id = m.local_id
     left join receipts rc on rc.movimiento_id = m.id left join jobs jb on jb.id = m.id";

/// One movement; product costs only for admins (`viewer`). One statement, its lines, extras
/// and payments nested as JSON (a command's answer: the round trips cost more than the rows),
/// then its products and patient.
pub async fn by_id(pool: &PgPool, id: i64, viewer: Viewer) -> Result<Option<Movimiento>, sqlx::Error> {
    let row: Option<NestedRow> = sqlx::query_as(&format!(
        "select {MOVEMENT_COLUMNS},
                coalesce((select json_agg(json_build_object('linea', ml.linea, 'producto_id', ml.producto_id,
                                                            'cantidad', ml.cantidad, 'precio_cents', ml.precio_cents,
                                                            'subtotal_cents', ml.subtotal_cents) order by ml.linea)
                          from movement_lines ml where ml.movimiento_id = m.id), '[]') as lineas,
                coalesce((select json_agg(json_build_object('linea', e.linea, 'descripcion', e.descripcion,
                                                            'subtotal_cents', e.subtotal_cents) order by e.linea)
                          from movement_extras e where e.movimiento_id = m.id), '[]') as extras,
                coalesce((select json_agg(json_build_object('uid', p.uid, 'monto_cents', p.monto_cents,
                                                            'monto_impuesto_cents', p.monto_impuesto_cents,
                                                            'fecha', p.fecha, 'metodo_pago_id', p.metodo_pago_id,
                                                            'metodo', mp.nombre) order by p.pago_id)
                          from movement_payments p
                          left join lookup_items mp on mp.kind = 'MetodoPago' and mp.id = p.metodo_pago_id
                          where p.movimiento_id = m.id), '[]') as pagos,
                coalesce((select json_agg({RETURN_JSON} order by r.movimiento_id) from movement_returns r
                          where r.venta_id = m.id or r.movimiento_id = m.id), '[]') as devoluciones
         {MOVEMENT_FROM} where m.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    let Some(r) = row else {
        return Ok(None);
    };
    let parts = Parts {
        row: r.row,
        lineas: r.lineas.0,
        extras: r.extras.0,
        pagos: r.pagos.0,
    };
    let returns = returns_of(r.devoluciones.0);
    Ok(assemble(pool, vec![parts], Some(returns), viewer).await?.pop())
}

/// A movement as its command just committed it, in `by_id`'s shape: for the answer of a command
/// whose read model is late (issue 27). The names (branch, payment methods, products, patient)
/// are read as they stand; the debt counts no return (a sale's returns come later).
pub async fn as_committed(
    pool: &PgPool,
    id: i64,
    d: &optica_events::movements::MovimientoDatos,
    version: i64,
    comprobante: Option<i64>,
    viewer: Viewer,
) -> Result<Movimiento, sqlx::Error> {
    let wire = |v: serde_json::Value| v.as_str().map(String::from);
    let metodos: Vec<i64> = d.pagos.iter().map(|p| p.metodo_pago_id).collect();
    let wanted: Vec<(&str, i64)> = std::iter::once(("Local", d.local_id))
        .chain(metodos.iter().map(|m| ("MetodoPago", *m)))
        .collect();
    let names = crate::lookups::rows(pool, &wanted).await?;
    let local = names.iter().find(|n| n.0 == "Local");
    let metodo = |id: i64| {
        names
            .iter()
            .find(|n| n.0 == "MetodoPago" && n.1 == id)
            .map(|n| n.2.clone())
    };
    let paid: i64 = d.pagos.iter().map(|p| p.monto.cents()).sum();
    let row = Row {
        id,
        tipo: wire(serde_json::to_value(d.tipo).unwrap_or_default()).unwrap_or_default(),
        fecha: d.fecha,
        local_id: d.local_id,
        local_nombre: local.map(|l| l.2.clone()),
        local_direccion: local.and_then(|l| l.3.clone()),
        local_celular: local.and_then(|l| l.4.clone()),
        paciente_id: d.paciente_id,
        vendedor: d.vendedor.clone(),
        descripcion: d.descripcion.clone(),
        descuento_hundredths: d.descuento.map(|m| m.hundredths()),
        total_cents: d.total.cents(),
        total_impuesto_cents: d.total_impuesto.cents(),
        deuda_cents: (d.total.cents() - paid).max(0),
        estado: d.estado.and_then(|e| wire(serde_json::to_value(e).unwrap_or_default())),
        version,
        comprobante_local: comprobante.map(|_| d.local_id),
        comprobante,
        trabajo: None,
    };
    let parts = Parts {
        lineas: (d.lineas.iter().enumerate())
            .map(|(i, l)| LineRow {
                movimiento_id: id,
                linea: i as i32,
                producto_id: l.producto_id,
                cantidad: l.cantidad,
                precio_cents: l.precio_unitario.cents(),
                subtotal_cents: l.subtotal.cents(),
            })
            .collect(),
        extras: (d.adicionales.iter().enumerate())
            .map(|(i, e)| ExtraRow {
                movimiento_id: id,
                linea: i as i32,
                descripcion: e.descripcion.clone(),
                subtotal_cents: e.subtotal.cents(),
            })
            .collect(),
        pagos: d
            .pagos
            .iter()
            .map(|p| PaymentRow {
                movimiento_id: id,
                uid: p.id,
                monto_cents: p.monto.cents(),
                monto_impuesto_cents: p.monto_impuesto.cents(),
                fecha: p.fecha,
                metodo_pago_id: p.metodo_pago_id,
                metodo: metodo(p.metodo_pago_id),
            })
            .collect(),
        row,
    };
    assemble(pool, vec![parts], Some(Returns::default()), viewer)
        .await?
        .pop()
        .ok_or(sqlx::Error::RowNotFound)
}

/// Several movements with everything they nest, in no particular order, in a fixed number of
/// statements: one per table (for a list of hundreds, building and parsing JSON per movement
/// would cost more than the round trips).
pub async fn by_ids(pool: &PgPool, ids: &[i64], viewer: Viewer) -> Result<Vec<Movimiento>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "select {MOVEMENT_COLUMNS} {MOVEMENT_FROM} where m.id = any($1)"
    ))
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let lines: Vec<LineRow> = sqlx::query_as(
        "select movimiento_id, linea, producto_id, cantidad, precio_cents, subtotal_cents from movement_lines
         where movimiento_id = any($1) order by movimiento_id, linea",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let extras: Vec<ExtraRow> = sqlx::query_as(
        "select movimiento_id, linea, descripcion, subtotal_cents from movement_extras
         where movimiento_id = any($1) order by movimiento_id, linea",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let payments: Vec<PaymentRow> = sqlx::query_as(
        "select p.movimiento_id, p.uid, p.monto_cents, p.monto_impuesto_cents, p.fecha, p.metodo_pago_id,
                mp.nombre as metodo
         from movement_payments p left join lookup_items mp on mp.kind = 'MetodoPago' and mp.id = p.metodo_pago_id
         where p.movimiento_id = any($1) order by p.movimiento_id, p.pago_id",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    // Each movement's children, grouped once.
    let mut lines_of: HashMap<i64, Vec<LineRow>> = HashMap::new();
    for l in lines {
        lines_of.entry(l.movimiento_id).or_default().push(l);
    }
    let mut extras_of: HashMap<i64, Vec<ExtraRow>> = HashMap::new();
    for e in extras {
        extras_of.entry(e.movimiento_id).or_default().push(e);
    }
    let mut payments_of: HashMap<i64, Vec<PaymentRow>> = HashMap::new();
    for p in payments {
        payments_of.entry(p.movimiento_id).or_default().push(p);
    }
    let parts = rows
        .into_iter()
        .map(|row| Parts {
            lineas: lines_of.remove(&row.id).unwrap_or_default(),
            extras: extras_of.remove(&row.id).unwrap_or_default(),
            pagos: payments_of.remove(&row.id).unwrap_or_default(),
            row,
        })
        .collect();
    assemble(pool, parts, None, viewer).await
}

/// The movements as the API serializes them, with their products, patients and returns read
/// (`returns`: already read with the movement).
async fn assemble(
    pool: &PgPool,
    movements: Vec<Parts>,
    returns: Option<Returns>,
    viewer: Viewer,
) -> Result<Vec<Movimiento>, sqlx::Error> {
    let mut product_ids: Vec<i64> = movements
        .iter()
        .flat_map(|m| m.lineas.iter().map(|l| l.producto_id))
        .collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let productos: HashMap<i64, Producto> = products::by_ids(pool, &product_ids, viewer)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let patient_ids: Vec<i64> = movements.iter().filter_map(|m| m.row.paciente_id).collect();
    let pacientes: HashMap<i64, Paciente> = patients::by_ids(pool, &patient_ids)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let mut returns = match returns {
        Some(known) => known,
        None => {
            let ids: Vec<i64> = movements.iter().map(|m| m.row.id).collect();
            self::returns(pool, &ids).await?
        }
    };
    Ok(movements
        .into_iter()
        .map(
            |Parts {
                 row: r,
                 lineas,
                 extras,
                 pagos,
             }| {
                let (devoluciones, devuelto) = returns.of_sale.remove(&r.id).unwrap_or_default();
                Movimiento {
                    devolucion_de: returns.of_refund.get(&r.id).copied(),
                    devoluciones,
                    devuelto,
                    id: r.id,
                    tipo_movimiento: r.tipo,
                    fecha: r.fecha,
                    total: pesos(r.total_cents),
                    descuento: r.descuento_hundredths.map(pesos),
                    total_impuesto: pesos(r.total_impuesto_cents),
                    deuda: pesos(r.deuda_cents),
                    descripcion: r.descripcion,
                    vendedor: r.vendedor,
                    paciente: r.paciente_id.and_then(|pid| pacientes.get(&pid).cloned()),
                    detalles: lineas
                        .into_iter()
                        .map(|l| Detalle {
                            id: i64::from(l.linea) + 1,
                            cantidad: l.cantidad,
                            precio_unitario: pesos(l.precio_cents),
                            subtotal: pesos(l.subtotal_cents),
                            producto: productos.get(&l.producto_id).cloned(),
                        })
                        .collect(),
                    detalles_adicionales: extras
                        .into_iter()
                        .map(|e| DetalleAdicional {
                            id: i64::from(e.linea) + 1,
                            descripcion: e.descripcion,
                            subtotal: pesos(e.subtotal_cents),
                        })
                        .collect(),
                    caja_movimientos: pagos
                        .into_iter()
                        .map(|p| CajaMovimiento {
                            id: p.uid,
                            monto: pesos(p.monto_cents),
                            monto_impuesto: pesos(p.monto_impuesto_cents),
                            fecha: p.fecha,
                            metodo_pago: p.metodo.map(|nombre| Nombrado {
                                id: p.metodo_pago_id,
                                nombre,
                            }),
                        })
                        .collect(),
                    local: r.local_nombre.map(|nombre| Local {
                        id: r.local_id,
                        nombre,
                        direccion: r.local_direccion,
                        celular: r.local_celular,
                    }),
                    estado_movimiento: r.estado,
                    version: r.version,
                    comprobante: (r.comprobante_local.zip(r.comprobante))
                        .map(|(local, n)| optica_events::movements::numero_comprobante(local, n)),
                    trabajo: r.trabajo,
                    codigo_estado: None,
                }
            },
        )
        .collect())
}

/// What a customer's order page may say of an order: its state, its day and its branch's name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Pedido {
    pub estado: Option<String>,
    pub fecha: chrono::NaiveDateTime,
    pub local: Option<String>,
}

/// The public facts of a movement (`None` when it does not exist).
pub async fn pedido(pool: &PgPool, id: i64) -> Result<Option<Pedido>, sqlx::Error> {
    sqlx::query_as(
        "select m.estado, m.fecha, l.nombre as local from movements m
         left join lookup_items l on l.kind = 'Local' and l.id = m.local_id
         where m.id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await
}

/// The state of a movement, for the public order page; `None` when it does not exist.
pub async fn estado_of(pool: &PgPool, id: i64) -> Result<Option<Option<String>>, sqlx::Error> {
    sqlx::query_scalar("select estado from movements where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}
