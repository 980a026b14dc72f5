//! A job's customer notices: a mail sent once by the worker, retried when it fails, refused without a mail server; WhatsApp recorded.

use super::*;
use crate::common::scalar;

/// The app with a mail server configured at `port` (retrying after a second).
fn with_mail(app: &mut TestApp, port: u16) {
    let settings = optica::config::MailSettings {
        smtp_url: Some(format!("smtp://127.0.0.1:{port}")),
        smtp_from: Some("Óptica Centro <avisos@optica.test>".into()),
        retry_seconds: 1,
        ..Default::default()
    };
    app.state.mail = optica::notices::Mail::from_settings(&settings, "Óptica Centro")
        .unwrap()
        .map(Arc::new);
    app.router = optica::app(app.state.clone());
}

/// Runs the notices' worker of `state` until the returned sender is dropped or set.
fn worker(state: &optica::AppState) -> tokio::sync::watch::Sender<bool> {
    let (stop, stop_rx) = tokio::sync::watch::channel(false);
    tokio::spawn(optica::notices::run(state.clone(), stop_rx));
    stop
}

async fn notice(app: &TestApp, shop: &Shop, id: i64) -> Value {
    let (status, job) = app.get(&format!("/api/trabajos/{id}"), Some(&shop.seller)).await;
    assert_eq!(status, StatusCode::OK);
    job["avisos"][0].clone()
}

