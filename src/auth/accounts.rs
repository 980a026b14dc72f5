//! Whether a token still speaks for its account.
//!
//! A token names the account and the epoch it was issued at. Every change of the account
//! (disabled, roles or branch changed, new password) moves the epoch (`users.epoch`), so a token
//! issued before the change is refused at the next request instead of living up to 5 hours with
//! rights the account no longer has. Each process keeps what it read for a moment
//! (`FRESH_FOR`), so a burst of requests costs one lookup; a change reaches every request within
//! that moment plus the projector's lag.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use sqlx::PgPool;

/// How long a looked-up account state is trusted.
pub const FRESH_FOR: Duration = Duration::from_secs(1);
/// Entries kept before the cache starts over (a bound on memory, not a tuning knob).
const MAX_ENTRIES: usize = 10_000;

/// The account's current epoch and whether it is enabled; `None`: no such account.
type Standing = Option<(i64, bool)>;

#[derive(Default)]
pub struct Accounts {
    seen: Mutex<HashMap<String, (Instant, Standing)>>,
}

impl Accounts {
    /// Whether a token of `username` issued at `epoch` may act now.
    pub async fn admits(&self, pool: &PgPool, username: &str, epoch: Option<i64>) -> Result<bool, sqlx::Error> {
        let admitted = |standing: Standing| matches!((standing, epoch), (Some((current, true)), Some(issued)) if current == issued);
        // A refusal is never taken from the cache: a token issued right after a change carries
        // an epoch newer than the one cached.
        if self.cached(username).is_some_and(admitted) {
            return Ok(true);
        }
        let standing = optica_query::users::standing(pool, username).await?;
        self.keep(username, standing);
        Ok(admitted(standing))
    }

    /// Drops what this process read of an account, after it changed here: its next request reads
    /// the account's new standing.
    pub fn forget(&self, username: &str) {
        self.seen
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(username);
    }

    fn cached(&self, username: &str) -> Option<Standing> {
        let seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        seen.get(username)
            .filter(|(at, _)| at.elapsed() < FRESH_FOR)
            .map(|(_, standing)| *standing)
    }

    fn keep(&self, username: &str, standing: Standing) {
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        if seen.len() >= MAX_ENTRIES {
            seen.clear();
        }
        seen.insert(username.to_string(), (Instant::now(), standing));
    }
}
