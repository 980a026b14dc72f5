//! Physical counts (inventario). An admin starts a count of a branch (optionally one
//! category or brand); the branch's staff type the counted quantities in, without seeing the
//! expected stock; an admin closes it (each difference becomes a stock adjustment against the
//! stock as it is then) or cancels it; the closed count's report is an Excel of the differences
//! and their value at cost.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use optica_command::counts::{self, CountError, Inicio, Paso};
use optica_command::counts::{ConteoError, MAX_PRODUCTOS};
use optica_command::CommandError;
use optica_events::counts::{Contado, Esperado};
use optica_query::counts::{self as read, Conteo, Planilla};
use optica_query::Page;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Admin, Caller, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::{texts, AppError};
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::{branch, opt_i64};
use crate::http::kit::references::{Missing, Referenced};
use crate::http::kit::{may_see_record, page_index, page_size, read_or_committed, Created, Endpoints};
use crate::http::kit::{paged_query, record_step, staff_endpoints};
use crate::reports::count_excel;
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(list, start; get; load; close; cancel; report)
}

fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El conteo {id} no existe."))
}

fn command_error(id: i64, e: CommandError<CountError>) -> AppError {
    match e {
        CommandError::Domain(CountError::Conteo(ConteoError::Invalid(rules))) => AppError::Validation(texts(&rules)),
        CommandError::Domain(CountError::Conteo(_)) => not_found(id),
        CommandError::Domain(CountError::OtroLocal) => AppError::Forbidden,
        // A product the closing cannot adjust (its stock would pass the limit): say which.
        CommandError::Domain(CountError::Producto(_, optica_command::products::ProductoError::Invalid(rules))) => {
            AppError::Validation(texts(&rules))
        }
        CommandError::Domain(CountError::Producto(producto_id, error)) => {
            AppError::internal(format!("product {producto_id}: {error}"))
        }
        CommandError::Duplicate { .. } => AppError::Conflict(
            "Ya hay un conteo abierto en ese local: cerralo o cancelalo antes de empezar otro.".into(),
        ),
        other => dispatch::store_failure(other),
    }
}

/// The stock a count reads is the read model's: first let it take in every event committed so
/// far (a 503 asks to try again when it cannot within the read-your-writes wait).
async fn caught_up(state: &AppState) -> Result<(), AppError> {
    match dispatch::caught_up(state).await? {
        true => Ok(()),
        false => Err(AppError::Unavailable("the read models are behind the count".into())),
    }
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InicioBody {
    pub local_id: i64,
    pub categoria_id: Option<i64>,
    pub marca_id: Option<i64>,
}

/// The answer of a step: its message and the count's sheet as the caller reads it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConteoGuardado {
    pub mensaje: String,
    pub planilla: Option<Planilla>,
}

/// The answer with the count's sheet from its read model, or, when that is late (`caught`
/// false), as its stream has it.
async fn answer(
    state: &AppState,
    caller: &Caller,
    (id, caught): (i64, bool),
    mensaje: &str,
) -> Result<ConteoGuardado, AppError> {
    let committed = async {
        tracing::warn!(id, "la vista de conteos está atrasada: se responde lo registrado");
        read::committed(&state.pool, id, caller.is_admin()).await
    };
    let read = read::planilla(&state.pool, id, caller.is_admin());
    let planilla = read_or_committed(caught, read, committed).await?;
    Ok(ConteoGuardado {
        mensaje: mensaje.into(),
        planilla,
    })
}

/// Starts a count of a branch (admins): its sheet is every product offered there (of the
/// category or brand, when given) with the stock it has now.
#[utoipa::path(post, path = "/api/conteos", tag = "stock", operation_id = "conteo_iniciar", request_body = InicioBody,
    responses((status = 201, body = ConteoGuardado), (status = 400, description = "errors"),
    (status = 409, body = crate::http::kit::Mensaje, description = "the branch has a count open"),
    (status = 503, body = crate::http::kit::Mensaje, description = "the read models are behind")))]
pub async fn start(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<InicioBody>,
) -> Result<Created<ConteoGuardado>, AppError> {
    let known = Referenced::load(&state.pool, [(optica_events::LookupKind::Local, body.local_id)]).await?;
    if !known.exists(optica_events::LookupKind::Local, body.local_id) {
        return Err(AppError::Validation(vec![Missing::Local.to_string()]));
    }
    caught_up(&state).await?;
    let limit = MAX_PRODUCTOS as i64 + 1;
    let rows = read::sheet_for(&state.pool, body.local_id, body.categoria_id, body.marca_id, limit).await?;
    let inicio = Inicio {
        local_id: body.local_id,
        categoria_id: body.categoria_id,
        marca_id: body.marca_id,
        productos: rows
            .into_iter()
            .map(|(producto_id, modelo, esperado)| Esperado {
                producto_id,
                modelo,
                esperado,
            })
            .collect(),
        fecha: state.now(),
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = counts::start(&state.store, inicio, &metadata).await;
    let saved = dispatch::committed(&state, outcome, |e| command_error(0, e)).await?;
    Ok(Created(
        answer(&state, &caller, saved, "El conteo ha comenzado!").await?,
    ))
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    #[serde(rename_all = "camelCase")]
    pub struct ConteosQuery {
        /// The branch (admins; none: every branch; a seller always gets their own).
        #[serde(default, deserialize_with = "opt_i64")]
                pub local_id: Option<i64>,
    }
}

/// The counts, newest first.
#[utoipa::path(get, path = "/api/conteos", tag = "stock", operation_id = "conteos", params(ConteosQuery),
    responses((status = 200, body = Page<Conteo>), (status = 400, description = "errors")))]
