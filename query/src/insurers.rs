//! Reads of `insurers`: the obras sociales as Spanish sorts them, and one with its plans.

use optica_events::insurers::PlanObraSocial as PlanDatos;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

/// What a plan covers of one kind of item, as the API writes it.
#[derive(Clone, Debug, PartialEq, Serialize, serde::Deserialize, ToSchema)]
pub struct CoberturaPlan {
    /// Percent (40.0 is 40 %); null: no percentage.
    pub porcentaje: Option<f64>,
    /// Pesos; null: no cap.
    pub tope: Option<f64>,
}

/// A plan of an obra social.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanObraSocial {
    pub nombre: String,
    pub cristales: CoberturaPlan,
    pub armazones: CoberturaPlan,
    pub requiere_receta: bool,
    /// Days a prescription stays valid; null: any age.
    pub validez_receta_dias: Option<u32>,
}

impl From<optica_events::insurers::Cobertura> for CoberturaPlan {
    fn from(c: optica_events::insurers::Cobertura) -> CoberturaPlan {
        CoberturaPlan {
            porcentaje: c.porcentaje.map(optica_events::Medida::as_f64),
            tope: c.tope.map(optica_events::Money::as_f64),
        }
    }
}

impl From<&PlanDatos> for PlanObraSocial {
    fn from(p: &PlanDatos) -> PlanObraSocial {
        PlanObraSocial {
            nombre: p.nombre.clone(),
            cristales: p.cristales.into(),
            armazones: p.armazones.into(),
            requiere_receta: p.requiere_receta,
            validez_receta_dias: p.validez_receta_dias,
        }
    }
}

/// An obra social with its plans.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct ObraSocial {
    pub id: i64,
    pub nombre: String,
    pub cuit: String,
    pub planes: Vec<PlanObraSocial>,
    pub version: i64,
}

type Row = (i64, String, String, serde_json::Value, i64);

fn assemble((id, nombre, cuit, planes, version): Row) -> Result<ObraSocial, sqlx::Error> {
    let planes: Vec<PlanDatos> = serde_json::from_value(planes).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
    Ok(ObraSocial {
        id,
        nombre,
        cuit,
        planes: planes.iter().map(PlanObraSocial::from).collect(),
        version,
    })
}

/// Every obra social, by name as Spanish sorts.
pub async fn list(pool: &PgPool) -> Result<Vec<ObraSocial>, sqlx::Error> {
    let rows: Vec<Row> =
        sqlx::query_as("select id, nombre, cuit, planes, version from insurers order by nombre collate optica_es, id")
            .fetch_all(pool)
            .await?;
    rows.into_iter().map(assemble).collect()
}

pub async fn by_id(pool: &PgPool, id: i64) -> Result<Option<ObraSocial>, sqlx::Error> {
    let row: Option<Row> = sqlx::query_as("select id, nombre, cuit, planes, version from insurers where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await?;
    row.map(assemble).transpose()
}

/// What an obra social owes the shop: its part of the covered sales not presented yet and
/// what its liquidaciones still wait for, and since when.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Deuda {
    pub obra_social_id: i64,
    pub obra_social: String,
    /// Covered sales not presented yet, or in a liquidación it has not settled.
    pub ventas: i64,
    pub monto: f64,
    /// Of it, what was not presented yet.
    pub sin_presentar: f64,
    /// The day of the oldest sale it owes.
    #[schema(value_type = String, format = Date)]
    pub desde: chrono::NaiveDate,
}

/// Per obra social, what it owes, largest first: the covered sales not presented, and each
/// liquidación's total less what it paid and rejected.
pub async fn owed(pool: &PgPool) -> Result<Vec<Deuda>, sqlx::Error> {
    sqlx::query_as(
        "with debe as (
             select c.obra_social_id, m.fecha, c.parte_cristales_cents + c.parte_armazones_cents as cents,
                    c.liquidacion_id is null as sin_presentar
             from sale_coverages c join movements m on m.id = c.movimiento_id
             left join settlements s on s.id = c.liquidacion_id
             where (c.liquidacion_id is null and c.parte_cristales_cents + c.parte_armazones_cents > 0)
                or s.total_cents > s.cobrado_cents + s.debitado_cents
         ),
         saldado as (
             select s.obra_social_id, sum(s.cobrado_cents + s.debitado_cents) as cents
             from settlements s where s.total_cents > s.cobrado_cents + s.debitado_cents
             group by s.obra_social_id
         )
         select d.obra_social_id, coalesce(i.nombre, '') as obra_social, count(*) as ventas,
                (sum(d.cents) - coalesce(min(x.cents), 0)) / 100.0::float8 as monto,
                coalesce(sum(d.cents) filter (where d.sin_presentar), 0) / 100.0::float8 as sin_presentar,
                min(d.fecha)::date as desde
         from debe d
         left join saldado x on x.obra_social_id = d.obra_social_id
         left join insurers i on i.id = d.obra_social_id
         group by d.obra_social_id, i.nombre
         having sum(d.cents) - coalesce(min(x.cents), 0) <> 0
         order by sum(d.cents) - coalesce(min(x.cents), 0) desc, coalesce(i.nombre, '') collate optica_es",
    )
    .fetch_all(pool)
    .await
}
