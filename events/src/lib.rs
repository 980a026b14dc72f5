//! The public language of optica: event types, the metadata every event carries, and the
//! value types shared by the command and projection sides.
//!
//! Event type strings are stable and never renamed; a shape change bumps the version and gets an
//! upcaster.

pub mod cash;
pub mod count;
pub mod job;
pub mod lookup;
pub mod measure;
pub mod metadata;
pub mod money;
pub mod movement;
pub mod patient;
pub mod product;
pub mod transfer;
pub mod user;

pub use lookup::{LookupData, LookupEvent, LookupKind};
pub use measure::Medida;
pub use metadata::{Actor, EventMetadata};
pub use money::Money;
pub use patient::{FichaDatos, PacienteDatos, PacienteEvent};
pub use product::{MotivoStock, Origen, ProductoDatos, ProductoEvent};
pub use user::UserEvent;
