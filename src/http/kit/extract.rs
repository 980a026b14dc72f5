//! Extractors whose rejections use the contract's envelope instead of axum's plain text.

use axum::extract::rejection::{FormRejection, JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::AppError;
use crate::state::AppState;

/// A JSON body. PostgreSQL stores no NUL character, so a string holding one is refused here with
/// a 400 instead of failing at the database.
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, AppError> {
        let axum::Json(value) = axum::Json::<Value>::from_request(req, state).await?;
        if holds_nul(&value) {
            return Err(AppError::BadRequest(INVALID_CHARACTER.into()));
        }
        T::deserialize(value)
            .map(ApiJson)
            .map_err(|_| AppError::BadRequest("Datos inválidos: algún campo tiene un tipo o formato incorrecto".into()))
    }
}

pub const INVALID_CHARACTER: &str = "La solicitud contiene caracteres no válidos";

fn holds_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(holds_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || holds_nul(v)),
        _ => false,
    }
}

/// How long a request may take to be answered, its body's upload included: a client sending its
/// body a byte at a time cannot hold a connection and a handler for ever.
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(60);

/// Answers 408 when the request is not answered within `REQUEST_TIMEOUT`.
pub async fn time_limit(req: Request, next: Next) -> Response {
    match tokio::time::timeout(REQUEST_TIMEOUT, next.run(req)).await {
        Ok(response) => response,
        Err(_) => AppError::TimedOut.into_response(),
    }
}

/// Refuses a path or query string that encodes a NUL character (`%00`), for the same reason.
pub async fn refuse_nul_in_uri(req: Request, next: Next) -> Response {
    let uri = req.uri();
    if uri.path().contains("%00") || uri.query().is_some_and(|q| q.contains("%00")) {
        return AppError::BadRequest(INVALID_CHARACTER.into()).into_response();
    }
    next.run(req).await
}

#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(AppError))]
pub struct ApiPath<T>(pub T);

/// Query parameters. Named `Query` like axum's on purpose: utoipa recognises a handler argument
/// by that name as query parameters when it writes the OpenAPI document.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(AppError))]
pub struct Query<T>(pub T);

#[derive(FromRequest)]
#[from_request(via(axum::Form), rejection(AppError))]
pub struct ApiForm<T>(pub T);

/// The body limit set on the router (`DefaultBodyLimit`), for the refusal's text.
pub const BODY_LIMIT_BYTES: usize = 1024 * 1024;

fn too_large() -> AppError {
    AppError::TooLarge(format!(
        "El cuerpo de la solicitud es demasiado grande (máximo {} MB)",
        BODY_LIMIT_BYTES / (1024 * 1024)
    ))
}

impl From<JsonRejection> for AppError {
    fn from(r: JsonRejection) -> Self {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return too_large();
        }
        match r {
            JsonRejection::MissingJsonContentType(_) => {
                AppError::BadRequest("La solicitud debe enviar un cuerpo JSON (Content-Type: application/json)".into())
            }
            JsonRejection::JsonDataError(_) => {
                AppError::BadRequest("Datos inválidos: algún campo tiene un tipo o formato incorrecto".into())
            }
            _ => AppError::BadRequest("El cuerpo de la solicitud no es un JSON válido".into()),
        }
    }
}

impl From<QueryRejection> for AppError {
    fn from(_: QueryRejection) -> Self {
        AppError::BadRequest("Parámetros de consulta inválidos: alguno tiene un tipo o formato incorrecto".into())
    }
}

impl From<PathRejection> for AppError {
    fn from(_: PathRejection) -> Self {
        AppError::BadRequest("Parámetro de ruta inválido".into())
    }
}

impl From<FormRejection> for AppError {
    fn from(r: FormRejection) -> Self {
        if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return too_large();
        }
        AppError::BadRequest("El formulario de la solicitud no es válido".into())
    }
}

/// The client's address, when the request came over TCP (`serve` records it; none for a router
/// called in-process). From a trusted reverse proxy (`OPTICA_TRUSTED_PROXIES`) it is the last
/// address of `X-Forwarded-For` that is not itself a trusted proxy; from anyone else that
/// header is ignored, so a client cannot choose its own address.
pub struct ClientAddress(pub Option<std::net::IpAddr>);

impl<S> FromRequestParts<S> for ClientAddress
where
    S: Send + Sync,
    AppState: axum::extract::FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut axum::http::request::Parts, state: &S) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| c.0.ip().to_canonical());
        let state = <AppState as axum::extract::FromRef<S>>::from_ref(state);
        let trusted = |ip: &std::net::IpAddr| state.trusted_proxies.contains(ip);
        let Some(peer) = peer.filter(trusted) else {
            return Ok(ClientAddress(peer));
        };
        let forwarded = parts.headers.get_all("x-forwarded-for").iter();
        let hops: Vec<std::net::IpAddr> = forwarded
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|hop| hop.trim().parse::<std::net::IpAddr>().ok())
            .map(|ip| ip.to_canonical())
            .collect();
        let client = hops.into_iter().rev().find(|ip| !trusted(ip));
        Ok(ClientAddress(Some(client.unwrap_or(peer))))
    }
}

/// After a start, holds every request but `/health` until the read models hold the log
/// (`AppState::ready`), so a login right after a start finds its account.
pub async fn until_ready(
    axum::extract::State(state): axum::extract::State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let mut ready = state.ready.clone();
    if request.uri().path() != "/health" && !*ready.borrow() {
        // The start opens the API within its own limit, below a request's; a closed channel
        // (the server stopping) lets the request through to fail or finish on its own.
        let _ = ready.wait_for(|ready| *ready).await;
    }
    next.run(request).await
}
