//! What makes up a day's expected figures, per payment method: the float, then each movement's
//! part of the cash ledger (a sale, a collection of an earlier or another branch's sale, a refund,
//! an expense). The ledger is what a count is compared with, so these lines add up to the
//! expected figure a count of the day gets now.

use chrono::{NaiveDate, NaiveDateTime};
use optica_events::movements::comprobante_leido;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::pesos;

/// What a line of the breakdown is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Partida {
    Fondo,
    /// A sale's payment on its own day and branch.
    Venta,
    /// A payment towards a sale of another day or branch (its balance).
    Cobro,
    /// Money given back for a return.
    Reintegro,
    /// Any other money out.
    Gasto,
}

/// One line: what it is, in Spanish, and its signed amount.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineaEsperado {
    pub partida: Partida,
    /// `Venta 0001-00000005`, `Cobro de la venta 0002-00000003 del 20/11/2026`, …
    pub concepto: String,
    /// When the movement was recorded (the shop's time).
    #[schema(value_type = Option<String>)]
    pub fecha: Option<NaiveDateTime>,
    pub monto: f64,
    pub movimiento_id: Option<i64>,
    /// Whether the caller may open that movement (a seller opens only their branch's).
    pub abrible: bool,
    /// The card plan the money came in on (the count's line of that plan); null without one.
    pub cuotas: Option<i32>,
}

/// A method's breakdown and its sum.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MetodoEsperado {
    pub metodo_pago_id: i64,
    pub metodo_pago: String,
    /// The float plus every line: what a count now expects.
    pub esperado: f64,
    pub lineas: Vec<LineaEsperado>,
}

#[derive(sqlx::FromRow)]
struct Row {
    metodo_pago_id: i64,
    metodo_pago: String,
    cuotas: i32,
    cents: i64,
    movimiento_id: Option<i64>,
    tipo: Option<String>,
    fecha: Option<NaiveDateTime>,
    venta_local: Option<i64>,
    descripcion: Option<String>,
    comprobante_local: Option<i64>,
    comprobante_numero: Option<i64>,
    devuelta: Option<i64>,
    devuelta_local: Option<i64>,
    devuelta_numero: Option<i64>,
}

/// A sale as staff name it: its receipt's number, or its id.
fn venta(local: Option<i64>, numero: Option<i64>, id: i64) -> String {
    comprobante_leido(local, numero).unwrap_or_else(|| format!("#{id}"))
}

/// The day's breakdown per method, in the order of the methods' ids; `visible` is the branch
/// whose movements the caller may open (`None`: any, an admin).
pub async fn breakdown(
    pool: &PgPool,
    local_id: i64,
    dia: NaiveDate,
    visible: Option<i64>,
) -> Result<Vec<MetodoEsperado>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(
        "select x.metodo_pago_id, coalesce(mp.nombre, '') as metodo_pago, x.cuotas, x.cents, x.movimiento_id,
                m.tipo, m.fecha, m.local_id as venta_local, m.descripcion,
                r.local_id as comprobante_local, r.numero as comprobante_numero,
                d.venta_id as devuelta, dr.local_id as devuelta_local, dr.numero as devuelta_numero
         from (select f.metodo_pago_id, f.cuotas, f.fondo_cents as cents, null::bigint as movimiento_id
               from cash_days c join cash_day_methods f on f.cash_day_id = c.id
               where c.local_id = $1 and c.dia = $2 and f.fondo_cents <> 0
               union all
               select l.metodo_pago_id, l.cuotas, l.cents, l.movimiento_id
               from cash_ledger l where l.local_id = $1 and l.dia = $2 and l.cents <> 0) x
         left join lookup_items mp on mp.kind = 'MetodoPago' and mp.id = x.metodo_pago_id
         left join movements m on m.id = x.movimiento_id
         left join receipts r on r.movimiento_id = x.movimiento_id
         left join movement_returns d on d.movimiento_id = x.movimiento_id
         left join receipts dr on dr.movimiento_id = d.venta_id
         order by x.metodo_pago_id, x.movimiento_id is not null, m.fecha, x.movimiento_id",
    )
    .bind(local_id)
    .bind(dia)
    .fetch_all(pool)
    .await?;

    // The rows come ordered by method: each method's lines are one run, summed in cents.
    let mut metodos: Vec<(MetodoEsperado, i64)> = Vec::new();
    for r in rows {
        let linea = line(&r, local_id, dia, visible);
        match metodos.last_mut() {
            Some((m, cents)) if m.metodo_pago_id == r.metodo_pago_id => {
                *cents += r.cents;
                m.lineas.push(linea);
            }
            _ => metodos.push((
                MetodoEsperado {
                    metodo_pago_id: r.metodo_pago_id,
                    metodo_pago: r.metodo_pago.clone(),
                    esperado: 0.0,
                    lineas: vec![linea],
                },
                r.cents,
            )),
        }
    }
    Ok(metodos
        .into_iter()
        .map(|(m, cents)| MetodoEsperado {
            esperado: pesos(cents),
            ..m
        })
        .collect())
}

fn line(r: &Row, local_id: i64, dia: NaiveDate, visible: Option<i64>) -> LineaEsperado {
    let Some(id) = r.movimiento_id else {
        return LineaEsperado {
            partida: Partida::Fondo,
            concepto: "Fondo inicial".into(),
            fecha: None,
            monto: pesos(r.cents),
            movimiento_id: None,
            abrible: false,
            cuotas: None,
        };
    };
    let same_day = r.venta_local == Some(local_id) && r.fecha.map(|f| f.date()) == Some(dia);
    let (partida, concepto) = match (r.tipo.as_deref(), r.devuelta) {
        (Some("SALIDA"), Some(vendida)) => (
            Partida::Reintegro,
            format!(
                "Reintegro de la devolución #{id} (venta {})",
                venta(r.devuelta_local, r.devuelta_numero, vendida)
            ),
        ),
        (Some("SALIDA"), None) => (
            Partida::Gasto,
            match r.descripcion.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
                Some(d) => format!("Salida #{id}: {d}"),
                None => format!("Salida #{id}"),
            },
        ),
        _ if same_day => (
            Partida::Venta,
            format!("Venta {}", venta(r.comprobante_local, r.comprobante_numero, id)),
        ),
        _ => (
            Partida::Cobro,
            format!(
                "Cobro de la venta {}{}",
                venta(r.comprobante_local, r.comprobante_numero, id),
                r.fecha
                    .map(|f| format!(" del {}", f.format("%d/%m/%Y")))
                    .unwrap_or_default()
            ),
        ),
    };
    let cuotas = (r.cuotas > 0).then_some(r.cuotas);
    LineaEsperado {
        partida,
        concepto: match cuotas.and_then(|n| u32::try_from(n).ok()) {
            Some(n) => format!("{concepto} · {}", optica_events::card_plans::plan_nombre(n)),
            None => concepto,
        },
        fecha: r.fecha,
        monto: pesos(r.cents),
        movimiento_id: Some(id),
        abrible: visible.is_none() || visible == r.venta_local,
        cuotas,
    }
}
