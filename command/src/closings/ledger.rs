//! The cash ledger, and the lock that keeps a closing and the cash box's commands apart.
//!
//! Each (branch, day) has a PostgreSQL advisory lock. A command of the cash box that changes a
//! day's figures adds its `LedgerWrite` to its unit: inside the unit's transaction it takes the
//! days' locks shared, refuses the unit when a day is closed, and writes the movement's rows of
//! the ledger (`cash_ledger`: what each movement puts into each day's
//! drawers, per method). A count takes the lock exclusive and sums the day's ledger in the same
//! transaction. So a sale committed while a day is being closed is either in the closing's
//! figures (it committed first) or refused (it took the lock after the closing committed),
//! never neither. The locked part of a count uses only its own connection: sales waiting on the
//! lock hold pool connections, and the count must not need another one to finish. Two days that
//! share a lock key only wait on each other; correctness does not depend on the keys being
//! distinct.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::{Datelike, NaiveDate};
use optica_events::closings::{day_key, PorMetodo, CASH_DAY_SCOPE};
use optica_events::movements::{MovimientoDatos, TipoMovimiento};
use optica_events::Money;
use sqlx::PgConnection;

use crate::store::extra::{Extra, ExtraError, Refusal, Stamp};

/// A branch's day.
pub type Dia = (i64, NaiveDate);

/// A line of a day's figures: a payment method, and the card plan's cuotas (0: payments
/// without a plan), as the ledger's rows key them.
pub type Linea = (i64, i32);

/// The advisory locks' first key ("caja"); the projector's lock is in the one-key space.
pub(super) const LOCK_SPACE: i32 = 0x6361_6a61;

pub(super) fn lock_key((local_id, dia): Dia) -> i32 {
    let mixed = local_id.wrapping_mul(1_000_003) ^ i64::from(dia.num_days_from_ce());
    (mixed ^ (mixed >> 32)) as i32
}

/// What a movement does to the drawers: per branch and day, per payment method and card plan
/// (`Linea`), the cents that came in (ENTRADA) or went out (SALIDA, negative), surcharge
/// included.
pub fn effect(datos: Option<&MovimientoDatos>) -> BTreeMap<Dia, BTreeMap<Linea, i64>> {
    let mut days: BTreeMap<Dia, BTreeMap<Linea, i64>> = BTreeMap::new();
    let Some(d) = datos else {
        return days;
    };
    let sign = if d.tipo == TipoMovimiento::Entrada { 1 } else { -1 };
    for p in &d.pagos {
        let day = days.entry((p.branch(d.local_id), p.fecha.date())).or_default();
        let linea = (p.metodo_pago_id, p.plan.map_or(0, |plan| plan.cuotas as i32));
        *day.entry(linea).or_default() += sign * p.monto_impuesto.cents();
    }
    for methods in days.values_mut() {
        methods.retain(|_, cents| *cents != 0);
    }
    days
}

/// The days whose figures differ between two versions of a movement (either may be none).
pub fn changed_days(before: Option<&MovimientoDatos>, after: Option<&MovimientoDatos>) -> Vec<Dia> {
    let (before, after) = (effect(before), effect(after));
    let mut days: Vec<Dia> = before
        .keys()
        .chain(after.keys())
        .filter(|day| before.get(day) != after.get(day))
        .copied()
        .collect();
    days.sort_unstable();
    days.dedup();
    days
}

/// A movement's rows of the cash ledger as they stand after a command, and the days whose
/// figures the command changes.
pub struct LedgerWrite {
    movimiento_id: i64,
    rows: BTreeMap<Dia, BTreeMap<Linea, i64>>,
    changed: Vec<Dia>,
    /// A new movement has no rows yet: nothing to delete (a round trip less per sale).
    fresh: bool,
}

impl LedgerWrite {
    pub fn new(movimiento_id: i64, before: Option<&MovimientoDatos>, after: Option<&MovimientoDatos>) -> Self {
        LedgerWrite {
            movimiento_id,
            rows: effect(after),
            changed: changed_days(before, after),
            fresh: before.is_none(),
        }
    }

