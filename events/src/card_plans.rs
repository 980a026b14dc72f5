//! A card's plans in cuotas: for a payment method that is a card, the numbers of instalments
//! the shop offers (1, 3, 6, 12 …) and the surcharge each carries, as a dated history: a rate
//! applies from its start date until the next one of the same plan. One stream per payment
//! method, its id the method's.
//!
//! A payment in cuotas records the plan and the rate it was charged at (`movements::Plan`), so
//! a rate changed later never rewrites a sale.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::{Medida, Money};

pub const CARD_PLANS_AGGREGATE: &str = "PlanesTarjeta";

/// The largest number of instalments a plan may have (the longest Argentine card plans run to
/// 24 and some banks offer 36).
pub const MAX_CUOTAS: u32 = 36;
/// The largest surcharge, in hundredths of a percent (200 %): above it is a typing mistake.
pub const MAX_RECARGO: i64 = 20_000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlanesTarjetaEvent {
    /// The plan of `cuotas` instalments carries `recargo` percent from `desde` on (a new plan, or
    /// a new rate of one offered).
    TasaFijada {
        cuotas: u32,
        recargo: Medida,
        desde: NaiveDate,
    },
    /// The plan is no longer offered from `desde` on.
    PlanRetirado { cuotas: u32, desde: NaiveDate },
}

event_types!(PlanesTarjetaEvent: TasaFijada, PlanRetirado);

/// A number of cuotas a plan may have (1 to `MAX_CUOTAS`), as a request gives it.
pub fn cuotas(n: i64) -> Option<u32> {
    u32::try_from(n).ok().filter(|c| (1..=MAX_CUOTAS).contains(c))
}

/// What the card is charged for a payment that credits `monto` to the sale, with a surcharge of
/// `recargo` percent: rounded to the cent, half away from zero. The web app computes the same
/// (tests/cases/card_plans.json holds both to it).
pub fn con_recargo(monto: Money, recargo: Medida) -> Option<Money> {
    monto.scaled(i128::from(10_000 + recargo.hundredths()), 10_000)
}

/// Each instalment of `total` in `cuotas`, as the receipt prints it ("3 cuotas de $ 33.333,33"):
/// rounded to the cent, half away from zero (the card's issuer settles the last cent).
pub fn valor_cuota(total: Money, cuotas: u32) -> Option<Money> {
    (cuotas > 0).then(|| total.scaled(1, i128::from(cuotas))).flatten()
}

/// A surcharge as people read it: '10 %', '12,5 %', 'sin interés' for none.
pub fn recargo_texto(recargo: Medida) -> String {
    match recargo.hundredths() {
        0 => "sin interés".to_string(),
        _ => format!("{} % de recargo", recargo.to_string().replace('.', ",")),
    }
}

/// A plan by its instalments: '1 pago', '3 cuotas' (a closing's line, a breakdown's).
pub fn plan_nombre(cuotas: u32) -> String {
    match cuotas {
        1 => "1 pago".to_string(),
        n => format!("{n} cuotas"),
    }
}

/// A plan's instalments as the receipt and the cash list name them: '3 cuotas de $ 33.333,33',
/// or '1 pago' for one.
pub fn cuotas_texto(cuotas: u32, total: Money) -> String {
    match (cuotas, valor_cuota(total, cuotas)) {
        (1, _) | (_, None) => "1 pago".to_string(),
        (n, Some(cuota)) => format!("{n} cuotas de {}", cuota.es_ar()),
    }
}
