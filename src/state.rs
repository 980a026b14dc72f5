//! Shared state of the HTTP handlers.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::FromRef;
use optica_command::EventStore;
use sqlx::PgPool;

use crate::auth::AuthConfig;

/// Anonymous order-state reads by number one address may make per minute: a customer reloading
/// their link never meets it; walking the shop's orders would take days.
pub const NUMERIC_LINKS_PER_MINUTE: u32 = 30;

#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub store: EventStore,
    pub auth: Arc<AuthConfig>,
    /// Whether tokens still speak for their accounts (a short cache of `users`).
    pub accounts: Arc<crate::auth::accounts::Accounts>,
    /// Projections a command's answer waits for (read-your-writes).
    pub projections: Arc<Vec<&'static str>>,
    /// Upper bound of that wait; past it the answer returns anyway.
    pub read_wait: Duration,
    /// The shop's time zone, for business dates.
    pub timezone: chrono_tz::Tz,
    /// The budget of anonymous order-state reads by number per address; none when the shop
    /// turned numeric status links off (`OPTICA_NUMERIC_STATUS_LINKS`).
    pub numeric_links: Option<Arc<crate::http::rate::RateLimit>>,
    /// The shop's public contact details (`GET /api/tienda`).
    pub shop: Arc<crate::config::ShopSettings>,
    /// Reverse proxies whose `X-Forwarded-For` names the client (`http::extract::ClientAddress`).
    pub trusted_proxies: Arc<Vec<std::net::IpAddr>>,
    /// Whether the API answers yet: false after a start until the read models hold the log
    /// (`cli::catch_up`); `/health` answers regardless.
    pub ready: tokio::sync::watch::Receiver<bool>,
    /// How far this process's projector has applied the log, when one runs here.
    pub applied: Option<tokio::sync::watch::Receiver<optica_projections::projector::Applied>>,
    /// The mail server the customer notices go through, when the shop configured one.
    pub mail: Option<Arc<crate::notices::Mail>>,
    /// Where customers reach the web app (the order links in notices).
    pub public_url: Arc<str>,
    /// Wakes the notices' worker when a notice was asked for.
    pub notices: Arc<tokio::sync::Notify>,
}

impl AppState {
    pub fn new(pool: PgPool, auth: AuthConfig, timezone: chrono_tz::Tz) -> Self {
        AppState {
            store: EventStore::new(pool.clone()),
            pool,
            auth: Arc::new(auth),
            accounts: Arc::default(),
            projections: Arc::new(optica_projections::all().iter().map(|p| p.name()).collect()),
            read_wait: Duration::from_secs(5),
            timezone,
            numeric_links: Some(Arc::new(crate::http::rate::RateLimit::new(
                NUMERIC_LINKS_PER_MINUTE,
                Duration::from_secs(60),
            ))),
            shop: Arc::default(),
            trusted_proxies: Arc::default(),
            ready: tokio::sync::watch::channel(true).1,
            applied: None,
            mail: None,
            public_url: Arc::from(crate::config::DEFAULT_PUBLIC_URL),
            notices: Arc::default(),
        }
    }

    /// Connects the commands to the projector running in this process: each commit wakes it,
    /// and each answer waits for its round instead of polling the database.
    pub fn with_projector(mut self, progress: optica_projections::projector::Progress) -> Self {
        self.store = self.store.waking(progress.wake);
        self.applied = Some(progress.applied);
        self
    }

    /// Today's date in the shop.
    pub fn today(&self) -> chrono::NaiveDate {
        chrono::Utc::now().with_timezone(&self.timezone).date_naive()
    }

    /// The shop's local time now, in whole seconds (the read models keep microseconds, and an
    /// edit matches a payment by its time).
    pub fn now(&self) -> chrono::NaiveDateTime {
        let now = chrono::Utc::now().with_timezone(&self.timezone).naive_local();
        chrono::Timelike::with_nanosecond(&now, 0).unwrap_or(now)
    }
}

impl AppState {
    /// Who acts on a lab job, now, and whether the shop sends mail.
    pub fn job_context(&self, caller: &crate::auth::Caller) -> optica_command::jobs::Contexto {
        optica_command::jobs::Contexto {
            quien: optica_command::jobs::Quien {
                usuario: caller.actor().username,
                fecha: self.now(),
            },
            correo: self.mail.is_some(),
        }
    }

    /// The public order page of sale `id`, as customers open it.
    pub fn status_link(&self, id: i64) -> String {
        let code = crate::auth::order_code::code(&self.auth.signing_key, id);
        format!("{}/estadoCompra/{code}", self.public_url.trim_end_matches('/'))
    }
}

impl FromRef<AppState> for PgPool {
    fn from_ref(state: &AppState) -> Self {
        state.pool.clone()
    }
}

impl FromRef<AppState> for Arc<AuthConfig> {
    fn from_ref(state: &AppState) -> Self {
        state.auth.clone()
    }
}
