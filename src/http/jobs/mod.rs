//! Lab jobs. Staff order the job of a sale with lenses from a lab (the patient's
//! latest ficha frozen into it), move it through its states (the sale's own state follows), and
//! tell the customer when it is ready: by mail through the outbox, or by a WhatsApp link they
//! open. Staff see their branch's jobs; admins all. A request reads: handler →
//! `optica_command::jobs` → read-your-writes wait → the job as its page shows it.

mod body;
mod errors;
mod reminders;

use axum::extract::State;
use axum::Json;
use optica_command::jobs;
use optica_command::jobs::Quien;
use optica_events::jobs::{Canal, EstadoTrabajo};
use optica_events::movements::EstadoMovimiento;
use optica_query::jobs::{self as read, Filtro, Trabajo, TrabajoResumen};
use optica_query::late::Shadow;
use optica_query::Page;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Caller, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::{branch, opt_i64, text};
use crate::http::kit::{may_see_record, page_index, page_size, pdf_download, read_or_committed, Created, Endpoints};
use crate::http::kit::{paged_query, staff_endpoints};
use crate::state::AppState;
use body::{known_lab, orden, AvisoBody, EncargoBody, EstadoBody, OrdenBody};
use errors::{command_error, not_found};

pub fn endpoints() -> Endpoints {
    staff_endpoints!(list, order; states; get, amend; move_to; notify; work_order).merge(reminders::endpoints())
}

/// The answer of a step: its message and the job as it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct TrabajoGuardado {
    pub mensaje: String,
    pub trabajo: Option<Trabajo>,
}

/// A job state as the screens offer it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstadoOpcion {
    pub clave: EstadoTrabajo,
    pub etiqueta: String,
    /// The sale's state it refines (what the public page shows).
    pub estado_movimiento: EstadoMovimiento,
}

/// The job as its page shows it, with the order link and the 'ready' WhatsApp link.
pub async fn read_job(state: &AppState, id: i64) -> Result<Option<Trabajo>, AppError> {
    job_page(state, id, Shadow::NONE).await
}

/// The same, reading the job's own rows from `shadow`.
async fn job_page(state: &AppState, id: i64, shadow: Shadow<'_>) -> Result<Option<Trabajo>, AppError> {
    let Some(mut trabajo) = read::by_id_in(&state.pool, id, state.now(), shadow).await? else {
        return Ok(None);
    };
    // A late answer's patient may be later still (registered just before the sale).
    let mut late_patient = None;
    if let (Some(_), None, Some(paciente)) = (shadow.0, &trabajo.resumen.paciente, trabajo.resumen.paciente_id) {
        late_patient = optica_query::patients::committed(&state.pool, paciente, state.today()).await?;
        let r = &mut trabajo.resumen;
        (r.paciente, r.celular) = match &late_patient {
            Some(p) => (Some(p.nombre_completo.clone()), Some(p.celular.clone())),
            None => (None, None),
        };
    }
    trabajo.enlace = state.status_link(id);
    // The message says the glasses are ready: offered only when they are.
    let listo = trabajo.resumen.estado == EstadoTrabajo::AnteojoTerminado;
    let datos = read::for_notice_in(&state.pool, id, shadow).await?.map(|mut d| {
        d.paciente = d.paciente.or_else(|| late_patient.map(|p| p.nombre_completo));
        d
    });
    if let (true, Some(celular), Some(datos)) = (listo, trabajo.resumen.celular.clone(), datos) {
        let texto = crate::notices::listo(&state.shop.nombre, &datos, id, &trabajo.enlace);
        trabajo.whatsapp = crate::notices::whatsapp_link(&celular, &texto);
    }
    Ok(Some(trabajo))
}

/// The answer with the job from its read model, or, when that is late (`caught` false),
/// as its stream has it.
async fn answer(state: &AppState, (id, caught): (i64, bool), mensaje: &str) -> Result<TrabajoGuardado, AppError> {
    let committed = async {
        tracing::warn!(id, "la vista de trabajos está atrasada: se responde lo registrado");
        match read::committed(&state.pool, id).await? {
            Some(rows) => job_page(state, id, Shadow(Some(&rows))).await,
            None => Ok(None),
        }
    };
    let trabajo = read_or_committed(caught, read_job(state, id), committed).await?;
    Ok(TrabajoGuardado {
        mensaje: mensaje.into(),
        trabajo,
    })
}

