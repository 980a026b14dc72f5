//! Liquidaciones: what the shop presents an obra social for a month (its part of the covered
//! sales chosen), then what the obra social pays, by bank transfer and never into a drawer,
//! and what it rejects (débitos, each with its reason). A rejected amount is the shop's loss
//! unless it is billed to the patient. One stream per liquidación, its id from
//! `SETTLEMENT_ID_SEQUENCE`; each sale presented records it on its own stream too
//! (`MovimientoEvent::CoberturaPresentada`), so a sale is presented once and its coverage is
//! fixed from then on.

use chrono::{Datelike as _, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::Money;

pub const SETTLEMENT_AGGREGATE: &str = "Liquidacion";
pub const SETTLEMENT_ID_SEQUENCE: &str = "liquidacion_ids";

/// A covered sale in a liquidación and the obra social's part of it, as presented.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ItemLiquidacion {
    pub movimiento_id: i64,
    pub monto: Money,
}

/// What the obra social rejected of a presented sale, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Debito {
    pub movimiento_id: i64,
    pub monto: Money,
    pub motivo: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LiquidacionEvent {
    /// Presented on `fecha`: the obra social's covered sales of the month starting `mes`.
    LiquidacionPresentada {
        obra_social_id: i64,
        mes: NaiveDate,
        fecha: NaiveDate,
        items: Vec<ItemLiquidacion>,
    },
    /// A payment received in the bank on `fecha` (`referencia`: the transfer's number), with
    /// what the obra social rejected in it.
    CobroRegistrado {
        fecha: NaiveDate,
        referencia: String,
        monto: Money,
        debitos: Vec<Debito>,
    },
    /// What was rejected of sale `movimiento_id` is billed to its patient (the sale's balance
    /// grows by `monto` on the sale's stream, in the same transaction).
    DebitoFacturado { movimiento_id: i64, monto: Money },
}

event_types!(LiquidacionEvent: LiquidacionPresentada, CobroRegistrado, DebitoFacturado);

/// The first day of `fecha`'s month.
pub fn mes_de(fecha: NaiveDate) -> NaiveDate {
    fecha.with_day0(0).unwrap_or(fecha)
}

/// A month as Argentina writes it: `11/2026`.
pub fn mes_texto(mes: NaiveDate) -> String {
    mes.format("%m/%Y").to_string()
}
