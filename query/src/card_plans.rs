//! Reads of `card_plan_rates`: the plans a payment can be charged on a given day, a method's
//! whole history for its admin screen, and the storefront's "cuotas sin interés".

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::lookups::Nombrado;

fn percent(hundredths: i32) -> f64 {
    f64::from(hundredths) / 100.0
}

/// A plan as a payment chooses it: its method, cuotas, and the rate in force that day.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanVigente {
    pub metodo_pago: Nombrado,
    pub cuotas: i32,
    /// Percent (10.5 is 10,5 %); 0 is "sin interés".
    pub recargo: f64,
    /// The day this rate started.
    #[schema(value_type = String, format = Date)]
    pub desde: NaiveDate,
}

/// The plans of every live payment method in force on `dia`, by method (as Spanish sorts) and
/// cuotas. The latest start on or before the day decides, one index range per plan.
pub async fn in_force(pool: &PgPool, dia: NaiveDate) -> Result<Vec<PlanVigente>, sqlx::Error> {
    let rows: Vec<(i64, String, i32, i32, NaiveDate)> = sqlx::query_as(
        "select r.metodo_pago_id, l.nombre, r.cuotas, r.recargo_hundredths, r.desde
         from (select distinct on (metodo_pago_id, cuotas) metodo_pago_id, cuotas, desde, recargo_hundredths
               from card_plan_rates where desde <= $1
               order by metodo_pago_id, cuotas, desde desc) r
         join lookup_items l on l.kind = 'MetodoPago' and l.id = r.metodo_pago_id
         where r.recargo_hundredths is not null
         order by l.nombre collate optica_es, l.id, r.cuotas",
    )
    .bind(dia)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(id, nombre, cuotas, recargo, desde)| PlanVigente {
            metodo_pago: Nombrado { id, nombre },
            cuotas,
            recargo: percent(recargo),
            desde,
        })
        .collect())
}

/// A rate of a plan from a day on; `recargo` none: the plan stopped being offered that day.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Tasa {
    pub recargo: Option<f64>,
    #[schema(value_type = String, format = Date)]
    pub desde: NaiveDate,
}

/// A plan with today's rate and its whole history.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct Plan {
    pub cuotas: i32,
    /// In force today (none: not offered today).
    pub vigente: Option<Tasa>,
    /// Every rate, oldest first.
    pub tasas: Vec<Tasa>,
}

/// A payment method's plans.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Planes {
    pub metodo_pago: Nombrado,
    pub planes: Vec<Plan>,
}

/// The plans of payment method `metodo`, with the rates in force on `hoy`; none when the method
/// does not exist.
pub async fn of_method(pool: &PgPool, metodo: i64, hoy: NaiveDate) -> Result<Option<Planes>, sqlx::Error> {
    let Some(nombre) =
        sqlx::query_scalar::<_, String>("select nombre from lookup_items where kind = 'MetodoPago' and id = $1")
            .bind(metodo)
            .fetch_optional(pool)
            .await?
    else {
        return Ok(None);
    };
    let rows: Vec<(i32, NaiveDate, Option<i32>)> = sqlx::query_as(
        "select cuotas, desde, recargo_hundredths from card_plan_rates where metodo_pago_id = $1 order by cuotas, desde",
    )
    .bind(metodo)
    .fetch_all(pool)
    .await?;
    Ok(Some(assemble(Nombrado { id: metodo, nombre }, rows, hoy)))
}

/// A method's plans from its rates (cuotas, start, surcharge in hundredths), ordered by cuotas
/// and start: as the read model or the method's stream holds them.
pub fn assemble(metodo_pago: Nombrado, rates: Vec<(i32, NaiveDate, Option<i32>)>, hoy: NaiveDate) -> Planes {
    let mut planes: Vec<Plan> = Vec::new();
    for (cuotas, desde, recargo) in rates {
        let tasa = Tasa {
            recargo: recargo.map(percent),
            desde,
        };
        match planes.last_mut().filter(|p| p.cuotas == cuotas) {
            Some(plan) => plan.tasas.push(tasa),
            None => planes.push(Plan {
                cuotas,
                vigente: None,
                tasas: vec![tasa],
            }),
        }
    }
    for plan in &mut planes {
        plan.vigente = plan
            .tasas
            .iter()
            .rev()
            .find(|t| t.desde <= hoy)
            .filter(|t| t.recargo.is_some())
            .cloned();
    }
    Planes { metodo_pago, planes }
}

/// The most cuotas any live payment method offers without surcharge on `dia` (more than one:
/// a single payment is no instalment plan), for the storefront's line.
pub async fn sin_interes(pool: &PgPool, dia: NaiveDate) -> Result<Option<i32>, sqlx::Error> {
    sqlx::query_scalar(
        "select max(r.cuotas) from (select distinct on (metodo_pago_id, cuotas) metodo_pago_id, cuotas, recargo_hundredths
               from card_plan_rates where desde <= $1 order by metodo_pago_id, cuotas, desde desc) r
         join lookup_items l on l.kind = 'MetodoPago' and l.id = r.metodo_pago_id
         where r.recargo_hundredths = 0 and r.cuotas > 1",
    )
    .bind(dia)
    .fetch_one(pool)
    .await
}
