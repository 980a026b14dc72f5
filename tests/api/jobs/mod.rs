//! Lab jobs against a real database: a sale with lenses is ordered from a lab with the
//! patient's latest ficha frozen in, its states move the sale's own (what the public page and
//! the existing front end read), the history keeps who moved it, when and why, and the notices
//! go through the outbox to a real SMTP server: once, across a restart, retried after a failure.

use std::sync::Arc;

use crate::common::shop::{id_of, recorded, shop, Shop};
use crate::common::smtp::{free_port, SmtpSink};
use crate::common::TestApp;
use axum::http::StatusCode;
use serde_json::{json, Value};
use sqlx::PgPool;

mod sale;

mod lens_categories;
mod notices;

/// A patient with a ficha (DNP 31.5, addition +2,00), an address and a mobile.
pub(crate) async fn patient(app: &TestApp, shop: &Shop) -> i64 {
    let g = |ojo: &str, tipo: &str| json!({"ojo": ojo, "tipo": tipo, "esferico": "-1,25", "cilindrico": 0, "eje": 90});
    let body = json!({
        "nombreCompleto": "Ñandú Pérez", "celular": "0379 15 4123456", "correo": "nandu@example.com",
        "genero": "Mujer", "local": {"id": shop.centro},
        "historialFichas": [{"fecha": "2026-11-01", "dnpDerecho": 31.5, "adicionDerecho": "+2,00",
            "graduaciones": [g("DERECHO", "LEJOS"), g("IZQUIERDO", "LEJOS"), g("DERECHO", "CERCA"), g("IZQUIERDO", "CERCA")],
            "cristales": []}]
    });
    id_of(app, &shop.seller, "/api/pacientes", body, "paciente").await
}

/// A sale of a frame and a lens to `paciente` at the centre; its id.
pub(crate) async fn sale_with_lens(app: &TestApp, shop: &Shop, paciente: i64) -> i64 {
    let body = json!({
        "tipoMovimiento": "ENTRADA", "fecha": "2026-11-21T10:30", "local": {"id": shop.centro},
        "paciente": {"id": paciente}, "total": 2001.0, "totalImpuesto": 2001.0,
        "detalles": [{"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.armazon}},
                     {"cantidad": 1, "precioUnitario": 1000.5, "subtotal": 1000.5, "producto": {"id": shop.lente}}],
        "detallesAdicionales": [],
        "cajaMovimientos": [{"monto": 2001.0, "montoImpuesto": 2001.0, "metodoPago": {"id": shop.efectivo},
                             "fecha": "2026-11-21T10:30"}],
        "estadoMovimiento": "PEDIDO_CRISTALES"
    });
    recorded(app, &shop.seller, body).await
}

pub(crate) async fn lab(app: &TestApp, shop: &Shop) -> i64 {
    let body = json!({"nombre": "Laboratorio Óptico Sur", "celular": "011 4444-5555"});
    id_of(app, &shop.admin, "/api/laboratorio", body, "laboratorio").await
}

/// Every job test's start: the shop, a sale with a lens for one of its patients, and a lab.
pub(crate) async fn sale_and_lab(pool: &PgPool) -> (TestApp, Shop, i64, i64) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let paciente = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, paciente).await;
    let laboratorio = lab(&app, &shop).await;
    (app, shop, venta, laboratorio)
}

pub(crate) fn in_days(app: &TestApp, days: i64) -> String {
    (app.state.today() + chrono::Duration::days(days)).to_string()
}

