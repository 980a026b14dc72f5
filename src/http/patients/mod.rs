//! The patient API (contract §4.3, spec 001 §7).
//!
//! Every staff member reads, registers and edits any patient (patients visit any branch);
//! deleting is for admins. Unknown fichas answer 404 with an empty body, as the web app expects.
//! A write reads: this handler → `body.rs` → `checks.rs` (the read-model pre-checks) →
//! `optica_command::patients` → the read-your-writes wait → the answer; `errors.rs` maps the
//! service's refusals.

pub mod body;
mod checks;
mod errors;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use optica_command::patients::PacienteCommand;
use optica_command::patients::{self, run_on_patient, Identity, NewPatient};
use optica_events::patients::documento_key;
use optica_query::patients::{self as read, Filter, Paciente, PacientesPorLocal};
use optica_query::Page;
use serde::{Deserialize, Serialize};

use crate::auth::{Admin, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::opt_i64;
use crate::http::kit::{page_index, page_size, read_or_committed, Created, Endpoints, Mensaje};
use crate::http::kit::{paged_query, staff_endpoints};
use crate::state::AppState;
use body::{prepare, PacienteBody};
use checks::{check_duplicates, keeps_identity, validated};
use errors::{command_error, not_found};
use utoipa::ToSchema;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(get; page; by_name; by_document; by_ficha; count_per_branch; create; update, delete; add_cristal)
}