    /// Also checks (and locks) `day` though no money of it moves: a command that must not land
    /// in a closed day's records.
    pub fn touching(mut self, day: Dia) -> Self {
        if !self.changed.contains(&day) {
            self.changed.push(day);
            self.changed.sort_unstable();
        }
        self
    }

    /// The days the command changes (none: the ledger stays as it is).
    pub fn changed(&self) -> &[Dia] {
        &self.changed
    }

    /// Replaces the rows of every movement of `all`, in two statements whatever their number:
    /// units that commit together write their ledgers at once.
    async fn write(all: &[&LedgerWrite], conn: &mut PgConnection) -> Result<(), sqlx::Error> {
        let edited: Vec<i64> = all.iter().filter(|w| !w.fresh).map(|w| w.movimiento_id).collect();
        if !edited.is_empty() {
            sqlx::query("delete from cash_ledger where movimiento_id = any($1)")
                .bind(&edited)
                .execute(&mut *conn)
                .await?;
        }
        let mut columns: (Vec<i64>, Vec<i64>, Vec<NaiveDate>) = Default::default();
        let mut lines: (Vec<i64>, Vec<i32>, Vec<i64>) = Default::default();
        for write in all {
            for ((local_id, dia), methods) in &write.rows {
                for ((metodo, cuotas), cents) in methods {
                    columns.0.push(write.movimiento_id);
                    columns.1.push(*local_id);
                    columns.2.push(*dia);
                    lines.0.push(*metodo);
                    lines.1.push(*cuotas);
                    lines.2.push(*cents);
                }
            }
        }
        if columns.0.is_empty() {
            return Ok(());
        }
        sqlx::query(
            "insert into cash_ledger (movimiento_id, local_id, dia, metodo_pago_id, cuotas, cents)
             select * from unnest($1::bigint[], $2::bigint[], $3::date[], $4::bigint[], $5::int[], $6::bigint[])",
        )
        .bind(&columns.0)
        .bind(&columns.1)
        .bind(&columns.2)
        .bind(&lines.0)
        .bind(&lines.1)
        .bind(&lines.2)
        .execute(&mut *conn)
        .await?;
        Ok(())
    }
}

/// The day's movements per method and card plan from the ledger: what the drawers and the card
/// batches should hold beyond the float.
pub(super) async fn ledger_sums(conn: &mut PgConnection, (local_id, dia): Dia) -> Result<Vec<PorMetodo>, sqlx::Error> {
    let rows: Vec<(i64, i32, i64)> = sqlx::query_as(
        "select metodo_pago_id, cuotas, sum(cents)::bigint from cash_ledger
         where local_id = $1 and dia = $2 group by metodo_pago_id, cuotas order by metodo_pago_id, cuotas",
    )
    .bind(local_id)
    .bind(dia)
    .fetch_all(&mut *conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(metodo_pago_id, cuotas, cents)| PorMetodo {
            metodo_pago_id,
            monto: Money::from_cents(cents),
            cuotas: u32::try_from(cuotas).ok().filter(|c| *c > 0),
        })
        .collect())
}

/// Takes the days' locks shared (in order) and answers the first closed one, in one round trip
/// (migration 0024: the check runs after the locks, on a snapshot taken then).
async fn first_closed(conn: &mut PgConnection, days: &[Dia]) -> Result<Option<Dia>, sqlx::Error> {
    if days.is_empty() {
        return Ok(None);
    }
    let mut keys: Vec<i32> = days.iter().map(|d| lock_key(*d)).collect();
    keys.sort_unstable();
    keys.dedup();
    let claims: Vec<String> = days.iter().map(|(l, d)| day_key(*l, *d)).collect();
    let closed: Option<String> = sqlx::query_scalar("select optica_first_closed_day($1, $2, $3, $4)")
        .bind(LOCK_SPACE)
        .bind(&keys)
        .bind(CASH_DAY_SCOPE)
        .bind(&claims)
        .fetch_one(&mut *conn)
        .await?;
    Ok(closed.and_then(|key| days.iter().copied().find(|(l, d)| day_key(*l, *d) == key)))
}

