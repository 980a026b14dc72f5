//! The command side: one folder per feature (its aggregate in `mod.rs`, the rules it checks
//! alone, the services that run its commands through the store, its unit tests) and the store
//! that loads aggregates and appends their events atomically. The store names no feature.

pub mod closings;
pub mod counts;
pub mod jobs;
pub mod lookups;
pub mod movements;
pub mod patients;
pub mod products;
pub mod stock;
pub mod store;
pub mod transfers;
pub mod users;

pub use store::extra::{Extra, ExtraError, Refusal, Stamp};
pub use store::{
    Appended, CommandError, EventStore, Outcome, StoreError, UniqueClaims, UnitOfWork, SNAPSHOT_EVERY, SNAPSHOT_VERSION,
};
