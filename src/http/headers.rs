//! Response headers that keep browsers from misusing what we serve.
//!
//! Every answer: no MIME sniffing, no framing by other sites (clickjacking), and no `Referer`
//! leaving the page: the public order page's address holds the order's signed code, which must
//! not travel to whatever the page links to. API answers hold personal data (patients,
//! prescriptions, cash), so browsers must not keep them either.

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

/// Headers for every answer, the web app's files included.
pub async fn every_answer(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// API answers are not stored by the browser (a handler that sets its own policy keeps it).
pub async fn api_answer(request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    response
        .headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    response
}
