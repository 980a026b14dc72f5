//! What may be asked of a patient, and why it may be refused.

use chrono::NaiveDate;
use optica_events::{FichaDatos, PacienteDatos};

use super::Regla;

/// A ficha as an edit or a registration sends it: `id` names one the patient has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FichaEntrada {
    pub id: Option<i64>,
    pub datos: FichaDatos,
    pub cristales: Vec<CristalEntrada>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CristalEntrada {
    pub id: Option<i64>,
    pub nombre: String,
    pub fecha: NaiveDate,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PacienteCommand {
    Register {
        ficha: i64,
        datos: PacienteDatos,
        fichas: Vec<FichaEntrada>,
        fecha: NaiveDate,
    },
    /// `fichas: None` leaves the history alone. `expected_version`: the version the form loaded;
    /// without it nothing is removed (the editor's knowledge is unknown).
    Edit {
        datos: PacienteDatos,
        fichas: Option<Vec<FichaEntrada>>,
        expected_version: Option<u64>,
        fecha: NaiveDate,
    },
    /// A ficha dated `fecha` with the four prescriptions at zero.
    AddFicha { fecha: NaiveDate },
    /// Removes the most recent ficha; refused when one or none remains.
    RemoveFicha,
    /// Records lenses on the most recent ficha, creating one dated `fecha` when there is none.
    /// Lenses on the latest ficha. `movimiento_id`: the sale recording them; none for lenses
    /// added by hand, which first match what a sale of the same day already recorded (the
    /// existing front end posts each lens of a sale again, see `CristalConfirmado`).
    RecordCristales {
        nombres: Vec<String>,
        fecha: NaiveDate,
        movimiento_id: Option<i64>,
    },
    /// Marks lenses sale `movimiento_id` recorded as returned by `devolucion_id`: one lens per
    /// name, the first not yet marked. A name the history no longer has (removed by hand) marks
    /// nothing.
    MarkReturned {
        nombres: Vec<String>,
        movimiento_id: i64,
        devolucion_id: i64,
    },
    /// Refused by the store while cash-box movements name the patient (`command::links`).
    Delete,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PacienteError {
    #[error("the patient already exists")]
    AlreadyExists,
    #[error("the patient does not exist")]
    NotFound,
    #[error("the patient changed after version {expected}")]
    Stale { expected: u64 },
    /// Every rule the data broke.
    #[error("invalid patient: {0:?}")]
    Invalid(Vec<Regla>),
    #[error("the last ficha cannot be removed")]
    UnicaFicha,
    /// Every automatic ficha number tried was taken by a concurrent registration.
    #[error("no ficha number could be assigned")]
    FichaNoAsignada,
}
