//! The product API (contract section 4.2) and the branch stock sheet (section 4.5).
//!
//! Reads are for staff: every member sees the whole catalogue with every branch's stock (a
//! seller sends the customer to the branch that has the frame), only admins see costs; every
//! write is for admins. Searches that find nothing answer 404 with an empty body, as the web app expects.
//! A write reads: this handler → `body.rs` (checked against the lookups) → `optica_command::
//! catalogue` → the read-your-writes wait → the answer.

pub mod body;
pub mod bulk;
pub mod errors;
pub mod prices;
mod reads;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use optica_command::products::ProductoCommand;
use optica_command::products::{self, run_on_product};
use optica_events::products::model_brand_key;
use optica_query::products::{self as read, Producto};
use serde::Serialize;

use crate::auth::{Admin, Caller, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath};
use crate::http::kit::references::Referenced;
use crate::http::kit::staff_endpoints;
use crate::http::kit::{read_or_committed, Created, Endpoints, Mensaje};
use crate::reports::stock_excel as excel;
use crate::state::AppState;
use body::{prepare, references, ProductoBody};
use bulk::BulkError;
use errors::{command_error, duplicate, not_found};
use prices::MassUpdateBody;
use utoipa::ToSchema;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(get, update, delete; create; create_many; mass_update; stock_excel).merge(reads::endpoints())
}

/// One product.
#[utoipa::path(get, path = "/api/productos/{id}", tag = "productos", operation_id = "producto_get",
    params(("id" = i64, Path)),
    responses((status = 200, body = Producto), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn get(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Producto>, AppError> {
    read::by_id(&state.pool, id, caller.viewer())
        .await?
        .map(Json)
        .ok_or_else(|| not_found(id))
}

/// The answer of a create or an edit: the product as the caller reads it now.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductoGuardado {
    pub mensaje: String,
    pub producto: Option<Producto>,
}

/// `late`: the read model did not take the command within the wait; the answer is then what the
/// command committed.
async fn answer(
    state: &AppState,
    caller: &Caller,
    id: i64,
    mensaje: &str,
    late: bool,
) -> Result<Created<ProductoGuardado>, AppError> {
    let read = read::by_id(&state.pool, id, caller.viewer());
    let producto = read_or_committed(!late, read, committed(state, id, caller.viewer())).await?;
    Ok(Created(ProductoGuardado {
        mensaje: mensaje.into(),
        producto,
    }))
}

/// A product as its stream has it (none if it does not exist), for an answer whose read model
/// is late.
pub(crate) async fn committed(state: &AppState, id: i64, viewer: read::Viewer) -> Result<Option<Producto>, AppError> {
    tracing::warn!(id, "la vista de productos está atrasada: se responde lo registrado");
    Ok(read::committed(&state.pool, id, state.today(), viewer).await?)
}

/// The answer of a batch: how many products were saved (all of them, or none with the reasons).
#[derive(Debug, Serialize, ToSchema)]
pub struct Lote {
    pub mensaje: String,
    /// One Spanish line per refused product; absent when the batch was saved.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub errores: Option<Vec<String>>,
    pub guardados: usize,
}

/// The answer of a mass update: how many products changed.
#[derive(Debug, Serialize, ToSchema)]
pub struct PreciosActualizados {
    pub mensaje: String,
    pub actualizados: usize,
}

/// Creates a product with its initial stock per branch.
#[utoipa::path(post, path = "/api/productos", tag = "productos", operation_id = "producto_create",
    request_body = ProductoBody,
    responses((status = 201, body = ProductoGuardado), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn create(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<ProductoBody>,
) -> Result<Created<ProductoGuardado>, AppError> {
    let lookups = Referenced::load(&state.pool, references(&body)).await?;
    let prepared = prepare(body, &lookups).map_err(AppError::Rejected)?;
    let datos = &prepared.datos;
    let metadata = meta.metadata(caller.actor());
    // A repeated request would find the first one's product: the store answers it. The key is
    // looked for after the model shows, since both commit together.
    if !read::existing_models(&state.pool, datos.marca_id, std::slice::from_ref(&datos.modelo))
        .await?
        .is_empty()
        && !state.store.repeated(&metadata).await?
    {
        return Err(duplicate(false));
    }
    let outcome = products::create(&state.store, &prepared.new_product(), state.today(), &metadata).await;
    let (id, caught) = dispatch::committed(&state, outcome, |e| command_error(0, e, false)).await?;
    answer(
        &state,
        &caller,
        id,
        "El producto ha sido creado exitosamente.!",
        !caught,
    )
    .await
}

/// Creates every product of the list, or none (contract's `mensaje`/`errores` answer).
#[utoipa::path(post, path = "/api/productos/crearVarios", tag = "productos", operation_id = "producto_create_many",
    request_body = Vec<ProductoBody>,
    responses((status = 201, body = Lote), (status = 400, body = Lote, description = "none saved: `errores` says why")))]
