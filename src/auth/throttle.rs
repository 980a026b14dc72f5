//! Slows password guessing at `POST /oauth/token`, per account and per client address, without
//! ever locking the real user out for long.
//!
//! Each key (`usuario:<name>`, `ip:<address>`) counts its recent failures in `login_failures`
//! (shared by every server process). Past a free allowance, the next attempt must wait twice as
//! long as the previous one after the last failure, up to five minutes; the attempt is refused
//! before the password is even checked, so waiting is the only way to try again. A quiet quarter
//! of an hour forgets the failures, and a successful login clears its account's count (not the
//! address's: one valid account must not buy more guesses on others).

use sqlx::PgPool;

/// Failures allowed before attempts are slowed.
const FREE_PER_USER: i32 = 5;
const FREE_PER_ADDRESS: i32 = 20;
/// The longest wait between two attempts.
const MAX_WAIT_SECONDS: i64 = 300;
/// Failures older than this are forgotten.
const FORGET_AFTER: &str = "15 minutes";

pub struct Keys {
    user: String,
    address: String,
}

impl Keys {
    pub fn new(username: &str, address: Option<std::net::IpAddr>) -> Keys {
        Keys {
            user: format!("usuario:{}", username.trim().to_lowercase()),
            address: format!(
                "ip:{}",
                address.map_or_else(|| "desconocida".to_string(), |a| a.to_string())
            ),
        }
    }
}

/// The seconds the caller must still wait, or `None` when it may try now.
pub async fn wait_needed(pool: &PgPool, keys: &Keys) -> Result<Option<i64>, sqlx::Error> {
    let wait: Option<i64> = sqlx::query_scalar(
        "select max(ceil(extract(epoch from
                    last_failure + make_interval(secs => least($4::bigint, power(2, failures - allowance)::bigint))
                    - now()))::bigint)
         from login_failures
         join (values ($1, $2::int), ($3, $5::int)) as k(key, allowance) using (key)
         where failures >= allowance and last_failure > now() - $6::interval",
    )
    .bind(&keys.user)
    .bind(FREE_PER_USER)
    .bind(&keys.address)
    .bind(MAX_WAIT_SECONDS)
    .bind(FREE_PER_ADDRESS)
    .bind(FORGET_AFTER)
    .fetch_one(pool)
    .await?;
    Ok(wait.filter(|s| *s > 0))
}

pub async fn failed(pool: &PgPool, keys: &Keys) -> Result<(), sqlx::Error> {
    sqlx::query(
        "insert into login_failures (key, failures, last_failure)
         select k, 1, now() from unnest(array[$1, $2]) as k
         on conflict (key) do update
         set failures = case when login_failures.last_failure > now() - $3::interval
                             then login_failures.failures + 1 else 1 end,
             last_failure = now()",
    )
    .bind(&keys.user)
    .bind(&keys.address)
    .bind(FORGET_AFTER)
    .execute(pool)
    .await?;
    Ok(())
}

pub async fn succeeded(pool: &PgPool, keys: &Keys) -> Result<(), sqlx::Error> {
    sqlx::query("delete from login_failures where key = $1")
        .bind(&keys.user)
        .execute(pool)
        .await?;
    Ok(())
}
