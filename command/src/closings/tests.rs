//! Given/when/then rules of the cash day: the blind count, the lock, reopening.
#![allow(clippy::unwrap_used, clippy::inconsistent_digit_grouping)]

use cqrs_es::test::TestFramework;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<Caja>;

const EFECTIVO: i64 = 1;
const TARJETA: i64 = 2;

fn dia() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
}

fn monto(metodo_pago_id: i64, cents: i64) -> PorMetodo {
    PorMetodo::of(metodo_pago_id, Money::from_cents(cents))
}

fn abierta() -> CajaEvent {
    CajaEvent::CajaAbierta {
        local_id: 1,
        dia: dia(),
        fondo: vec![monto(EFECTIVO, 5000_00)],
    }
}

fn cerrada() -> CajaEvent {
    CajaEvent::CajaCerrada {
        local_id: 1,
        dia: dia(),
        contado: vec![],
        esperado: vec![],
        motivo: None,
    }
}

fn contar(contado: Vec<PorMetodo>, movimientos: Vec<PorMetodo>, motivo: Option<&str>) -> CajaCommand {
    CajaCommand::Contar {
        local_id: 1,
        dia: dia(),
        hoy: dia(),
        contado,
        movimientos,
        motivo: motivo.map(String::from),
    }
}

/// A count of the cash 1.00 below the 7000.00 expected (5000.00 float, 2000.00 of movements).
fn one_peso_short(motivo: Option<&str>) -> CajaCommand {
    contar(vec![monto(EFECTIVO, 6999_00)], vec![monto(EFECTIVO, 2000_00)], motivo)
}

#[test]
fn a_count_that_matches_the_float_plus_the_movements_closes_the_day() {
    Given::after(vec![abierta()])
        .when(contar(
            vec![monto(EFECTIVO, 7000_00), monto(TARJETA, 1500_00)],
            vec![monto(EFECTIVO, 2000_00), monto(TARJETA, 1500_00)],
            None,
        ))
        .then_expect_events(vec![CajaEvent::CajaCerrada {
            local_id: 1,
            dia: dia(),
            contado: vec![monto(EFECTIVO, 7000_00), monto(TARJETA, 1500_00)],
            esperado: vec![monto(EFECTIVO, 7000_00), monto(TARJETA, 1500_00)],
            motivo: None,
        }]);
}

#[test]
fn a_count_that_differs_without_a_reason_is_recorded_and_the_day_stays_open() {
    Given::after(vec![abierta()])
        .when(one_peso_short(Some("   ")))
        .then_expect_events(vec![CajaEvent::CajaContada {
            local_id: 1,
            dia: dia(),
            contado: vec![monto(EFECTIVO, 6999_00)],
            esperado: vec![monto(EFECTIVO, 7000_00)],
        }]);
}

#[test]
fn a_method_expected_but_not_counted_is_a_difference() {
    let differences = diferencias(&[monto(EFECTIVO, 100)], &[monto(EFECTIVO, 100), monto(TARJETA, 50)]);
    assert_eq!(differences, vec![monto(EFECTIVO, 0), monto(TARJETA, -50)]);
}

#[test]
fn a_difference_with_its_reason_closes_the_day() {
    Given::after(vec![abierta()])
        .when(one_peso_short(Some(" Vuelto mal dado ")))
        .then_expect_events(vec![CajaEvent::CajaCerrada {
            local_id: 1,
            dia: dia(),
            contado: vec![monto(EFECTIVO, 6999_00)],
            esperado: vec![monto(EFECTIVO, 7000_00)],
            motivo: Some("Vuelto mal dado".into()),
        }]);
}

#[test]
fn a_closed_day_takes_no_count_and_no_new_float() {
    Given::after(vec![abierta(), cerrada()])
        .when(contar(vec![], vec![], None))
        .then_expect_error(CajaError::Invalid(vec![Regla::Cerrada]));
    Given::after(vec![cerrada()])
        .when(CajaCommand::Abrir {
            local_id: 1,
            dia: dia(),
            hoy: dia(),
            fondo: vec![],
            admin: false,
        })
        .then_expect_error(CajaError::Invalid(vec![Regla::Cerrada]));
}