/// A refused movement's answer: the day is closed, so an admin reopens it first, or the movement
/// goes on a day whose cash is open (the closed day may be today itself: "today" is no advice).
fn closed((_, dia): Dia) -> Refusal {
    Refusal(format!(
        "La caja del {} de ese local ya está cerrada. Pedí a un administrador que la reabra, \
         o registrá el movimiento en un día con la caja abierta.",
        dia.format("%d/%m/%Y")
    ))
}

#[async_trait]
impl Extra for LedgerWrite {
    /// The rows are written before the events, not after: a unit that also takes a counter
    /// (a sale's receipt number) takes it with the events, and every statement after that is
    /// time the next sale of the branch waits.
    async fn before(&self, tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        self.before_all(&[self], tx).await
    }

    /// The days of all of them locked and checked in one statement, their rows written in one.
    async fn before_all(&self, all: &[&dyn Extra], tx: &mut PgConnection) -> Result<Vec<Stamp>, ExtraError> {
        let all: Vec<&LedgerWrite> = all
            .iter()
            .filter_map(|extra| (*extra as &dyn std::any::Any).downcast_ref::<LedgerWrite>())
            .collect();
        let mut days: Vec<Dia> = all.iter().flat_map(|w| w.changed.iter().copied()).collect();
        days.sort_unstable();
        days.dedup();
        if let Some(day) = first_closed(tx, &days).await? {
            return Err(ExtraError::Refused(closed(day)));
        }
        LedgerWrite::write(&all, tx).await?;
        Ok(Vec::new())
    }

    fn idle(&self) -> bool {
        self.changed.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDateTime;
    use optica_events::movements::Pago;

    use super::*;

    fn at(day: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 11, day)
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap()
    }

    fn pago(metodo_pago_id: i64, cents: i64, day: u32) -> Pago {
        Pago {
            id: 1,
            metodo_pago_id,
            monto: Money::from_cents(cents),
            monto_impuesto: Money::from_cents(cents),
            fecha: at(day),
            local_id: None,
            plan: None,
        }
    }

    fn movimiento(tipo: TipoMovimiento, pagos: Vec<Pago>) -> MovimientoDatos {
        MovimientoDatos {
            tipo,
            fecha: at(21),
            local_id: 1,
            paciente_id: None,
            vendedor: None,
            descripcion: Some("x".into()),
            lineas: vec![],
            adicionales: vec![],
            descuento: None,
            total: Money::from_cents(100),
            total_impuesto: Money::from_cents(100),
            pagos,
            estado: None,
            devolucion: None,
            motivo_precio: None,
            cobertura: None,
        }
    }

    #[test]
    fn a_movement_changes_the_days_its_payments_fall_on_and_expenses_take_out() {
        let day = |d: u32| (1, at(d).date());
        let venta = movimiento(TipoMovimiento::Entrada, vec![pago(1, 60, 21), pago(2, 40, 22)]);
        let gasto = movimiento(TipoMovimiento::Salida, vec![pago(1, 100, 21)]);
        assert_eq!(effect(Some(&gasto))[&day(21)][&(1, 0)], -100);
        assert_eq!(changed_days(None, Some(&venta)), vec![day(21), day(22)]);
        assert_eq!(changed_days(Some(&venta), None), vec![day(21), day(22)]);
        // an edit that keeps the payments changes no day; one that moves a payment changes both
        let mut described = venta.clone();
        described.descripcion = Some("otra".into());
        assert_eq!(changed_days(Some(&venta), Some(&described)), vec![]);
        let moved = movimiento(TipoMovimiento::Entrada, vec![pago(1, 60, 21), pago(2, 40, 23)]);
        assert_eq!(changed_days(Some(&venta), Some(&moved)), vec![day(22), day(23)]);
        // two payments that cancel out on a day leave it unchanged
        let zero = movimiento(TipoMovimiento::Entrada, vec![]);
        assert_eq!(effect(Some(&zero)), BTreeMap::new());
    }
}
