//! Cash days (arqueo): a branch's day as the closing screen reads it, the list of closings, and
//! the movements' figures a count is compared with.

use chrono::NaiveDate;
use optica_events::Money;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::late::{self, Rows, Shadow};
use crate::Page;

pub mod expected;

fn pesos(cents: i64) -> f64 {
    Money::from_cents(cents).as_f64()
}

/// Per payment method, and per plan of a card that has plans that day: the float and, once the
/// day was counted, the last count's figures.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CajaMetodo {
    pub metodo_pago_id: i64,
    pub metodo_pago: String,
    /// The card plan's line ('Tarjeta · 6 cuotas'); null for the method's payments without a
    /// plan. A card may be counted whole on its null line, or per plan.
    pub cuotas: Option<i32>,
    pub fondo: f64,
    /// Hidden (null) until the day's first count: the count is blind.
    pub esperado: Option<f64>,
    pub contado: Option<f64>,
    /// Counted less expected.
    pub diferencia: Option<f64>,
}

impl CajaMetodo {
    /// The line as people read it: 'Tarjeta', or 'Tarjeta · 6 cuotas' ('Tarjeta · 1 pago') for
    /// a plan's.
    pub fn nombre(&self) -> String {
        match self.cuotas.and_then(|n| u32::try_from(n).ok()) {
            Some(n) => format!("{} · {}", self.metodo_pago, optica_events::card_plans::plan_nombre(n)),
            None => self.metodo_pago.clone(),
        }
    }
}

/// Where a branch's cash day stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema, sqlx::Type)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoCaja {
    SinAbrir,
    Abierta,
    Cerrada,
}

/// A branch's day.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CajaDia {
    pub local_id: i64,
    pub local: String,
    /// `yyyy-MM-dd`.
    #[schema(value_type = String)]
    pub fecha: NaiveDate,
    pub estado: EstadoCaja,
    /// Counts recorded, the closing's included.
    pub conteos: i32,
    /// Why the closing's count differs from the expected figures.
    pub motivo: Option<String>,
    pub reaperturas: i32,
    pub motivo_reapertura: Option<String>,
    /// Every payment method, with this day's figures.
    pub metodos: Vec<CajaMetodo>,
}

#[derive(sqlx::FromRow)]
struct DayRow {
    id: i64,
    estado: EstadoCaja,
    conteos: i32,
    motivo: Option<String>,
    reaperturas: i32,
    motivo_reapertura: Option<String>,
}

/// The day of a branch (`None` when the branch does not exist); a day never used reads as
/// SIN_ABRIR with every method at zero.
pub async fn day(pool: &PgPool, local_id: i64, fecha: NaiveDate) -> Result<Option<CajaDia>, sqlx::Error> {
    day_in(pool, local_id, fecha, Shadow::NONE).await
}

/// The rows of `cash_days` and `cash_day_methods` a day's stream makes, as the projection
/// writes them (`projections/src/closings.rs`), for an answer whose read model is late.
pub async fn committed(pool: &PgPool, stream: i64) -> Result<Rows, sqlx::Error> {
    use optica_events::closings::{CajaEvent as E, PorMetodo, CASH_DAY_AGGREGATE};
    let mut day: Option<Value> = None;
    // (method, cuotas) → (float, expected, counted), in cents
    let mut methods: BTreeMap<(i64, u32), [i64; 3]> = BTreeMap::new();
    // A column's amounts replace the previous ones (a count replaces the last count's).
    fn set(methods: &mut BTreeMap<(i64, u32), [i64; 3]>, column: usize, amounts: &[PorMetodo]) {
        for m in methods.values_mut() {
            m[column] = 0;
        }
        for a in amounts {
            methods.entry((a.metodo_pago_id, a.cuotas.unwrap_or(0))).or_default()[column] = a.monto.cents();
        }
    }
    for (sequence, payload) in late::stream(pool, CASH_DAY_AGGREGATE, stream).await? {
        let event: E = late::decode(&payload)?;
        let (local_id, dia) = event.day();
        let row = day.get_or_insert_with(|| {
            json!({"id": stream, "local_id": local_id, "dia": dia, "estado": "ABIERTA", "conteos": 0, "motivo": null,
                   "reaperturas": 0, "motivo_reapertura": null})
        });
        row["version"] = json!(sequence);
        let conteos = row["conteos"].as_i64().unwrap_or(0);
        match event {
            E::CajaAbierta { fondo, .. } => set(&mut methods, 0, &fondo),
            E::CajaContada { contado, esperado, .. } => {
                set(&mut methods, 1, &esperado);
                set(&mut methods, 2, &contado);
                row["conteos"] = json!(conteos + 1);
            }
            E::CajaCerrada {
                contado,
                esperado,
                motivo,
                ..
            } => {
                set(&mut methods, 1, &esperado);
                set(&mut methods, 2, &contado);
                row["conteos"] = json!(conteos + 1);
                (row["estado"], row["motivo"]) = (json!("CERRADA"), json!(motivo));
            }
            E::CajaReabierta { motivo, .. } => {
                let reaperturas = row["reaperturas"].as_i64().unwrap_or(0);
                (row["estado"], row["motivo"]) = (json!("ABIERTA"), Value::Null);
                (row["reaperturas"], row["motivo_reapertura"]) = (json!(reaperturas + 1), json!(motivo));
            }
        }
    }
    let methods: Vec<Value> = methods
        .into_iter()
        .map(|((metodo, cuotas), [fondo, esperado, contado])| {
            json!({"cash_day_id": stream, "metodo_pago_id": metodo, "cuotas": cuotas, "fondo_cents": fondo,
                   "esperado_cents": esperado, "contado_cents": contado})
        })
        .collect();
    Ok(Rows(vec![
        ("cash_days", Value::Array(day.into_iter().collect())),
        ("cash_day_methods", Value::Array(methods)),
    ]))
}

