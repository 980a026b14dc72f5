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

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use optica_command::products::ProductoCommand;
use optica_command::products::{self, run_on_product};
use optica_events::products::model_brand_key;
use optica_query::products::public::{self as showcase, ProductoPublico};
use optica_query::products::{self as read, Producto, Search, StockPorLocal, StockPorMaterial};
use optica_query::Page;
use serde::{Deserialize, Serialize};

use crate::auth::{Admin, Caller, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::opt_i64;
use crate::http::kit::references::Referenced;
use crate::http::kit::{page_index, Created, Endpoints, Mensaje};
use crate::reports::stock_excel as excel;
use crate::state::AppState;
use body::{prepare, references, ProductoBody};
use bulk::BulkError;
use errors::{command_error, duplicate, not_found};
use prices::MassUpdateBody;
use utoipa::ToSchema;
use utoipa_axum::routes;

pub fn endpoints() -> Endpoints {
    Endpoints::default()
        .staff(routes!(page))
        .public(routes!(public_page))
        .staff(routes!(get, update, delete))
        .staff(routes!(by_model))
        .staff(routes!(model_contains))
        .staff(routes!(brand_contains))
        .staff(routes!(at_branch))
        .staff(routes!(stock_per_branch))
        .staff(routes!(stock_per_material))
        .staff(routes!(existing_models))
        .staff(routes!(create))
        .staff(routes!(create_many))
        .staff(routes!(mass_update))
        .staff(routes!(stock_excel))
}

/// A search answer: the list, or 404 with an empty body when nothing matched.
fn found(list: Vec<Producto>) -> Response {
    if list.is_empty() {
        StatusCode::NOT_FOUND.into_response()
    } else {
        Json(list).into_response()
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct CategoryQuery {
    /// Only this category's products.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub categoria: Option<i64>,
}

/// Page of 12 products by brand then model, of one category when `categoria` is given.
#[utoipa::path(get, path = "/api/productos/page/{page}", tag = "productos", operation_id = "producto_page",
    params(("page" = i64, Path, description = "zero-based"), CategoryQuery),
    responses((status = 200, body = Page<Producto>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn page(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(page): ApiPath<i64>,
    Query(query): Query<CategoryQuery>,
) -> Result<Json<Page<Producto>>, AppError> {
    let page = page_index(page)?;
    let categoria = query.categoria.filter(|id| *id > 0);
    Ok(Json(read::page(&state.pool, caller.viewer(), categoria, page).await?))
}

/// The public catalogue (the visitors' INVENTARIO menu): a page of 12 products by brand then
/// model, of one category when `categoria` is given; model, brand, price and description only.
#[utoipa::path(get, path = "/api/catalogo/page/{page}", tag = "productos", operation_id = "catalogo_page",
    params(("page" = i64, Path, description = "zero-based"), CategoryQuery),
    responses((status = 200, body = Page<ProductoPublico>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn public_page(
    State(state): State<AppState>,
    ApiPath(page): ApiPath<i64>,
    Query(query): Query<CategoryQuery>,
) -> Result<Json<Page<ProductoPublico>>, AppError> {
    let page = page_index(page)?;
    let categoria = query.categoria.filter(|id| *id > 0);
    Ok(Json(showcase::public_page(&state.pool, categoria, page).await?))
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

/// Products whose model is exactly the text (case-insensitive); 404 when none.
#[utoipa::path(get, path = "/api/productos/buscar-por-modelo/{modelo}", tag = "productos",
    operation_id = "producto_by_model", params(("modelo" = String, Path)),
    responses((status = 200, body = Vec<Producto>), (status = 404, description = "none")))]
pub async fn by_model(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(modelo): ApiPath<String>,
) -> Result<Response, AppError> {
    Ok(found(
        read::search(&state.pool, caller.viewer(), Search::ModelIs(&modelo)).await?,
    ))
}

/// Products whose model contains the text; 404 when none.
#[utoipa::path(get, path = "/api/productos/modelo/{modelo}", tag = "productos",
    operation_id = "producto_model_contains", params(("modelo" = String, Path)),
    responses((status = 200, body = Vec<Producto>), (status = 404, description = "none")))]
pub async fn model_contains(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(modelo): ApiPath<String>,
) -> Result<Response, AppError> {
    Ok(found(
        read::search(&state.pool, caller.viewer(), Search::ModelContains(&modelo)).await?,
    ))
}

/// Products whose brand name contains the text; 404 when none.
#[utoipa::path(get, path = "/api/productos/marca/{marca}", tag = "productos",
    operation_id = "producto_brand_contains", params(("marca" = String, Path)),
    responses((status = 200, body = Vec<Producto>), (status = 404, description = "none")))]
pub async fn brand_contains(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(marca): ApiPath<String>,
) -> Result<Response, AppError> {
    Ok(found(
        read::search(&state.pool, caller.viewer(), Search::BrandContains(&marca)).await?,
    ))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct BranchSearch {
    pub modelo: Option<String>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub local_id: Option<i64>,
}

/// Products offered at a branch whose model contains the text (for the sale form). Sellers
/// always search their own branch.
#[utoipa::path(get, path = "/api/productos/buscar", tag = "productos", operation_id = "producto_at_branch",
    params(BranchSearch),
    responses((status = 200, body = Vec<Producto>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn at_branch(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(query): Query<BranchSearch>,
) -> Result<Json<Vec<Producto>>, AppError> {
    let (Some(modelo), Some(local_id)) = (query.modelo, query.local_id) else {
        return Err(AppError::BadRequest("Debe indicar el modelo y el local".into()));
    };
    let local_id = caller.branch_seen(Some(local_id)).unwrap_or(-1);
    let search = Search::ModelAtBranch(&modelo, local_id);
    Ok(Json(read::search(&state.pool, caller.viewer(), search).await?))
}

/// Σ stock per branch.
#[utoipa::path(get, path = "/api/productos/stock-total-sucursal", tag = "productos",
    operation_id = "producto_stock_per_branch",
    responses((status = 200, body = Vec<StockPorLocal>)))]
pub async fn stock_per_branch(
    State(state): State<AppState>,
    _staff: Staff,
) -> Result<Json<Vec<StockPorLocal>>, AppError> {
    Ok(Json(read::stock_per_branch(&state.pool).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct MaterialQuery {
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub local_id: Option<i64>,
}

/// Σ stock per material at a branch (`localId=0`: empty).
#[utoipa::path(get, path = "/api/productos/stock-material", tag = "productos",
    operation_id = "producto_stock_per_material", params(MaterialQuery),
    responses((status = 200, body = Vec<StockPorMaterial>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn stock_per_material(
    State(state): State<AppState>,
    _staff: Staff,
    Query(query): Query<MaterialQuery>,
) -> Result<Json<Vec<StockPorMaterial>>, AppError> {
    let local_id = query
        .local_id
        .ok_or_else(|| AppError::BadRequest("Debe indicar el local".into()))?;
    Ok(Json(read::stock_per_material(&state.pool, local_id).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct BrandQuery {
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub marca_id: Option<i64>,
}

/// Which of the given models (lower-cased) already exist for the brand.
#[utoipa::path(post, path = "/api/productos/validar-modelos", tag = "productos",
    operation_id = "producto_existing_models", params(BrandQuery), request_body = Vec<String>,
    responses((status = 200, body = Vec<String>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn existing_models(
    State(state): State<AppState>,
    _staff: Staff,
    Query(query): Query<BrandQuery>,
    ApiJson(models): ApiJson<Vec<String>>,
) -> Result<Json<Vec<String>>, AppError> {
    let marca_id = query
        .marca_id
        .ok_or_else(|| AppError::BadRequest("Debe indicar la marca".into()))?;
    if models.len() > 1000 {
        return Err(AppError::BadRequest("Demasiados modelos para validar".into()));
    }
    Ok(Json(read::existing_models(&state.pool, marca_id, &models).await?))
}

/// The answer of a create or an edit: the product as the caller reads it now.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductoGuardado {
    pub mensaje: String,
    pub producto: Option<Producto>,
}

/// `late`: the read model did not take the command within the wait; the answer is then what the
/// command committed (issue 27).
async fn answer(
    state: &AppState,
    caller: &Caller,
    id: i64,
    mensaje: &str,
    late: bool,
) -> Result<Created<ProductoGuardado>, AppError> {
    let read = match late {
        true => None,
        false => read::by_id(&state.pool, id, caller.viewer()).await?,
    };
    let producto = match read {
        Some(p) => Some(p),
        None => committed(state, id, caller.viewer()).await?,
    };
    Ok(Created(ProductoGuardado {
        mensaje: mensaje.into(),
        producto,
    }))
}

/// A product as its stream has it (none if it does not exist), for an answer whose read model
/// is late (issue 27).
pub(crate) async fn committed(state: &AppState, id: i64, viewer: read::Viewer) -> Result<Option<Producto>, AppError> {
    let (p, _) = state
        .store
        .load::<optica_command::products::Producto>(&id.to_string())
        .await?;
    if !p.exists() {
        return Ok(None);
    }
    tracing::warn!(id, "la vista de productos está atrasada: se responde lo registrado");
    let guardado = read::Guardado {
        datos: p.datos(),
        stock: p.stock(),
        minimos: p.minimos(),
        version: p.version() as i64,
    };
    Ok(Some(
        read::as_committed(&state.pool, id, guardado, state.today(), viewer).await?,
    ))
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
    let outcome = products::create(&state.store, &prepared.new_product(), state.today(), &metadata)
        .await
        .map_err(|e| command_error(0, e, false))?;
    let (id, caught) = dispatch::settled_in_time(&state, outcome).await;
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
    let outcome = run_on_product(&state.store, id, command, Some(claim), &metadata)
        .await
        .map_err(|e| command_error(id, e, true))?;
    let (_, caught) = dispatch::settled_in_time(&state, outcome).await;
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
    dispatch::settled(&state, outcome).await;
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
