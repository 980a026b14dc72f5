//! Answers from a stream when its read model is late: the one way every feature answers a
//! command whose projection has not caught up within the wait. A command's answer shows the
//! record it saved, so each feature's `committed(pool, id, …)` reads the record's stream from the
//! `events` table (`stream`, `decode`) and folds it into its `by_id` shape.
//!
//! Where a page is built by several queries (a job, a cash day), the fold yields the rows the
//! projection would write (`Rows`, in JSON) and the page's own queries take them in place of the
//! tables: a `with` clause named like a table shadows it (`Shadow`), so one SQL serves the read
//! model and the late answer.

use serde_json::Value;
use sqlx::postgres::PgArguments;
use sqlx::query::QueryAs;
use sqlx::{PgPool, Postgres};

/// A stream's events in order: (sequence, payload as JSON text).
pub async fn stream(pool: &PgPool, aggregate_type: &str, id: i64) -> Result<Vec<(i64, String)>, sqlx::Error> {
    sqlx::query_as(
        "select sequence, payload::text from events where aggregate_type = $1 and aggregate_id = $2 order by sequence",
    )
    .bind(aggregate_type)
    .bind(id.to_string())
    .fetch_all(pool)
    .await
}

/// An event's payload as its aggregate's event type.
pub fn decode<E: serde::de::DeserializeOwned>(payload: &str) -> Result<E, sqlx::Error> {
    serde_json::from_str(payload).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

/// The rows a stream makes, per table: each a JSON array of objects naming every column (a
/// column left out would read as null, never as its default; `tests/api/late_reads/` checks
/// the folds name them all).
pub struct Rows(pub Vec<(&'static str, Value)>);

/// Where a query reads a record's rows: the read model's tables, or `Rows`.
#[derive(Clone, Copy)]
pub struct Shadow<'a>(pub Option<&'a Rows>);

impl<'a> Shadow<'a> {
    /// The read model's tables.
    pub const NONE: Shadow<'static> = Shadow(None);

    /// The `with` clause that puts `table`'s rows, bound as parameter `param`, in place of the
    /// table (nothing for the read model).
    pub fn with(self, table: &str, param: usize) -> String {
        match self.rows(table) {
            None => String::new(),
            Some(_) => {
                format!(
                    "with {table} as (select * from json_populate_recordset(null::public.{table}, ${param}::json)) "
                )
            }
        }
    }

    fn rows(self, table: &str) -> Option<&'a Value> {
        self.0?.0.iter().find(|(t, _)| *t == table).map(|(_, rows)| rows)
    }

    /// Binds `table`'s rows to a query built with `with`.
    pub fn bind<'q, O>(
        self,
        q: QueryAs<'q, Postgres, O, PgArguments>,
        table: &str,
    ) -> QueryAs<'q, Postgres, O, PgArguments>
    where
        'a: 'q,
    {
        match self.rows(table) {
            Some(rows) => q.bind(rows),
            None => q,
        }
    }
}
