//! Reads of the liquidaciones: the covered sales of a month not presented yet (what a new
//! liquidación would present), the liquidaciones with their state, one with its sales, payments
//! and débitos, and what each obra social owes.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

fn pesos(cents: i64) -> f64 {
    optica_events::Money::from_cents(cents).as_f64()
}

/// A product line of a covered sale, as the obra social is shown it.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineaCubierta {
    pub descripcion: String,
    pub cantidad: i64,
    pub subtotal: f64,
    /// Lenses (covered as lenses) or a frame and the rest (covered as frames).
    pub cristal: bool,
}

/// A covered sale as a liquidación presents it: what the obra social requires to pay it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VentaCubierta {
    pub movimiento_id: i64,
    pub comprobante: Option<String>,
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub paciente_id: Option<i64>,
    pub paciente: Option<String>,
    pub documento: Option<String>,
    pub plan: String,
    pub afiliado: String,
    pub medico: Option<String>,
    pub matricula: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    pub fecha_receta: Option<NaiveDate>,
    pub detalles: Vec<LineaCubierta>,
    /// The sale's total after its discount.
    pub total: f64,
    pub cristales: f64,
    pub armazones: f64,
    /// The obra social's part: lenses and frames.
    pub monto: f64,
}

#[derive(sqlx::FromRow)]
struct VentaRow {
    movimiento_id: i64,
    local: Option<i64>,
    numero: Option<i64>,
    fecha: NaiveDate,
    paciente_id: Option<i64>,
    paciente: Option<String>,
    documento: Option<String>,
    plan: String,
    afiliado: String,
    medico: Option<String>,
    matricula: Option<String>,
    fecha_receta: Option<NaiveDate>,
    detalles: sqlx::types::Json<Vec<LineaCubierta>>,
    total_cents: i64,
    cristales_cents: i64,
    armazones_cents: i64,
}

impl From<VentaRow> for VentaCubierta {
    fn from(r: VentaRow) -> VentaCubierta {
        VentaCubierta {
            movimiento_id: r.movimiento_id,
            comprobante: optica_events::movements::comprobante_leido(r.local, r.numero),
            fecha: r.fecha,
            paciente_id: r.paciente_id,
            paciente: r.paciente,
            documento: r.documento,
            plan: r.plan,
            afiliado: r.afiliado,
            medico: r.medico,
            matricula: r.matricula,
            fecha_receta: r.fecha_receta,
            detalles: r.detalles.0,
            total: pesos(r.total_cents),
            cristales: pesos(r.cristales_cents),
            armazones: pesos(r.armazones_cents),
            monto: pesos(r.cristales_cents + r.armazones_cents),
        }
    }
}

/// The columns of a covered sale over `sale_coverages c` joined to `movements m`.
const VENTA: &str = "
    m.id as movimiento_id, r.local_id as local, r.numero, m.fecha::date as fecha, m.paciente_id,
    p.nombre_completo as paciente, p.documento, c.plan, c.afiliado, c.medico, c.matricula, c.fecha_receta,
    (select coalesce(jsonb_agg(jsonb_build_object(
         'descripcion', l.modelo || case when l.marca = '' then '' else ' ' || l.marca end,
         'cantidad', l.cantidad, 'subtotal', l.subtotal_cents / 100.0, 'cristal', l.cristal) order by l.linea), '[]')
     from movement_lines l where l.movimiento_id = m.id) as detalles,
    m.total_cents, c.parte_cristales_cents as cristales_cents, c.parte_armazones_cents as armazones_cents";

/// Sales listed at most in one answer (a liquidación presents at most as many).
pub const MAX_VENTAS: i64 = 2_000;

/// The covered sales of obra social `obra_social_id` dated in the month starting `mes` that no
/// liquidación presented yet, oldest first (at most `MAX_VENTAS`).
pub async fn pending(pool: &PgPool, obra_social_id: i64, mes: NaiveDate) -> Result<Vec<VentaCubierta>, sqlx::Error> {
    let sql = format!(
        "select {VENTA}
         from sale_coverages c
         join movements m on m.id = c.movimiento_id
         left join receipts r on r.movimiento_id = m.id
         left join patients p on p.id = m.paciente_id
         where c.obra_social_id = $1 and c.liquidacion_id is null
           and m.fecha >= $2 and m.fecha < ($2 + interval '1 month')
           and c.parte_cristales_cents + c.parte_armazones_cents > 0
         order by m.fecha, m.id
         limit $3"
    );
    let rows: Vec<VentaRow> = sqlx::query_as(&sql)
        .bind(obra_social_id)
        .bind(mes)
        .bind(MAX_VENTAS)
        .fetch_all(pool)
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// Where a liquidación stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoLiquidacion {
    /// Presented, nothing paid or rejected yet.
    Presentada,
    /// Part paid or rejected, part still owed.
    CobradaParcial,
    /// Nothing owed any more (paid, or paid and rejected).
    Cobrada,
}

/// A liquidación's figures.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Liquidacion {
    pub id: i64,
    pub obra_social_id: i64,
    pub obra_social: String,
    /// The month presented, `2026-11`.
    pub mes: String,
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub ventas: i32,
    pub total: f64,
    pub cobrado: f64,
    /// Rejected by the obra social.
    pub debitado: f64,
    /// Of the rejected, billed to the patients.
    pub facturado: f64,
    /// Still owed by the obra social.
    pub pendiente: f64,
    pub estado: EstadoLiquidacion,
    pub version: i64,
}

