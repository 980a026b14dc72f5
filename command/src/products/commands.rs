//! What may be asked of a product, and why it may be refused.

use chrono::NaiveDate;
use optica_events::{Money, MotivoStock, Origen, ProductoDatos};

use super::Regla;

/// A branch and the stock the product should have there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LocalStock {
    pub local_id: i64,
    pub stock: i64,
}

/// One stock change of `AdjustMany`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ajuste {
    pub local_id: i64,
    pub cantidad: i64,
    pub motivo: MotivoStock,
}

/// Which amount a mass update changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Campo {
    Precio,
    Costo,
}

/// How a mass update changes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cambio {
    /// new = old + old × percent / 100; `millionths` is the percentage in millionths (10% = 10_000_000).
    Porcentaje { millionths: i128 },
    /// new = the amount.
    Fijo(Money),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProductoCommand {
    Create {
        datos: ProductoDatos,
        locales: Vec<LocalStock>,
        fecha: NaiveDate,
    },
    /// `locales: None` leaves the branches and stock alone. `expected_version`: the version the
    /// client read; a different current version refuses the edit.
    Edit {
        datos: ProductoDatos,
        locales: Option<Vec<LocalStock>>,
        expected_version: Option<u64>,
        fecha: NaiveDate,
    },
    AdjustStock {
        local_id: i64,
        cantidad: i64,
        motivo: MotivoStock,
        origen: Origen,
    },
    /// Several stock changes behind one cash-box movement, transfer or count (an edited sale may
    /// return stock at one branch and take it at another): all of them or none.
    AdjustMany { ajustes: Vec<Ajuste>, origen: Origen },
    /// A manual adjustment: a reason from `MotivoStock::MANUALES` and a note.
    AdjustManually {
        local_id: i64,
        cantidad: i64,
        motivo: MotivoStock,
        nota: Option<String>,
    },
    /// A physical count's difference (counted − expected when it started), applied to the stock
    /// as it is now (sales since are kept), never below zero; nothing at a branch the product
    /// left meanwhile.
    AdjustCount {
        local_id: i64,
        diferencia: i64,
        conteo_id: i64,
    },
    /// Sets or clears (`None`) the branch's reorder point.
    SetMinimo { local_id: i64, minimo: Option<i64> },
    ChangeAmount {
        campo: Campo,
        cambio: Cambio,
        fecha: NaiveDate,
    },
    /// Refused by the store while cash-box movements use the product (`command::links`).
    Delete,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProductoError {
    #[error("the product already exists")]
    AlreadyExists,
    #[error("the product does not exist")]
    NotFound,
    #[error("the product changed since version {expected}")]
    Stale { expected: u64 },
    /// Every rule the data broke.
    #[error("invalid product: {0:?}")]
    Invalid(Vec<Regla>),
    #[error("the product is not offered at branch {0}")]
    LocalAusente(i64),
    #[error("not enough stock of {modelo}")]
    StockInsuficiente { modelo: String },
}
