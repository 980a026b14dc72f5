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

/// Usernames are matched case-insensitively, as they are claimed.
pub async fn by_username(pool: &PgPool, username: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(
        "select id, username, password_hash, roles, local_id, enabled from users where lower(username) = lower($1)",
    )
    .bind(username)
    .fetch_optional(pool)
    .await
}
