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
}

/// The account whose username folds to `key` (`optica_events::user::username_key`), found
/// through its uniqueness claim in `scope`, so that login compares names exactly as the claim
/// does.
pub async fn by_username_key(pool: &PgPool, scope: &str, key: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(
        "select u.id, u.username, u.password_hash, u.roles, u.local_id, u.enabled
         from unique_claims c join users u on u.id::text = c.aggregate_id
         where c.scope = $2 and c.key = $1",
    )
    .bind(key)
    .bind(scope)
    .fetch_optional(pool)
    .await
}
