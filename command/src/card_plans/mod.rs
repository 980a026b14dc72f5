//! A card's plans in cuotas (`optica_events::card_plans`): an admin sets a plan's surcharge from
//! a date on, or stops offering it; a payment in cuotas takes the rate in force on its day
//! (`charge`).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use optica_events::card_plans::{con_recargo, PlanesTarjetaEvent, CARD_PLANS_AGGREGATE, MAX_CUOTAS, MAX_RECARGO};
use optica_events::movements::Plan;
use optica_events::{Medida, Money};
use serde::{Deserialize, Serialize};

mod service;
pub use service::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlanesCommand {
    /// The plan of `cuotas` carries `recargo` percent from `desde` on.
    FijarTasa {
        cuotas: u32,
        recargo: Medida,
        desde: NaiveDate,
    },
    /// The plan is no longer offered from `desde` on.
    Retirar { cuotas: u32, desde: NaiveDate },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlanesError {
    #[error("invalid plan: {0:?}")]
    Invalid(Vec<Regla>),
}

/// A rule of card plans, in the Spanish the screens show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("Las cuotas deben ser un número entero entre 1 y {MAX_CUOTAS}.")]
    CuotasFueraDeRango,
    #[error("El recargo debe ser un porcentaje entre 0 y 200, con hasta dos decimales.")]
    RecargoFueraDeRango,
    #[error("El plan de {cuotas} cuotas no se ofrece el {}.", dia.format("%d/%m/%Y"))]
    SinPlan { cuotas: u32, dia: NaiveDate },
}

/// Each plan's rates by start date; `None` from the day it stopped being offered.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PlanesTarjeta {
    planes: BTreeMap<u32, BTreeMap<NaiveDate, Option<Medida>>>,
}

impl PlanesTarjeta {
    /// The surcharge of the plan of `cuotas` on day `dia`; `None` when it is not offered then.
    pub fn tasa(&self, cuotas: u32, dia: NaiveDate) -> Option<Medida> {
        let rates = self.planes.get(&cuotas)?;
        rates.range(..=dia).next_back().and_then(|(_, r)| *r)
    }

    /// Every rate: (cuotas, start, surcharge; none from the day the plan stopped), by cuotas and
    /// start.
    pub fn tasas(&self) -> impl Iterator<Item = (u32, NaiveDate, Option<Medida>)> + '_ {
        self.planes
            .iter()
            .flat_map(|(cuotas, rates)| rates.iter().map(move |(desde, r)| (*cuotas, *desde, *r)))
    }

    /// What a payment of `monto` in `cuotas` on day `dia` is charged, and the plan it records.
    pub fn charge(&self, monto: Money, cuotas: u32, dia: NaiveDate) -> Option<(Money, Plan)> {
        let recargo = self.tasa(cuotas, dia)?;
        Some((con_recargo(monto, recargo)?, Plan { cuotas, recargo }))
    }
}

fn check_cuotas(cuotas: u32) -> Result<(), PlanesError> {
    match (1..=MAX_CUOTAS).contains(&cuotas) {
        true => Ok(()),
        false => Err(PlanesError::Invalid(vec![Regla::CuotasFueraDeRango])),
    }
}

aggregate!(PlanesTarjeta: CARD_PLANS_AGGREGATE, PlanesCommand => PlanesTarjetaEvent, PlanesError);

impl PlanesTarjeta {
    async fn decide(&mut self, command: PlanesCommand, sink: &EventSink<Self>) -> Result<(), PlanesError> {
        let event = match command {
            PlanesCommand::FijarTasa { cuotas, recargo, desde } => {
                check_cuotas(cuotas)?;
                if !(0..=MAX_RECARGO).contains(&recargo.hundredths()) {
                    return Err(PlanesError::Invalid(vec![Regla::RecargoFueraDeRango]));
                }
                // The same rate from the same day again (a form saved twice) changes nothing.
                let recorded = self.planes.get(&cuotas).and_then(|r| r.get(&desde));
                if recorded == Some(&Some(recargo)) {
                    return Ok(());
                }
                PlanesTarjetaEvent::TasaFijada { cuotas, recargo, desde }
            }
            PlanesCommand::Retirar { cuotas, desde } => {
                check_cuotas(cuotas)?;
                if self.tasa(cuotas, desde).is_none() {
                    return Err(PlanesError::Invalid(vec![Regla::SinPlan { cuotas, dia: desde }]));
                }
                PlanesTarjetaEvent::PlanRetirado { cuotas, desde }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: PlanesTarjetaEvent) {
        let (cuotas, desde, recargo) = match event {
            PlanesTarjetaEvent::TasaFijada { cuotas, recargo, desde } => (cuotas, desde, Some(recargo)),
            PlanesTarjetaEvent::PlanRetirado { cuotas, desde } => (cuotas, desde, None),
        };
        self.planes.entry(cuotas).or_default().insert(desde, recargo);
    }
}

/// A card's plans name their payment method by their stream's id only: deleting the method
/// leaves them unread (the read side lists the plans of live methods), so no link holds it.
impl crate::store::links::Linked for PlanesTarjeta {}

#[cfg(test)]
mod tests;
