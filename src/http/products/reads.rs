//! The catalogue's lists and searches: pages by category (staff's, and the visitors' without cost
//! or stock), searches by model and brand, a branch's offer, the stock summaries, and which
//! models already exist.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use optica_query::products::public::{self as showcase, ProductoPublico};
use optica_query::products::{self as read, Producto, Search, StockPorLocal, StockPorMaterial};
use optica_query::Page;
use serde::Deserialize;

use crate::auth::Staff;
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::opt_i64;
use crate::http::kit::staff_endpoints;
use crate::http::kit::{page_index, Endpoints};
use crate::state::AppState;
use utoipa_axum::routes;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(page; by_model; model_contains; brand_contains; at_branch; stock_per_branch; stock_per_material; existing_models).public(routes!(public_page))
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