#[derive(sqlx::FromRow)]
struct LiquidacionRow {
    id: i64,
    obra_social_id: i64,
    obra_social: String,
    mes: NaiveDate,
    fecha: NaiveDate,
    ventas: i32,
    total_cents: i64,
    cobrado_cents: i64,
    debitado_cents: i64,
    facturado_cents: i64,
    version: i64,
}

impl From<LiquidacionRow> for Liquidacion {
    fn from(r: LiquidacionRow) -> Liquidacion {
        let pendiente = r.total_cents - r.cobrado_cents - r.debitado_cents;
        let estado = match (pendiente, r.cobrado_cents + r.debitado_cents) {
            (p, _) if p <= 0 => EstadoLiquidacion::Cobrada,
            (_, 0) => EstadoLiquidacion::Presentada,
            _ => EstadoLiquidacion::CobradaParcial,
        };
        Liquidacion {
            id: r.id,
            obra_social_id: r.obra_social_id,
            obra_social: r.obra_social,
            mes: r.mes.format("%Y-%m").to_string(),
            fecha: r.fecha,
            ventas: r.ventas,
            total: pesos(r.total_cents),
            cobrado: pesos(r.cobrado_cents),
            debitado: pesos(r.debitado_cents),
            facturado: pesos(r.facturado_cents),
            pendiente: pesos(pendiente),
            estado,
            version: r.version,
        }
    }
}

const LIQUIDACION: &str = "
    s.id, s.obra_social_id, coalesce(i.nombre, '') as obra_social, s.mes, s.fecha, s.ventas, s.total_cents,
    s.cobrado_cents, s.debitado_cents, s.facturado_cents, s.version
    from settlements s left join insurers i on i.id = s.obra_social_id";

/// Liquidaciones listed at most: more than forty years of monthly ones for one obra social.
pub const MAX_LIQUIDACIONES: i64 = 500;

/// The liquidaciones, of one obra social or of all, the latest month first.
pub async fn list(pool: &PgPool, obra_social_id: Option<i64>) -> Result<Vec<Liquidacion>, sqlx::Error> {
    let sql = format!(
        "select {LIQUIDACION}
         where $1::bigint is null or s.obra_social_id = $1
         order by s.mes desc, s.id desc limit $2"
    );
    let rows: Vec<LiquidacionRow> = sqlx::query_as(&sql)
        .bind(obra_social_id)
        .bind(MAX_LIQUIDACIONES)
        .fetch_all(pool)
        .await?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// A presented sale with what was rejected of it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VentaPresentada {
    #[serde(flatten)]
    pub venta: VentaCubierta,
    /// What was presented (the part as it was then).
    pub presentado: f64,
    pub debitado: f64,
    /// Of the rejected, billed to the patient.
    pub facturado: f64,
    /// The reasons of its débitos, in order.
    pub motivos: Vec<String>,
}

/// A payment of the obra social: a bank receipt.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Cobro {
    pub numero: i32,
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub referencia: String,
    pub monto: f64,
}

/// A liquidación with its sales and payments.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiquidacionDetalle {
    #[serde(flatten)]
    pub liquidacion: Liquidacion,
    pub cuit: String,
    pub items: Vec<VentaPresentada>,
    pub cobros: Vec<Cobro>,
}

pub async fn by_id(pool: &PgPool, id: i64) -> Result<Option<LiquidacionDetalle>, sqlx::Error> {
    let sql = format!("select {LIQUIDACION} where s.id = $1");
    let Some(row): Option<LiquidacionRow> = sqlx::query_as(&sql).bind(id).fetch_optional(pool).await? else {
        return Ok(None);
    };
    let cuit: Option<String> = sqlx::query_scalar("select cuit from insurers where id = $1")
        .bind(row.obra_social_id)
        .fetch_optional(pool)
        .await?;
    #[derive(sqlx::FromRow)]
    struct ItemRow {
        #[sqlx(flatten)]
        venta: VentaRow,
        presentado_cents: i64,
        debitado_cents: i64,
        facturado_cents: i64,
        motivos: Vec<String>,
    }
    let sql = format!(
        "select {VENTA}, s.monto_cents as presentado_cents, s.debitado_cents, s.facturado_cents,
                array(select d.motivo from settlement_debits d
                      where d.liquidacion_id = s.liquidacion_id and d.movimiento_id = s.movimiento_id
                      order by d.cobro) as motivos
         from settlement_items s
         join sale_coverages c on c.movimiento_id = s.movimiento_id
         join movements m on m.id = s.movimiento_id
         left join receipts r on r.movimiento_id = m.id
         left join patients p on p.id = m.paciente_id
         where s.liquidacion_id = $1
         order by m.fecha, m.id"
    );
    let items: Vec<ItemRow> = sqlx::query_as(&sql).bind(id).fetch_all(pool).await?;
    let cobros: Vec<Cobro> = sqlx::query_as(
        "select numero, fecha, referencia, monto_cents / 100.0::float8 as monto
         from settlement_receipts where liquidacion_id = $1 order by numero",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    Ok(Some(LiquidacionDetalle {
        liquidacion: row.into(),
        cuit: cuit.unwrap_or_default(),
        items: items
            .into_iter()
            .map(|i| VentaPresentada {
                venta: i.venta.into(),
                presentado: pesos(i.presentado_cents),
                debitado: pesos(i.debitado_cents),
                facturado: pesos(i.facturado_cents),
                motivos: i.motivos,
            })
            .collect(),
        cobros,
    }))
}
