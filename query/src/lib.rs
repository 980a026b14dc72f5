//! The query side: typed reads of read-model tables (never the events table).

pub mod audit;
pub mod cashbox;
pub mod lookups;
pub mod movements;
pub mod page;
pub mod patients;
pub mod products;
pub mod statistics;
pub mod users;

pub use page::Page;

/// `text` as a LIKE pattern that matches it anywhere, with `%`, `_` and `\` taken literally.
pub fn contains_pattern(text: &str) -> String {
    let mut pattern = String::from("%");
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            pattern.push('\\');
        }
        pattern.push(c);
    }
    pattern.push('%');
    pattern
}

/// The rows of `select` whose `key` column is one of `ids`. One id is bound as a scalar, so
/// PostgreSQL soon settles on a generic plan; an array makes it plan every call anew (a custom
/// plan always looks cheaper for the array it is given), which for the nested reads below costs
/// more than running them. Single-row reads are what commands answer with.
pub(crate) async fn fetch_by_key<O>(
    pool: &sqlx::PgPool,
    select: &str,
    key: &str,
    ids: &[i64],
) -> Result<Vec<O>, sqlx::Error>
where
    O: for<'r> sqlx::FromRow<'r, sqlx::postgres::PgRow> + Send + Unpin,
{
    match ids {
        [] => Ok(Vec::new()),
        [id] => {
            sqlx::query_as(&format!("{select} where {key} = $1"))
                .bind(id)
                .fetch_all(pool)
                .await
        }
        _ => {
            sqlx::query_as(&format!("{select} where {key} = any($1)"))
                .bind(ids)
                .fetch_all(pool)
                .await
        }
    }
}
