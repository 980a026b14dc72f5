//! Lab jobs: the list by state, branch and lab with the overdue ones marked, and one
//! job with its frozen prescription, the sale's frame and lenses, its history (time in each
//! state) and its notices.

use chrono::{NaiveDate, NaiveDateTime};
use optica_events::jobs::{Canal, EstadoTrabajo};
use optica_events::movements::comprobante_leido;
use serde::Serialize;
use sqlx::{PgPool, Postgres, QueryBuilder};
use utoipa::ToSchema;

use crate::lookups::all_of_kind;
use crate::patients::Ficha;
use crate::Page;

mod committed;
mod reminders;

pub use committed::committed;
pub use reminders::{checkups_due, not_collected, ControlVencido, SinRetirar, MAX_RECORDATORIOS};

use crate::late::Shadow;

/// A job in the list.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TrabajoResumen {
    /// The sale's id (a job is its sale's).
    pub id: i64,
    pub local_id: i64,
    pub local: String,
    pub paciente_id: Option<i64>,
    pub paciente: Option<String>,
    pub celular: Option<String>,
    pub laboratorio_id: i64,
    pub laboratorio: String,
    pub laboratorio_celular: Option<String>,
    #[schema(value_type = String, format = Date)]
    pub prometido: NaiveDate,
    pub bandeja: Option<String>,
    #[sqlx(try_from = "String")]
    pub estado: EstadoTrabajo,
    #[sqlx(skip)]
    pub etiqueta: String,
    /// When the current state began, and the seconds since (by the shop's clock).
    #[schema(value_type = String)]
    pub desde: NaiveDateTime,
    pub segundos: i64,
    #[schema(value_type = String)]
    pub encargado: NaiveDateTime,
    /// Past its promised date and not finished yet.
    pub atrasado: bool,
    pub version: i64,
    /// The sale's receipt number (`0001-00000005`), the number the customer holds; none for a
    /// sale recorded before receipts were numbered.
    #[sqlx(skip)]
    pub comprobante: Option<String>,
    #[serde(skip)]
    comprobante_local: Option<i64>,
    #[serde(skip)]
    comprobante_numero: Option<i64>,
}

impl TrabajoResumen {
    /// Fills what the rows cannot hold: the state's label and the receipt's number.
    fn labelled(mut self) -> Self {
        self.etiqueta = self.estado.etiqueta().into();
        self.comprobante = comprobante_leido(self.comprobante_local, self.comprobante_numero);
        self
    }
}

/// A state the job went through.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Paso {
    #[sqlx(try_from = "String")]
    pub estado: EstadoTrabajo,
    #[sqlx(skip)]
    pub etiqueta: String,
    pub motivo: Option<String>,
    pub usuario: String,
    #[schema(value_type = String)]
    pub fecha: NaiveDateTime,
    /// Seconds the job spent in this state (until now, for the current one).
    pub segundos: i64,
}

/// Where a notice stands. Mail: sent, waiting, retrying or given up; WhatsApp: staff opened the
/// chat with the message (whether they sent it, only they know).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema, sqlx::Type)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoAviso {
    Enviado,
    Pendiente,
    Reintentando,
    Fallido,
    Abierto,
}

/// A notice to the customer.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Aviso {
    pub aviso: i64,
    #[sqlx(try_from = "String")]
    pub canal: Canal,
    pub destinatario: String,
    pub usuario: String,
    #[schema(value_type = String)]
    pub solicitado: NaiveDateTime,
    #[schema(value_type = Option<String>)]
    pub enviado: Option<NaiveDateTime>,
    pub intentos: i32,
    /// The last failure, in Spanish.
    pub error: Option<String>,
    pub estado: EstadoAviso,
}

/// One job as its page shows it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trabajo {
    #[serde(flatten)]
    pub resumen: TrabajoResumen,
    pub notas: Option<String>,
    /// The patient's latest ficha when the job was ordered.
    pub receta: Option<Ficha>,
    /// The sale's lenses and the rest of its products (the frame).
    pub cristales: Vec<String>,
    pub armazon: Vec<String>,
    pub historial: Vec<Paso>,
    pub avisos: Vec<Aviso>,
    /// The public order page.
    pub enlace: String,
    /// A `wa.me` link with the 'ready' message, when the patient has a phone.
    pub whatsapp: Option<String>,
}

/// Which jobs: by state (`ABIERTOS`: not delivered), branch, lab, and only the overdue ones.
#[derive(Clone, Debug, Default)]
pub struct Filtro {
    pub estado: Option<String>,
    pub local_id: Option<i64>,
    pub laboratorio_id: Option<i64>,
    pub atrasados: bool,
    /// The shop's time now, for "overdue" and the time in each state.
    pub ahora: NaiveDateTime,
}