/// The same as `day`, reading the day's rows from `shadow`.
pub async fn day_in(
    pool: &PgPool,
    local_id: i64,
    fecha: NaiveDate,
    shadow: Shadow<'_>,
) -> Result<Option<CajaDia>, sqlx::Error> {
    // The branch and the payment methods may be later than the day (created just before it).
    let Some((_, _, local, _, _)) = crate::lookups::rows(pool, &[("Local", local_id)]).await?.pop() else {
        return Ok(None);
    };
    let sql = format!(
        "{}select id, estado, conteos, motivo, reaperturas, motivo_reapertura
         from cash_days where local_id = $1 and dia = $2",
        shadow.with("cash_days", 3)
    );
    let row: Option<DayRow> = shadow
        .bind(sqlx::query_as(&sql).bind(local_id).bind(fecha), "cash_days")
        .fetch_optional(pool)
        .await?;
    let counted = row.as_ref().is_some_and(|r| r.conteos > 0);
    // Every method's line, and a line per card plan in force that day or counted in it: the
    // blind count asks for each without telling what it expects.
    let sql = format!(
        "{}select k.id, k.nombre, k.cuotas, coalesce(m.fondo_cents, 0), coalesce(m.esperado_cents, 0),
                coalesce(m.contado_cents, 0)
         from (select l.id, l.nombre, 0 as cuotas from {methods} l
               union
               select r.metodo_pago_id, l.nombre, r.cuotas
               from (select distinct on (metodo_pago_id, cuotas) metodo_pago_id, cuotas, recargo_hundredths
                     from card_plan_rates where desde <= $2 order by metodo_pago_id, cuotas, desde desc) r
               join {methods} l on l.id = r.metodo_pago_id
               where r.recargo_hundredths is not null
               union
               select l.id, l.nombre, c.cuotas from cash_day_methods c join {methods} l on l.id = c.metodo_pago_id
               where c.cash_day_id = $1) k
         left join cash_day_methods m on m.metodo_pago_id = k.id and m.cuotas = k.cuotas and m.cash_day_id = $1
         order by k.nombre collate optica_es, k.id, k.cuotas",
        shadow.with("cash_day_methods", 3),
        methods = crate::lookups::all_of_kind(optica_events::LookupKind::MetodoPago)
    );
    let methods: Vec<(i64, String, i32, i64, i64, i64)> = shadow
        .bind(
            sqlx::query_as(&sql).bind(row.as_ref().map(|r| r.id)).bind(fecha),
            "cash_day_methods",
        )
        .fetch_all(pool)
        .await?;
    let metodos = methods
        .into_iter()
        .map(|(id, nombre, cuotas, fondo, esperado, contado)| CajaMetodo {
            metodo_pago_id: id,
            metodo_pago: nombre,
            cuotas: (cuotas > 0).then_some(cuotas),
            fondo: pesos(fondo),
            esperado: counted.then(|| pesos(esperado)),
            contado: counted.then(|| pesos(contado)),
            diferencia: counted.then(|| pesos(contado - esperado)),
        })
        .collect();
    Ok(Some(match row {
        Some(r) => CajaDia {
            local_id,
            local,
            fecha,
            estado: r.estado,
            conteos: r.conteos,
            motivo: r.motivo,
            reaperturas: r.reaperturas,
            motivo_reapertura: r.motivo_reapertura,
            metodos,
        },
        None => CajaDia {
            local_id,
            local,
            fecha,
            estado: EstadoCaja::SinAbrir,
            conteos: 0,
            motivo: None,
            reaperturas: 0,
            motivo_reapertura: None,
            metodos,
        },
    }))
}

