//! Reads of the patient read models: by id or ficha, pages, searches and counts per branch.
//!
//! Every staff member reads every patient: patients are served at whichever branch they visit.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::lookups::Local;
use crate::{contains_pattern, Page};

mod committed;
pub use committed::committed;

pub const PAGE_SIZE: i64 = 12;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Ojo {
    Derecho,
    Izquierdo,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TipoVision {
    Lejos,
    Cerca,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Graduacion {
    pub ojo: Ojo,
    pub tipo: TipoVision,
    pub esferico: Option<f64>,
    pub cilindrico: Option<f64>,
    pub eje: Option<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Cristal {
    pub id: i64,
    pub nombre: String,
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    /// The return (its refund's movement) that brought this lens back; it stays in the history.
    #[serde(default, rename = "devolucionId", skip_serializing_if = "Option::is_none")]
    pub devolucion_id: Option<i64>,
}

/// A prescription record (contract §3.3). `id` numbers the fichas within the patient.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ficha {
    #[serde(default)]
    pub id: i64,
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub dnp_derecho: Option<f64>,
    pub dnp_izquierdo: Option<f64>,
    pub altura_pupilar_derecho: Option<f64>,
    pub altura_pupilar_izquierdo: Option<f64>,
    pub altura_pelicula: Option<f64>,
    pub puente: Option<f64>,
    pub diagonal_mayor: Option<f64>,
    pub largo: Option<f64>,
    pub altura_armazon: Option<f64>,
    pub adicion_derecho: Option<f64>,
    pub adicion_izquierdo: Option<f64>,
    pub graduaciones: Vec<Graduacion>,
    #[serde(default)]
    pub cristales: Vec<Cristal>,
}

/// A patient as the API serializes it (contract §3.3), fichas newest first.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Paciente {
    pub id: i64,
    pub ficha: i64,
    pub nombre_completo: String,
    pub direccion: Option<String>,
    pub celular: String,
    pub documento: Option<String>,
    pub correo: Option<String>,
    pub medico: Option<String>,
    pub obra_social: Option<String>,
    pub observaciones: Option<String>,
    pub genero: String,
    pub local: Option<Local>,
    #[schema(value_type = String, format = Date)]
    pub creado_en: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub ultima_actualizacion: NaiveDate,
    pub historial_fichas: Vec<Ficha>,
    /// Send it back with an edit: the server then knows which fichas and crystals the form saw.
    pub version: i64,
    /// The patient's obra social from the ones the shop keeps; null when none was chosen
    /// (`obraSocial` may still hold a free text written before).
    pub afiliacion: Option<AfiliacionLeida>,
}

/// A patient's obra social, plan and affiliate number.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct AfiliacionLeida {
    pub obra_social_id: i64,
    /// Its name now (empty when it was deleted since).
    pub obra_social: String,
    pub plan: String,
    pub afiliado: String,
}

impl Paciente {
    /// The patient named and nothing more (see `Movimiento::for_collector`).
    pub fn named_only(self) -> Paciente {
        Paciente {
            direccion: None,
            celular: String::new(),
            documento: None,
            correo: None,
            medico: None,
            obra_social: None,
            observaciones: None,
            genero: String::new(),
            historial_fichas: Vec::new(),
            afiliacion: None,
            ..self
        }
    }
}

#[derive(sqlx::FromRow)]
struct PatientRow {
    id: i64,
    ficha: i64,
    nombre_completo: String,
    direccion: Option<String>,
    celular: String,
    documento: Option<String>,
    correo: Option<String>,
    medico: Option<String>,
    obra_social: Option<String>,
    observaciones: Option<String>,
    genero: String,
    local_id: i64,
    local_nombre: Option<String>,
    local_direccion: Option<String>,
    local_celular: Option<String>,
    creado_en: NaiveDate,
    ultima_actualizacion: NaiveDate,
    version: i64,
    obra_social_id: Option<i64>,
    obra_social_nombre: Option<String>,
    plan: Option<String>,
    afiliado: Option<String>,
}

