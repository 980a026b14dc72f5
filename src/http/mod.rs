//! The HTTP surface: routes, middleware and the static web app.

pub mod audit;
pub mod extract;
pub mod headers;
pub mod health;
pub mod lenient;
pub mod lookups;
pub mod movements;
pub mod patients;
pub mod products;
pub mod request_id;
pub mod statistics;

use axum::extract::DefaultBodyLimit;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::routing::{get, post, put};

use self::products as p;
use axum::{middleware, Json, Router};
use serde_json::json;

use crate::state::AppState;

/// The whole application: API, token endpoint, health and OpenAPI document.
pub fn app(state: AppState) -> Router {
    use lookups::*;
    let api = Router::new()
        .route("/api/categoria", get(list_categorias_public).post(categoria::create))
        .route("/api/categoria/{id}", put(categoria::update).delete(categoria::delete))
        .route("/api/marca", get(marca::list).post(marca::create))
        .route("/api/marca/{id}", put(marca::update).delete(marca::delete))
        .route("/api/materialProducto", get(material::list).post(material::create))
        .route(
            "/api/materialProducto/{id}",
            put(material::update).delete(material::delete),
        )
        .route("/api/metodoPago", get(metodo_pago::list).post(metodo_pago::create))
        .route(
            "/api/metodoPago/{id}",
            put(metodo_pago::update).delete(metodo_pago::delete),
        )
        .route("/api/local", get(local::list).post(local::create))
        .route("/api/local/{id}", put(local::update).delete(local::delete))
        .route("/api/proveedor", get(proveedor::list).post(proveedor::create))
        .route("/api/proveedor/{id}", put(proveedor::update).delete(proveedor::delete))
        .route("/api/productos", post(p::create))
        .route("/api/productos/page/{page}", get(p::page))
        .route("/api/productos/buscar", get(p::at_branch))
        .route("/api/productos/buscar-por-modelo/{modelo}", get(p::by_model))
        .route("/api/productos/modelo/{modelo}", get(p::model_contains))
        .route("/api/productos/marca/{marca}", get(p::brand_contains))
        .route("/api/productos/stock-total-sucursal", get(p::stock_per_branch))
        .route("/api/productos/stock-material", get(p::stock_per_material))
        .route("/api/productos/validar-modelos", post(p::existing_models))
        .route("/api/productos/actualizar-precios", post(p::mass_update))
        .route("/api/productos/crearVarios", post(p::create_many))
        .route("/api/productos/{id}", get(p::get).put(p::update).delete(p::delete))
        .route("/api/excel/stock/{local_id}", get(p::stock_excel))
        .route("/api/excel/ventas", post(statistics::sales_excel))
        .route("/api/excel/ventas/marcas", post(statistics::brands_excel))
        .route("/api/estadisticas/ventas-por-dia", post(statistics::sales_per_day))
        .route("/api/movimientos", post(movements::create))
        .route("/api/movimientos/filtrar", get(movements::lists::filter))
        .route("/api/movimientos/paginado/{page}", get(movements::lists::page))
        .route(
            "/api/movimientos/buscar/entre-fechas",
            get(movements::lists::between_dates),
        )
        .route("/api/movimientos/filtrar-completo", get(movements::lists::filter_all))
        .route("/api/movimientos/totales", get(movements::lists::totals))
        .route("/api/movimientos/total-ganado", post(statistics::earned))
        .route("/api/movimientos/total-vendido", post(statistics::sold))
        .route("/api/movimientos/cantidad-lentes", get(statistics::lenses))
        .route("/api/movimientos/cantidad-pacientes", get(statistics::patients))
        .route("/api/movimientos/estado/{codigo}", get(movements::lists::public_status))
        .route(
            "/api/movimientos/reporteCliente/{id}",
            get(movements::lists::customer_pdf),
        )
        .route("/api/movimientos/reporteOptica/{id}", get(movements::lists::shop_pdf))
        .route(
            "/api/movimientos/{id}",
            get(movements::get).put(movements::update).delete(movements::delete),
        )
        .route("/api/pacientes", post(patients::create))
        .route("/api/pacientes/id/{id}", get(patients::get))
        .route("/api/pacientes/paginado/{page}", get(patients::page))
        .route("/api/pacientes/buscar/nombre", get(patients::by_name))
        .route(
            "/api/pacientes/buscar/documento/{documento}/page/{page}",
            get(patients::by_document),
        )
        .route("/api/pacientes/buscar-por-ficha/{ficha}", get(patients::by_ficha))
        .route("/api/pacientes/cantidad-por-sucursal", get(patients::count_per_branch))
        .route("/api/pacientes/cristales", post(patients::add_cristal))
        .route("/api/pacientes/{id}", put(patients::update).delete(patients::delete))
        .route("/api/auditoria", get(audit::log))
        .route("/api/auditoria/historial/{tipo}/{id}", get(audit::history))
        .route("/api/auditoria/stock/{id}", get(audit::stock))
        .route("/api/auditoria/estado/{tipo}/{id}", get(audit::state_at))
        .route("/api/openapi.json", get(crate::openapi::serve))
        .route("/api/{*rest}", axum::routing::any(api_not_found));
    Router::new()
        .merge(api)
        .route("/oauth/token", post(crate::auth::oauth::token))
        .route("/health", get(health::health))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(extract::BODY_LIMIT_BYTES))
        .layer(middleware::from_fn(extract::refuse_nul_in_uri))
        .layer(middleware::from_fn(extract::time_limit))
        .layer(middleware::from_fn(request_id::assign))
        .layer(middleware::from_fn(headers::api_answer))
        .layer(middleware::from_fn(headers::every_answer))
        .with_state(state)
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

/// The contract's answer to a create or an update: 201 `{"mensaje", <key>: the record}`.
pub fn saved(mensaje: &str, key: &str, record: impl serde::Serialize) -> axum::response::Response {
    (StatusCode::CREATED, Json(json!({ "mensaje": mensaje, key: record }))).into_response()
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