/// Orders the job of a sale with lenses from a lab; the patient's latest ficha is frozen into it.
#[utoipa::path(post, path = "/api/trabajos", tag = "trabajos", operation_id = "trabajo_encargar",
    request_body = EncargoBody,
    responses((status = 201, body = TrabajoGuardado), (status = 400, description = "errors"),
    (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn order(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiJson(body): ApiJson<EncargoBody>,
) -> Result<Created<TrabajoGuardado>, AppError> {
    let id = body.movimiento_id;
    let orden = orden(body.orden)?;
    known_lab(&state, orden.laboratorio_id).await?;
    let metadata = meta.metadata(caller.actor());
    let quien = Quien {
        usuario: caller.actor().username,
        fecha: state.now(),
    };
    let may_touch = |local_id: i64| caller.works_at(local_id);
    let outcome = jobs::order(&state.store, id, orden, quien, may_touch, &metadata).await;
    let saved = dispatch::committed(&state, outcome, |e| command_error(id, e)).await?;
    Ok(Created(
        answer(&state, saved, "El trabajo ha sido encargado al laboratorio!").await?,
    ))
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    #[serde(rename_all = "camelCase")]
    pub struct TrabajosQuery {
        /// A state's key, or ABIERTOS (every job not delivered).
        pub estado: Option<String>,
        /// Admins; a seller always gets their own branch.
        #[serde(default, deserialize_with = "opt_i64")]
                pub local_id: Option<i64>,
        #[serde(default, deserialize_with = "opt_i64")]
                pub laboratorio_id: Option<i64>,
        /// Only those past their promised day.
        pub atrasados: Option<bool>,
    }
}

/// The jobs, promised earliest first; the overdue ones are marked.
#[utoipa::path(get, path = "/api/trabajos", tag = "trabajos", operation_id = "trabajos",
    params(TrabajosQuery), responses((status = 200, body = Page<TrabajoResumen>), (status = 400, description = "errors")))]
pub async fn list(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<TrabajosQuery>,
) -> Result<Json<Page<TrabajoResumen>>, AppError> {
    let estado = text(q.estado).map(|e| e.to_uppercase());
    if estado
        .as_deref()
        .is_some_and(|e| e != "ABIERTOS" && EstadoTrabajo::from_clave(e).is_none())
    {
        return Err(AppError::Validation(vec![format!(
            "El estado debe ser ABIERTOS o uno de: {}.",
            claves()
        )]));
    }
    let filtro = Filtro {
        estado,
        local_id: caller.branch_seen(branch(q.local_id)),
        laboratorio_id: q.laboratorio_id.filter(|id| *id != 0),
        atrasados: q.atrasados.unwrap_or(false),
        ahora: state.now(),
    };
    let number = page_index(q.page.unwrap_or(0))?;
    let size = page_size(q.size, 50)?;
    Ok(Json(read::page(&state.pool, &filtro, number, size).await?))
}

fn claves() -> String {
    EstadoTrabajo::ALL.map(|e| e.clave()).join(", ")
}

/// The job states, in their usual order, with the sale's state each refines.
#[utoipa::path(get, path = "/api/trabajos/estados", tag = "trabajos", operation_id = "trabajo_estados",
    responses((status = 200, body = Vec<EstadoOpcion>)))]
pub async fn states(Staff(_caller): Staff) -> Json<Vec<EstadoOpcion>> {
    Json(
        EstadoTrabajo::ALL
            .into_iter()
            .map(|e| EstadoOpcion {
                clave: e,
                etiqueta: e.etiqueta().into(),
                estado_movimiento: e.movimiento(),
            })
            .collect(),
    )
}

/// Whether the caller may see job `id`: admins, and staff of its branch.
async fn visible(state: &AppState, caller: &Caller, id: i64) -> Result<(), AppError> {
    let known = read::branch_of(&state.pool, id).await?.map(|local_id| vec![local_id]);
    let from_stream = |t: &optica_command::jobs::Trabajo| t.exists().then(|| vec![t.local_id()]);
    may_see_record(state, caller, id, known, from_stream, not_found).await
}

