//! One error type for every handler, mapped to the contract's envelopes with Spanish text.
//! Database and internal errors are logged with their detail and answered without it.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::http::kit::Errores;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No token on a protected path.
    #[error("unauthorized")]
    Unauthorized,
    /// A token that is malformed, badly signed or expired.
    #[error("invalid token")]
    InvalidToken,
    /// The caller's role may not do this.
    #[error("forbidden")]
    Forbidden,
    /// `POST /oauth/token` with unknown or wrong client credentials.
    #[error("bad client")]
    BadClient,
    /// `POST /oauth/token` with wrong user credentials (400, as the web app expects).
    #[error("invalid grant: {0}")]
    InvalidGrant(&'static str),
    #[error("unsupported grant type")]
    UnsupportedGrant,
    /// Too many failed logins for the account or the address: 429, wait this many seconds.
    #[error("too many attempts: wait {0} s")]
    TooManyAttempts(i64),
    /// Too many public reads from one address: 429 with a `mensaje`, wait this many seconds.
    #[error("rate limited: wait {0} s")]
    RateLimited(u64),
    /// Field validation: 400 `{"errors": [...]}`.
    #[error("validation: {0:?}")]
    Validation(Vec<String>),
    /// A body with several problems: 400 `{"mensaje", "errors"}` (mensaje lists them all).
    #[error("rejected: {0:?}")]
    Rejected(Vec<String>),
    /// A refused cash-box command: 400 `{"mensaje", "error"}` (title and text, contract §4.4).
    #[error("refused: {mensaje}: {error}")]
    Refused { mensaje: String, error: String },
    /// A business rule or malformed request: 400 `{"mensaje"}`.
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("not found: {0}")]
    NotFound(String),
    /// A body over the router's limit: 413 `{"mensaje"}`.
    #[error("too large: {0}")]
    TooLarge(String),
    /// The request conflicts with the current state (e.g. deleting a referenced item): 409.
    #[error("conflict: {0}")]
    Conflict(String),
    /// It can be done, but the person should confirm first (money out of a drawer that should
    /// not hold it): 409 `{"mensaje", "confirmar": true}`; the same request with its
    /// confirmation goes through.
    #[error("needs confirmation: {0}")]
    ConfirmationNeeded(String),
    /// Well-formed, but it cannot be done as asked (a key reused for another operation): 422.
    #[error("unprocessable: {0}")]
    Unprocessable(String),
    /// The request was not answered within its time limit: 408.
    #[error("timed out")]
    TimedOut,
    /// The database cannot be reached (restarting, overloaded): 503, try again shortly.
    #[error("unavailable: {0}")]
    Unavailable(String),
    #[error("internal: {0}")]
    Internal(String),
}

/// Whether a database error means "not reachable right now" rather than a fault of the request
/// or of our code: the pool found no connection, the connection broke, or the server is shutting
/// down or starting up, or it ended our transaction and nothing was written: a session idle too
/// long inside a transaction (a frozen process), a lock or statement timeout, a serialization
/// failure or a deadlock (SQLSTATE classes 08 and 57, 25P03, 40001, 40P01, 55P03). The client
/// tries again shortly (503 with `Retry-After`).
pub fn unreachable(e: &sqlx::Error) -> bool {
    match e {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) | sqlx::Error::Tls(_) => true,
        sqlx::Error::Database(d) => d.code().is_some_and(|c| {
            c.starts_with("08") || c.starts_with("57") || optica_command::store::rolled_back(d.as_ref())
        }),
        _ => false,
    }
}

impl AppError {
    pub fn internal(e: impl std::fmt::Display) -> Self {
        AppError::Internal(e.to_string())
    }
}

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        if unreachable(&e) {
            AppError::Unavailable(e.to_string())
        } else {
            AppError::Internal(format!("database: {e}"))
        }
    }
}

impl From<optica_command::StoreError> for AppError {
    fn from(e: optica_command::StoreError) -> Self {
        match e {
            optica_command::StoreError::Database(e) => e.into(),
            other => AppError::Internal(other.to_string()),
        }
    }
}

/// An OAuth-style error: failed logins, missing or invalid tokens, missing roles.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct OAuthError {
    pub error: String,
    pub error_description: String,
}

