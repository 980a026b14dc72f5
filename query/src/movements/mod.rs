//! Reads of the cash-box read models: one movement with its lines, payments, patient and
//! products, as the contract serializes it (§3.4).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgPool;
use utoipa::ToSchema;

use optica_events::jobs::EstadoTrabajo;
use optica_events::movements::{EstadoMovimiento, TipoMovimiento};

use crate::lookups::{Local, Nombrado};
use crate::patients::{self, Paciente};
use crate::products::{self, Producto, Viewer};
use crate::stored::Stored;

mod assemble;
pub mod collections;
mod committed;
mod coverage;
pub mod lists;
pub use coverage::CoberturaLeida;
use coverage::CoberturaRow;
mod returns;

use assemble::assemble;
pub use committed::committed;
use returns::{returns, returns_of, ReturnRow, Returns, RETURN_JSON};
pub use returns::{Devuelto, ProductoDevuelto};

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
    /// Charged by card in cuotas: how many, at what surcharge (percent), and each instalment
    /// ('3 cuotas de $ 33.333,33'). Null for any other payment.
    pub cuotas: Option<i32>,
    pub recargo: Option<f64>,
    pub valor_cuota: Option<f64>,
}

impl CajaMovimiento {
    /// A payment in cuotas as documents print it: '6 cuotas de $ 110,00 (10 % de recargo)'.
    pub fn en_cuotas(&self) -> Option<String> {
        let cuotas = u32::try_from(self.cuotas?).ok()?;
        let recargo = optica_events::Medida::from_hundredths((self.recargo? * 100.0).round() as i64);
        let total = optica_events::Money::from_pesos(self.monto_impuesto);
        let texto = optica_events::card_plans::cuotas_texto(cuotas, total);
        Some(format!(
            "{texto} ({})",
            optica_events::card_plans::recargo_texto(recargo)
        ))
    }
}

/// A movement as the API serializes it (contract §3.4).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Movimiento {
    pub id: i64,
    pub tipo_movimiento: TipoMovimiento,
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
    pub estado_movimiento: Option<EstadoMovimiento>,
    pub version: i64,
    /// A sale's receipt number, `0001-00000042` (branch, then number): per branch, without gaps.
    pub comprobante: Option<String>,
    /// The state of the sale's lab job (`GET /api/trabajos/{id}`), when it has one.
    pub trabajo: Option<EstadoTrabajo>,
    /// A return's refund: the sale it returned.
    pub devolucion_de: Option<i64>,
    /// That sale's receipt number, the one people know it by.
    pub devolucion_de_comprobante: Option<String>,
    /// A sale: the refunds of its returns, in order.
    pub devoluciones: Vec<i64>,
    /// A sale: what its returns took back so far.
    pub devuelto: Devuelto,
    /// The code of the public order-status link (`/estadoCompra/{codigoEstado}`); the server
    /// signs it, so one order's link does not reveal another's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub codigo_estado: Option<String>,
    /// The part an obra social pays of a sale; the patient owes the rest (`deuda` counts only
    /// the patient's).
    pub cobertura: Option<CoberturaLeida>,
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
            // Which obra social pays its part, not the patient's card or doctor.
            cobertura: self.cobertura.map(|c| CoberturaLeida {
                afiliado: String::new(),
                medico: None,
                matricula: None,
                fecha_receta: None,
                ..c
            }),
            ..self
        }
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    tipo: Stored<TipoMovimiento>,
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
    estado: Option<Stored<EstadoMovimiento>>,
    version: i64,
    /// The receipt's branch (the sale's when it was registered) and number.
    comprobante_local: Option<i64>,
    comprobante: Option<i64>,
    trabajo: Option<Stored<EstadoTrabajo>>,
    cobertura: Option<Json<CoberturaRow>>,
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
    #[serde(default)]
    cuotas: Option<i32>,
    #[serde(default)]
    recargo_hundredths: Option<i32>,
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
     rc.local_id as comprobante_local, rc.numero as comprobante, jb.estado as trabajo,
     (select json_build_object('obra_social_id', c.obra_social_id, 'obra_social', i.nombre, 'plan', c.plan,
                               'afiliado', c.afiliado, 'medico', c.medico, 'matricula', c.matricula,
                               'fecha_receta', c.fecha_receta, 'parte_cristales_cents', c.parte_cristales_cents,
                               'parte_armazones_cents', c.parte_armazones_cents, 'cristales', c.cristales,
                               'armazones', c.armazones, 'liquidacion_id', c.liquidacion_id,
                               'facturado_cents', c.facturado_cents)
      from sale_coverages c left join insurers i on i.id = c.obra_social_id where c.movimiento_id = m.id) as cobertura";
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
                                                            'metodo', mp.nombre, 'cuotas', p.cuotas,
                                                            'recargo_hundredths', p.recargo_hundredths) order by p.pago_id)
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
                mp.nombre as metodo, p.cuotas, p.recargo_hundredths
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

/// What a customer's order page may say of an order: its state, its day and its branch's name.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Pedido {
    pub estado: Option<Stored<EstadoMovimiento>>,
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
pub async fn estado_of(pool: &PgPool, id: i64) -> Result<Option<Option<EstadoMovimiento>>, sqlx::Error> {
    let estado: Option<Option<Stored<EstadoMovimiento>>> =
        sqlx::query_scalar("select estado from movements where id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?;
    Ok(estado.map(|e| e.map(|e| e.0)))
}
