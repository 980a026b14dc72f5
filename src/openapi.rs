//! The OpenAPI document, generated from the handlers' annotations and served at
//! `/api/openapi.json` (the web app generates its request and response types from it).

use axum::Json;
use utoipa::OpenApi;

use crate::http::{lookups, products};

#[derive(OpenApi)]
#[openapi(
    info(title = "optica", description = "Caja e inventario para ópticas con varios locales"),
    paths(
        crate::auth::oauth::token,
        lookups::list_categorias_public,
        lookups::categoria::create,
        lookups::categoria::update,
        lookups::categoria::delete,
        lookups::marca::list,
        lookups::marca::create,
        lookups::marca::update,
        lookups::marca::delete,
        lookups::material::list,
        lookups::material::create,
        lookups::material::update,
        lookups::material::delete,
        lookups::metodo_pago::list,
        lookups::metodo_pago::create,
        lookups::metodo_pago::update,
        lookups::metodo_pago::delete,
        lookups::local::list,
        lookups::local::create,
        lookups::local::update,
        lookups::local::delete,
        lookups::proveedor::list,
        lookups::proveedor::create,
        lookups::proveedor::update,
        lookups::proveedor::delete,
        products::page,
        products::get,
        products::by_model,
        products::model_contains,
        products::brand_contains,
        products::at_branch,
        products::stock_per_branch,
        products::stock_per_material,
        products::existing_models,
        products::create,
        products::create_many,
        products::update,
        products::delete,
        products::mass_update,
        products::stock_excel,
    ),
    components(schemas(
        lookups::LookupBody,
        Mensaje,
        Errores,
        TokenResponse,
        OAuthError,
        optica_query::lookups::Nombrado,
        optica_query::lookups::Local,
        optica_query::lookups::Proveedor,
        optica_query::products::Producto,
        optica_query::products::ProductoLocal,
        optica_query::products::StockPorLocal,
        optica_query::products::StockPorMaterial,
        crate::products::ProductoBody,
        crate::products::ProductoLocalBody,
        crate::products::prices::MassUpdateBody,
        crate::http::lenient::IdRef,
    ))
)]
pub struct ApiDoc;

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// The document as committed in `webapp/openapi.json` (pretty, newline-terminated), from which
/// the web app's types are generated; a test fails when the committed copy is stale.
pub fn document_json() -> String {
    let mut text = ApiDoc::openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}

/// A message answer: deletes, not-found and refusals.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct Mensaje {
    pub mensaje: String,
}

/// A validation failure: one Spanish message per field problem.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct Errores {
    pub errors: Vec<String>,
}

/// The answer of `POST /oauth/token`.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct TokenResponse {
    /// JWT (HS256); its payload carries `user_name`, `authorities`, `local_id` and `exp`.
    pub access_token: String,
    pub token_type: String,
    pub expires_in: i64,
    pub scope: String,
    pub jti: String,
    pub local_id: Option<i64>,
}

/// An OAuth-style error: failed logins, missing or invalid tokens, missing roles.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct OAuthError {
    pub error: String,
    pub error_description: String,
}