/// A day in the list of closings, with its totals over every method.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Cierre {
    pub local_id: i64,
    pub local: String,
    #[schema(value_type = String)]
    pub fecha: NaiveDate,
    /// ABIERTA or CERRADA.
    pub estado: EstadoCaja,
    pub conteos: i32,
    pub esperado: f64,
    pub contado: f64,
    pub diferencia: f64,
    /// The reason of the day's current closing; none once it is reopened.
    pub motivo: Option<String>,
    pub reaperturas: i32,
    /// Why the day was last reopened.
    pub motivo_reapertura: Option<String>,
}

/// The counted days, newest first; of one branch when `local_id` is given.
pub async fn closings(
    pool: &PgPool,
    local_id: Option<i64>,
    number: i64,
    size: i64,
) -> Result<Page<Cierre>, sqlx::Error> {
    let total: i64 = sqlx::query_scalar(
        "select count(*) from cash_days where conteos > 0 and ($1::bigint is null or local_id = $1)",
    )
    .bind(local_id)
    .fetch_one(pool)
    .await?;
    let rows: Vec<Cierre> = sqlx::query_as(
        "select d.local_id, coalesce(l.nombre, '') as local, d.dia as fecha, d.estado, d.conteos,
                coalesce(t.esperado, 0) / 100.0::float8 as esperado, coalesce(t.contado, 0) / 100.0::float8 as contado,
                (coalesce(t.contado, 0) - coalesce(t.esperado, 0)) / 100.0::float8 as diferencia,
                d.motivo, d.reaperturas, d.motivo_reapertura
         from cash_days d
         left join lookup_items l on l.kind = 'Local' and l.id = d.local_id
         left join lateral (select sum(esperado_cents) as esperado, sum(contado_cents) as contado
                            from cash_day_methods m where m.cash_day_id = d.id) t on true
         where d.conteos > 0 and ($1::bigint is null or d.local_id = $1)
         order by d.dia desc, d.local_id
         limit $2 offset $3",
    )
    .bind(local_id)
    .bind(size)
    .bind(number * size)
    .fetch_all(pool)
    .await?;
    Ok(Page::new(rows, number, size, total))
}

/// A past day that holds money and whose cash was never closed (or was reopened and not closed
/// again): no closing has counted it yet.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SinCerrar {
    pub local_id: i64,
    pub local: String,
    #[schema(value_type = String)]
    pub fecha: NaiveDate,
    /// SIN_ABRIR (never opened) or ABIERTA (opened or reopened, not closed).
    pub estado: EstadoCaja,
    /// What the day's payments put in (or, negative, took out of) its drawers, every method.
    pub neto: f64,
    pub movimientos: i64,
}

/// The days before `hoy` with money in the ledger and no closing standing, oldest first; of one
/// branch when `local_id` is given. Grows with the unclosed days, not with the ledger: the
/// ledger is read by its (branch, day) index, one group per day.
pub async fn not_closed(pool: &PgPool, local_id: Option<i64>, hoy: NaiveDate) -> Result<Vec<SinCerrar>, sqlx::Error> {
    sqlx::query_as(
        "select g.local_id, coalesce(l.nombre, '') as local, g.dia as fecha,
                coalesce(d.estado, 'SIN_ABRIR') as estado, g.cents / 100.0::float8 as neto, g.movimientos
         from (select local_id, dia, sum(cents)::bigint as cents, count(distinct movimiento_id) as movimientos
               from cash_ledger
               where dia < $2 and ($1::bigint is null or local_id = $1)
               group by local_id, dia) g
         left join cash_days d on d.local_id = g.local_id and d.dia = g.dia
         left join lookup_items l on l.kind = 'Local' and l.id = g.local_id
         where d.estado is distinct from 'CERRADA'
         order by g.dia, g.local_id",
    )
    .bind(local_id)
    .bind(hoy)
    .fetch_all(pool)
    .await
}

/// Who closed a day and when (the last closing's event), if it was closed.
pub async fn closed_by(
    pool: &PgPool,
    local_id: i64,
    fecha: NaiveDate,
) -> Result<Option<(String, chrono::DateTime<chrono::Utc>)>, sqlx::Error> {
    let row: Option<(Option<String>, Option<String>)> = sqlx::query_as(
        "select e.metadata -> 'actor' ->> 'username', e.metadata ->> 'at'
         from cash_days d
         join events e on e.aggregate_type = 'Caja' and e.aggregate_id = d.id::text
         where d.local_id = $1 and d.dia = $2 and e.event_type = 'CajaCerrada'
         order by e.sequence desc limit 1",
    )
    .bind(local_id)
    .bind(fecha)
    .fetch_optional(pool)
    .await?;
    Ok(row.and_then(|(user, at)| {
        let at = chrono::DateTime::parse_from_rfc3339(at.as_deref()?).ok()?;
        Some((user.unwrap_or_default(), at.with_timezone(&chrono::Utc)))
    }))
}
