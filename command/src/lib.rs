//! The command side: aggregates (pure rules, no I/O in `handle`) and the store that loads them
//! and appends their events atomically.

pub mod cash;
pub mod cash_day;
pub mod catalogue;
pub mod count;
pub mod counts;
pub mod job;
pub mod jobs;
mod keys;
pub mod links;
pub mod lookup;
pub mod lookups;
pub mod movement;
mod movement_return;
pub mod outbox;
pub mod patient;
pub mod payment_days;
pub mod price_floor;
pub mod product;
pub mod registry;
pub mod sale;
pub mod stock;
pub mod store;
pub mod transfer;
pub mod transfers;
pub mod unit;
pub mod user;
pub mod users;

pub use store::{
    Appended, CommandError, EventStore, Outcome, StoreError, UniqueClaims, UnitOfWork, SNAPSHOT_EVERY, SNAPSHOT_VERSION,
};