const PATIENT_COLUMNS: &str = "p.id, p.ficha, p.nombre_completo, p.direccion, p.celular, p.documento, p.correo,
     p.medico, p.obra_social, p.observaciones, p.genero, p.local_id, l.nombre as local_nombre,
     l.direccion as local_direccion, l.celular as local_celular, p.creado_en, p.ultima_actualizacion, p.version,
     p.obra_social_id, os.nombre as obra_social_nombre, p.plan, p.afiliado
     from patients p left join lookup_items l on l.kind = 'Local' and l.id = p.local_id
     left join insurers os on os.id = p.obra_social_id";

/// The patients of `rows` with their fichas and crystals, in the rows' order.
async fn complete(pool: &PgPool, rows: Vec<PatientRow>) -> Result<Vec<Paciente>, sqlx::Error> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let fichas: Vec<(i64, i64, sqlx::types::Json<Ficha>)> = sqlx::query_as(
        "select paciente_id, ficha_id, datos from patient_fichas where paciente_id = any($1)
         order by fecha desc, ficha_id desc",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let cristales: Vec<(i64, i64, i64, String, NaiveDate, Option<i64>)> = sqlx::query_as(
        "select paciente_id, ficha_id, cristal_id, nombre, fecha, devolucion_id from patient_cristales
         where paciente_id = any($1) order by cristal_id",
    )
    .bind(&ids)
    .fetch_all(pool)
    .await?;
    let mut by_ficha: HashMap<(i64, i64), Vec<Cristal>> = HashMap::new();
    for (paciente_id, ficha_id, id, nombre, fecha, devolucion_id) in cristales {
        by_ficha.entry((paciente_id, ficha_id)).or_default().push(Cristal {
            id,
            nombre,
            fecha,
            devolucion_id,
        });
    }
    let mut historial: HashMap<i64, Vec<Ficha>> = HashMap::new();
    for (paciente_id, ficha_id, sqlx::types::Json(mut ficha)) in fichas {
        ficha.id = ficha_id;
        ficha.cristales = by_ficha.remove(&(paciente_id, ficha_id)).unwrap_or_default();
        historial.entry(paciente_id).or_default().push(ficha);
    }
    Ok(rows
        .into_iter()
        .map(|r| Paciente {
            local: r.local_nombre.map(|nombre| Local {
                id: r.local_id,
                nombre,
                direccion: r.local_direccion,
                celular: r.local_celular,
            }),
            historial_fichas: historial.remove(&r.id).unwrap_or_default(),
            id: r.id,
            ficha: r.ficha,
            nombre_completo: r.nombre_completo,
            direccion: r.direccion,
            celular: r.celular,
            documento: r.documento,
            correo: r.correo,
            medico: r.medico,
            obra_social: r.obra_social,
            observaciones: r.observaciones,
            genero: r.genero,
            creado_en: r.creado_en,
            ultima_actualizacion: r.ultima_actualizacion,
            version: r.version,
            afiliacion: r.obra_social_id.map(|obra_social_id| AfiliacionLeida {
                obra_social_id,
                obra_social: r.obra_social_nombre.unwrap_or_default(),
                plan: r.plan.unwrap_or_default(),
                afiliado: r.afiliado.unwrap_or_default(),
            }),
        })
        .collect())
}

async fn one(pool: &PgPool, condition: &str, value: i64) -> Result<Option<Paciente>, sqlx::Error> {
    let row: Option<PatientRow> = sqlx::query_as(&format!("select {PATIENT_COLUMNS} where {condition} = $1"))
        .bind(value)
        .fetch_optional(pool)
        .await?;
    Ok(complete(pool, row.into_iter().collect()).await?.pop())
}

pub async fn by_id(pool: &PgPool, id: i64) -> Result<Option<Paciente>, sqlx::Error> {
    one(pool, "p.id", id).await
}

