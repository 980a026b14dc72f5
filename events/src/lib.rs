//! The public language of optica: event types, the metadata every event carries, and the
//! value types shared by the command and projection sides.
//!
//! Event type strings are stable and never renamed; a shape change bumps the version and gets an
//! upcaster.

pub mod closings;
pub mod counts;
pub mod jobs;
pub mod lookups;
pub mod measure;
pub mod metadata;
pub mod money;
pub mod movements;
pub mod patients;
pub mod products;
pub mod transfers;
pub mod users;

pub use lookups::{LookupData, LookupEvent, LookupKind};
pub use measure::Medida;
pub use metadata::{Actor, EventMetadata};
pub use money::Money;
pub use patients::{FichaDatos, PacienteDatos, PacienteEvent};
pub use products::{MotivoStock, Origen, ProductoDatos, ProductoEvent};
pub use users::UserEvent;