/// The summaries' select. A late answer reads its branch and lab as
/// `lookups::all_of_kind` has them (they may be later still, created just before it), and its
/// sale may not be in the read model yet.
fn select(late: bool) -> String {
    use optica_events::LookupKind::{Laboratorio, Local};
    let (movements, locales, labs) = match late {
        true => ("left join", all_of_kind(Local), all_of_kind(Laboratorio)),
        false => ("join", "lookup_items".into(), "lookup_items".into()),
    };
    format!(
        "select j.id, j.local_id, coalesce(l.nombre, '') as local, j.paciente_id,
        p.nombre_completo as paciente, p.celular, j.laboratorio_id, coalesce(b.nombre, '') as laboratorio,
        b.celular as laboratorio_celular, j.prometido, j.bandeja, j.estado, j.desde,
        extract(epoch from ($1 - j.desde))::bigint as segundos, j.encargado,
        (j.prometido < $1::date and j.estado not in ('ANTEOJO_TERMINADO', 'ENTREGADO')) as atrasado, j.version,
        r.local_id as comprobante_local, r.numero as comprobante_numero
     from jobs j
     {movements} movements m on m.id = j.id
     left join receipts r on r.movimiento_id = j.id
     left join {locales} l on l.kind = 'Local' and l.id = j.local_id
     left join {labs} b on b.kind = 'Laboratorio' and b.id = j.laboratorio_id
     left join patients p on p.id = j.paciente_id"
    )
}

/// The filter's conditions (`h.hoy` is today, joined by the caller).
fn conditions<'a>(q: &mut QueryBuilder<'a, Postgres>, f: &'a Filtro) {
    q.push(" where true");
    match f.estado.as_deref() {
        Some("ABIERTOS") => {
            q.push(" and j.estado <> 'ENTREGADO'");
        }
        Some(estado) => {
            q.push(" and j.estado = ").push_bind(estado);
        }
        None => {}
    }
    if let Some(local_id) = f.local_id {
        q.push(" and j.local_id = ").push_bind(local_id);
    }
    if let Some(laboratorio_id) = f.laboratorio_id {
        q.push(" and j.laboratorio_id = ").push_bind(laboratorio_id);
    }
    if f.atrasados {
        q.push(" and j.prometido < h.hoy and j.estado not in ('ANTEOJO_TERMINADO', 'ENTREGADO')");
    }
}

/// A page of jobs, the most urgent first (promised earliest).
pub async fn page(pool: &PgPool, f: &Filtro, number: i64, size: i64) -> Result<Page<TrabajoResumen>, sqlx::Error> {
    let mut q = QueryBuilder::new("select count(*) from jobs j join movements m on m.id = j.id");
    // `$1` must exist in the count too.
    q.push(" cross join (select ")
        .push_bind(f.ahora)
        .push("::date as hoy) h");
    conditions(&mut q, f);
    let count: i64 = q.build_query_scalar().fetch_one(pool).await?;
    let mut q = QueryBuilder::new("");
    q.push(select(false).replace("$1::date", "h.hoy").replace("$1", "h.ahora"))
        .push(" cross join (select ")
        .push_bind(f.ahora)
        .push("::timestamp as ahora, ")
        .push_bind(f.ahora)
        .push("::date as hoy) h");
    conditions(&mut q, f);
    q.push(" order by j.prometido, j.id");
    crate::page::limit_page(&mut q, number, size);
    let rows: Vec<TrabajoResumen> = q.build_query_as().fetch_all(pool).await?;
    let rows = rows.into_iter().map(TrabajoResumen::labelled).collect();
    Ok(Page::new(rows, number, size, count))
}

/// One job at the shop's `ahora`; `enlace` and `whatsapp` are left for the caller (they need
/// the shop's address).
pub async fn by_id(pool: &PgPool, id: i64, ahora: NaiveDateTime) -> Result<Option<Trabajo>, sqlx::Error> {
    by_id_in(pool, id, ahora, Shadow::NONE).await
}

