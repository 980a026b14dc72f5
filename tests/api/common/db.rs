//! What a test reads or changes in the database directly, past the API.

use sqlx::PgPool;

/// The one value a statement reads (a count, a sum, a flag), straight from the database.
pub async fn scalar<T>(pool: &PgPool, sql: &str) -> T
where
    T: Send + Unpin,
    (T,): for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow>,
{
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

/// Runs a statement that takes no parameters, as a test sets the database up or breaks it.
pub async fn execute(pool: &PgPool, sql: &str) {
    sqlx::query(sql).execute(pool).await.unwrap();
}
