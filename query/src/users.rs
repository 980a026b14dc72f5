//! Reads of `users`.

use sqlx::PgPool;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub password_hash: String,
    pub roles: Vec<String>,
    pub local_id: Option<i64>,
    pub enabled: bool,
    pub epoch: i64,
}

/// The account whose username folds to `key` (`optica_events::users::username_key`), found
/// through its uniqueness claim in `scope`, so that login compares names exactly as the claim
/// does.
pub async fn by_username_key(pool: &PgPool, scope: &str, key: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(
        "select u.id, u.username, u.password_hash, u.roles, u.local_id, u.enabled, u.epoch
         from unique_claims c join users u on u.id::text = c.aggregate_id
         where c.scope = $2 and c.key = $1",
    )
    .bind(key)
    .bind(scope)
    .fetch_optional(pool)
    .await
}

/// What a request needs to know of the account its token names: its current epoch and whether
/// it is enabled. `None`: no such account.
pub async fn standing(pool: &PgPool, username: &str) -> Result<Option<(i64, bool)>, sqlx::Error> {
    sqlx::query_as("select epoch, enabled from users where username = $1")
        .bind(username)
        .fetch_optional(pool)
        .await
}
