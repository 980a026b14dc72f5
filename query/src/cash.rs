//! Cash days (arqueo): a branch's day as the closing screen reads it, the list of closings, and
//! the movements' figures a count is compared with.

use chrono::NaiveDate;
use optica_events::Money;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::Page;

fn pesos(cents: i64) -> f64 {
    Money::from_cents(cents).as_f64()
}

/// Per payment method: the float and, once the day was counted, the last count's figures.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CajaMetodo {
    pub metodo_pago_id: i64,
    pub metodo_pago: String,
    pub fondo: f64,
    /// Hidden (null) until the day's first count: the count is blind.
    pub esperado: Option<f64>,
    pub contado: Option<f64>,
    /// Counted less expected.
    pub diferencia: Option<f64>,
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
    /// SIN_ABRIR, ABIERTA or CERRADA.
    pub estado: String,
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
    estado: String,
    conteos: i32,
    motivo: Option<String>,
    reaperturas: i32,
    motivo_reapertura: Option<String>,
}

/// The day of a branch (`None` when the branch does not exist); a day never used reads as
/// SIN_ABRIR with every method at zero.
pub async fn day(pool: &PgPool, local_id: i64, fecha: NaiveDate) -> Result<Option<CajaDia>, sqlx::Error> {
    let local: Option<String> = sqlx::query_scalar("select nombre from lookup_items where kind = 'Local' and id = $1")
        .bind(local_id)
        .fetch_optional(pool)
        .await?;
    let Some(local) = local else {
        return Ok(None);
    };
    let row: Option<DayRow> = sqlx::query_as(
        "select id, estado, conteos, motivo, reaperturas, motivo_reapertura
         from cash_days where local_id = $1 and dia = $2",
    )
    .bind(local_id)
    .bind(fecha)
    .fetch_optional(pool)
    .await?;
    let counted = row.as_ref().is_some_and(|r| r.conteos > 0);
    let methods: Vec<(i64, String, i64, i64, i64)> = sqlx::query_as(
        "select l.id, l.nombre, coalesce(m.fondo_cents, 0), coalesce(m.esperado_cents, 0),
                coalesce(m.contado_cents, 0)
         from lookup_items l
         left join cash_day_methods m on m.metodo_pago_id = l.id and m.cash_day_id = $1
         where l.kind = 'MetodoPago'
         order by l.nombre collate optica_es, l.id",
    )
    .bind(row.as_ref().map(|r| r.id))
    .fetch_all(pool)
    .await?;
    let metodos = methods
        .into_iter()
        .map(|(id, nombre, fondo, esperado, contado)| CajaMetodo {
            metodo_pago_id: id,
            metodo_pago: nombre,
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
            estado: "SIN_ABRIR".into(),
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
    pub estado: String,
    pub conteos: i32,
    pub esperado: f64,
    pub contado: f64,
    pub diferencia: f64,
    pub motivo: Option<String>,
    pub reaperturas: i32,
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
                d.motivo, d.reaperturas
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
