//! The reminder lists: patients due for a check-up and jobs ready but not collected, the oldest
//! first.

use chrono::{NaiveDate, NaiveDateTime};
use optica_events::movements::comprobante_leido;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

/// A patient due for a check-up: their latest ficha is older than the shop's period.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ControlVencido {
    pub paciente_id: i64,
    pub paciente: String,
    pub celular: String,
    #[schema(value_type = String, format = Date)]
    pub ultima_ficha: NaiveDate,
    /// A `wa.me` link with the reminder, when the phone can take one.
    #[sqlx(skip)]
    pub whatsapp: Option<String>,
}

/// A job ready for a while and not collected.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SinRetirar {
    pub id: i64,
    pub paciente: Option<String>,
    pub celular: Option<String>,
    /// Since when it is ready.
    #[schema(value_type = String)]
    pub listo_desde: NaiveDateTime,
    /// Where to collect it.
    pub local: Option<String>,
    #[serde(skip)]
    pub direccion: Option<String>,
    /// The sale's receipt, for the message.
    #[serde(skip)]
    pub comprobante_local: Option<i64>,
    #[serde(skip)]
    pub comprobante_numero: Option<i64>,
    /// The receipt's number as the customer holds it (`0001-00000005`).
    #[sqlx(skip)]
    pub comprobante: Option<String>,
    #[sqlx(skip)]
    pub whatsapp: Option<String>,
}

/// Most rows a reminder list answers (the oldest first).
pub const MAX_RECORDATORIOS: i64 = 500;

/// Patients (of a branch, or all) whose latest ficha is from before `antes`.
pub async fn checkups_due(
    pool: &PgPool,
    antes: NaiveDate,
    local_id: Option<i64>,
) -> Result<Vec<ControlVencido>, sqlx::Error> {
    reminders(
        pool,
        "select p.id as paciente_id, p.nombre_completo as paciente, p.celular, f.ultima as ultima_ficha
         from patients p
         join (select paciente_id, max(fecha) as ultima from patient_fichas group by paciente_id) f
           on f.paciente_id = p.id
         where f.ultima < $1 and ($2::bigint is null or p.local_id = $2)
         order by f.ultima, p.id limit $3",
        antes,
        local_id,
    )
    .await
}

/// Jobs (of a branch, or all) ready since before `antes` and not delivered.
pub async fn not_collected(
    pool: &PgPool,
    antes: NaiveDateTime,
    local_id: Option<i64>,
) -> Result<Vec<SinRetirar>, sqlx::Error> {
    reminders(
        pool,
        "select j.id, p.nombre_completo as paciente, p.celular, j.desde as listo_desde, l.nombre as local,
                l.direccion, r.local_id as comprobante_local, r.numero as comprobante_numero
         from jobs j join movements m on m.id = j.id left join patients p on p.id = j.paciente_id
         left join lookup_items l on l.kind = 'Local' and l.id = j.local_id
         left join receipts r on r.movimiento_id = j.id
         where j.estado = 'ANTEOJO_TERMINADO' and j.desde <= $1 and ($2::bigint is null or j.local_id = $2)
         order by j.desde, j.id limit $3",
        antes,
        local_id,
    )
    .await
    .map(|mut rows: Vec<SinRetirar>| {
        for s in &mut rows {
            s.comprobante = comprobante_leido(s.comprobante_local, s.comprobante_numero);
        }
        rows
    })
}

/// A reminder list: `sql` reads `$1` the cut-off, `$2` the branch (none: every branch) and `$3`
/// the most rows it answers.
async fn reminders<T, A>(
    pool: &PgPool,
    sql: &'static str,
    antes: A,
    local_id: Option<i64>,
) -> Result<Vec<T>, sqlx::Error>
where
    T: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
    A: sqlx::Encode<'static, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + 'static,
{
    sqlx::query_as(sql)
        .bind(antes)
        .bind(local_id)
        .bind(MAX_RECORDATORIOS)
        .fetch_all(pool)
        .await
}
