//! Given/when/then rules of the liquidaciones.
#![allow(clippy::unwrap_used)]

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<Liquidacion>;

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
}

fn pesos(p: i64) -> Money {
    Money::from_cents(p * 100)
}

/// Sales 1 (45.000) and 3 (43.800) of October presented on 5 November.
fn presentada() -> LiquidacionEvent {
    LiquidacionEvent::LiquidacionPresentada {
        obra_social_id: 7,
        mes: NaiveDate::from_ymd_opt(2026, 10, 1).unwrap(),
        fecha: day(5),
        items: vec![
            ItemLiquidacion {
                movimiento_id: 1,
                monto: pesos(45_000),
            },
            ItemLiquidacion {
                movimiento_id: 3,
                monto: Money::from_cents(4_380_000),
            },
        ],
    }
}

fn debito(movimiento_id: i64, monto: Money, motivo: &str) -> Debito {
    Debito {
        movimiento_id,
        monto,
        motivo: motivo.into(),
    }
}

fn cobrar(monto: Money, debitos: Vec<Debito>) -> LiquidacionCommand {
    LiquidacionCommand::Cobrar {
        cobro: CobroBanco {
            fecha: day(20),
            referencia: " Transferencia  4471 ".into(),
            monto,
            debitos,
        },
        hoy: day(28),
    }
}

#[test]
fn a_payment_with_a_rejected_item_settles_the_liquidacion() {
    Given::after(vec![presentada()])
        .when(cobrar(
            pesos(73_800),
            vec![debito(3, pesos(15_000), " Armazón  fuera de nomenclador ")],
        ))
        .then_expect_events(vec![LiquidacionEvent::CobroRegistrado {
            fecha: day(20),
            referencia: "Transferencia 4471".into(),
            monto: pesos(73_800),
            debitos: vec![debito(3, pesos(15_000), "Armazón fuera de nomenclador")],
        }]);
}

#[test]
fn a_payment_never_exceeds_what_is_owed_and_names_each_wrong_debito() {
    Given::after(vec![presentada()])
        .when(cobrar(pesos(80_000), vec![debito(3, pesos(15_000), "x")]))
        .then_expect_error(LiquidacionError::Invalid(vec![Regla::CobroExcede {
            pendiente: Money::from_cents(8_880_000),
        }]));
    Given::after(vec![presentada()])
        .when(LiquidacionCommand::Cobrar {
            cobro: CobroBanco {
                fecha: day(4),
                referencia: " ".into(),
                monto: Money::from_cents(-1),
                debitos: vec![
                    debito(2, pesos(1), "x"),
                    debito(3, pesos(50_000), ""),
                    debito(3, pesos(1), "x"),
                ],
            },
            hoy: day(28),
        })
        .then_expect_error(LiquidacionError::Invalid(vec![
            Regla::Referencia,
            Regla::FechaCobro { desde: day(5) },
            Regla::CobroNegativo,
            Regla::DebitoAjeno { id: 2 },
            Regla::DebitoMonto {
                id: 3,
                maximo: Money::from_cents(4_380_000),
            },
            Regla::DebitoSinMotivo { id: 3 },
            Regla::VentaRepetida { id: 3 },
        ]));
    let saldada = LiquidacionEvent::CobroRegistrado {
        fecha: day(20),
        referencia: "T".into(),
        monto: Money::from_cents(8_880_000),
        debitos: vec![],
    };
    Given::after(vec![presentada(), saldada])
        .when(cobrar(pesos(1), vec![]))
        .then_expect_error(LiquidacionError::Invalid(vec![Regla::YaCobrada]));
}

#[test]
fn a_rejected_item_is_billed_to_the_patient_once() {
    let cobro = LiquidacionEvent::CobroRegistrado {
        fecha: day(20),
        referencia: "T".into(),
        monto: pesos(73_800),
        debitos: vec![debito(3, pesos(15_000), "Sin receta")],
    };
    let facturado = LiquidacionEvent::DebitoFacturado {
        movimiento_id: 3,
        monto: pesos(15_000),
    };
    Given::after(vec![presentada(), cobro.clone()])
        .when(LiquidacionCommand::FacturarDebito { movimiento_id: 3 })
        .then_expect_events(vec![facturado.clone()]);
    Given::after(vec![presentada(), cobro.clone(), facturado])
        .when(LiquidacionCommand::FacturarDebito { movimiento_id: 3 })
        .then_expect_error(LiquidacionError::Invalid(vec![Regla::SinDebitoParaFacturar { id: 3 }]));
    Given::after(vec![presentada(), cobro])
        .when(LiquidacionCommand::FacturarDebito { movimiento_id: 1 })
        .then_expect_error(LiquidacionError::Invalid(vec![Regla::SinDebitoParaFacturar { id: 1 }]));
}

#[test]
fn what_is_owed_is_the_total_less_payments_and_debitos() {
    let mut l = Liquidacion::default();
    l.evolve(presentada());
    l.evolve(LiquidacionEvent::CobroRegistrado {
        fecha: day(20),
        referencia: "T".into(),
        monto: pesos(30_000),
        debitos: vec![debito(1, pesos(5_000), "Sin receta")],
    });
    assert_eq!(l.total(), Money::from_cents(8_880_000));
    assert_eq!(l.debitado(), pesos(5_000));
    assert_eq!(l.pendiente(), Money::from_cents(5_380_000));
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct ItemCaso {
    movimiento_id: i64,
    presentado: i64,
    debitado: i64,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct DebitoCaso {
    movimiento_id: i64,
    monto: i64,
}

#[derive(serde::Deserialize)]
struct CobroCaso {
    why: String,
    items: Vec<ItemCaso>,
    cobrado: i64,
    monto: i64,
    debitos: Vec<DebitoCaso>,
    errores: Vec<String>,
}

/// tests/cases/settlement_payment.json: the payment's form refuses the same before sending.
#[test]
fn a_payment_is_checked_as_the_shared_cases_say() {
    #[derive(serde::Deserialize)]
    struct Casos {
        casos: Vec<CobroCaso>,
    }
    let casos: Casos = serde_json::from_str(include_str!("../../../tests/cases/settlement_payment.json")).unwrap();
    for c in casos.casos {
        let mut l = Liquidacion::default();
        l.evolve(LiquidacionEvent::LiquidacionPresentada {
            obra_social_id: 7,
            mes: day(1),
            fecha: day(5),
            items: c
                .items
                .iter()
                .map(|i| ItemLiquidacion {
                    movimiento_id: i.movimiento_id,
                    monto: Money::from_cents(i.presentado),
                })
                .collect(),
        });
        let antes: Vec<Debito> = c
            .items
            .iter()
            .filter(|i| i.debitado > 0)
            .map(|i| debito(i.movimiento_id, Money::from_cents(i.debitado), "antes"))
            .collect();
        l.evolve(LiquidacionEvent::CobroRegistrado {
            fecha: day(6),
            referencia: "T-0".into(),
            monto: Money::from_cents(c.cobrado),
            debitos: antes,
        });
        let pago = CobroBanco {
            fecha: day(20),
            referencia: "T-1".into(),
            monto: Money::from_cents(c.monto),
            debitos: c
                .debitos
                .iter()
                .map(|d| debito(d.movimiento_id, Money::from_cents(d.monto), "Sin receta"))
                .collect(),
        };
        let got = match cobro(&l, pago, day(28)) {
            Ok(_) => vec![],
            Err(LiquidacionError::Invalid(rules)) => rules.iter().map(ToString::to_string).collect(),
            Err(e) => vec![e.to_string()],
        };
        assert_eq!(got, c.errores, "{}", c.why);
    }
}
