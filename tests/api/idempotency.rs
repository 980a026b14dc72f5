//! `Idempotency-Key` on every command that records money, stock or a state: the same key sent
//! twice in a row, or fifteen times at once, has one effect (one transaction of events carries
//! it) and every request gets the same answer.

use axum::http::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::common::shop::{id_of, recorded, Shop};
use crate::common::TestApp;
use crate::jobs::{lab, patient, sale_with_lens};

/// How many transactions wrote events under `key`: one per effect.
async fn effects(pool: &PgPool, key: &str) -> i64 {
    sqlx::query_scalar("select count(distinct tx_id) from events where metadata->>'idempotency_key' = $1")
        .bind(key)
        .fetch_one(pool)
        .await
        .unwrap()
}

/// Where the row of `key` says its events landed, and where the last event under it did: a
/// repeated request waits for the read models to reach that event, as the first one did.
async fn landing(pool: &PgPool, key: &str) -> (Option<(i64, i64)>, Option<(i64, i64)>) {
    let recorded: Option<(Option<i64>, Option<i64>)> =
        sqlx::query_as("select tx_id, position from idempotency_keys where key like '%:' || $1")
            .bind(key)
            .fetch_optional(pool)
            .await
            .unwrap();
    let last: Option<(i64, i64)> = sqlx::query_as(
        "select tx_id::text::bigint, position from events where metadata->>'idempotency_key' = $1
         order by tx_id desc, position desc limit 1",
    )
    .bind(key)
    .fetch_optional(pool)
    .await
    .unwrap();
    (recorded.and_then(|(tx, position)| tx.zip(position)), last)
}

/// One command as the web app sends it.
struct Keyed {
    name: &'static str,
    method: Method,
    path: String,
    token: String,
    body: Option<Value>,
}

/// Sends `command` once under `key`.
async fn send(app: &TestApp, command: &Keyed, key: &str) -> (StatusCode, Value) {
    let body = command.body.clone();
    app.call_keyed(command.method.clone(), &command.path, &command.token, key, body)
        .await
}

/// Sends `command` under `key` twice in a row, then fifteen times at once under `key` + "-x":
/// one effect each time and one answer, the first one's (a success).
async fn once(app: &TestApp, command: &Keyed, key: &str) {
    let first = send(app, command, key).await;
    assert!(first.0.is_success(), "{}: {first:?}", command.name);
    let (recorded, last) = landing(&app.pool, key).await;
    assert!(last.is_some(), "{}: its events carry the key", command.name);
    assert_eq!(
        recorded, last,
        "{}: the key names where its events landed",
        command.name
    );
    let again = send(app, command, key).await;
    assert_eq!(
        timeless(&again),
        timeless(&first),
        "{}: the repeated request answers the first one",
        command.name
    );
    assert_eq!(effects(&app.pool, key).await, 1, "{}: one effect", command.name);
}

async fn at_once(app: &TestApp, command: &Keyed, key: &str) {
    let answers = futures::future::join_all((0..15).map(|_| send(app, command, key))).await;
    assert!(answers[0].0.is_success(), "{}: {:?}", command.name, answers[0]);
    for answer in &answers {
        assert_eq!(
            timeless(answer),
            timeless(&answers[0]),
            "{}: fifteen at once, one answer",
            command.name
        );
    }
    assert_eq!(
        effects(&app.pool, key).await,
        1,
        "{}: fifteen at once, one effect",
        command.name
    );
}