#[test]
fn only_a_closed_day_is_reopened_and_only_with_a_reason() {
    let reabrir = |motivo: &str| CajaCommand::Reabrir {
        local_id: 1,
        dia: dia(),
        motivo: motivo.into(),
    };
    Given::after(vec![abierta()])
        .when(reabrir("Falta una venta"))
        .then_expect_error(CajaError::Invalid(vec![Regla::NoCerrada]));
    Given::after(vec![cerrada()])
        .when(reabrir("  "))
        .then_expect_error(CajaError::Invalid(vec![Regla::SinMotivo]));
    Given::after(vec![cerrada()])
        .when(reabrir(" Falta una venta "))
        .then_expect_events(vec![CajaEvent::CajaReabierta {
            local_id: 1,
            dia: dia(),
            motivo: "Falta una venta".into(),
        }]);
    // and a reopened day is counted again
    let reopened = CajaEvent::CajaReabierta {
        local_id: 1,
        dia: dia(),
        motivo: "x".into(),
    };
    Given::after(vec![cerrada(), reopened])
        .when(contar(vec![], vec![], None))
        .then_expect_events(vec![cerrada()]);
}

#[test]
fn amounts_are_checked_and_a_future_day_is_refused() {
    Given::fresh()
        .when(CajaCommand::Abrir {
            local_id: 1,
            dia: dia().succ_opt().unwrap(),
            hoy: dia(),
            fondo: vec![monto(EFECTIVO, -1), monto(EFECTIVO, 2)],
            admin: false,
        })
        .then_expect_error(CajaError::Invalid(vec![
            Regla::DiaFuturo,
            Regla::MontoNegativo,
            Regla::MetodoRepetido,
        ]));
    let many = (0..=MAX_METODOS as i64).map(|m| monto(m, 1)).collect();
    Given::fresh()
        .when(contar(many, vec![], Some(&"x".repeat(MAX_MOTIVO + 1))))
        .then_expect_error(CajaError::Invalid(vec![Regla::DemasiadosMetodos, Regla::MotivoLargo]));
}

#[test]
fn a_float_corrected_while_open_replaces_the_first_and_zero_amounts_are_left_out() {
    Given::after(vec![abierta()])
        .when(CajaCommand::Abrir {
            local_id: 1,
            dia: dia(),
            hoy: dia(),
            fondo: vec![monto(EFECTIVO, 4000_00), monto(TARJETA, 0)],
            admin: false,
        })
        .then_expect_events(vec![CajaEvent::CajaAbierta {
            local_id: 1,
            dia: dia(),
            fondo: vec![monto(EFECTIVO, 4000_00)],
        }]);
}

#[test]
fn a_card_counted_whole_is_compared_whole_and_one_counted_per_plan_per_plan() {
    let plan = |cuotas: u32, cents: i64| PorMetodo {
        cuotas: Some(cuotas),
        ..monto(2, cents)
    };
    let esperado = vec![monto(1, 500), monto(2, 600), plan(3, 600), plan(6, 660)];
    // whole: nothing typed on its plans (a zero is nothing)
    let whole = al_detalle_del_conteo(&[monto(1, 500), monto(2, 1860), plan(3, 0)], esperado.clone());
    assert_eq!(whole, [monto(1, 500), monto(2, 1860)]);
    // per plan: each line against its own
    let per_plan = al_detalle_del_conteo(&[monto(2, 600), plan(3, 600), plan(6, 600)], esperado.clone());
    assert_eq!(per_plan, esperado);
    let diferencias = diferencias(&[monto(1, 500), monto(2, 600), plan(3, 600), plan(6, 600)], &per_plan);
    let distintas: Vec<_> = diferencias.into_iter().filter(|d| d.monto != Money::ZERO).collect();
    assert_eq!(distintas, [plan(6, -60)]);
}

#[test]
fn after_a_count_the_float_is_corrected_by_an_admin_only() {
    let contada = CajaEvent::CajaContada {
        local_id: 1,
        dia: dia(),
        contado: vec![monto(EFECTIVO, 6999_00)],
        esperado: vec![monto(EFECTIVO, 7000_00)],
    };
    let abrir = |admin| CajaCommand::Abrir {
        local_id: 1,
        dia: dia(),
        hoy: dia(),
        fondo: vec![monto(EFECTIVO, 4999_00)],
        admin,
    };
    let abierta_con = || CajaEvent::CajaAbierta {
        local_id: 1,
        dia: dia(),
        fondo: vec![monto(EFECTIVO, 4999_00)],
    };
    Given::after(vec![abierta()])
        .when(abrir(false))
        .then_expect_events(vec![abierta_con()]);
    Given::after(vec![abierta(), contada.clone()])
        .when(abrir(false))
        .then_expect_error(CajaError::Invalid(vec![Regla::FondoTrasElConteo]));
    Given::after(vec![abierta(), contada])
        .when(abrir(true))
        .then_expect_events(vec![abierta_con()]);
}
