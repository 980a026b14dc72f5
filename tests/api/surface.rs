//! The HTTP surface every caller meets: health and the OpenAPI document, the browser protections, Spanish refusals of malformed paths, pages and methods, and the web app served compressed and cached.

use crate::common::{TestApp, CLIENT, CLIENT_SECRET, PASSWORD};
use axum::body::Body;
use axum::http::{header, Method, Request, StatusCode};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use http_body_util::BodyExt;
use serde_json::Value;
use sqlx::PgPool;
use tower::ServiceExt;

#[sqlx::test]
async fn health_and_openapi_are_served(pool: PgPool) {
    let app = TestApp::start(pool).await;
    let (status, body) = app.get("/health", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["database"], "ok");
    let (status, doc) = app.get("/api/openapi.json", None).await;
    assert_eq!(status, StatusCode::OK);
    for path in [
        "/oauth/token",
        "/api/categoria",
        "/api/marca/{id}",
        "/api/local",
        "/api/proveedor/{id}",
    ] {
        assert!(doc["paths"].get(path).is_some(), "{path} documented");
    }
    let (status, body) = app.get("/api/no-existe", None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(body["mensaje"], "El recurso solicitado no existe");
}

/// Every answer forbids MIME sniffing, framing by other sites and sending the address on as a
/// `Referer` (the public order page's address holds its code); API answers, token and refusals
/// included, are not stored by the browser, while the web app's files may be.
#[sqlx::test]
async fn answers_carry_the_browser_protections(pool: PgPool) {
    let (app, token) = TestApp::with_admin(pool).await;
    let dir = std::env::temp_dir().join(format!("optica-webapp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>optica</title>").unwrap();
    let site = app.router.clone().merge(optica::http::webapp(Some(&dir)));
    let basic = format!("Basic {}", STANDARD.encode(format!("{CLIENT}:{CLIENT_SECRET}")));
    let login = format!("grant_type=password&username=admin&password={PASSWORD}");
    let requests = [
        ("GET", "/api/categoria", None, None, true),
        (
            "GET",
            "/api/productos/page/0",
            Some(format!("Bearer {token}")),
            None,
            true,
        ),
        ("GET", "/api/movimientos/totales", None, None, true),
        ("GET", "/api/no-existe", None, None, true),
        ("POST", "/oauth/token", Some(basic), Some(login), true),
        ("GET", "/estadoCompra/1-abc", None, None, false),
        ("GET", "/", None, None, false),
    ];
    for (method, uri, authorization, form, api) in requests {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(value) = authorization {
            request = request.header(header::AUTHORIZATION, value);
        }
        let body = match form {
            Some(form) => {
                request = request.header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
                Body::from(form)
            }
            None => Body::empty(),
        };
        let response = site.clone().oneshot(request.body(body).unwrap()).await.unwrap();
        let headers = response.headers();
        let value = |name: header::HeaderName| headers.get(name).map(|v| v.to_str().unwrap().to_string());
        assert_eq!(
            value(header::X_CONTENT_TYPE_OPTIONS).as_deref(),
            Some("nosniff"),
            "{uri}"
        );
        assert_eq!(value(header::X_FRAME_OPTIONS).as_deref(), Some("DENY"), "{uri}");
        assert_eq!(value(header::REFERRER_POLICY).as_deref(), Some("no-referrer"), "{uri}");
        let stored = value(header::CACHE_CONTROL);
        assert_eq!(
            stored.as_deref() == Some("no-store"),
            api,
            "{uri}: Cache-Control {stored:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Path and query values of the wrong type are refused with the contract's envelope in Spanish,
/// never axum's English plain text.
#[sqlx::test]
async fn malformed_path_and_query_values_are_refused_in_spanish(pool: PgPool) {
    let (app, token) = TestApp::with_admin(pool).await;
    const QUERY: &str = "Parámetros de consulta inválidos: alguno tiene un tipo o formato incorrecto";
    for (uri, mensaje) in [
        ("/api/movimientos/filtrar?page=abc", QUERY),
        ("/api/movimientos/totales?idLocal=abc", QUERY),
        ("/api/productos/stock-material?localId=x", QUERY),
        ("/api/pacientes/buscar/nombre?nombre=ana&size=grande", QUERY),
        ("/api/auditoria?page=uno", QUERY),
        ("/api/productos/abc", "Parámetro de ruta inválido"),
        ("/api/productos/99999999999999999999999", "Parámetro de ruta inválido"),
    ] {
        let (status, body) = app.get(uri, Some(&token)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_eq!(body["mensaje"], mensaje, "{uri}");
    }
}

/// A huge page number overflowed the offset (500, or the wrong page in a release
/// build). Every page number is range-checked.
#[sqlx::test]
async fn page_numbers_out_of_range_are_refused_in_spanish(pool: PgPool) {
    let (app, token) = TestApp::with_admin(pool).await;
    let huge = i64::MAX;
    for uri in [
        format!("/api/productos/page/{huge}"),
        format!("/api/movimientos/paginado/{huge}"),
        format!("/api/pacientes/paginado/{huge}"),
        format!("/api/pacientes/buscar/documento/1/page/{huge}"),
        format!("/api/pacientes/buscar/nombre?nombre=ana&page={huge}"),
        format!("/api/movimientos/filtrar?page={huge}"),
        format!("/api/movimientos/buscar/entre-fechas?fechaInicio=2026-01-01&fechaFin=2026-12-31&page={huge}"),
        format!("/api/auditoria?page={huge}"),
        "/api/productos/page/-1".to_string(),
        "/api/movimientos/filtrar?page=10000001".to_string(),
    ] {
        let (status, body) = app.get(&uri, Some(&token)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{uri}: {body}");
        assert_eq!(
            body["mensaje"], "El número de página debe estar entre 0 y 10000000",
            "{uri}"
        );
    }
    let (status, _) = app.get("/api/movimientos/filtrar?page=10000000", Some(&token)).await;
    assert_eq!(status, StatusCode::OK, "the last page allowed answers (empty)");
}

/// A known path asked with a method it does not take answers 405 with the contract's envelope in
/// Spanish and the methods it does take, like every other refusal (axum's default is an empty
/// body).
#[sqlx::test]
async fn a_method_a_route_does_not_take_is_refused_in_spanish(pool: PgPool) {
    let (app, token) = TestApp::with_admin(pool).await;
    for (method, uri, allowed) in [
        (Method::GET, "/api/productos", "POST"),
        (Method::PATCH, "/api/productos/1", "PUT"),
        (Method::GET, "/oauth/token", "POST"),
        (Method::POST, "/health", "GET"),
    ] {
        let request = Request::builder()
            .method(method.clone())
            .uri(uri)
            .header(header::AUTHORIZATION, format!("Bearer {token}"))
            .body(Body::empty())
            .unwrap();
        let response = app.router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::METHOD_NOT_ALLOWED, "{method} {uri}");
        let allow = response
            .headers()
            .get(header::ALLOW)
            .map(|v| v.to_str().unwrap().to_string());
        assert!(
            allow.as_deref().is_some_and(|a| a.contains(allowed)),
            "{method} {uri}: Allow {allow:?}"
        );
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body: Value = serde_json::from_slice(&bytes).unwrap_or_default();
        assert_eq!(
            body["mensaje"], "El método HTTP no está permitido en este recurso",
            "{method} {uri}"
        );
    }
}

/// The web app had no Content-Security-Policy and its 615 KB main script went out
/// uncompressed on every load. Hashed assets go compressed with a year's immutable cache; the
/// page itself is revalidated on every load; every page carries the policy.
#[tokio::test]
async fn the_web_app_is_served_compressed_cached_by_kind_and_under_a_content_security_policy() {
    let dir = std::env::temp_dir().join(format!("optica-webapp-cache-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("assets")).unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html><title>optica</title>").unwrap();
    std::fs::write(dir.join("assets/main-Ab12.js"), "console.log('optica')").unwrap();
    std::fs::write(dir.join("assets/main-Ab12.js.br"), "brotli bytes").unwrap();
    std::fs::write(dir.join("assets/main-Ab12.js.gz"), "gzip bytes").unwrap();
    let site = optica::http::webapp(Some(&dir));
    let get = |uri: &str, encodings: &str| {
        Request::get(uri)
            .header(header::ACCEPT_ENCODING, encodings)
            .body(Body::empty())
            .unwrap()
    };
    let header_of = |response: &axum::response::Response, name: header::HeaderName| {
        response.headers().get(name).map(|v| v.to_str().unwrap().to_string())
    };

    let script = site
        .clone()
        .oneshot(get("/assets/main-Ab12.js", "gzip, br"))
        .await
        .unwrap();
    assert_eq!(script.status(), StatusCode::OK);
    assert_eq!(header_of(&script, header::CONTENT_ENCODING).as_deref(), Some("br"));
    assert_eq!(
        header_of(&script, header::CACHE_CONTROL).as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    assert_eq!(header_of(&script, header::VARY).as_deref(), Some("accept-encoding"));
    let script = site.clone().oneshot(get("/assets/main-Ab12.js", "gzip")).await.unwrap();
    assert_eq!(header_of(&script, header::CONTENT_ENCODING).as_deref(), Some("gzip"));

    for uri in ["/", "/pacientes", "/assets/missing-Zz99.js"] {
        let page = site.clone().oneshot(get(uri, "gzip")).await.unwrap();
        assert_eq!(page.status(), StatusCode::OK, "{uri}");
        assert_eq!(
            header_of(&page, header::CACHE_CONTROL).as_deref(),
            Some("no-cache"),
            "{uri}"
        );
        let policy = header_of(&page, header::CONTENT_SECURITY_POLICY).unwrap_or_default();
        assert!(policy.contains("script-src 'self'"), "{uri}: {policy}");
        assert!(policy.contains("frame-ancestors 'none'"), "{uri}: {policy}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
