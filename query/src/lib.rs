//! The query side: typed reads, and nothing here writes. Lists, pages, searches, reports and
//! statistics read the read-model tables the projections keep. A few reads look past them on
//! purpose:
//! - the audit (`audit`) reads the `events` table itself, since the log is the history;
//! - an answer whose read model is still late after the wait reads its record's stream from the
//!   `events` table and folds it (`late`): each feature's `committed(pool, id, …)` answers in its
//!   `by_id` shape, so a command never answers an older row. Most assemble the answer directly;
//!   a job and a cash day fold into the rows their projection writes, which the page's own SQL
//!   reads in place of the tables (`late::Shadow`);
//! - whether an item exists, and its name right after a command, come from `live_streams` and
//!   the stream's last event (`lookups`, `products::sale_facts`, `patients::exists`), which the
//!   commands write with their events;
//! - login finds an account through its `unique_claims` row (`users`), and the days nobody
//!   closed are summed from the cash ledger (`closings::not_closed`).

pub mod audit;
pub mod balances;
pub mod card_plans;
pub mod closings;
pub mod counts;
pub mod insurers;
pub mod jobs;
pub mod late;
pub mod lookups;
pub mod movements;
pub mod page;
pub mod patients;
pub mod products;
pub mod profitability;
pub mod settlements;
pub mod statistics;
pub mod stock;
pub mod stored;
pub mod transfers;
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
