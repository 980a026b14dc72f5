//! A movement's payments in cuotas, charged on the plans in force on each payment's day.
//!
//! The request names the plan (`Pago::plan` with its `cuotas`); what the card is charged is the
//! server's: `monto` with the plan's surcharge, which the payment's `monto_impuesto` must state
//! (the web app computes it with the same rule and shows it before saving). A payment an edit
//! sends back as it was keeps the rate it was charged at, whatever the plan's rate is now.

use std::collections::BTreeMap;

use optica_events::movements::{MovimientoDatos, Pago, TipoMovimiento};

use super::service::{rules, SaleError};
use crate::card_plans::PlanesTarjeta;
use crate::movements::Regla;
use crate::{CommandError, EventStore};

/// Gives each payment in cuotas of `datos` the rate it is charged at (on its own day: the
/// dates must be settled first, see `movements::payment_days`), checking what it charges.
pub async fn charge_payments(
    store: &EventStore,
    previous: Option<&MovimientoDatos>,
    datos: &mut MovimientoDatos,
) -> Result<(), CommandError<SaleError>> {
    if datos.pagos.iter().all(|p| p.plan.is_none()) {
        return Ok(());
    }
    if datos.tipo == TipoMovimiento::Salida {
        return Err(rules(vec![Regla::CuotasEnEgreso]));
    }
    charge(store, previous.map_or(&[][..], |p| &p.pagos), &mut datos.pagos).await
}

/// `charge_payments` for payments of a sale, `before` those it had.
pub async fn charge(store: &EventStore, before: &[Pago], pagos: &mut [Pago]) -> Result<(), CommandError<SaleError>> {
    let mut planes: BTreeMap<i64, PlanesTarjeta> = BTreeMap::new();
    let mut kept: Vec<&Pago> = before.iter().collect();
    let mut errors = Vec::new();
    for (n, pago) in pagos.iter_mut().enumerate() {
        let Some(asked) = pago.plan else { continue };
        if let Some(i) = kept.iter().position(|old| as_charged(old, pago, asked.cuotas)) {
            pago.plan = kept.remove(i).plan;
            continue;
        }
        if let std::collections::btree_map::Entry::Vacant(slot) = planes.entry(pago.metodo_pago_id) {
            slot.insert(store.load::<PlanesTarjeta>(&pago.metodo_pago_id.to_string()).await?.0);
        }
        let dia = pago.fecha.date();
        match planes[&pago.metodo_pago_id].charge(pago.monto, asked.cuotas, dia) {
            None => errors.push(Regla::SinPlanDeCuotas {
                pago: n + 1,
                cuotas: asked.cuotas,
                dia,
            }),
            Some((cobro, plan)) if cobro != pago.monto_impuesto => errors.push(Regla::RecargoDelPlan {
                pago: n + 1,
                cuotas: plan.cuotas,
                recargo: plan.recargo,
                cobro,
            }),
            Some((_, plan)) => pago.plan = Some(plan),
        }
    }
    match errors.is_empty() {
        true => Ok(()),
        false => Err(rules(errors)),
    }
}

/// A payment sent back as it was saved, in the same plan.
fn as_charged(old: &Pago, new: &Pago, cuotas: u32) -> bool {
    (old.metodo_pago_id, old.monto, old.monto_impuesto, old.fecha)
        == (new.metodo_pago_id, new.monto, new.monto_impuesto, new.fecha)
        && old.plan.map(|p| p.cuotas) == Some(cuotas)
}
