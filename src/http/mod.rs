//! The HTTP surface: routes, middleware and the static web app.

pub mod audit;
pub mod balances;
pub mod closings;
pub mod counts;
pub mod extract;
pub mod headers;
pub mod health;
pub mod jobs;
pub mod lenient;
pub mod lookups;
pub mod movements;
pub mod patients;
pub mod products;
pub mod rate;
pub mod references;
pub mod request_id;
pub mod shop;
pub mod statistics;
pub mod stock;
pub mod transfers;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::{middleware, Json, Router};
use serde_json::json;
use utoipa_axum::router::{OpenApiRouter, UtoipaMethodRouter};
use utoipa_axum::routes;

use crate::state::AppState;

/// The whole application: API, token endpoint, health and OpenAPI document.
pub fn app(state: AppState) -> Router {
    let (endpoints, _) = api().split_for_parts();
    Router::new()
        .merge(endpoints)
        .route("/api/{*rest}", axum::routing::any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(state.clone(), extract::until_ready))
        .layer(DefaultBodyLimit::max(extract::BODY_LIMIT_BYTES))
        .layer(middleware::from_fn(extract::refuse_nul_in_uri))
        .layer(middleware::from_fn(extract::time_limit))
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
        audit::endpoints(),
        shop::endpoints(),
        closings::endpoints(),
        balances::endpoints(),
        stock::endpoints(),
        transfers::endpoints(),
        counts::endpoints(),
        jobs::endpoints(),
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
        .public(routes!(crate::openapi::serve))
}

/// A feature's endpoints. `public` ones answer anyone; `staff` ones need a valid token and
/// check the caller's role (their 401 and 403 answers are documented once, for all of them).
#[derive(Default)]
pub struct Endpoints {
    public: OpenApiRouter<AppState>,
    staff: OpenApiRouter<AppState>,
}

impl Endpoints {
    pub fn public(mut self, routes: UtoipaMethodRouter<AppState>) -> Self {
        self.public = self.public.routes(routes);
        self
    }

    pub fn staff(mut self, routes: UtoipaMethodRouter<AppState>) -> Self {
        self.staff = self.staff.routes(routes);
        self
    }

    pub fn merge(self, other: Endpoints) -> Self {
        Endpoints {
            public: self.public.merge(other.public),
            staff: self.staff.merge(other.staff),
        }
    }
}

/// The highest page number a list accepts: far past any shop's data, and small enough that
/// `page * size` can never overflow.
pub const MAX_PAGE: i64 = 10_000_000;

/// A zero-based page number from a path or query; refused outside 0..=MAX_PAGE (the old server
/// answered 500 for negative ones, and a huge one overflowed the offset).
pub fn page_index(page: i64) -> Result<i64, crate::error::AppError> {
    if (0..=MAX_PAGE).contains(&page) {
        Ok(page)
    } else {
        Err(crate::error::AppError::BadRequest(format!(
            "El número de página debe estar entre 0 y {MAX_PAGE}"
        )))
    }
}

/// The largest page any list may be asked for.
pub const MAX_PAGE_SIZE: i64 = 100;

/// The page size a caller asked for, or `default`; refused outside 1..=MAX_PAGE_SIZE.
pub fn page_size(asked: Option<i64>, default: i64) -> Result<i64, crate::error::AppError> {
    let size = asked.unwrap_or(default);
    if (1..=MAX_PAGE_SIZE).contains(&size) {
        Ok(size)
    } else {
        Err(crate::error::AppError::BadRequest(format!(
            "El tamaño de página debe estar entre 1 y {MAX_PAGE_SIZE}"
        )))
    }
}

/// The contract's answer to a create or an update: 201 with a typed body (`mensaje` and the
/// record under its key; each feature declares its own, so the document names it).
pub struct Created<T>(pub T);

impl<T: serde::Serialize> IntoResponse for Created<T> {
    fn into_response(self) -> axum::response::Response {
        (StatusCode::CREATED, Json(self.0)).into_response()
    }
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

/// An Excel workbook as a download named `name` (which may hold accents).
pub fn xlsx_download(bytes: Vec<u8>, name: &str) -> axum::response::Response {
    let kind = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet".to_string();
    let disposition = crate::reports::stock_excel::attachment(name);
    (
        [
            (axum::http::header::CONTENT_TYPE, kind),
            (axum::http::header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response()
}
