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

/// What the web app may load and run: only its own scripts, styles, images and API. Styles may
/// be inline (sweetalert2 injects its stylesheet); images and fonts may be data URIs (Bootstrap's
/// icons). No other site may frame it, and forms post only to it.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
     img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; \
     base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The web app's files: its Content-Security-Policy, and a cache policy by kind. Hashed assets
/// (`/assets/name-HASH.js`) never change under their name, so browsers keep them a year without
/// asking; everything else, `index.html` first, is revalidated on every load so a new version is
/// picked up at once.
pub async fn webapp_answer(request: Request, next: Next) -> Response {
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    let unchanged = response.status() == axum::http::StatusCode::NOT_MODIFIED;
    let cache = if hashed && (response.status().is_success() || unchanged) && !is_html {
        "public, max-age=31536000, immutable"
    } else {
        "no-cache"
    };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    // The same address answers brotli, gzip or plain bytes: caches must keep them apart.
    headers.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CONTENT_SECURITY_POLICY),
    );
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
