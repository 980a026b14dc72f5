//! What an edit or a collection makes of a movement's data before the aggregate decides: the
//! payment collected on a balance, the branches of payments an edit keeps, and the refund that
//! never changes.

use optica_events::movements::{MovimientoDatos, Pago, TipoMovimiento};
use optica_events::Money;

use super::{validate, MovimientoError, Regla};

/// The movement with a payment on its balance added (numbered after the others).
pub(super) fn collected(
    current: &MovimientoDatos,
    saldo: Money,
    mut pago: Pago,
) -> Result<MovimientoDatos, MovimientoError> {
    let refused = |regla| Err(MovimientoError::Invalid(vec![regla]));
    if current.tipo != TipoMovimiento::Entrada {
        return refused(Regla::CobroSoloEntrada);
    }
    if saldo <= Money::ZERO {
        return refused(Regla::SinSaldo);
    }
    if pago.monto <= Money::ZERO {
        return refused(Regla::CobroSinMonto);
    }
    if pago.monto > saldo {
        return refused(Regla::CobroExcedeSaldo { saldo });
    }
    // What the drawer takes is never less than what leaves the debt (see `rules::check_new`).
    if pago.plan.is_none() && pago.monto_impuesto < pago.monto {
        return refused(Regla::CobroMenorQueMonto);
    }
    let mut datos = current.clone();
    pago.id = datos.pagos.iter().map(|p| p.id).max().unwrap_or(0) + 1;
    datos.total_impuesto = datos
        .total_impuesto
        .checked_add(pago.monto_impuesto)
        .ok_or(MovimientoError::Invalid(vec![Regla::PagosExcedenTotal]))?;
    datos.pagos.push(pago);
    validate(datos)
}

/// A return's SALIDA stays as registered: the sale's stream recorded it.
pub(super) fn immutable_return(current: &MovimientoDatos) -> Result<(), MovimientoError> {
    match current.devolucion {
        Some(_) => Err(MovimientoError::Invalid(vec![Regla::DevolucionInmutable])),
        None => Ok(()),
    }
}

/// An edit's form does not know at which branch a payment was collected: a payment the edit
/// keeps unchanged (same method, amounts and time) keeps its branch.
pub(super) fn keep_payment_branches(current: &MovimientoDatos, mut datos: MovimientoDatos) -> MovimientoDatos {
    let same = super::payment_days::same;
    let mut elsewhere: Vec<&Pago> = current.pagos.iter().filter(|p| p.local_id.is_some()).collect();
    for pago in datos.pagos.iter_mut().filter(|p| p.local_id.is_none()) {
        if let Some(i) = elsewhere.iter().position(|old| same(old, pago)) {
            pago.local_id = elsewhere.remove(i).local_id;
        }
    }
    datos
}