/// One patient with its prescription history.
#[utoipa::path(get, path = "/api/pacientes/id/{id}", tag = "pacientes", operation_id = "paciente_get",
    params(("id" = i64, Path)),
    responses((status = 200, body = Paciente), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn get(
    State(state): State<AppState>,
    _staff: Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Paciente>, AppError> {
    read::by_id(&state.pool, id)
        .await?
        .map(Json)
        .ok_or_else(|| not_found(id))
}

/// Page of 12 patients by ficha number.
#[utoipa::path(get, path = "/api/pacientes/paginado/{page}", tag = "pacientes", operation_id = "paciente_page",
    params(("page" = i64, Path, description = "zero-based")),
    responses((status = 200, body = Page<Paciente>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn page(
    State(state): State<AppState>,
    _staff: Staff,
    ApiPath(page): ApiPath<i64>,
) -> Result<Json<Page<Paciente>>, AppError> {
    let page = page_index(page)?;
    Ok(Json(read::page(&state.pool, Filter::All, page, read::PAGE_SIZE).await?))
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    pub struct NameSearch {
        pub nombre: Option<String>,
    }
}

/// Patients whose name contains the text, ignoring case and accents.
#[utoipa::path(get, path = "/api/pacientes/buscar/nombre", tag = "pacientes", operation_id = "paciente_by_name",
    params(NameSearch),
    responses((status = 200, body = Page<Paciente>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn by_name(
    State(state): State<AppState>,
    _staff: Staff,
    Query(query): Query<NameSearch>,
) -> Result<Json<Page<Paciente>>, AppError> {
    let nombre = query
        .nombre
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
        .ok_or_else(|| AppError::BadRequest("Debe indicar el nombre a buscar".into()))?;
    let page = page_index(query.page.unwrap_or(0))?;
    let size = page_size(query.size, read::PAGE_SIZE)?;
    Ok(Json(
        read::page(&state.pool, Filter::NameContains(&nombre), page, size).await?,
    ))
}

/// Patients with this document (compared by its letters and digits).
#[utoipa::path(get, path = "/api/pacientes/buscar/documento/{documento}/page/{page}", tag = "pacientes",
    operation_id = "paciente_by_document", params(("documento" = String, Path), ("page" = i64, Path)),
    responses((status = 200, body = Page<Paciente>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn by_document(
    State(state): State<AppState>,
    _staff: Staff,
    ApiPath((documento, page)): ApiPath<(String, i64)>,
) -> Result<Json<Page<Paciente>>, AppError> {
    let page = page_index(page)?;
    let key = documento_key(&documento);
    Ok(Json(
        read::page(&state.pool, Filter::DocumentKey(&key), page, read::PAGE_SIZE).await?,
    ))
}

/// The patient with this ficha number; 404 with an empty body when none.
#[utoipa::path(get, path = "/api/pacientes/buscar-por-ficha/{ficha}", tag = "pacientes",
    operation_id = "paciente_by_ficha", params(("ficha" = i64, Path)),
    responses((status = 200, body = Paciente), (status = 404, description = "none")))]
pub async fn by_ficha(
    State(state): State<AppState>,
    _staff: Staff,
    ApiPath(ficha): ApiPath<i64>,
) -> Result<Response, AppError> {
    Ok(match read::by_ficha(&state.pool, ficha).await? {
        Some(paciente) => Json(paciente).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    })
}

/// Number of patients per branch.
#[utoipa::path(get, path = "/api/pacientes/cantidad-por-sucursal", tag = "pacientes",
    operation_id = "paciente_count_per_branch",
    responses((status = 200, body = Vec<PacientesPorLocal>)))]
pub async fn count_per_branch(
    State(state): State<AppState>,
    _staff: Staff,
) -> Result<Json<Vec<PacientesPorLocal>>, AppError> {
    Ok(Json(read::count_per_branch(&state.pool).await?))
}

/// Registers a patient with the next free ficha number.
#[utoipa::path(post, path = "/api/pacientes", tag = "pacientes", operation_id = "paciente_create",
    request_body = PacienteBody,
    responses((status = 201, body = PacienteGuardado), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn create(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiJson(body): ApiJson<PacienteBody>,
) -> Result<Created<PacienteGuardado>, AppError> {
    let mut prepared = prepare(body, state.today()).map_err(AppError::Rejected)?;
    checks::afiliacion(&state, None, &mut prepared.datos, prepared.afiliacion_enviada).await?;
    let datos = validated(&state, prepared.datos).await?;
    let metadata = meta.metadata(caller.actor());
    // A repeated request finds its first one's patient: the store answers that one. The key is
    // looked for after the duplicate shows, since both commit together.
    if let Err(duplicate) = check_duplicates(&state, &datos, 0).await {
        if !state.store.repeated(&metadata).await? {
            return Err(duplicate);
        }
    }
    let patient = NewPatient {
        datos,
        fichas: prepared.fichas.unwrap_or_default(),
        ficha: prepared.ficha,
    };
    let outcome = patients::register(&state.store, &patient, state.today(), &metadata).await;
    let (id, caught) = dispatch::committed(&state, outcome, |e| command_error(0, e, false)).await?;
    answer(&state, id, "El paciente ha sido creado exitosamente.", !caught).await
}

/// Edits a patient. The history is merged: fichas and crystals added since the form's `version`
/// are kept.
#[utoipa::path(put, path = "/api/pacientes/{id}", tag = "pacientes", operation_id = "paciente_update",
    params(("id" = i64, Path)), request_body = PacienteBody,
    responses((status = 201, body = PacienteGuardado), (status = 400, body = crate::http::kit::Mensaje),
    (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn update(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<PacienteBody>,
) -> Result<Created<PacienteGuardado>, AppError> {
    let mut prepared = prepare(body, state.today()).map_err(AppError::Rejected)?;
    checks::afiliacion(&state, Some(id), &mut prepared.datos, prepared.afiliacion_enviada).await?;
    let datos = validated(&state, prepared.datos).await?;
    if !keeps_identity(&state, id, &datos).await? {
        check_duplicates(&state, &datos, id).await?;
    }
    let command = PacienteCommand::Edit {
        datos: datos.clone(),
        fichas: prepared.fichas,
        expected_version: prepared.version,
        fecha: state.today(),
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = run_on_patient(&state.store, id, command, Identity::Becomes(&datos), &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e, true)).await?;
    answer(&state, id, "El paciente ha sido actualizado correctamente.", !caught).await
}

/// The answer of a registration or an edit: the patient as stored now.
#[derive(Debug, Serialize, ToSchema)]
pub struct PacienteGuardado {
    pub mensaje: String,
    pub paciente: Option<Paciente>,
}

/// `late`: the read model did not take the command within the wait; the answer is then what the
/// command committed.
async fn answer(state: &AppState, id: i64, mensaje: &str, late: bool) -> Result<Created<PacienteGuardado>, AppError> {
    let paciente = read_or_committed(!late, read::by_id(&state.pool, id), committed(state, id)).await?;
    Ok(Created(PacienteGuardado {
        mensaje: mensaje.into(),
        paciente,
    }))
}

/// The patient as their stream has them (none if they do not exist).
async fn committed(state: &AppState, id: i64) -> Result<Option<read::Paciente>, AppError> {
    tracing::warn!(id, "la vista de pacientes está atrasada: se responde lo registrado");
    Ok(read::committed(&state.pool, id, state.today()).await?)
}

/// Deletes a patient (admins); refused with 409 while cash-box movements name it.
#[utoipa::path(delete, path = "/api/pacientes/{id}", tag = "pacientes", operation_id = "paciente_delete",
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::kit::Mensaje), (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn delete(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Mensaje>, AppError> {
    let metadata = meta.metadata(caller.actor());
    let outcome = run_on_patient(&state.store, id, PacienteCommand::Delete, Identity::Released, &metadata)
        .await
        .map_err(|e| command_error(id, e, false))?;
    dispatch::settled(&state, outcome).await?;
    Ok(Mensaje::new("Se elimino el paciente con éxito!"))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NuevoCristalBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub paciente_id: Option<i64>,
    pub nombre: Option<String>,
}

/// Records a lens on the patient's most recent ficha (creating one dated today when none).
#[utoipa::path(post, path = "/api/pacientes/cristales", tag = "pacientes", operation_id = "paciente_add_cristal",
    request_body = NuevoCristalBody,
    responses((status = 200, description = "recorded"), (status = 400, body = crate::http::kit::Mensaje), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn add_cristal(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiJson(body): ApiJson<NuevoCristalBody>,
) -> Result<StatusCode, AppError> {
    let id = body
        .paciente_id
        .ok_or_else(|| AppError::BadRequest("Debe indicar el paciente".into()))?;
    // After a sale the existing front end posts each of its lenses again: one the sale already
    // recorded today is matched, not recorded twice (the aggregate's `RecordCristales`).
    let command = PacienteCommand::RecordCristales {
        nombres: vec![body.nombre.unwrap_or_default()],
        fecha: state.today(),
        movimiento_id: None,
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = run_on_patient(&state.store, id, command, Identity::Keep, &metadata)
        .await
        .map_err(|e| command_error(id, e, false))?;
    dispatch::settled(&state, outcome).await?;
    Ok(StatusCode::OK)
}