/// An answer without the seconds a job has spent in its state: they are read from the clock when
/// the answer is given, so a repeat that lands in the next second reads one more. The record
/// answered is the same.
fn timeless((status, body): &(StatusCode, Value)) -> (StatusCode, Value) {
    fn strip(v: &mut Value) {
        match v {
            Value::Object(map) => {
                map.remove("segundos");
                map.values_mut().for_each(strip);
            }
            Value::Array(items) => items.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut body = body.clone();
    strip(&mut body);
    (*status, body)
}

/// A sale to Ana of 2000.00 paid 800.00 (1200.00 owed).
fn on_credit(shop: &Shop) -> Value {
    crate::common::shop::sale_on_credit(shop, "2026-11-21T10:00")
}

fn post(name: &'static str, path: String, token: &str, body: Value) -> Keyed {
    Keyed {
        name,
        method: Method::POST,
        path,
        token: token.to_string(),
        body: Some(body),
    }
}

/// Each command twice in a row under one key, then fifteen at once under another, on a record
/// of its own (so one key's effect is not hidden by another's).
#[sqlx::test]
async fn every_command_has_one_effect_per_key(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let (admin, seller) = (shop.admin.clone(), shop.seller.clone());
    let today = app.state.today();
    let laboratorio = lab(&app, &shop).await;
    let ana = patient(&app, &shop).await;

    for round in ["seq", "par"] {
        let check = |command: Keyed| {
            let key = format!("{round}-{}", command.name);
            let app = &app;
            async move {
                match round {
                    "seq" => once(app, &command, &key).await,
                    _ => at_once(app, &command, &key).await,
                }
            }
        };
        let credit = recorded(&app, &seller, on_credit(&shop)).await;
        check(post(
            "cobro",
            format!("/api/movimientos/{credit}/cobros"),
            &seller,
            json!({"metodoPagoId": shop.efectivo, "monto": 300}),
        ))
        .await;
        let (_, read) = app.get(&format!("/api/movimientos/{credit}"), Some(&admin)).await;
        let paid: f64 = read["cajaMovimientos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["monto"].as_f64().unwrap())
            .sum();
        assert_eq!(paid, 1100.0, "one collection of 300 on 800 paid: {read}");

        check(post(
            "venta",
            "/api/movimientos".into(),
            &seller,
            crate::common::shop::sale(&shop, 1),
        ))
        .await;
        check(post(
            "ajuste",
            format!("/api/productos/{}/ajustes", shop.lente),
            &admin,
            json!({"localId": shop.centro, "cantidad": 1, "motivo": "Correccion"}),
        ))
        .await;
        check(Keyed {
            name: "minimo",
            method: Method::PUT,
            path: format!("/api/productos/{}/minimo", shop.lente),
            token: admin.clone(),
            body: Some(json!({"localId": shop.centro, "minimo": round.len() + if round == "seq" { 0 } else { 1 }})),
        })
        .await;
        check(post(
            "transferencia",
            "/api/transferencias".into(),
            &seller,
            json!({"origenId": shop.centro, "destinoId": shop.norte,
                   "lineas": [{"productoId": shop.armazon, "cantidad": 1}]}),
        ))
        .await;
        let sold = crate::common::shop::sold(&app, &shop, 1).await;
        check(post(
            "devolucion",
            format!("/api/movimientos/{sold}/devoluciones"),
            &seller,
            json!({"lineas": [{"productoId": shop.armazon, "cantidad": 1}], "metodoPagoId": shop.efectivo}),
        ))
        .await;
        let deleted = crate::common::shop::sold(&app, &shop, 1).await;
        check(Keyed {
            name: "borrado",
            method: Method::DELETE,
            path: format!("/api/movimientos/{deleted}"),
            token: admin.clone(),
            body: None,
        })
        .await;
        let venta = sale_with_lens(&app, &shop, ana).await;
        check(post(
            "trabajo",
            "/api/trabajos".into(),
            &seller,
            json!({"movimientoId": venta, "laboratorioId": laboratorio,
                   "prometido": (today + chrono::Duration::days(7)).to_string()}),
        ))
        .await;
        // A job has its sale's id.
        check(post(
            "estado",
            format!("/api/trabajos/{venta}/estado"),
            &seller,
            json!({"estado": "ANTEOJO_TERMINADO"}),
        ))
        .await;
        let branch = id_of(
            &app,
            &admin,
            "/api/local",
            json!({"nombre": format!("Sucursal {round}"), "direccion": "Calle 2", "celular": "1"}),
            "local",
        )
        .await;
        shop.product(&app, &format!("Contado {round}"), shop.marca, &[(branch, 2)])
            .await;
        check(post(
            "conteo",
            "/api/conteos".into(),
            &admin,
            json!({"localId": branch}),
        ))
        .await;
        check(post(
            "apertura",
            format!("/api/caja/{branch}/{today}/apertura"),
            &admin,
            json!({"fondo": [{"metodoPagoId": shop.efectivo, "monto": 100}]}),
        ))
        .await;
        let (status, count) = app
            .post("/api/conteos", Some(&admin), json!({"localId": shop.centro}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{count}");
        let conteo = count["planilla"]["conteo"]["id"].as_i64().unwrap();
        check(Keyed {
            name: "contados",
            method: Method::PUT,
            path: format!("/api/conteos/{conteo}/contados"),
            token: admin.clone(),
            body: Some(json!({"contados": [{"productoId": shop.lente, "contado": 1}]})),
        })
        .await;
        check(post(
            "cancelacion-conteo",
            format!("/api/conteos/{conteo}/cancelacion"),
            &admin,
            json!({}),
        ))
        .await;
        // A card plan set, then withdrawn: a withdrawal run twice would be refused the second
        // time (the plan is no longer offered), so only the key keeps the repeat an answer.
        let cuotas = if round == "seq" { 3 } else { 6 };
        check(post(
            "plan",
            format!("/api/metodoPago/{}/planes", shop.tarjeta),
            &admin,
            json!({"cuotas": cuotas, "recargo": round.len()}),
        ))
        .await;
        check(Keyed {
            name: "plan-retiro",
            method: Method::DELETE,
            path: format!("/api/metodoPago/{}/planes/{cuotas}", shop.tarjeta),
            token: admin.clone(),
            body: None,
        })
        .await;
        // A liquidación: presented, paid with a rejected item, the rejected item billed.
        let os = json!({"nombre": format!("OS {round}"), "cuit": "30546741253",
                        "planes": [{"nombre": "210", "cristales": {"porcentaje": 40}}]});
        let os = id_of(&app, &admin, "/api/obrasSociales", os, "obraSocial").await;
        let mut covered = crate::common::shop::sale_of(&shop, shop.lente, 1000.5, 1);
        covered["paciente"] = json!({"id": shop.paciente});
        covered["cobertura"] = json!({"obraSocialId": os, "plan": "210", "afiliado": "61 1"});
        covered["fecha"] = json!(format!("{today}T10:30"));
        covered["cajaMovimientos"][0]["fecha"] = covered["fecha"].clone();
        covered["totalImpuesto"] = json!(600.3);
        covered["cajaMovimientos"][0]["monto"] = json!(600.3);
        covered["cajaMovimientos"][0]["montoImpuesto"] = json!(600.3);
        let venta = recorded(&app, &admin, covered).await;
        check(post(
            "liquidacion",
            "/api/liquidaciones".into(),
            &admin,
            json!({"obraSocialId": os, "mes": today.format("%Y-%m").to_string(), "ventas": [venta]}),
        ))
        .await;
        let liquidacion: i64 =
            sqlx::query_scalar("select liquidacion_id from settlement_items where movimiento_id = $1")
                .bind(venta)
                .fetch_one(&pool)
                .await
                .unwrap();
        check(post(
            "liquidacion-cobro",
            format!("/api/liquidaciones/{liquidacion}/cobros"),
            &admin,
            json!({"referencia": "T-1", "monto": 300,
                   "debitos": [{"movimientoId": venta, "monto": 100.2, "motivo": "Sin receta"}]}),
        ))
        .await;
        check(post(
            "liquidacion-debito",
            format!("/api/liquidaciones/{liquidacion}/debitos/{venta}/facturar"),
            &admin,
            json!({}),
        ))
        .await;
        let day = format!("/api/caja/{branch}/{today}");
        check(post(
            "cierre",
            format!("{day}/cierre"),
            &admin,
            json!({"contado": [{"metodoPagoId": shop.efectivo, "monto": 100}]}),
        ))
        .await;
        check(post(
            "reapertura",
            format!("{day}/reapertura"),
            &admin,
            json!({"motivo": "Faltó una venta"}),
        ))
        .await;
        let envio = json!({"origenId": shop.centro, "destinoId": shop.norte,
                           "lineas": [{"productoId": shop.armazon, "cantidad": 1}]});
        for paso in ["recepcion", "cancelacion"] {
            let id = id_of(&app, &seller, "/api/transferencias", envio.clone(), "transferencia").await;
            let name = if paso == "recepcion" {
                "recepcion"
            } else {
                "cancelacion"
            };
            check(post(
                name,
                format!("/api/transferencias/{id}/{paso}"),
                &admin,
                json!({}),
            ))
            .await;
        }
        let editada = recorded(&app, &seller, crate::common::shop::sale(&shop, 1)).await;
        let mut edit = crate::common::shop::sale(&shop, 1);
        edit["descripcion"] = json!(format!("Editada {round}"));
        check(Keyed {
            name: "edicion",
            method: Method::PUT,
            path: format!("/api/movimientos/{editada}"),
            token: seller.clone(),
            body: Some(edit),
        })
        .await;
        check(Keyed {
            name: "marca-edicion",
            method: Method::PUT,
            path: format!("/api/marca/{}", shop.otra_marca),
            token: admin.clone(),
            body: Some(json!({"nombre": format!("Vulk {round}")})),
        })
        .await;
        check(post(
            "paciente",
            "/api/pacientes".into(),
            &seller,
            json!({"nombreCompleto": format!("Paciente {round}"), "celular": if round == "seq" { "991" } else { "992" },
                   "genero": "Mujer", "local": {"id": shop.centro}, "historialFichas": []}),
        ))
        .await;
        check(post(
            "producto",
            "/api/productos".into(),
            &admin,
            shop.body(&format!("Modelo {round}"), shop.marca, &[(shop.centro, 3)]),
        ))
        .await;
        check(post(
            "productos",
            "/api/productos/crearVarios".into(),
            &admin,
            json!([shop.body(&format!("Lote {round}"), shop.marca, &[(shop.centro, 2)])]),
        ))
        .await;
        check(post(
            "marca",
            "/api/marca".into(),
            &admin,
            json!({"nombre": format!("Marca {round}")}),
        ))
        .await;
    }
}

/// A key names one request: sent again with another operation it is refused, changing nothing.
#[sqlx::test]
async fn a_key_used_for_another_operation_is_refused(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let credit = recorded(&app, &shop.seller, on_credit(&shop)).await;
    let path = format!("/api/movimientos/{credit}/cobros");
    let body = json!({"metodoPagoId": shop.efectivo, "monto": 300});
    let (status, _) = app
        .call_keyed(Method::POST, &path, &shop.seller, "k1", Some(body))
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let adjustment = json!({"localId": shop.centro, "cantidad": 1, "motivo": "Correccion"});
    let (status, answer) = app
        .call_keyed(
            Method::POST,
            &format!("/api/productos/{}/ajustes", shop.lente),
            &shop.admin,
            "k1",
            Some(adjustment.clone()),
        )
        .await;
    // Another user's key of the same text is another key.
    assert!(status.is_success(), "{answer}");
    let (status, answer) = app
        .call_keyed(
            Method::POST,
            &format!("/api/productos/{}/ajustes", shop.lente),
            &shop.seller,
            "k1",
            Some(adjustment),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{answer}");
    let other = recorded(&app, &shop.seller, on_credit(&shop)).await;
    let (status, answer) = app
        .call_keyed(
            Method::POST,
            &format!("/api/movimientos/{other}/cobros"),
            &shop.seller,
            "k1",
            Some(json!({"metodoPagoId": shop.efectivo, "monto": 300})),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(
        answer["mensaje"],
        "La clave Idempotency-Key ya se usó para otra operación"
    );
    assert_eq!(effects(&app.pool, "k1").await, 2);
}

/// A key that cannot name one request is refused before anything runs: an empty key would be the
/// same key for every request of its user (the second sale answered with the first and lost), and
/// a long key cut short would answer another long key sharing its start.
#[sqlx::test]
async fn a_key_that_cannot_name_a_request_is_refused_and_changes_nothing(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let movements = || async {
        sqlx::query_scalar::<_, i64>("select count(*) from events where aggregate_type = 'Movimiento'")
            .fetch_one(&pool)
            .await
            .unwrap()
    };
    let before = movements().await;
    let long = "k".repeat(201);
    for key in ["", "   ", "clave con espacios", long.as_str()] {
        for _ in 0..2 {
            let (status, answer) = app
                .call_keyed(
                    Method::POST,
                    "/api/movimientos",
                    &shop.seller,
                    key,
                    Some(on_credit(&shop)),
                )
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{key:?}: {answer}");
            assert_eq!(
                answer["mensaje"],
                "La clave Idempotency-Key debe tener entre 1 y 200 caracteres, sin espacios ni acentos",
                "{key:?}"
            );
        }
    }
    assert_eq!(movements().await, before);
    // The longest key accepted is whole: two keys that differ only past the 200th character
    // could not be told apart, so none is cut.
    let longest = "k".repeat(200);
    let (status, answer) = app
        .call_keyed(
            Method::POST,
            "/api/movimientos",
            &shop.seller,
            &longest,
            Some(on_credit(&shop)),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(effects(&app.pool, &longest).await, 1);
}