pub async fn create_many(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiJson(bodies): ApiJson<Vec<ProductoBody>>,
) -> Result<Response, AppError> {
    let metadata = meta.metadata(caller.actor());
    match bulk::create_all(&state, bodies, &metadata).await {
        Ok(guardados) => Ok(Created(Lote {
            mensaje: "Todos los productos fueron guardados con éxito.".into(),
            errores: None,
            guardados,
        })
        .into_response()),
        Err(BulkError::Refused(errores)) => {
            let lote = Lote {
                mensaje: "Algunos productos no se pudieron guardar.".into(),
                errores: Some(errores),
                guardados: 0,
            };
            Ok((StatusCode::BAD_REQUEST, Json(lote)).into_response())
        }
        Err(BulkError::Failed(e)) => Err(e),
    }
}

/// Edits a product. Branch stocks in the body become stock corrections; a `version` older than
/// the product's answers 409, so a stale form never undoes a sale.
#[utoipa::path(put, path = "/api/productos/{id}", tag = "productos", operation_id = "producto_update",
    params(("id" = i64, Path)), request_body = ProductoBody,
    responses((status = 201, body = ProductoGuardado), (status = 400, body = crate::http::kit::Mensaje),
    (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn update(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ProductoBody>,
) -> Result<Created<ProductoGuardado>, AppError> {
    let lookups = Referenced::load(&state.pool, references(&body)).await?;
    let prepared = prepare(body, &lookups).map_err(AppError::Rejected)?;
    let claim = model_brand_key(prepared.datos.marca_id, &prepared.datos.modelo);
    let command = ProductoCommand::Edit {
        datos: prepared.datos,
        locales: prepared.locales,
        expected_version: prepared.version,
        fecha: state.today(),
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = run_on_product(&state.store, id, command, Some(claim), &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e, true)).await?;
    answer(&state, &caller, id, "el producto ha sido actualizado!", !caught).await
}

/// Deletes a product; refused with 409 while cash-box movements use it.
#[utoipa::path(delete, path = "/api/productos/{id}", tag = "productos", operation_id = "producto_delete",
    params(("id" = i64, Path)),
    responses((status = 200, body = crate::http::kit::Mensaje), (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn delete(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Mensaje>, AppError> {
    let metadata = meta.metadata(caller.actor());
    let outcome = run_on_product(&state.store, id, ProductoCommand::Delete, None, &metadata)
        .await
        .map_err(|e| command_error(id, e, false))?;
    dispatch::settled(&state, outcome).await?;
    Ok(Mensaje::new("Se elimino el producto con éxito!"))
}

/// Changes the price or cost of every product matching the filters (admins).
#[utoipa::path(post, path = "/api/productos/actualizar-precios", tag = "productos",
    operation_id = "producto_mass_update", request_body = MassUpdateBody,
    responses((status = 200, body = PreciosActualizados), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn mass_update(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<MassUpdateBody>,
) -> Result<Json<PreciosActualizados>, AppError> {
    let metadata = meta.metadata(caller.actor());
    let actualizados = prices::apply(&state, &body, &metadata).await?;
    Ok(Json(PreciosActualizados {
        mensaje: "Los precios o costos se actualizaron correctamente.".into(),
        actualizados,
    }))
}

/// The branch's stock as an Excel sheet (admins: it shows costs).
#[utoipa::path(get, path = "/api/excel/stock/{localId}", tag = "excel", operation_id = "excel_stock",
    params(("localId" = i64, Path)),
    responses((status = 200, description = "xlsx file", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn stock_excel(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath(local_id): ApiPath<i64>,
) -> Result<Response, AppError> {
    let branch = optica_query::lookups::get(&state.pool, "Local", local_id)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("El local ID: {local_id} no existe en la base de datos!")))?;
    let rows = read::stock_sheet(&state.pool, local_id).await?;
    let bytes = excel::stock_workbook(&rows).map_err(AppError::internal)?;
    let name = excel::stock_file_name(&branch.nombre, state.today());
    Ok(crate::http::kit::xlsx_download(bytes, &name))
}
