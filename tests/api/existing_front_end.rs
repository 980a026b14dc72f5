//! The existing front end (the Angular app the API contract describes) against our server, with
//! its exact request shapes: a seller's cash list with its totals, a seller's catalogue search,
//! the numeric status links already sent to customers, the lens posts after a sale, and what a
//! refused delete answers.

use std::net::{IpAddr, Ipv4Addr};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::common::shop::{open_days, recorded, sale, shop, Shop};
use crate::common::TestApp;

/// A sale at branch `local` of `cantidad` frames, paid in cash (the existing app's body).
fn sale_at(s: &Shop, local: i64, producto: i64, total: f64) -> Value {
    json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": local},
        "total": total, "totalImpuesto": total, "vendedor": "Eva",
        "detalles": [{"cantidad": 1, "precioUnitario": total, "subtotal": total, "producto": {"id": producto}}],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": total, "montoImpuesto": total, "metodoPago": {"id": s.efectivo},
                             "fecha": "2026-11-21T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    })
}

/// 1. The movement list asks for the all-time totals for every role, with `idLocal=0` for "all
/// branches": a seller gets their own branch's, an admin every branch's.
#[sqlx::test]
async fn a_seller_gets_the_totals_of_their_own_branch_whatever_idlocal_says(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    open_days(&app, &s, &["2026-11-21"]).await;
    let at_norte = s.product(&app, "Norte1", s.marca, &[(s.norte, 3)]).await;
    recorded(&app, &s.seller, sale(&s, 1)).await;
    // Below what a seller may charge: the admin's, with the reason.
    let mut promocion = sale_at(&s, s.norte, at_norte, 700.0);
    promocion["motivoPrecio"] = serde_json::json!("PROMOCION");
    recorded(&app, &s.admin, promocion).await;
    for id_local in [0, s.centro, s.norte] {
        let (status, totals) = app
            .get(&format!("/api/movimientos/totales?idLocal={id_local}"), Some(&s.seller))
            .await;
        assert_eq!(status, StatusCode::OK, "{totals}");
        assert_eq!(
            totals,
            json!({"Efectivo": 1000.5, "Tarjeta": 0.0}),
            "idLocal={id_local}"
        );
    }
    let (_, all) = app.get("/api/movimientos/totales?idLocal=0", Some(&s.admin)).await;
    assert_eq!(all, json!({"Efectivo": 1700.5, "Tarjeta": 0.0}));
    let (_, norte) = app
        .get(&format!("/api/movimientos/totales?idLocal={}", s.norte), Some(&s.admin))
        .await;
    assert_eq!(norte, json!({"Efectivo": 700.0, "Tarjeta": 0.0}));
}

/// 2. Sellers see the whole catalogue with every branch's stock (to send a customer to the
/// branch that has the frame), never the cost.
#[sqlx::test]
async fn a_seller_finds_a_product_stocked_only_at_another_branch_without_its_cost(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    let id = s.product(&app, "Aviator", s.otra_marca, &[(s.norte, 4)]).await;
    for path in [
        "/api/productos/modelo/avia",
        "/api/productos/marca/vulk",
        "/api/productos/buscar-por-modelo/Aviator",
    ] {
        let (status, found) = app.get(path, Some(&s.seller)).await;
        assert_eq!(status, StatusCode::OK, "{path}: {found}");
        assert_eq!(found[0]["id"], id, "{path}");
        assert_eq!(found[0]["productoLocales"][0]["local"]["id"], s.norte, "{path}");
        assert_eq!(found[0]["productoLocales"][0]["stock"], 4, "{path}");
        assert_eq!(found[0]["costo"], Value::Null, "{path}");
    }
    let (status, one) = app.get(&format!("/api/productos/{id}"), Some(&s.seller)).await;
    assert_eq!((status, one["costo"].clone()), (StatusCode::OK, Value::Null));
    let (_, page) = app.get("/api/productos/page/0", Some(&s.seller)).await;
    assert_eq!(page["totalElements"], 3, "{page}");
    // The sale form's search stays at the seller's branch.
    let (_, at_branch) = app
        .get(
            &format!("/api/productos/buscar?modelo=avia&localId={}", s.norte),
            Some(&s.seller),
        )
        .await;
    assert_eq!(at_branch, json!([]));
}

/// An anonymous GET, from `address` when given.
async fn anonymous_get(app: &TestApp, uri: &str, address: Option<IpAddr>) -> (StatusCode, Value) {
    forwarded_get(app, uri, address, None).await
}

