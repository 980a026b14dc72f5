//! Connecting to PostgreSQL and applying the migrations.

use std::str::FromStr;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::PgPool;

pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

/// What PostgreSQL allows one of the server's connections. A process frozen with a
/// transaction open (a paused VM, a stuck disk) would hold its row locks, the cash days' locks
/// and the projectors' horizon (`tx_id < xmin`) for as long as it stays frozen, stalling every
/// other process. PostgreSQL ends such a transaction after this long idle, and a lock is waited
/// for at most this long (the command then runs again), so the other processes wait about a
/// second. The server never waits on anything but PostgreSQL inside a transaction.
pub const IDLE_IN_TRANSACTION_MS: u32 = 1000;
pub const LOCK_TIMEOUT_MS: u32 = 1000;
/// No single statement of a request runs longer than a request may take.
pub const STATEMENT_TIMEOUT_MS: u32 = 30_000;

/// A pool for the command-line tools (replays and checks may run long statements).
pub async fn connect(url: &str) -> Result<PgPool, sqlx::Error> {
    pool().connect(url).await
}

/// The server's pool: every connection bounded as above.
pub async fn connect_server(url: &str) -> Result<PgPool, sqlx::Error> {
    let options = PgConnectOptions::from_str(url)?.options([
        (
            "idle_in_transaction_session_timeout",
            IDLE_IN_TRANSACTION_MS.to_string(),
        ),
        ("lock_timeout", LOCK_TIMEOUT_MS.to_string()),
        ("statement_timeout", STATEMENT_TIMEOUT_MS.to_string()),
    ]);
    pool().connect_with(options).await
}

fn pool() -> PgPoolOptions {
    PgPoolOptions::new()
        .max_connections(16)
        .acquire_timeout(std::time::Duration::from_secs(10))
}

pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    MIGRATOR.run(pool).await
}
