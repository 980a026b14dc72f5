//! Reads of `insurers`: the obras sociales as Spanish sorts them, and one with its plans.

use optica_events::insurers::PlanObraSocial as PlanDatos;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

/// What a plan covers of one kind of item, as the API writes it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
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

impl From<&PlanDatos> for PlanObraSocial {
    fn from(p: &PlanDatos) -> PlanObraSocial {
        let cobertura = |c: optica_events::insurers::Cobertura| CoberturaPlan {
            porcentaje: c.porcentaje.map(optica_events::Medida::as_f64),
            tope: c.tope.map(optica_events::Money::as_f64),
        };
        PlanObraSocial {
            nombre: p.nombre.clone(),
            cristales: cobertura(p.cristales),
            armazones: cobertura(p.armazones),
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
