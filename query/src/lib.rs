//! The query side: typed reads of read-model tables (never the events table).

pub mod lookups;
pub mod users;