/// The same through a proxy at `address` that names the client in `X-Forwarded-For`.
async fn forwarded_get(app: &TestApp, uri: &str, address: Option<IpAddr>, client: Option<&str>) -> (StatusCode, Value) {
    let mut request = Request::get(uri);
    if let Some(client) = client {
        request = request.header("x-forwarded-for", client);
    }
    let mut request = request.body(Body::empty()).unwrap();
    if let Some(ip) = address {
        request
            .extensions_mut()
            .insert(axum::extract::ConnectInfo(std::net::SocketAddr::new(ip, 40000)));
    }
    app.send(request).await
}

/// 3. The status links already sent to customers: `/estadoCompra/{id}` calls
/// `GET /api/movimientos/{id}` without a token and reads `estadoMovimiento`.
#[sqlx::test]
async fn an_old_status_link_reads_only_the_orders_number_and_state(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    open_days(&app, &s, &["2026-11-21"]).await;
    let id = recorded(&app, &s.seller, sale(&s, 1)).await;
    let customer = Some(IpAddr::V4(Ipv4Addr::new(190, 1, 2, 3)));
    let (status, body) = anonymous_get(&app, &format!("/api/movimientos/{id}"), customer).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, json!({"id": id, "estadoMovimiento": "PEDIDO_CRISTALES"}));
    let (status, _) = anonymous_get(&app, "/api/movimientos/999999", customer).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // An expense is no customer's order: to nobody it does not exist.
    let gasto = json!({
        "tipoMovimiento": "SALIDA", "fecha": "2026-11-21T12:00", "local": {"id": s.centro}, "descripcion": "Luz",
        "total": 300, "totalImpuesto": 300, "detalles": [], "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 300, "montoImpuesto": 300, "metodoPago": {"id": s.efectivo},
                             "fecha": "2026-11-21T12:00"}]
    });
    let gasto = recorded(&app, &s.admin, gasto).await;
    let (status, body) = anonymous_get(&app, &format!("/api/movimientos/{gasto}"), customer).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    // Staff still read the whole movement; a bad token is still refused.
    let (_, whole) = app.get(&format!("/api/movimientos/{id}"), Some(&s.seller)).await;
    assert_eq!(whole["detalles"][0]["cantidad"], 1);
    let (status, _) = app.get(&format!("/api/movimientos/{id}"), Some("no-es-un-token")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[sqlx::test]
async fn walking_the_order_numbers_from_one_address_is_slowed_down(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    let id = recorded(&app, &s.seller, sale(&s, 1)).await;
    let walker = Some(IpAddr::V4(Ipv4Addr::new(200, 0, 0, 9)));
    let per_minute = optica::state::NUMERIC_LINKS_PER_MINUTE;
    for n in 0..per_minute {
        let (status, _) = anonymous_get(&app, &format!("/api/movimientos/{}", id + i64::from(n)), walker).await;
        assert!(status == StatusCode::OK || status == StatusCode::NOT_FOUND, "{status}");
    }
    let (status, body) = anonymous_get(&app, &format!("/api/movimientos/{id}"), walker).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        body["mensaje"]
            .as_str()
            .unwrap()
            .starts_with("Demasiadas consultas desde esta dirección."),
        "{body}"
    );
    // Another customer is not held back by the walker.
    let other = Some(IpAddr::V4(Ipv4Addr::new(181, 5, 5, 5)));
    let (status, _) = anonymous_get(&app, &format!("/api/movimientos/{id}"), other).await;
    assert_eq!(status, StatusCode::OK);
}