pub(crate) async fn order(app: &TestApp, shop: &Shop, venta: i64, laboratorio: i64) -> Value {
    let body = json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": in_days(app, 7),
                      "bandeja": " B-12 ", "notas": "Antirreflejo"});
    let (status, answer) = app.post("/api/trabajos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

pub(crate) async fn move_to(
    app: &TestApp,
    token: &str,
    id: i64,
    estado: &str,
    motivo: Option<&str>,
) -> (StatusCode, Value) {
    let body = json!({"estado": estado, "motivo": motivo});
    app.post(&format!("/api/trabajos/{id}/estado"), Some(token), body).await
}

async fn sale_state(app: &TestApp, shop: &Shop, id: i64) -> Value {
    let (status, m) = app.get(&format!("/api/movimientos/{id}"), Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{m}");
    m["estadoMovimiento"].clone()
}

#[sqlx::test]
async fn a_job_freezes_the_prescription_and_its_states_move_the_sale(pool: PgPool) {
    let (app, shop, venta, laboratorio) = sale_and_lab(&pool).await;

    let answer = order(&app, &shop, venta, laboratorio).await;
    assert_eq!(answer["mensaje"], "El trabajo ha sido encargado al laboratorio!");
    let t = &answer["trabajo"];
    assert_eq!(t["id"], venta);
    assert_eq!(t["estado"], "PEDIDO_CRISTALES");
    assert_eq!(t["etiqueta"], "Pidiendo Cristales");
    assert_eq!(t["bandeja"], "B-12");
    assert_eq!(t["laboratorio"], "Laboratorio Óptico Sur");
    assert_eq!(t["receta"]["dnpDerecho"], 31.5);
    assert_eq!(t["receta"]["adicionDerecho"], 2.0);
    assert_eq!(t["receta"]["graduaciones"][0]["esferico"], -1.25);
    assert_eq!(t["cristales"], json!(["Orma Ray-Ban"]));
    assert_eq!(t["armazon"], json!(["RB2140 Ray-Ban"]));
    assert!(t["enlace"].as_str().unwrap().contains("/estadoCompra/"), "{t}");
    assert_eq!(t["whatsapp"], json!(null), "not ready yet: no 'ready' message");

    // The sale says it has its job; the list says how long it has been in its state.
    let (_, m) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(m["trabajo"], "PEDIDO_CRISTALES");
    assert!(m["comprobante"].as_str().is_some(), "{m}");
    let (_, list) = app.get("/api/trabajos", Some(&shop.seller)).await;
    assert!(list["content"][0]["segundos"].as_i64().unwrap() >= 0, "{list}");

    // One job per sale.
    let body = json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": in_days(&app, 7)});
    let (status, again) = app.post("/api/trabajos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");

    // The job's finer states move the sale's four, which the public page reads.
    let (status, moved) = move_to(&app, &shop.seller, venta, "CONTROL_CALIDAD", None).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(sale_state(&app, &shop, venta).await, "ARMANDO_PEDIDO");
    let codigo = t["enlace"].as_str().unwrap().rsplit('/').next().unwrap().to_string();
    let (_, public) = app.get(&format!("/api/movimientos/estado/{codigo}"), None).await;
    assert_eq!(public["estadoMovimiento"], "ARMANDO_PEDIDO");

    // Back to the lab needs the reason, which the history keeps with who and when.
    let (status, refused) = move_to(&app, &shop.seller, venta, "REHACER", Some("  ")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["errors"], json!(["Para rehacer un trabajo indicá el motivo."]));
    let (status, moved) = move_to(&app, &shop.seller, venta, "REHACER", Some("Eje mal tallado")).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(sale_state(&app, &shop, venta).await, "PEDIDO_CRISTALES");
    let historial = moved["trabajo"]["historial"].as_array().unwrap();
    let estados: Vec<&str> = historial.iter().map(|p| p["estado"].as_str().unwrap()).collect();
    assert_eq!(estados, ["PEDIDO_CRISTALES", "CONTROL_CALIDAD", "REHACER"]);
    assert_eq!(historial[2]["motivo"], "Eje mal tallado");
    assert_eq!(historial[2]["usuario"], "vendedor");
    assert_eq!(historial[2]["etiqueta"], "Rehacer");
    assert!(historial.iter().all(|p| p["segundos"].as_i64().unwrap() >= 0));

    // The existing front end's form moves the sale; the job follows, and says where from.
    let (_, m) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let mut edit = m.clone();
    edit["estadoMovimiento"] = json!("ANTEOJO_TERMINADO");
    edit.as_object_mut().unwrap().remove("version");
    let (status, edited) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.seller), edit)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{edited}");
    let (_, job) = app.get(&format!("/api/trabajos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(job["estado"], "ANTEOJO_TERMINADO");
    assert_eq!(job["historial"][3]["motivo"], "Cambiado desde la caja");
    // Ready: the one-click WhatsApp message to the patient's mobile.
    let whatsapp = job["whatsapp"].as_str().unwrap();
    assert!(
        whatsapp.starts_with("https://wa.me/5493794123456?text=Hola%20%C3%91and%C3%BA%20P%C3%A9rez"),
        "{whatsapp}"
    );
    // It names the order by the receipt the customer holds, not by the system's id.
    let (_, venta_leida) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    let numero = venta_leida["comprobante"].as_str().unwrap();
    assert!(
        whatsapp.contains(&format!("pedido%20N%C2%B0%20{numero}%20est%C3%A1%20listo")),
        "{whatsapp}"
    );

    // Another branch's seller neither sees nor moves it.
    let norte = app.seller_token("vendedora_norte", shop.norte).await;
    let (status, _) = app.get(&format!("/api/trabajos/{venta}"), Some(&norte)).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = move_to(&app, &norte, venta, "ENTREGADO", None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, list) = app.get("/api/trabajos?estado=ABIERTOS", Some(&norte)).await;
    assert_eq!(list["totalElements"], 0);

    // The lab of an open job stays.
    let (status, refused) = app
        .delete(&format!("/api/laboratorio/{laboratorio}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
}

#[sqlx::test]
async fn only_a_sale_with_lenses_gets_a_job_and_the_list_marks_the_overdue(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let laboratorio = lab(&app, &shop).await;
    let frames_only = crate::common::shop::sold(&app, &shop, 1).await;
    let body = json!({"movimientoId": frames_only, "laboratorioId": laboratorio, "prometido": in_days(&app, 3)});
    let (status, refused) = app.post("/api/trabajos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["errors"],
        json!(["La venta no tiene cristales: no hay trabajo para el laboratorio."])
    );

    let paciente = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, paciente).await;
    for (body, expected) in [
        (
            json!({"movimientoId": venta, "laboratorioId": 999, "prometido": in_days(&app, 3)}),
            json!("No existe el laboratorio con ID 999"),
        ),
        (
            json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": in_days(&app, -1)}),
            json!(["La fecha prometida no puede ser anterior al día del pedido."]),
        ),
        (
            json!({"movimientoId": venta, "laboratorioId": laboratorio, "prometido": "31/02/2026"}),
            json!(["La fecha prometida '31/02/2026' no es válida (formato aaaa-mm-dd)."]),
        ),
    ] {
        let (status, refused) = app.post("/api/trabajos", Some(&shop.seller), body).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        let said = refused.get("errors").unwrap_or(&refused["mensaje"]);
        assert_eq!(said, &expected);
    }
    order(&app, &shop, venta, laboratorio).await;
    let (_, list) = app.get("/api/trabajos?atrasados=true", Some(&shop.seller)).await;
    assert_eq!(list["totalElements"], 0);
    // A promise that has passed (written straight into the read model: no order can be made
    // in the past).
    sqlx::query("update jobs set prometido = prometido - 30 where id = $1")
        .bind(venta)
        .execute(&pool)
        .await
        .unwrap();
    let (_, list) = app.get("/api/trabajos?atrasados=true", Some(&shop.seller)).await;
    assert_eq!(list["totalElements"], 1, "{list}");
    assert_eq!(list["content"][0]["atrasado"], true);
    let (status, refused) = app.get("/api/trabajos?estado=LISTO", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
}

#[sqlx::test]
async fn reminders_list_old_fichas_and_jobs_not_collected(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let paciente = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, paciente).await;
    let laboratorio = lab(&app, &shop).await;
    order(&app, &shop, venta, laboratorio).await;
    move_to(&app, &shop.seller, venta, "ANTEOJO_TERMINADO", None).await;

    let (status, r) = app.get("/api/recordatorios?meses=1&dias=0", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    // The ficha of 2026-11-01 is not a month old on 2026-11-26; the job waits from today.
    let _ = &r["controles"];
    assert_eq!(r["sinRetirar"][0]["id"], venta, "{r}");
    let (_, sold) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(r["sinRetirar"][0]["comprobante"], sold["comprobante"], "{r}");
    assert!(sold["comprobante"].is_string(), "{sold}");
    assert!(r["sinRetirar"][0]["whatsapp"]
        .as_str()
        .unwrap()
        .starts_with("https://wa.me/5493794123456"));
    let (_, r) = app.get("/api/recordatorios?meses=120&dias=7", Some(&shop.seller)).await;
    assert_eq!(r["controles"], json!([]));
    assert_eq!(r["sinRetirar"], json!([]));
    let (status, refused) = app.get("/api/recordatorios?meses=0", Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["errors"], json!(["Los meses deben estar entre 1 y 120."]));
    // An old ficha is due.
    sqlx::query("update patient_fichas set fecha = fecha - 400 where paciente_id = $1")
        .bind(paciente)
        .execute(&pool)
        .await
        .unwrap();
    let (_, r) = app.get("/api/recordatorios", Some(&shop.seller)).await;
    assert_eq!(r["controles"][0]["pacienteId"], paciente, "{r}");
    let link = r["controles"][0]["whatsapp"].as_str().unwrap();
    assert!(link.contains("%C3%BAltimo%20control"), "{link}");
}

/// A job taken to 'Anteojo Terminado' (no mail server: no automatic mail).
pub(crate) async fn finished_job(app: &TestApp, shop: &Shop) -> i64 {
    let paciente = patient(app, shop).await;
    let venta = sale_with_lens(app, shop, paciente).await;
    let laboratorio = lab(app, shop).await;
    order(app, shop, venta, laboratorio).await;
    let (status, moved) = move_to(app, &shop.seller, venta, "ANTEOJO_TERMINADO", None).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    venta
}

#[sqlx::test]
async fn a_sale_with_an_open_job_keeps_its_patient_and_branch_and_stays(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let venta = finished_job(&app, &shop).await;
    let (_, m) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.admin)).await;
    let mut other_patient = m.clone();
    other_patient["paciente"] = json!({"id": shop.paciente});
    let (status, refused) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.admin), other_patient)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    let rule =
        "La venta tiene un trabajo de laboratorio en curso: no se puede cambiar su paciente, su local ni su tipo.";
    assert_eq!(refused["errors"], json!([rule]));
    let mut other_branch = m.clone();
    other_branch["local"] = json!({"id": shop.norte});
    let (status, _) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.admin), other_branch)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, refused) = app
        .delete(&format!("/api/movimientos/{venta}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(
        refused["mensaje"],
        "La venta tiene un trabajo de laboratorio en curso: no se puede eliminar."
    );
    // Delivered, the sale is the shop's again to correct.
    move_to(&app, &shop.seller, venta, "ENTREGADO", None).await;
    let (status, deleted) = app
        .delete(&format!("/api/movimientos/{venta}"), Some(&shop.admin))
        .await;
    assert_eq!(status, StatusCode::NO_CONTENT, "{deleted}");
}

