//! The command side: one folder per feature (its aggregate in `mod.rs`, the rules it checks
//! alone, the services that run its commands through the store, its unit tests) and the store
//! that loads aggregates and appends their events atomically. The store names no feature.

/// Implements `cqrs_es::Aggregate` for an aggregate that needs no services, from its own
/// `decide` (a command's events, into the sink) and `evolve` (an event applied to its state).
macro_rules! aggregate {
    ($aggregate:ident: $type:expr, $command:ty => $event:ty, $error:ty) => {
        impl cqrs_es::Aggregate for $aggregate {
            const TYPE: &'static str = $type;
            type Command = $command;
            type Event = $event;
            type Error = $error;
            type Services = ();

            async fn handle(
                &mut self,
                command: $command,
                _: &(),
                sink: &cqrs_es::event_sink::EventSink<Self>,
            ) -> Result<(), $error> {
                self.decide(command, sink).await
            }

            fn apply(&mut self, event: $event) {
                self.evolve(event)
            }
        }
    };
}

pub mod card_plans;
pub mod closings;
pub mod counts;
pub mod insurers;
pub mod jobs;
pub mod lookups;
pub mod movements;
pub mod patients;
pub mod products;
pub mod settlements;
pub mod stock;
pub mod store;
pub mod transfers;
pub mod users;

#[cfg(test)]
mod testing;

pub use store::extra::{Counter, Extra, ExtraError, Refusal, Stamp, StampValue};
pub use store::{
    Appended, CommandError, EventStore, Outcome, StoreError, UniqueClaims, UnitOfWork, SNAPSHOT_EVERY, SNAPSHOT_VERSION,
};
