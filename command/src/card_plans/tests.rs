//! Given/when/then rules of a card's plans, and the shared cases of what a plan charges.
#![allow(clippy::unwrap_used)]

use cqrs_es::test::TestFramework;
use optica_events::card_plans::{cuotas_texto, valor_cuota};
use serde::Deserialize;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<PlanesTarjeta>;

fn dia(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
}

fn pct(hundredths: i64) -> Medida {
    Medida::from_hundredths(hundredths)
}

fn fijada(cuotas: u32, recargo: i64, desde: u32) -> PlanesTarjetaEvent {
    PlanesTarjetaEvent::TasaFijada {
        cuotas,
        recargo: pct(recargo),
        desde: dia(desde),
    }
}

fn fijar(cuotas: u32, recargo: i64, desde: u32) -> PlanesCommand {
    PlanesCommand::FijarTasa {
        cuotas,
        recargo: pct(recargo),
        desde: dia(desde),
    }
}

#[test]
fn a_rate_is_set_from_its_day_on() {
    Given::fresh()
        .when(fijar(3, 1000, 10))
        .then_expect_events(vec![fijada(3, 1000, 10)]);
}

#[test]
fn the_same_rate_from_the_same_day_again_changes_nothing() {
    Given::after(vec![fijada(3, 1000, 10)])
        .when(fijar(3, 1000, 10))
        .then_expect_events(vec![]);
}

#[test]
fn instalments_and_surcharge_have_their_ranges() {
    for cuotas in [0, MAX_CUOTAS + 1] {
        Given::fresh()
            .when(fijar(cuotas, 0, 10))
            .then_expect_error(PlanesError::Invalid(vec![Regla::CuotasFueraDeRango]));
    }
    for recargo in [-1, MAX_RECARGO + 1] {
        Given::fresh()
            .when(fijar(3, recargo, 10))
            .then_expect_error(PlanesError::Invalid(vec![Regla::RecargoFueraDeRango]));
    }
    Given::fresh()
        .when(fijar(MAX_CUOTAS, MAX_RECARGO, 10))
        .then_expect_events(vec![fijada(MAX_CUOTAS, MAX_RECARGO, 10)]);
}

#[test]
fn a_plan_not_offered_that_day_cannot_be_withdrawn() {
    let retirar = |desde| PlanesCommand::Retirar {
        cuotas: 3,
        desde: dia(desde),
    };
    Given::after(vec![fijada(3, 1000, 10)])
        .when(retirar(9))
        .then_expect_error(PlanesError::Invalid(vec![Regla::SinPlan { cuotas: 3, dia: dia(9) }]));
    Given::after(vec![fijada(3, 1000, 10)])
        .when(retirar(12))
        .then_expect_events(vec![PlanesTarjetaEvent::PlanRetirado {
            cuotas: 3,
            desde: dia(12),
        }]);
}

#[test]
fn each_day_takes_the_rate_in_force_then() {
    let mut planes = PlanesTarjeta::default();
    for event in [
        fijada(3, 1000, 10),
        fijada(3, 1500, 20),
        PlanesTarjetaEvent::PlanRetirado {
            cuotas: 3,
            desde: dia(25),
        },
        fijada(3, 0, 28),
    ] {
        planes.evolve(event);
    }
    let tasa = |d| planes.tasa(3, dia(d)).map(Medida::hundredths);
    assert_eq!(
        [9, 10, 19, 20, 24, 25, 27, 28, 30].map(tasa),
        [
            None,
            Some(1000),
            Some(1000),
            Some(1500),
            Some(1500),
            None,
            None,
            Some(0),
            Some(0)
        ]
    );
    assert_eq!(planes.tasa(6, dia(20)), None);
    let (cobro, plan) = planes.charge(Money::from_cents(10_000_000), 3, dia(21)).unwrap();
    assert_eq!((cobro.cents(), plan.cuotas, plan.recargo), (11_500_000, 3, pct(1500)));
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Caso {
    nombre: String,
    monto: i64,
    recargo: i64,
    cuotas: u32,
    monto_impuesto: i64,
    valor_cuota: i64,
    texto: String,
}

#[derive(Deserialize)]
struct Casos {
    casos: Vec<Caso>,
}

/// tests/cases/card_plans.json: the web app computes the same figures before saving.
#[test]
fn the_shared_cases_of_what_a_plan_charges() {
    let text = include_str!("../../../tests/cases/card_plans.json");
    let casos: Casos = serde_json::from_str(text).unwrap();
    assert!(casos.casos.len() >= 5);
    for c in casos.casos {
        let mut planes = PlanesTarjeta::default();
        planes.evolve(fijada(c.cuotas, c.recargo, 1));
        let (cobro, _) = planes.charge(Money::from_cents(c.monto), c.cuotas, dia(2)).unwrap();
        assert_eq!(cobro.cents(), c.monto_impuesto, "{}", c.nombre);
        let cuota = valor_cuota(cobro, c.cuotas).unwrap();
        assert_eq!(cuota.cents(), c.valor_cuota, "{}", c.nombre);
        assert_eq!(cuotas_texto(c.cuotas, cobro), c.texto, "{}", c.nombre);
    }
}
