//! Transfers of stock between branches. The units leave the sending branch when the
//! transfer is sent and are in transit, in no branch's stock, until the receiving branch takes
//! them (all or part; a shortfall is written off with its reason) or the transfer is cancelled
//! (they go back). The stock moves on the products' streams, as `StockAjustado` naming the
//! transfer, in the same transaction as these events.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

pub const TRANSFER_AGGREGATE: &str = "Transferencia";
/// The PostgreSQL sequence that allocates transfer ids.
pub const TRANSFER_ID_SEQUENCE: &str = "transferencia_ids";

/// Units of one product sent, with its model at the moment (lists read it as it was).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineaTransferida {
    pub producto_id: i64,
    pub modelo: String,
    pub cantidad: i64,
}

/// Units of one product.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cantidad {
    pub producto_id: i64,
    pub cantidad: i64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TransferenciaEvent {
    TransferenciaEnviada {
        origen: i64,
        destino: i64,
        lineas: Vec<LineaTransferida>,
        nota: Option<String>,
        /// The shop's local time.
        fecha: NaiveDateTime,
    },
    /// What arrived, per product; `faltantes` (sent but not arrived) are written off for `motivo`.
    TransferenciaRecibida {
        recibidas: Vec<Cantidad>,
        faltantes: Vec<Cantidad>,
        motivo: Option<String>,
        fecha: NaiveDateTime,
    },
    /// Cancelled in transit: every unit went back to the sending branch.
    TransferenciaCancelada {
        motivo: Option<String>,
        fecha: NaiveDateTime,
    },
}

event_types!(
    TransferenciaEvent:
    TransferenciaEnviada, TransferenciaRecibida, TransferenciaCancelada
);
