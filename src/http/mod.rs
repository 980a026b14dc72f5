//! The HTTP surface: routes, middleware and the static web app.

pub mod audit;
pub mod balances;
pub mod card_plans;
pub mod closings;
pub mod counts;
pub mod headers;
pub mod health;
pub mod insurers;
pub mod jobs;
pub mod kit;
pub mod lookups;
pub mod movements;
pub mod patients;
pub mod products;
pub mod profitability;
pub mod rate;
pub mod request_id;
pub mod settlements;
pub mod shop;
pub mod statistics;
pub mod stock;
pub mod transfers;
pub mod users;

use std::sync::OnceLock;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::{middleware, Json, Router};
use serde_json::json;
use utoipa::openapi::OpenApi as Document;
use utoipa::Modify;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;
use kit::Endpoints;

/// The whole application: API, token endpoint, health and OpenAPI document.
pub fn app(state: AppState) -> Router {
    let (endpoints, _) = api().split_for_parts();
    Router::new()
        .merge(endpoints)
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), kit::extract::until_ready))
        .layer(DefaultBodyLimit::max(kit::extract::BODY_LIMIT_BYTES))
        .layer(middleware::from_fn(kit::extract::refuse_nul_in_uri))
        .layer(middleware::from_fn(kit::extract::time_limit))
        .layer(middleware::from_fn(request_id::assign))
        .layer(middleware::from_fn(headers::api_answer))
        .layer(middleware::from_fn(headers::every_answer))
        .with_state(state)
}

/// Every endpoint with its OpenAPI description, feature by feature. Each handler is declared
/// once, in its feature's `endpoints()`; the document is what these routers collect.
pub fn api() -> OpenApiRouter<AppState> {
    let features = [
        operations(),
        lookups::endpoints(),
        products::endpoints(),
        patients::endpoints(),
        movements::endpoints(),
        statistics::endpoints(),
        profitability::endpoints(),
        audit::endpoints(),
        shop::endpoints(),
        closings::endpoints(),
        balances::endpoints(),
        card_plans::endpoints(),
        insurers::endpoints(),
        settlements::endpoints(),
        stock::endpoints(),
        transfers::endpoints(),
        counts::endpoints(),
        jobs::endpoints(),
        users::endpoints(),
    ];
    let Endpoints { public, mut staff } = features.into_iter().fold(Endpoints::default(), Endpoints::merge);
    crate::openapi::access_errors(staff.get_openapi_mut());
    OpenApiRouter::with_openapi(crate::openapi::base())
        .merge(public)
        .merge(staff)
}

/// The server's own endpoints: health, the token, this document.
fn operations() -> Endpoints {
    Endpoints::default()
        .public(routes!(health::health))
        .public(routes!(crate::auth::oauth::token))
        .public(routes!(serve))
}

/// A known path asked with a method it does not take (axum adds the `Allow` header).
async fn method_not_allowed() -> impl IntoResponse {
    (
        StatusCode::METHOD_NOT_ALLOWED,
        Json(json!({ "mensaje": "El método HTTP no está permitido en este recurso" })),
    )
}

async fn api_not_found() -> impl IntoResponse {
    (
        StatusCode::NOT_FOUND,
        Json(json!({ "mensaje": "El recurso solicitado no existe" })),
    )
}

/// The built web app with an index.html fallback, so deep links and reloads work. Without a
/// built app, `/` says where to find it.
pub fn webapp(dir: Option<&std::path::Path>) -> Router {
    let default_dir = std::path::Path::new("webapp/dist");
    let dir = dir.unwrap_or(default_dir);
    let index = dir.join("index.html");
    let router = if index.exists() {
        // The build writes .br and .gz beside each text file (webapp/vite.config.ts).
        let index = tower_http::services::ServeFile::new(index)
            .precompressed_br()
            .precompressed_gzip();
        let files = tower_http::services::ServeDir::new(dir)
            .precompressed_br()
            .precompressed_gzip()
            .fallback(index);
        Router::new()
            .fallback_service(files)
            .layer(middleware::from_fn(headers::webapp_answer))
    } else {
        Router::new().fallback(|| async {
            (
                StatusCode::NOT_FOUND,
                axum::response::Html(
                    "<!doctype html><html lang=\"es\"><meta charset=\"utf-8\"><title>optica</title>\
                     <p>La API de optica está en funcionamiento. La aplicación web no está compilada \
                     (ver README).</p></html>",
                ),
            )
        })
    };
    router.layer(middleware::from_fn(headers::every_answer))
}

/// The whole document, built once: the endpoints' own descriptions plus the answers every one
/// of them gives.
pub fn document() -> &'static Document {
    static DOCUMENT: OnceLock<Document> = OnceLock::new();
    DOCUMENT.get_or_init(|| {
        let mut document = api().into_openapi();
        crate::openapi::ParameterErrors.modify(&mut document);
        document
    })
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "operación", operation_id = "openapi",
    responses((status = 200, description = "the OpenAPI document")))]
pub async fn serve() -> Json<&'static Document> {
    Json(document())
}

/// The document as committed in `webapp/openapi.json` (pretty, newline-terminated), from which
/// the web app's types are generated; a test fails when the committed copy is stale.
pub fn document_json() -> String {
    let mut text = document().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}
