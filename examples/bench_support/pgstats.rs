//! Where a run's time goes, from PostgreSQL's own statistics: the statements and transactions per
//! sale and the statements that take the most time (pg_stat_statements), what the busy
//! connections were waiting for (pg_stat_activity, sampled), and which tables a sale writes
//! (pg_stat_user_tables).
//!
//! pg_stat_statements must be preloaded by the server (`scripts/bench` starts its private cluster
//! with it); on a server without it the statement figures are left out and the run goes on.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::PgPool;

/// The bench's own polling of the projection checkpoint: not part of a sale.
const SAMPLER: &str = "projection_checkpoints where name";

/// Whether the statements' statistics are there, reset for a run.
pub struct Before {
    statements: bool,
}

/// Resets the statements' statistics (kept in shared memory: no flush to wait for).
pub async fn before(pool: &PgPool) -> Before {
    let statements = sqlx::query("create extension if not exists pg_stat_statements")
        .execute(pool)
        .await
        .is_ok()
        && sqlx::query("select pg_stat_statements_reset()")
            .execute(pool)
            .await
            .is_ok();
    Before { statements }
}

/// What `sales` sales cost the database since `before`, none where the statistics are missing.
pub struct PerSale {
    /// Statements sent, BEGIN and COMMIT included: each one a round trip for the server's driver.
    pub statements: f64,
    /// Transactions with more than one statement (their COMMITs).
    pub commits: f64,
    /// The statements with the most execution time: calls per sale, ms per sale, the text.
    pub top: Vec<(f64, f64, String)>,
}

pub async fn per_sale(pool: &PgPool, before: &Before, sales: usize) -> Option<PerSale> {
    if !before.statements {
        return None;
    }
    let sales = sales.max(1) as f64;
    let rows: Vec<(i64, f64, String)> = sqlx::query_as(
        "select s.calls, s.total_exec_time, s.query from pg_stat_statements s
         join pg_database d on d.oid = s.dbid
         where d.datname = current_database() and s.query not like '%pg_stat%'
           and s.query not like $1
         order by s.total_exec_time desc",
    )
    .bind(format!("%{SAMPLER}%"))
    .fetch_all(pool)
    .await
    .ok()?;
    let statements = rows.iter().map(|r| r.0 as f64).sum::<f64>() / sales;
    let commits = rows
        .iter()
        .filter(|r| r.2.trim().eq_ignore_ascii_case("commit"))
        .map(|r| r.0 as f64)
        .sum::<f64>()
        / sales;
    let top = rows
        .into_iter()
        .take(8)
        .map(|(calls, ms, query)| {
            let query: String = query.split_whitespace().collect::<Vec<_>>().join(" ");
            (calls as f64 / sales, ms / sales, query.chars().take(110).collect())
        })
        .collect();
    Some(PerSale {
        statements,
        commits,
        top,
    })
}

/// Samples every 5 ms what the database's busy connections wait for; `stop` ends it. The
/// answer: each wait (or "CPU" when running) with its share of the busy samples.
pub fn sample_waits(pool: PgPool, stop: Arc<AtomicBool>) -> tokio::task::JoinHandle<Vec<(String, f64)>> {
    let seen: Arc<Mutex<BTreeMap<String, u64>>> = Arc::default();
    tokio::spawn(async move {
        while !stop.load(Ordering::Relaxed) {
            let waits: Vec<(Option<String>, Option<String>)> = sqlx::query_as(
                "select wait_event_type, wait_event from pg_stat_activity
                 where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
            )
            .fetch_all(&pool)
            .await
            .unwrap_or_default();
            {
                let mut counts = seen.lock().unwrap();
                for (kind, event) in waits {
                    let name = match (kind, event) {
                        (Some(kind), Some(event)) => format!("{kind}:{event}"),
                        _ => "CPU".to_string(),
                    };
                    *counts.entry(name).or_default() += 1;
                }
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        let counts = seen.lock().unwrap();
        let total: u64 = counts.values().sum();
        let mut shares: Vec<(String, f64)> = counts
            .iter()
            .map(|(name, n)| (name.clone(), *n as f64 / total.max(1) as f64))
            .collect();
        shares.sort_by(|a, b| b.1.total_cmp(&a.1));
        shares.truncate(6);
        shares
    })
}

/// Rows inserted, updated or deleted so far, per table of the database. An idle connection
/// flushes its counters within ten seconds of its last transaction: the reading waits that long.
pub async fn table_writes(pool: &PgPool) -> BTreeMap<String, i64> {
    tokio::time::sleep(Duration::from_millis(10_500)).await;
    sqlx::query_as::<_, (String, i64)>(
        "select relname::text, n_tup_ins + n_tup_upd + n_tup_del from pg_stat_user_tables",
    )
    .fetch_all(pool)
    .await
    .unwrap()
    .into_iter()
    .collect()
}

/// The tables written between two `table_writes`.
pub fn written(before: &BTreeMap<String, i64>, after: &BTreeMap<String, i64>) -> Vec<String> {
    after
        .iter()
        .filter(|(table, n)| before.get(*table).copied().unwrap_or(0) < **n)
        .map(|(table, _)| table.clone())
        .collect()
}