/// Several patients at once (the cash-box lists); in no particular order.
pub async fn by_ids(pool: &PgPool, ids: &[i64]) -> Result<Vec<Paciente>, sqlx::Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let rows: Vec<PatientRow> = sqlx::query_as(&format!("select {PATIENT_COLUMNS} where p.id = any($1)"))
        .bind(ids)
        .fetch_all(pool)
        .await?;
    complete(pool, rows).await
}

pub async fn by_ficha(pool: &PgPool, ficha: i64) -> Result<Option<Paciente>, sqlx::Error> {
    one(pool, "p.ficha", ficha).await
}

/// Which patients a page lists.
#[derive(Clone, Copy, Debug)]
pub enum Filter<'a> {
    All,
    /// The name contains the text, ignoring case and accents.
    NameContains(&'a str),
    /// The document equals the text, by its letters and digits (`documento_key`).
    DocumentKey(&'a str),
}

/// Page `number` (zero-based) of `size` patients matching `filter`, by ficha number.
pub async fn page(pool: &PgPool, filter: Filter<'_>, number: i64, size: i64) -> Result<Page<Paciente>, sqlx::Error> {
    // `(select optica_fold($1))` folds the text once: under the generic plan a prepared
    // statement settles on, a bare `optica_fold($1)` is folded again for every row it tests.
    let (condition, value) = match filter {
        Filter::All => ("$1::text = ''", String::new()),
        Filter::NameContains(text) => (
            "p.nombre_busqueda like (select optica_fold($1))",
            contains_pattern(text),
        ),
        Filter::DocumentKey(key) => ("p.documento_key = $1", key.to_string()),
    };
    let total: i64 = sqlx::query_scalar(&format!("select count(*) from patients p where {condition}"))
        .bind(&value)
        .fetch_one(pool)
        .await?;
    let rows: Vec<PatientRow> = sqlx::query_as(&format!(
        "select {PATIENT_COLUMNS} where {condition} order by p.ficha limit $2 offset $3"
    ))
    .bind(&value)
    .bind(size)
    .bind(number * size)
    .fetch_all(pool)
    .await?;
    Ok(Page::new(complete(pool, rows).await?, number, size, total))
}

/// Patients per branch (branches without patients are absent).
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct PacientesPorLocal {
    pub local_id: i64,
    pub local_nombre: String,
    pub cantidad_pacientes: i64,
}

pub async fn count_per_branch(pool: &PgPool) -> Result<Vec<PacientesPorLocal>, sqlx::Error> {
    sqlx::query_as(
        "select p.local_id, coalesce(l.nombre, '') as local_nombre, count(*) as cantidad_pacientes
         from patients p left join lookup_items l on l.kind = 'Local' and l.id = p.local_id
         group by p.local_id, l.nombre order by p.local_id",
    )
    .fetch_all(pool)
    .await
}

/// A patient's document and phone, as the duplicate rules need them.
pub async fn contact(pool: &PgPool, id: i64) -> Result<Option<(Option<String>, String)>, sqlx::Error> {
    sqlx::query_as("select documento, celular from patients where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// Whether the patient exists, as the commands know it (`live_streams`, written with the
/// events): a patient just registered can be named in a sale at once, even while the projector
/// is behind, and one just deleted no longer can.
pub async fn exists(pool: &PgPool, id: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from live_streams where stream_type = 'Paciente' and stream_id = $1)")
        .bind(id.to_string())
        .fetch_one(pool)
        .await
}

/// Another patient than `except` with this document key, or with this phone key.
pub async fn holder_of_documento(pool: &PgPool, key: &str, except: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from patients where documento_key = $1 and id <> $2)")
        .bind(key)
        .bind(except)
        .fetch_one(pool)
        .await
}

pub async fn holder_of_celular(pool: &PgPool, key: &str, except: i64) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar("select exists(select 1 from patients where celular_key = $1 and id <> $2)")
        .bind(key)
        .bind(except)
        .fetch_one(pool)
        .await
}