pub async fn list(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<ConteosQuery>,
) -> Result<Json<Page<Conteo>>, AppError> {
    let number = page_index(q.page.unwrap_or(0))?;
    let size = page_size(q.size, 20)?;
    let local_id = caller.branch_seen(branch(q.local_id));
    Ok(Json(read::page(&state.pool, local_id, number, size).await?))
}

/// Whether the caller may see count `id`: admins, and staff of its branch.
async fn visible(state: &AppState, caller: &Caller, id: i64) -> Result<(), AppError> {
    let known = read::branch_of(&state.pool, id).await?.map(|local_id| vec![local_id]);
    let from_stream = |c: &optica_command::counts::Conteo| {
        (c.estado() != optica_command::counts::Estado::Nuevo).then(|| vec![c.local_id()])
    };
    may_see_record(state, caller, id, known, from_stream, not_found).await
}

/// A count's sheet: while open, what has been counted and nothing of the expected stock.
#[utoipa::path(get, path = "/api/conteos/{id}", tag = "stock", operation_id = "conteo_get",
    params(("id" = i64, Path)), responses((status = 200, body = Planilla), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn get(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Planilla>, AppError> {
    visible(&state, &caller, id).await?;
    read::planilla(&state.pool, id, caller.is_admin())
        .await?
        .map(Json)
        .ok_or_else(|| not_found(id))
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContadoBody {
    pub producto_id: i64,
    pub contado: i64,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CargaBody {
    pub contados: Vec<ContadoBody>,
}

record_step!(counts::step, Paso);

/// Types counted quantities in (the branch's staff); a product typed again takes the new value.
#[utoipa::path(put, path = "/api/conteos/{id}/contados", tag = "stock", operation_id = "conteo_cargar",
    params(("id" = i64, Path)), request_body = CargaBody,
    responses((status = 200, body = ConteoGuardado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn load(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<CargaBody>,
) -> Result<Json<ConteoGuardado>, AppError> {
    if body.contados.len() > MAX_PRODUCTOS {
        return Err(AppError::Validation(vec![format!(
            "Se pueden cargar como máximo {MAX_PRODUCTOS} cantidades por vez."
        )]));
    }
    visible(&state, &caller, id).await?;
    // Each product is compared with the stock it has now, when its shelf was counted.
    caught_up(&state).await?;
    let local_id = read::branch_of(&state.pool, id).await?.ok_or_else(|| not_found(id))?;
    let ids: Vec<i64> = body.contados.iter().map(|c| c.producto_id).collect();
    let stocks: std::collections::HashMap<i64, i64> =
        read::stock_of(&state.pool, local_id, &ids).await?.into_iter().collect();
    let contados = body
        .contados
        .iter()
        .map(|c| Contado {
            producto_id: c.producto_id,
            contado: c.contado,
            stock: stocks.get(&c.producto_id).copied().unwrap_or(0),
        })
        .collect();
    let saved = step(&state, &caller, meta, id, Paso::Cargar(contados)).await?;
    Ok(Json(
        answer(&state, &caller, saved, "Las cantidades han sido guardadas!").await?,
    ))
}

/// Closes a count (admins): every product must be counted; each difference adjusts the stock.
#[utoipa::path(post, path = "/api/conteos/{id}/cierre", tag = "stock", operation_id = "conteo_cerrar",
    params(("id" = i64, Path)),
    responses((status = 200, body = ConteoGuardado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn close(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<ConteoGuardado>, AppError> {
    let saved = step(&state, &caller, meta, id, Paso::Cerrar).await?;
    Ok(Json(
        answer(&state, &caller, saved, "El conteo ha sido cerrado y el stock ajustado!").await?,
    ))
}

/// Cancels an open count (admins): nothing changes in the stock.
#[utoipa::path(post, path = "/api/conteos/{id}/cancelacion", tag = "stock", operation_id = "conteo_cancelar",
    params(("id" = i64, Path)),
    responses((status = 200, body = ConteoGuardado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn cancel(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<ConteoGuardado>, AppError> {
    let saved = step(&state, &caller, meta, id, Paso::Cancelar).await?;
    Ok(Json(
        answer(&state, &caller, saved, "El conteo ha sido cancelado!").await?,
    ))
}

/// A closed count's report (admins): the differences and their value at cost, as an Excel.
#[utoipa::path(get, path = "/api/conteos/{id}/excel", tag = "stock", operation_id = "conteo_excel",
    params(("id" = i64, Path)),
    responses((status = 200, description = "xlsx file", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn report(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, AppError> {
    let planilla = read::planilla(&state.pool, id, true)
        .await?
        .ok_or_else(|| not_found(id))?;
    if planilla.conteo.estado != read::EstadoConteo::Cerrado {
        return Err(AppError::Validation(vec![
            "El informe está listo cuando el conteo se cierra.".into(),
        ]));
    }
    let bytes = count_excel::workbook(&planilla).map_err(AppError::internal)?;
    let name = count_excel::file_name(&planilla);
    Ok(crate::http::kit::xlsx_download(bytes, &name))
}
