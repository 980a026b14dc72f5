//! Physical counts of a branch's shelves (inventario). A count takes, when it starts,
//! the products to count (their stock hidden from the counters until the count closes); the
//! counted quantities are typed in, in as many saves as needed, each with the stock the product
//! had at that moment; closing turns each difference into a `StockAjustado` (reason `Conteo`)
//! applied to the stock as it is then, so a sale made during the count is not lost.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

pub const COUNT_AGGREGATE: &str = "Conteo";
/// The PostgreSQL sequence that allocates count ids.
pub const COUNT_ID_SEQUENCE: &str = "conteo_ids";
/// Unique-claim scope of the count open at a branch (key: the branch id): one at a time.
pub const OPEN_COUNT_SCOPE: &str = "conteo_abierto";

/// A product on the count sheet, with the stock it had when the count started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Esperado {
    pub producto_id: i64,
    pub modelo: String,
    pub esperado: i64,
}

/// Units counted of a product, and the branch's stock of it when they were typed: the
/// moment the shelf was counted, against which the difference is taken (a sale or a transfer
/// before it is already on the shelf; one after it is kept by the closing).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contado {
    pub producto_id: i64,
    pub contado: i64,
    pub stock: i64,
}

/// What the count found for a product: `contado − esperado` is the adjustment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diferencia {
    pub producto_id: i64,
    pub esperado: i64,
    pub contado: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConteoEvent {
    ConteoIniciado {
        local_id: i64,
        /// The sheet's filter, when the count is of one category or brand.
        categoria_id: Option<i64>,
        marca_id: Option<i64>,
        productos: Vec<Esperado>,
        fecha: NaiveDateTime,
    },
    /// Quantities typed in; a product typed again takes the new value.
    ConteoCargado {
        contados: Vec<Contado>,
    },
    ConteoCerrado {
        diferencias: Vec<Diferencia>,
        fecha: NaiveDateTime,
    },
    ConteoCancelado {
        fecha: NaiveDateTime,
    },
}

event_types!(
    ConteoEvent:
    ConteoIniciado, ConteoCargado, ConteoCerrado, ConteoCancelado
);
