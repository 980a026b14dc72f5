//! The OpenAPI document, generated from the handlers' annotations and served at
//! `/api/openapi.json` (the web app generates its request and response types from it).

use axum::Json;
use utoipa::OpenApi;

use crate::http::lookups;

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
    ),
    components(schemas(
        lookups::LookupBody,
        optica_query::lookups::Nombrado,
        optica_query::lookups::Local,
        optica_query::lookups::Proveedor,
    ))
)]
pub struct ApiDoc;

pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}