/// One job: the frozen prescription, the frame and lenses, the history and the notices.
#[utoipa::path(get, path = "/api/trabajos/{id}", tag = "trabajos", operation_id = "trabajo_get",
    params(("id" = i64, Path)), responses((status = 200, body = Trabajo), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn get(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Trabajo>, AppError> {
    visible(&state, &caller, id).await?;
    read_job(&state, id).await?.map(Json).ok_or_else(|| not_found(id))
}

/// Changes what the lab was told: the lab, the promised day, the tray, the notes.
#[utoipa::path(put, path = "/api/trabajos/{id}", tag = "trabajos", operation_id = "trabajo_modificar",
    params(("id" = i64, Path)), request_body = OrdenBody,
    responses((status = 200, body = TrabajoGuardado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn amend(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<OrdenBody>,
) -> Result<Json<TrabajoGuardado>, AppError> {
    visible(&state, &caller, id).await?;
    let orden = orden(body)?;
    known_lab(&state, orden.laboratorio_id).await?;
    let metadata = meta.metadata(caller.actor());
    let may_touch = |local_id: i64| caller.works_at(local_id);
    let outcome = jobs::amend(&state.store, id, orden, may_touch, &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e)).await?;
    Ok(Json(
        answer(&state, (id, caught), "El trabajo ha sido actualizado!").await?,
    ))
}

/// Moves the job to another state; the sale's state follows. Reaching ANTEOJO_TERMINADO sends
/// the customer a mail when the shop sends mail and the patient has an address.
#[utoipa::path(post, path = "/api/trabajos/{id}/estado", tag = "trabajos", operation_id = "trabajo_estado",
    params(("id" = i64, Path)), request_body = EstadoBody,
    responses((status = 200, body = TrabajoGuardado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje),
    (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn move_to(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<EstadoBody>,
) -> Result<Json<TrabajoGuardado>, AppError> {
    visible(&state, &caller, id).await?;
    let nuevo = EstadoTrabajo::from_clave(body.estado.trim())
        .ok_or_else(|| AppError::Validation(vec![format!("El estado debe ser uno de: {}.", claves())]))?;
    let metadata = meta.metadata(caller.actor());
    let ctx = state.job_context(&caller);
    let may_touch = |local_id: i64| caller.works_at(local_id);
    let outcome = jobs::move_to(
        &state.store,
        id,
        nuevo,
        body.motivo,
        body.version,
        &ctx,
        may_touch,
        &metadata,
    )
    .await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e)).await?;
    state.notices.notify_one();
    Ok(Json(
        answer(&state, (id, caught), "El estado del trabajo ha sido actualizado!").await?,
    ))
}

/// Tells the customer the job is ready: by mail (the server sends it and the history shows
/// when), or by WhatsApp (recorded now; the answer's `whatsapp` link opens the chat). Send an
/// `Idempotency-Key`: a repeated request asks for nothing more.
#[utoipa::path(post, path = "/api/trabajos/{id}/avisos", tag = "trabajos", operation_id = "trabajo_avisar",
    params(("id" = i64, Path)), request_body = AvisoBody,
    responses((status = 200, body = TrabajoGuardado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn notify(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<AvisoBody>,
) -> Result<Json<TrabajoGuardado>, AppError> {
    visible(&state, &caller, id).await?;
    let canal = match body.canal.trim().to_uppercase().as_str() {
        "EMAIL" => Canal::Email,
        "WHATSAPP" => Canal::Whatsapp,
        _ => return Err(AppError::Validation(vec!["El canal debe ser EMAIL o WHATSAPP.".into()])),
    };
    let metadata = meta.metadata(caller.actor());
    let ctx = state.job_context(&caller);
    let may_touch = |local_id: i64| caller.works_at(local_id);
    let outcome = jobs::notify(&state.store, id, canal, &ctx, may_touch, &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e)).await?;
    state.notices.notify_one();
    let mensaje = match canal {
        Canal::Email => "El aviso por correo quedó en camino.",
        Canal::Whatsapp => "El aviso por WhatsApp quedó registrado.",
    };
    Ok(Json(answer(&state, (id, caught), mensaje).await?))
}

/// The printable work order for the lab: the order, the frozen prescription, lenses and frame.
#[utoipa::path(get, path = "/api/trabajos/{id}/orden", tag = "trabajos", operation_id = "trabajo_orden",
    params(("id" = i64, Path)),
    responses((status = 200, content_type = "application/pdf", description = "the work order"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn work_order(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<axum::response::Response, AppError> {
    visible(&state, &caller, id).await?;
    let trabajo = read_job(&state, id).await?.ok_or_else(|| not_found(id))?;
    let shop = state.shop.clone();
    pdf_download(&format!("orden_de_trabajo_{id}.pdf"), move || {
        crate::reports::job_pdf::work_order(&trabajo, &crate::reports::receipt_pdf::Tienda::of(&shop))
    })
    .await
}
