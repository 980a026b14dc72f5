//! Slows password guessing at `POST /oauth/token` without letting a stranger lock the real user
//! out (README, "Login throttle").
//!
//! Three counters of recent failures, shared by every server process (`login_failures`):
//! - the account and the client address together: 5 free failures, then each attempt waits
//!   twice as long as the one before (1 s, 2 s, 4 s ... up to 5 minutes);
//! - the account alone, whatever the address: 50 free failures, then the same;
//! - the address alone, whatever the account: 30 free failures, then the same.
//!
//! The last two apply only when this account has recent failures from this address: a correct
//! password from an address that has not failed on the account always gets through (a stranger
//! guessing elsewhere cannot lock the cashier out), and one guesser behind a shop's shared
//! address does not lock out the staff. A success clears the account's counts.
//!
//! Admission is one database call (`optica_login_attempt`): it counts the attempt as a failure
//! before the password is checked, under row locks, so concurrent guesses cannot all slip past
//! the allowance; a correct password takes the count back. A quiet quarter of an hour forgets.

use sqlx::PgPool;

const FREE_PER_PAIR: i32 = 5;
const FREE_PER_ACCOUNT: i32 = 50;
const FREE_PER_ADDRESS: i32 = 30;
/// The longest wait between two attempts, in seconds.
const MAX_WAIT_SECONDS: i32 = 300;
/// Failures older than this are forgotten.
const FORGET_AFTER: &str = "15 minutes";

pub struct Keys {
    pair: String,
    account: String,
    address: String,
}

impl Keys {
    /// `account`: the username as `optica_events::users::username_key` folds it.
    pub fn new(account: &str, address: Option<std::net::IpAddr>) -> Keys {
        let address = address.map_or_else(|| "desconocida".to_string(), |a| a.to_string());
        Keys {
            pair: format!("par:{account}|{address}"),
            account: format!("usuario:{account}"),
            address: format!("ip:{address}"),
        }
    }
}

/// Counts an attempt. `Some(seconds)`: refused, the caller must wait that long; `None`: the
/// password may be checked (and the attempt stays a failure unless `succeeded` is called).
pub async fn attempt(pool: &PgPool, keys: &Keys) -> Result<Option<i64>, sqlx::Error> {
    let wait: i32 = sqlx::query_scalar("select optica_login_attempt($1, $2, $3, $4, $5, $6, $7, $8::interval)")
        .bind(&keys.pair)
        .bind(&keys.account)
        .bind(&keys.address)
        .bind(FREE_PER_PAIR)
        .bind(FREE_PER_ACCOUNT)
        .bind(FREE_PER_ADDRESS)
        .bind(MAX_WAIT_SECONDS)
        .bind(FORGET_AFTER)
        .fetch_one(pool)
        .await?;
    Ok((wait > 0).then_some(i64::from(wait)))
}

/// The password was wrong (or the account unknown): the wait runs from now.
pub async fn failed(pool: &PgPool, keys: &Keys) -> Result<(), sqlx::Error> {
    keyed(pool, "select optica_login_failed($1, $2, $3)", keys).await
}

/// The password was right: the attempt was not a failure.
pub async fn succeeded(pool: &PgPool, keys: &Keys) -> Result<(), sqlx::Error> {
    keyed(pool, "select optica_login_succeeded($1, $2, $3)", keys).await
}

async fn keyed(pool: &PgPool, sql: &'static str, keys: &Keys) -> Result<(), sqlx::Error> {
    sqlx::query(sql)
        .bind(&keys.pair)
        .bind(&keys.account)
        .bind(&keys.address)
        .execute(pool)
        .await?;
    Ok(())
}