/// Behind the shop's reverse proxy every customer arrives from the proxy's address: the budget
/// is the client's the proxy names, and nobody else can name one.
#[sqlx::test]
async fn behind_a_trusted_proxy_each_customer_has_a_budget_of_their_own(pool: PgPool) {
    let mut app = TestApp::start(pool).await;
    let s = shop(&app).await;
    let id = recorded(&app, &s.seller, sale(&s, 1)).await;
    let proxy: IpAddr = "10.0.0.1".parse().unwrap();
    app.state.trusted_proxies = std::sync::Arc::new(vec![proxy]);
    app.router = optica::app(app.state.clone());
    let uri = format!("/api/movimientos/{id}");
    for _ in 0..optica::state::NUMERIC_LINKS_PER_MINUTE {
        let (status, _) = forwarded_get(&app, &uri, Some(proxy), Some("190.1.1.1")).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, _) = forwarded_get(&app, &uri, Some(proxy), Some("190.1.1.1")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let (status, _) = forwarded_get(&app, &uri, Some(proxy), Some("181.2.2.2, 10.0.0.1")).await;
    assert_eq!(status, StatusCode::OK, "another customer through the same proxy");
    // From anyone but the proxy the header is ignored: the walker cannot pose as new clients.
    let walker: IpAddr = "200.0.0.9".parse().unwrap();
    for n in 0..=optica::state::NUMERIC_LINKS_PER_MINUTE {
        let (status, _) = forwarded_get(&app, &uri, Some(walker), Some(&format!("1.1.1.{n}"))).await;
        let expected = if n < optica::state::NUMERIC_LINKS_PER_MINUTE {
            StatusCode::OK
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(status, expected, "request {n}");
    }
}

#[sqlx::test]
async fn a_shop_can_turn_numeric_status_links_off(pool: PgPool) {
    let mut app = TestApp::start(pool).await;
    let s = shop(&app).await;
    let id = recorded(&app, &s.seller, sale(&s, 1)).await;
    app.state.numeric_links = None;
    app.router = optica::app(app.state.clone());
    let (status, body) = anonymous_get(&app, &format!("/api/movimientos/{id}"), None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(body.get("estadoMovimiento").is_none(), "{body}");
}

/// A sale to the shop's patient of one lens (the category cristal) and an extra line that
/// mentions one, as the existing app sends it; then its follow-up posts, one per lens.
#[sqlx::test]
async fn the_lens_posts_after_a_sale_do_not_record_the_lenses_twice(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    let total = 1000.5 + 800.0;
    let body = json!({
        "tipoMovimiento": "ENTRADA", "fecha": format!("{}T10:30", app.state.today()), "local": {"id": s.centro},
        "total": total, "totalImpuesto": total, "paciente": {"id": s.paciente},
        "detalles": [{"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": s.lente}}],
        "detallesAdicionales": [{"descripcion": "Cristal Blue", "subtotal": 800}],
        "cajaMovimientos": [{"monto": total, "montoImpuesto": total, "metodoPago": {"id": s.efectivo},
                             "fecha": "2026-11-21T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    });
    recorded(&app, &s.seller, body).await;
    for nombre in ["Orma Ray-Ban", "Blue"] {
        let post = json!({"pacienteId": s.paciente, "nombre": nombre});
        let (status, _) = app.post("/api/pacientes/cristales", Some(&s.seller), post).await;
        assert_eq!(status, StatusCode::OK);
    }
    let lenses = |paciente: &Value| -> Vec<String> {
        let fichas = paciente["historialFichas"].as_array().unwrap();
        let all = fichas.iter().flat_map(|f| f["cristales"].as_array().unwrap().iter());
        all.map(|c| c["nombre"].as_str().unwrap().to_string()).collect()
    };
    let (_, paciente) = app
        .get(&format!("/api/pacientes/id/{}", s.paciente), Some(&s.seller))
        .await;
    assert_eq!(lenses(&paciente), ["Orma Ray-Ban", "Blue"]);
    // A lens added by hand, with no sale behind it, is recorded; so is a second post of a name.
    for nombre in ["Transitions", "Blue"] {
        let post = json!({"pacienteId": s.paciente, "nombre": nombre});
        let (status, _) = app.post("/api/pacientes/cristales", Some(&s.seller), post).await;
        assert_eq!(status, StatusCode::OK);
    }
    let (_, paciente) = app
        .get(&format!("/api/pacientes/id/{}", s.paciente), Some(&s.seller))
        .await;
    assert_eq!(lenses(&paciente), ["Orma Ray-Ban", "Blue", "Transitions", "Blue"]);
}

/// 5. Deleting a payment method or a branch that movements use: 409 with the `mensaje` the
/// existing app shows.
#[sqlx::test]
async fn a_refused_delete_answers_a_mensaje_the_existing_app_shows(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool).await;
    recorded(&app, &s.seller, sale(&s, 1)).await;
    let (status, body) = app
        .delete(&format!("/api/metodoPago/{}", s.efectivo), Some(&s.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        body["mensaje"],
        "Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar"
    );
    let (status, body) = app.delete(&format!("/api/local/{}", s.centro), Some(&s.admin)).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["mensaje"].as_str().unwrap().starts_with("Existen "), "{body}");
}

/// The setting itself, on a running server.
#[sqlx::test]
async fn optica_numeric_status_links_false_closes_the_old_links(pool: PgPool) {
    let (app, s) = TestApp::with_shop(pool.clone()).await;
    let id = recorded(&app, &s.seller, sale(&s, 1)).await;
    let url = crate::common::server::database_url(&pool);
    let server = crate::common::server::Server::start_with(&url, &[("OPTICA_NUMERIC_STATUS_LINKS", "false")]).await;
    let path = format!("/api/movimientos/{id}");
    let (status, _) = crate::common::server::request(server.addr, "GET", &path, None, None)
        .await
        .unwrap();
    assert_eq!(status, 401);
    drop(server);
    let server = crate::common::server::Server::start_on(&url).await;
    let (status, body) = crate::common::server::request(server.addr, "GET", &path, None, None)
        .await
        .unwrap();
    assert_eq!(
        (status, body),
        (200, json!({"id": id, "estadoMovimiento": "PEDIDO_CRISTALES"}))
    );
}