fn oauth(status: StatusCode, error: &str, description: &str) -> Response {
    let body = OAuthError {
        error: error.into(),
        error_description: description.into(),
    };
    (status, Json(body)).into_response()
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        match self {
            AppError::Unauthorized => oauth(
                StatusCode::UNAUTHORIZED,
                "unauthorized",
                "Se requiere autenticación para acceder a este recurso",
            ),
            AppError::InvalidToken => oauth(
                StatusCode::UNAUTHORIZED,
                "invalid_token",
                "El token de acceso no es válido o ha expirado",
            ),
            AppError::Forbidden => oauth(StatusCode::FORBIDDEN, "access_denied", "Acceso denegado"),
            AppError::BadClient => {
                let mut r = oauth(
                    StatusCode::UNAUTHORIZED,
                    "unauthorized",
                    "Credenciales de cliente incorrectas",
                );
                r.headers_mut().insert(
                    header::WWW_AUTHENTICATE,
                    header::HeaderValue::from_static("Basic realm=\"oauth\""),
                );
                r
            }
            AppError::InvalidGrant(why) => oauth(StatusCode::BAD_REQUEST, "invalid_grant", why),
            AppError::TooManyAttempts(seconds) => {
                let mut r = oauth(
                    StatusCode::TOO_MANY_REQUESTS,
                    "invalid_grant",
                    &format!("Demasiados intentos fallidos. Espere {seconds} segundos e intente nuevamente."),
                );
                if let Ok(value) = header::HeaderValue::from_str(&seconds.to_string()) {
                    r.headers_mut().insert(header::RETRY_AFTER, value);
                }
                r
            }
            AppError::RateLimited(seconds) => {
                let mensaje = format!(
                    "Demasiadas consultas desde esta dirección. Espere {seconds} segundos e intente nuevamente."
                );
                let mut r = (StatusCode::TOO_MANY_REQUESTS, Json(json!({ "mensaje": mensaje }))).into_response();
                r.headers_mut()
                    .insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
                r
            }
            AppError::UnsupportedGrant => oauth(
                StatusCode::BAD_REQUEST,
                "unsupported_grant_type",
                "Tipo de autorización no soportado",
            ),
            AppError::Validation(errors) => (StatusCode::BAD_REQUEST, Json(Errores { errors })).into_response(),
            AppError::Rejected(errors) => (
                StatusCode::BAD_REQUEST,
                Json(json!({ "mensaje": errors.join(". "), "errors": errors })),
            )
                .into_response(),
            AppError::Refused { mensaje, error } => (
                StatusCode::BAD_REQUEST,
                Json(json!({ "mensaje": mensaje, "error": error })),
            )
                .into_response(),
            AppError::BadRequest(m) => (StatusCode::BAD_REQUEST, Json(json!({ "mensaje": m }))).into_response(),
            AppError::NotFound(m) => (StatusCode::NOT_FOUND, Json(json!({ "mensaje": m }))).into_response(),
            AppError::TooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, Json(json!({ "mensaje": m }))).into_response(),
            AppError::Conflict(m) => (StatusCode::CONFLICT, Json(json!({ "mensaje": m }))).into_response(),
            AppError::ConfirmationNeeded(m) => {
                (StatusCode::CONFLICT, Json(json!({ "mensaje": m, "confirmar": true }))).into_response()
            }
            AppError::Unprocessable(m) => {
                (StatusCode::UNPROCESSABLE_ENTITY, Json(json!({ "mensaje": m }))).into_response()
            }
            AppError::TimedOut => (
                StatusCode::REQUEST_TIMEOUT,
                Json(json!({ "mensaje": "La solicitud tardó demasiado en completarse. Intente nuevamente." })),
            )
                .into_response(),
            AppError::Unavailable(detail) => {
                tracing::warn!(%detail, "database unavailable");
                let mut r = (
                    StatusCode::SERVICE_UNAVAILABLE,
                    Json(json!({ "mensaje": "El servicio no está disponible en este momento. Intente nuevamente en unos segundos." })),
                )
                    .into_response();
                r.headers_mut()
                    .insert(header::RETRY_AFTER, header::HeaderValue::from_static("5"));
                r
            }
            AppError::Internal(detail) => {
                tracing::error!(%detail, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    Json(json!({ "mensaje": "Error interno del servidor. Intente nuevamente más tarde." })),
                )
                    .into_response()
            }
        }
    }
}

/// The Spanish texts of the rules a request broke, in order (each rule enum's `Display` is its
/// text).
pub fn texts<R: std::fmt::Display>(rules: &[R]) -> Vec<String> {
    rules.iter().map(ToString::to_string).collect()
}
