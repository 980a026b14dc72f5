//! The customer notices' worker. A notice asked for is an event plus an outbox row
//! (`optica_command::jobs::outbox`), committed together; this worker takes due rows with a lease,
//! sends each through the shop's mail server and records the outcome (the event and the row,
//! in one transaction). A failure is retried with a doubling pause; a refusal by the server,
//! or eight failures, gives up, and the job's history shows it.
//!
//! Never twice: one row is leased at a time, for far longer than a send may take, and marked
//! sent in the transaction that records `AvisoEnviado`, right after the server accepted the
//! message. The one window is a crash between the two; then the lease runs out and the message
//! goes again, with the same `Message-ID` (`<trabajo-N-aviso-M@host>`) so it can be recognised.

mod mail;
mod messages;

use std::sync::Arc;
use std::time::Duration;

use lettre::message::header::ContentType;
use lettre::message::Mailbox;
use lettre::{AsyncTransport, Message};
use optica_command::jobs::outbox::{self, Pendiente};
use optica_command::jobs::{self, Entrega};
use optica_events::{Actor, EventMetadata};
use tokio::sync::watch;

pub use mail::Mail;
pub use messages::{listo, recordatorio, whatsapp_link, whatsapp_number};

use crate::state::AppState;

/// A notice is leased this long. A send has a handful of SMTP steps of `SEND_TIMEOUT` at most
/// each (connect, greeting, TLS, login, sender, recipient, data): well within it.
const LEASE_SECS: i64 = 600;
/// Attempts before giving up.
const MAX_INTENTOS: i32 = 8;
/// The longest pause between looks at the outbox when nothing wakes the worker (another
/// process may have asked for a notice).
const IDLE: Duration = Duration::from_secs(30);

/// Sends due notices until `stop` turns true. Does nothing when the shop has no mail server.
pub async fn run(state: AppState, mut stop: watch::Receiver<bool>) {
    let Some(mail) = state.mail.clone() else {
        return;
    };
    while !*stop.borrow() {
        // One at a time: a lease never waits behind other sends.
        match outbox::take(&state.pool, LEASE_SECS, 1).await {
            Ok(batch) if !batch.is_empty() => {
                for pendiente in batch {
                    deliver(&state, &mail, &pendiente).await;
                }
                continue;
            }
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "no se pudo leer la bandeja de avisos"),
        }
        let due = outbox::next_due_in(&state.pool).await.ok().flatten();
        let wait = due.map_or(IDLE, |s| Duration::from_secs_f64(s.clamp(0.05, IDLE.as_secs_f64())));
        tokio::select! {
            _ = state.notices.notified() => {}
            _ = tokio::time::sleep(wait) => {}
            _ = stop.changed() => {}
        }
    }
}

/// Whether the mail server's refusal is about the recipient (the address does not exist or is
/// not accepted): trying again will not help. Any other refusal (login, TLS, relay, policy) is
/// the shop's settings or the server's state, and is tried again later.
fn recipient_refused(code: Option<&str>) -> bool {
    matches!(code, Some("550" | "551" | "553"))
}

/// How long until the next attempt, when there is one.
fn retry(mail: &Mail, pendiente: &Pendiente) -> Option<i64> {
    (pendiente.intentos < MAX_INTENTOS).then(|| mail.pause(pendiente.intentos))
}

/// Sends one notice and records how it went.
async fn deliver(state: &AppState, mail: &Arc<Mail>, pendiente: &Pendiente) {
    let entrega = match compose(state, mail, pendiente).await {
        Err((error, again)) => Entrega::Fallo {
            error,
            reintentar_en: again.then(|| retry(mail, pendiente)).flatten(),
        },
        Ok(message) => match mail.transport.send(message).await {
            Ok(_) => Entrega::Enviado,
            Err(e) => {
                tracing::warn!(error = %e, trabajo = pendiente.trabajo_id, "no se pudo enviar un aviso");
                let code = e.status().map(|c| c.to_string());
                let (error, again) = match code.as_deref() {
                    c if recipient_refused(c) => ("El servidor de correo rechazó la dirección del paciente.", false),
                    Some(_) => ("El servidor de correo rechazó el mensaje; se reintentará.", true),
                    None => ("No se pudo conectar con el servidor de correo.", true),
                };
                Entrega::Fallo {
                    error: error.into(),
                    reintentar_en: again.then(|| retry(mail, pendiente)).flatten(),
                }
            }
        },
    };
    let metadata = EventMetadata::new(Actor::system("avisos"), format!("aviso-{}", pendiente.aviso), None);
    if let Err(error) = jobs::delivered(&state.store, pendiente, entrega, state.now(), &metadata).await {
        // The lease runs out and the notice is taken again.
        tracing::warn!(%error, trabajo = pendiente.trabajo_id, "no se pudo registrar un aviso");
    }
}

/// The mail of a notice: the 'ready' message, to the address it was asked for. A failure says
/// whether to try again (a read the database could not answer) or not (a bad address).
async fn compose(state: &AppState, mail: &Mail, p: &Pendiente) -> Result<Message, (String, bool)> {
    let to: Mailbox = p
        .destinatario
        .parse()
        .map_err(|_| ("La dirección de correo del paciente no es válida.".to_string(), false))?;
    let datos = optica_query::jobs::for_notice(&state.pool, p.trabajo_id)
        .await
        .map_err(|_| {
            (
                "No se pudieron leer los datos del trabajo; se reintentará.".to_string(),
                true,
            )
        })?
        // The read model may still be catching up (after a restore, say).
        .ok_or_else(|| {
            (
                "El trabajo todavía no figura en las vistas; se reintentará.".to_string(),
                true,
            )
        })?;
    let texto = listo(
        &state.shop.nombre,
        &datos,
        p.trabajo_id,
        &state.status_link(p.trabajo_id),
    );
    let host = mail.from.email.domain().to_string();
    Message::builder()
        .from(mail.from.clone())
        .to(to)
        .subject(format!(
            "{}: tu pedido {} está listo",
            state.shop.nombre,
            datos.pedido(p.trabajo_id)
        ))
        .message_id(Some(format!("<trabajo-{}-aviso-{}@{host}>", p.trabajo_id, p.aviso)))
        .header(ContentType::TEXT_PLAIN)
        .body(texto)
        .map_err(|_| ("No se pudo armar el mensaje.".to_string(), false))
}

#[cfg(test)]
mod tests {
    use super::recipient_refused;

    #[test]
    fn only_a_refused_recipient_gives_up_at_once() {
        assert!(recipient_refused(Some("550")));
        assert!(recipient_refused(Some("553")));
        // Wrong password, TLS required, relay denied: the shop's settings, tried again.
        assert!(!recipient_refused(Some("535")));
        assert!(!recipient_refused(Some("530")));
        assert!(!recipient_refused(Some("554")));
        assert!(!recipient_refused(None));
    }
}
