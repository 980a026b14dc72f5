//! The command side: aggregates (pure rules, no I/O in `handle`) and the store that loads them
//! and appends their events atomically.

pub mod lookup;
pub mod store;
pub mod user;

pub use store::{Appended, CommandError, EventStore, StoreError, UniqueClaims};
