//! A branch's cash day (arqueo): the float it opens with, the counts, the closing and any
//! reopening. One stream per branch and day; its id comes from `CASH_DAY_ID_SEQUENCE` and the
//! pair (branch, day) is a unique claim (`CASH_DAY_SCOPE`), so a day has one stream.
//!
//! The expected figures are the server's, taken under the day's lock at the moment of the count
//! (see command/src/closings/ledger.rs), so the events record exactly what the cashier was compared with.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::Money;

pub const CASH_DAY_AGGREGATE: &str = "Caja";
pub const CASH_DAY_ID_SEQUENCE: &str = "caja_ids";
/// Unique-claim scope of a cash day (key: `local_id:yyyy-mm-dd`).
pub const CASH_DAY_SCOPE: &str = "caja_dia";

/// The claim key of a branch's day.
pub fn day_key(local_id: i64, dia: NaiveDate) -> String {
    format!("{local_id}:{dia}")
}

/// An amount per payment method, or per card plan: a card's payments in cuotas are counted
/// per plan, as the card terminal's batch lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PorMetodo {
    pub metodo_pago_id: i64,
    pub monto: Money,
    /// The plan's cuotas; none for the method's payments without a plan (every one before
    /// card plans existed, cash always).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cuotas: Option<u32>,
}

impl PorMetodo {
    /// An amount of a method's payments without a plan.
    pub fn of(metodo_pago_id: i64, monto: Money) -> Self {
        PorMetodo {
            metodo_pago_id,
            monto,
            cuotas: None,
        }
    }

    /// What the amount is of: the method, and the plan when it is one.
    pub fn clave(&self) -> (i64, Option<u32>) {
        (self.metodo_pago_id, self.cuotas)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CajaEvent {
    /// The day was opened with a float per method (possibly none).
    CajaAbierta {
        local_id: i64,
        dia: NaiveDate,
        fondo: Vec<PorMetodo>,
    },
    /// A count that did not match and came without a reason: the day stays open. The first one
    /// is the blind count; later ones are recounts.
    CajaContada {
        local_id: i64,
        dia: NaiveDate,
        contado: Vec<PorMetodo>,
        esperado: Vec<PorMetodo>,
    },
    /// The day is closed: no payment of this branch and day may change any more.
    CajaCerrada {
        local_id: i64,
        dia: NaiveDate,
        contado: Vec<PorMetodo>,
        esperado: Vec<PorMetodo>,
        /// Why the count differs from the expected figures (none when it does not).
        motivo: Option<String>,
    },
    /// An admin reopened a closed day, with the reason.
    CajaReabierta {
        local_id: i64,
        dia: NaiveDate,
        motivo: String,
    },
}

impl CajaEvent {
    pub fn day(&self) -> (i64, NaiveDate) {
        match self {
            CajaEvent::CajaAbierta { local_id, dia, .. }
            | CajaEvent::CajaContada { local_id, dia, .. }
            | CajaEvent::CajaCerrada { local_id, dia, .. }
            | CajaEvent::CajaReabierta { local_id, dia, .. } => (*local_id, *dia),
        }
    }
}

event_types!(
    CajaEvent:
    CajaAbierta, CajaContada, CajaCerrada, CajaReabierta
);
