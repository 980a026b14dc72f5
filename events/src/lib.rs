//! The public language of optica: event types, the metadata every event carries, and the
//! value types shared by the command and projection sides.
//!
//! Event type strings are stable and never renamed; a shape change bumps the version and gets an
//! upcaster.

/// Implements `cqrs_es::DomainEvent` for an event enum: an event's type is its variant's name
/// (hence the rule above: a variant is never renamed) and every event is at version 1. The
/// variants are listed so that the match stays exhaustive: a new variant not listed does not
/// compile.
macro_rules! event_types {
    ($event:ident: $($variant:ident),+ $(,)?) => {
        impl cqrs_es::DomainEvent for $event {
            fn event_type(&self) -> String {
                match self {
                    $($event::$variant { .. } => stringify!($variant),)+
                }
                .to_string()
            }

            fn event_version(&self) -> String {
                "1".to_string()
            }
        }
    };
}

/// Reads a stored name (`ENTRADA`, `PEDIDO_CRISTALES`...) back into its enum, by the same serde
/// names the API answers with, so that a read model's text column and the answer cannot spell a
/// value differently. The read side decodes its rows through this (`#[sqlx(try_from = "String")]`).
macro_rules! stored_names {
    ($($enum:ty),+ $(,)?) => {
        $(impl TryFrom<String> for $enum {
            type Error = serde_json::Error;

            fn try_from(name: String) -> Result<Self, Self::Error> {
                serde_json::from_value(serde_json::Value::String(name))
            }
        })+
    };
}

pub mod card_plans;
pub mod closings;
pub mod counts;
pub mod insurers;
pub mod jobs;
pub mod lookups;
pub mod measure;
pub mod metadata;
pub mod money;
pub mod movements;
pub mod numbers;
pub mod patients;
pub mod products;
pub mod settlements;
pub mod transfers;
pub mod users;

pub use lookups::{LookupData, LookupEvent, LookupKind};
pub use measure::Medida;
pub use metadata::{Actor, EventMetadata};
pub use money::Money;
pub use patients::{FichaDatos, PacienteDatos, PacienteEvent};
pub use products::{MotivoStock, Origen, ProductoDatos, ProductoEvent};
pub use users::UserEvent;
