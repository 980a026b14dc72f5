//! The query side: typed reads of read-model tables (never the events table).

pub mod audit;
pub mod balances;
pub mod closings;
pub mod counts;
pub mod jobs;
pub mod lookups;
pub mod movements;
pub mod page;
pub mod patients;
pub mod products;
pub mod shadow;
pub mod statistics;
pub mod stock;
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
