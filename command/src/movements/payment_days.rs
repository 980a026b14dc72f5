//! The day a payment's money belongs to. A blind closing counts one branch's day; money recorded
//! on a day nobody is going to count escapes it (a cashier could hand out a numbered receipt and
//! keep the cash out of today's drawer). So: no payment is dated in the future; a seller's
//! payments belong to the moment they are recorded, whatever date the form carried; only an
//! admin records money on a past day, and only into a day whose cash is open (opened and not
//! closed, or reopened), where the day's closing will count it.
//!
//! Only the payments a command adds or changes are dated: an edit that keeps a payment as it
//! was (same method, amounts and minute: how an edit's form sends it back) leaves it on its day,
//! at the time it was recorded.

use chrono::{NaiveDate, NaiveDateTime, Timelike};
use optica_events::movements::{MovimientoDatos, Pago};

use crate::closings::{Caja, Estado};
use crate::movements::Regla;
use crate::{EventStore, StoreError};

/// Who records the payments, and when.
#[derive(Clone, Copy, Debug)]
pub struct Cajero {
    pub admin: bool,
    /// The shop's local time now.
    pub ahora: NaiveDateTime,
    /// The largest discount a seller may give, in hundredths of a percent (see `price_floor`).
    pub descuento_maximo: u32,
}

/// A branch's day.
pub type Dia = (i64, NaiveDate);

/// Dates the payments `datos` adds or changes against `previous`: a seller's to now; refuses a
/// payment in the future. Answers the past days (branch, day) an admin's payments land on,
/// whose cash must be open (`open`).
pub fn date(previous: Option<&MovimientoDatos>, datos: &mut MovimientoDatos, quien: Cajero) -> Result<Vec<Dia>, Regla> {
    let before = matches(previous.map_or(&[][..], |p| &p.pagos), &datos.pagos);
    let hoy = quien.ahora.date();
    let mut past = Vec::new();
    for (pago, old) in datos.pagos.iter_mut().zip(before) {
        if let Some(old) = old {
            // The form's minute stands for the stored time, seconds included.
            pago.fecha = old.fecha;
            continue;
        }
        if !quien.admin {
            pago.fecha = quien.ahora;
            continue;
        }
        let dia = pago.fecha.date();
        if dia > hoy {
            return Err(Regla::PagoFuturo { dia });
        }
        if dia < hoy {
            past.push((pago.branch(datos.local_id), dia));
        }
    }
    past.sort_unstable();
    past.dedup();
    Ok(past)
}

/// The same payment as an edit's form sends it back: method, amounts and time, to the minute.
/// The web app's form holds times to the minute, while a collection is recorded to the second:
/// compared to the second, every web-app edit of a sale with a collection took that payment for
/// a new one (dated now, and off the branch that collected it).
pub fn same(a: &Pago, b: &Pago) -> bool {
    let minute = |t: NaiveDateTime| t.with_second(0).and_then(|t| t.with_nanosecond(0)).unwrap_or(t);
    (a.metodo_pago_id, a.monto, a.monto_impuesto, minute(a.fecha))
        == (b.metodo_pago_id, b.monto, b.monto_impuesto, minute(b.fecha))
}

/// For each of `pagos`, the payment of `previous` it is (`same`), each matched at most once; `None`
/// for a payment the command adds or changes.
pub fn matches<'a>(previous: &'a [Pago], pagos: &[Pago]) -> Vec<Option<&'a Pago>> {
    let mut left: Vec<&Pago> = previous.iter().collect();
    pagos
        .iter()
        .map(|pago| left.iter().position(|old| same(old, pago)).map(|i| left.remove(i)))
        .collect()
}

/// Whether the branch's cash of that day is open (its closing, or the next one after a
/// reopening, will count what lands in it). A day closed meanwhile is refused at the commit, by
/// the ledger's check.
pub async fn open(store: &EventStore, (local_id, dia): Dia) -> Result<bool, StoreError> {
    let Some(id) = crate::closings::day_stream(store, local_id, dia).await? else {
        return Ok(false);
    };
    let (caja, _) = store.load::<Caja>(&id.to_string()).await?;
    Ok(caja.estado() == Estado::Abierta)
}

#[cfg(test)]
mod tests {
    use super::*;
    use optica_events::movements::TipoMovimiento;
    use optica_events::Money;

    fn at(d: u32, h: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, d)
            .unwrap()
            .and_hms_opt(h, 0, 0)
            .unwrap()
    }

    fn pago(fecha: NaiveDateTime, monto: i64) -> Pago {
        Pago {
            id: 1,
            metodo_pago_id: 1,
            monto: Money::from_cents(monto),
            monto_impuesto: Money::from_cents(monto),
            fecha,
            local_id: None,
            plan: None,
        }
    }

    fn datos(pagos: Vec<Pago>) -> MovimientoDatos {
        MovimientoDatos {
            tipo: TipoMovimiento::Entrada,
            fecha: at(20, 10),
            local_id: 3,
            paciente_id: None,
            vendedor: None,
            descripcion: None,
            lineas: vec![],
            adicionales: vec![],
            descuento: None,
            total: Money::from_cents(1000),
            total_impuesto: Money::from_cents(1000),
            pagos,
            estado: None,
            devolucion: None,
            motivo_precio: None,
            cobertura: None,
        }
    }

    #[test]
    fn a_sellers_new_payments_are_dated_now_and_kept_ones_stay() {
        let seller = Cajero {
            admin: false,
            ahora: at(28, 12),
            descuento_maximo: 3000,
        };
        let before = datos(vec![pago(at(20, 10), 100)]);
        let mut after = datos(vec![pago(at(20, 10), 100), pago(at(20, 11), 50), pago(at(29, 9), 5)]);
        assert_eq!(date(Some(&before), &mut after, seller), Ok(vec![]));
        let fechas: Vec<NaiveDateTime> = after.pagos.iter().map(|p| p.fecha).collect();
        assert_eq!(fechas, [at(20, 10), at(28, 12), at(28, 12)]);
    }

    #[test]
    fn an_admins_past_payment_names_its_day_and_a_future_one_is_refused() {
        let admin = Cajero {
            admin: true,
            ahora: at(28, 12),
            descuento_maximo: 3000,
        };
        let mut past = datos(vec![pago(at(20, 11), 50), pago(at(28, 9), 5)]);
        assert_eq!(date(None, &mut past, admin), Ok(vec![(3, at(20, 0).date())]));
        let mut future = datos(vec![pago(at(29, 9), 5)]);
        assert_eq!(
            date(None, &mut future, admin),
            Err(Regla::PagoFuturo { dia: at(29, 0).date() })
        );
    }
}