async fn wait_notice(app: &TestApp, shop: &Shop, id: i64, done: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..400 {
        let n = notice(app, shop, id).await;
        if done(&n) {
            return n;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the notice never got there: {}", notice(app, shop, id).await);
}

#[sqlx::test]
async fn a_notice_asked_before_a_restart_is_delivered_once(pool: PgPool) {
    let port = free_port();
    let mut app = TestApp::start(pool.clone()).await;
    with_mail(&mut app, port);
    let shop = shop(&app).await;
    let paciente = patient(&app, &shop).await;
    let venta = sale_with_lens(&app, &shop, paciente).await;
    let laboratorio = lab(&app, &shop).await;
    order(&app, &shop, venta, laboratorio).await;

    // Reaching 'Anteojo Terminado' asks for the mail; no worker runs in this process.
    let (status, moved) = move_to(&app, &shop.seller, venta, "ANTEOJO_TERMINADO", None).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["trabajo"]["avisos"][0]["estado"], "PENDIENTE");
    assert_eq!(moved["trabajo"]["avisos"][0]["destinatario"], "nandu@example.com");
    drop(app);

    // After the restart, two processes' workers race for the outbox: one message goes out.
    let sink = SmtpSink::start(port).await;
    let mut first = TestApp::start(pool.clone()).await;
    with_mail(&mut first, port);
    let mut second = TestApp::start(pool.clone()).await;
    with_mail(&mut second, port);
    let _workers = (worker(&first.state), worker(&second.state));
    let sent = wait_notice(&first, &shop, venta, |n| n["estado"] == "ENVIADO").await;
    assert_eq!(sent["intentos"], 1);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let messages = sink.messages();
    assert_eq!(messages.len(), 1, "{messages:?}");
    let mail = &messages[0];
    assert!(
        mail.contains(&format!("Message-ID: <trabajo-{venta}-aviso-1@optica.test>")),
        "{mail}"
    );
    assert!(mail.contains("To: nandu@example.com"), "{mail}");
    assert!(mail.contains("/estadoCompra/"), "{mail}");
}

#[sqlx::test]
async fn a_failed_notice_is_retried_and_the_history_shows_the_failure(pool: PgPool) {
    let port = free_port();
    let mut app = TestApp::start(pool.clone()).await;
    let shop = shop(&app).await;
    // Finished before the shop set up its mail: no automatic mail.
    let venta = finished_job(&app, &shop).await;
    with_mail(&mut app, port);
    let _worker = worker(&app.state);

    // Asked on demand, twice with one key: one notice. No mail server listens yet.
    let path = format!("/api/trabajos/{venta}/avisos");
    let ask = |key: &'static str| app.post_keyed(&path, &shop.seller, key, json!({"canal": "EMAIL"}));
    let (status, asked) = ask("aviso-1").await;
    assert_eq!(status, StatusCode::OK, "{asked}");
    assert_eq!(asked["mensaje"], "El aviso por correo quedó en camino.");
    let (status, _) = ask("aviso-1").await;
    assert_eq!(status, StatusCode::OK);
    let failed = wait_notice(&app, &shop, venta, |n| n["estado"] == "REINTENTANDO").await;
    assert_eq!(failed["error"], "No se pudo conectar con el servidor de correo.");

    // The server comes up: the next attempt delivers it.
    let sink = SmtpSink::start(port).await;
    let sent = wait_notice(&app, &shop, venta, |n| n["estado"] == "ENVIADO").await;
    assert!(sent["intentos"].as_i64().unwrap() >= 2, "{sent}");
    assert_eq!(sink.wait_for(1).await.len(), 1);
    let (_, job) = app.get(&format!("/api/trabajos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(job["avisos"].as_array().unwrap().len(), 1, "{job}");

    // WhatsApp is recorded as sent by whoever opens the link the answer carries.
    let (status, whatsapp) = app
        .post(
            &format!("/api/trabajos/{venta}/avisos"),
            Some(&shop.seller),
            json!({"canal": "WHATSAPP"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{whatsapp}");
    assert_eq!(whatsapp["trabajo"]["avisos"][1]["canal"], "WHATSAPP");
    assert_eq!(whatsapp["trabajo"]["avisos"][1]["estado"], "ABIERTO");
    assert!(whatsapp["trabajo"]["whatsapp"]
        .as_str()
        .unwrap()
        .starts_with("https://wa.me/549"));
}

#[sqlx::test]
async fn without_a_mail_server_the_mail_notice_is_refused_in_spanish(pool: PgPool) {
    let (app, shop, venta, laboratorio) = sale_and_lab(&pool).await;
    order(&app, &shop, venta, laboratorio).await;
    let (status, refused) = app
        .post(
            &format!("/api/trabajos/{venta}/avisos"),
            Some(&shop.seller),
            json!({"canal": "EMAIL"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["errors"],
        json!(["La óptica no tiene configurado el envío de correos."])
    );
    // Reaching 'Anteojo Terminado' then asks for no mail.
    let (_, moved) = move_to(&app, &shop.seller, venta, "ANTEOJO_TERMINADO", None).await;
    assert_eq!(moved["trabajo"]["avisos"], json!([]));
    let rows: i64 = scalar(&pool, "select count(*) from outbox").await;
    assert_eq!(rows, 0);
}

#[sqlx::test]
async fn one_notice_key_sent_many_times_at_once_asks_once(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let venta = finished_job(&app, &shop).await;
    let path = format!("/api/trabajos/{venta}/avisos");
    let ask = || app.post_keyed(&path, &shop.seller, "doble-clic", json!({"canal": "WHATSAPP"}));
    let answers = futures::future::join_all((0..6).map(|_| ask())).await;
    assert!(answers.iter().all(|(s, _)| *s == StatusCode::OK), "{answers:?}");
    let (_, job) = app.get(&format!("/api/trabajos/{venta}"), Some(&shop.seller)).await;
    assert_eq!(job["avisos"].as_array().unwrap().len(), 1, "{job}");
}

#[sqlx::test]
async fn the_ready_notice_waits_for_the_glasses_and_lenses_in_extra_lines_are_listed(pool: PgPool) {
    let (app, shop) = TestApp::with_shop(pool.clone()).await;
    let paciente = patient(&app, &shop).await;
    let mut body = crate::common::shop::sale(&shop, 1);
    body["paciente"] = json!({"id": paciente});
    body["detallesAdicionales"] = json!([{"descripcion": "Cristal Orma antirreflejo", "subtotal": 0.5}]);
    for amount in [
        "/total",
        "/totalImpuesto",
        "/cajaMovimientos/0/monto",
        "/cajaMovimientos/0/montoImpuesto",
    ] {
        *body.pointer_mut(amount).unwrap() = json!(1001.0);
    }
    let venta = recorded(&app, &shop.seller, body).await;
    let laboratorio = lab(&app, &shop).await;
    let ordered = order(&app, &shop, venta, laboratorio).await;
    assert_eq!(ordered["trabajo"]["cristales"], json!(["Cristal Orma antirreflejo"]));
    assert_eq!(ordered["trabajo"]["armazon"], json!(["RB2140 Ray-Ban"]));
    assert_eq!(
        ordered["trabajo"]["whatsapp"],
        json!(null),
        "not ready: no 'ready' message"
    );
    let (status, refused) = app
        .post(
            &format!("/api/trabajos/{venta}/avisos"),
            Some(&shop.seller),
            json!({"canal": "WHATSAPP"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(
        refused["errors"],
        json!(["El trabajo todavía no está terminado: avisá cuando esté en 'Anteojo Terminado'."])
    );
}
