//! The shop's mail server, as its settings name it.

use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, Tokio1Executor};

use crate::config::MailSettings;

/// How long one SMTP step may take.
const SEND_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest pause between attempts.
const MAX_PAUSA_SECS: i64 = 3600;

/// The shop's mail server and sender.
pub struct Mail {
    pub(super) transport: AsyncSmtpTransport<Tokio1Executor>,
    pub(super) from: Mailbox,
    retry_secs: i64,
}

impl Mail {
    /// The mail server of the settings; `None` when the shop has none.
    pub fn from_settings(settings: &MailSettings, shop: &str) -> Result<Option<Mail>, String> {
        let Some(url) = settings.smtp_url.as_deref().filter(|u| !u.trim().is_empty()) else {
            return Ok(None);
        };
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|_| "OPTICA_SMTP_URL no es una dirección de servidor de correo válida".to_string())?
            .timeout(Some(SEND_TIMEOUT))
            .build();
        let from = match settings.smtp_from.as_deref() {
            Some(from) => from.parse(),
            None => format!("{shop} <avisos@localhost>").parse(),
        }
        .map_err(|_| "OPTICA_SMTP_FROM no es una dirección de correo válida".to_string())?;
        Ok(Some(Mail {
            transport,
            from,
            retry_secs: settings.retry_seconds.max(1) as i64,
        }))
    }

    /// The pause before attempt `intentos + 1`.
    pub(super) fn pause(&self, intentos: i32) -> i64 {
        let doubled = self.retry_secs.saturating_mul(1 << (intentos - 1).clamp(0, 20));
        doubled.min(MAX_PAUSA_SECS)
    }
}