#[sqlx::test]
async fn a_stale_screen_or_an_old_form_never_moves_a_job_back(pool: PgPool) {
    let (app, shop, venta, laboratorio) = sale_and_lab(&pool).await;
    let ordered = order(&app, &shop, venta, laboratorio).await;
    let loaded = ordered["trabajo"]["version"].clone();
    // The existing front end's form, opened now (no version in what it sends back).
    let (_, mut old_form) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    old_form.as_object_mut().unwrap().remove("version");
    move_to(&app, &shop.seller, venta, "ANTEOJO_TERMINADO", None).await;

    // A screen opened before that move sends the version it loaded: refused.
    let body = json!({"estado": "CONTROL_CALIDAD", "version": loaded});
    let (status, refused) = app
        .post(&format!("/api/trabajos/{venta}/estado"), Some(&shop.seller), body)
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    // The old form saves its stale 'Pidiendo Cristales' with a new description: the description
    // is kept, the state is not taken back.
    old_form["descripcion"] = json!("Cliente pide estuche");
    let (status, saved) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.seller), old_form)
        .await;
    assert_eq!(status, StatusCode::CREATED, "{saved}");
    assert_eq!(saved["movimiento"]["descripcion"], "Cliente pide estuche");
    assert_eq!(sale_state(&app, &shop, venta).await, "ANTEOJO_TERMINADO");
    let (_, job) = app.get(&format!("/api/trabajos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(job["estado"], "ANTEOJO_TERMINADO");
}

#[sqlx::test]
async fn a_job_is_never_ordered_from_a_lab_that_does_not_exist(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let paciente = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, paciente).await;
    // A sale already delivered: its job holds no lab link, so only a check can refuse it.
    let (_, mut m) = app.get(&format!("/api/movimientos/{venta}"), Some(&shop.seller)).await;
    m["estadoMovimiento"] = json!("ENTREGADO");
    let (status, _) = app
        .put(&format!("/api/movimientos/{venta}"), Some(&shop.seller), m)
        .await;
    assert_eq!(status, StatusCode::CREATED);
    let body = json!({"movimientoId": venta, "laboratorioId": 999, "prometido": in_days(&app, 2)});
    let (status, refused) = app.post("/api/trabajos", Some(&shop.seller), body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(refused["mensaje"], "No existe el laboratorio con ID 999");
}
