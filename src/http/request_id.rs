//! Every request gets an id (the client's `X-Request-Id` when sane, else a new UUID): it is
//! logged, echoed in the answer and stored in the metadata of the events the request writes.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

pub const HEADER: &str = "x-request-id";

#[derive(Clone, Debug)]
pub struct RequestId(pub String);

pub async fn assign(mut request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| !v.is_empty() && v.len() <= 64 && v.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
        .map(str::to_string)
        .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    request.extensions_mut().insert(RequestId(id.clone()));
    let span = tracing::info_span!("request", id = %id, method = %request.method(), path = %request.uri().path());
    let mut response = next.run(request).instrument(span.clone()).await;
    span.in_scope(|| tracing::info!(status = response.status().as_u16(), "answered"));
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    response
}