/// The same, reading the job's own rows from `shadow` (a late read model's answer).
pub async fn by_id_in(
    pool: &PgPool,
    id: i64,
    ahora: NaiveDateTime,
    shadow: Shadow<'_>,
) -> Result<Option<Trabajo>, sqlx::Error> {
    // A job ordered while the read models are behind may have its sale there yet: the late
    // answer still shows the job (lenses, frame and patient then catch up with the sale).
    let select = select(shadow.0.is_some());
    let sql = format!("{}{select} where j.id = $2", shadow.with("jobs", 3));
    let q = sqlx::query_as::<_, TrabajoResumen>(&sql).bind(ahora).bind(id);
    let Some(resumen) = shadow.bind(q, "jobs").fetch_optional(pool).await? else {
        return Ok(None);
    };
    let sql = format!("{}select notas, receta from jobs where id = $1", shadow.with("jobs", 2));
    let q = sqlx::query_as(&sql).bind(id);
    let (notas, receta): (Option<String>, Option<serde_json::Value>) = shadow.bind(q, "jobs").fetch_one(pool).await?;
    // Products (lenses by their category) and the additional lines that name a lens, as the
    // sale records lenses (`optica_command::movements::cristales`).
    let lineas: Vec<(String, bool)> = sqlx::query_as(
        "select * from (select modelo || ' ' || marca, cristal from movement_lines where movimiento_id = $1
                        order by linea) p
         union all
         select * from (select descripcion, true from movement_extras
                        where movimiento_id = $1 and optica_cristal_nombre(descripcion) is not null order by linea) e",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let sql = format!(
        "{}select estado, motivo, usuario, fecha,
                extract(epoch from (coalesce(lead(fecha) over (order by n), $2) - fecha))::bigint as segundos
         from job_history where trabajo_id = $1 order by n",
        shadow.with("job_history", 3)
    );
    let q = sqlx::query_as(&sql).bind(id).bind(ahora);
    let mut historial: Vec<Paso> = shadow.bind(q, "job_history").fetch_all(pool).await?;
    for p in &mut historial {
        p.etiqueta = p.estado.etiqueta().into();
    }
    let sql = format!(
        "{}select aviso, canal, destinatario, usuario, solicitado, enviado, intentos, error,
                case when canal = 'WHATSAPP' then 'ABIERTO' when enviado is not null then 'ENVIADO'
                     when definitivo then 'FALLIDO'
                     when intentos > 0 then 'REINTENTANDO' else 'PENDIENTE' end as estado
         from job_notices where trabajo_id = $1 order by aviso",
        shadow.with("job_notices", 2)
    );
    let avisos = shadow
        .bind(sqlx::query_as(&sql).bind(id), "job_notices")
        .fetch_all(pool)
        .await?;
    Ok(Some(Trabajo {
        resumen: resumen.labelled(),
        notas,
        receta: receta.and_then(|r| serde_json::from_value(r).ok()),
        cristales: lineas.iter().filter(|(_, c)| *c).map(|(n, _)| n.clone()).collect(),
        armazon: lineas.iter().filter(|(_, c)| !*c).map(|(n, _)| n.clone()).collect(),
        historial,
        avisos,
        enlace: String::new(),
        whatsapp: None,
    }))
}

/// The branch of a job, if it exists (for the caller's branch check).
pub async fn branch_of(pool: &PgPool, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select local_id from jobs where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// What a notice says of its job: the patient's name, the branch and its address, and the
/// sale's receipt (the number the customer holds).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct ParaAviso {
    pub paciente: Option<String>,
    pub local: Option<String>,
    pub direccion: Option<String>,
    pub comprobante_local: Option<i64>,
    pub comprobante_numero: Option<i64>,
}

impl ParaAviso {
    /// The order as the customer names it: its receipt's number (`N° 0001-00000005`), or, for a
    /// sale without one, its number in the system (`#7`).
    pub fn pedido(&self, id: i64) -> String {
        match comprobante_leido(self.comprobante_local, self.comprobante_numero) {
            Some(numero) => format!("N° {numero}"),
            None => format!("#{id}"),
        }
    }
}

pub async fn for_notice(pool: &PgPool, id: i64) -> Result<Option<ParaAviso>, sqlx::Error> {
    for_notice_in(pool, id, Shadow::NONE).await
}

/// The same, reading the job's rows from `shadow`.
pub async fn for_notice_in(pool: &PgPool, id: i64, shadow: Shadow<'_>) -> Result<Option<ParaAviso>, sqlx::Error> {
    let sql = format!(
        "{}select p.nombre_completo as paciente, l.nombre as local, l.direccion,
                r.local_id as comprobante_local, r.numero as comprobante_numero
         from jobs j left join patients p on p.id = j.paciente_id
         left join {} l on l.kind = 'Local' and l.id = j.local_id
         left join receipts r on r.movimiento_id = j.id
         where j.id = $1",
        shadow.with("jobs", 2),
        match shadow.0 {
            Some(_) => all_of_kind(optica_events::LookupKind::Local),
            None => "lookup_items".into(),
        }
    );
    shadow
        .bind(sqlx::query_as(&sql).bind(id), "jobs")
        .fetch_optional(pool)
        .await
}
