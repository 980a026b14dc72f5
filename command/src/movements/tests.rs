//! Given/when/then rules of the movement aggregate.
// Amounts are written as pesos_cents (1_000_00 is 1000.00).
#![allow(clippy::unwrap_used, clippy::inconsistent_digit_grouping)]

use chrono::NaiveDateTime;
use cqrs_es::test::TestFramework;
use optica_events::movements::{Linea, LineaAdicional, Pago};
use optica_events::Medida;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<Movimiento>;

fn money(cents: i64) -> Money {
    Money::from_cents(cents)
}

fn at() -> NaiveDateTime {
    crate::testing::at((2026, 11, 21), 10, 30)
}

fn pago(monto: i64, impuesto: i64) -> Pago {
    Pago {
        id: 1,
        metodo_pago_id: 1,
        monto: money(monto),
        monto_impuesto: money(impuesto),
        fecha: at(),
        local_id: None,
        plan: None,
    }
}

/// Two frames at 1000.00 plus a lens at 500.00, 10% off: 2250.00; paid 1000.00.
fn venta() -> MovimientoDatos {
    MovimientoDatos {
        vendedor: Some(" Eva ".into()),
        ..two_frames_and_a_lens(at(), "cristal Orma", vec![pago(1_000_00, 1_100_00)])
    }
}

/// A sale on `fecha` at branch 1 to patient 3 of two frames (product 9) at 1000.00 and lens
/// `lente` at 500.00, 10% off: 2250.00, with `pagos` (charged: their taxed amounts).
pub(crate) fn two_frames_and_a_lens(fecha: NaiveDateTime, lente: &str, pagos: Vec<Pago>) -> MovimientoDatos {
    MovimientoDatos {
        tipo: TipoMovimiento::Entrada,
        fecha,
        local_id: 1,
        paciente_id: Some(3),
        vendedor: None,
        descripcion: None,
        lineas: vec![Linea {
            producto_id: 9,
            modelo: "RB2140".into(),
            marca: "Ray-Ban".into(),
            cristal: false,
            cantidad: 2,
            precio_unitario: money(1_000_00),
            subtotal: money(2_000_00),
        }],
        adicionales: vec![LineaAdicional {
            descripcion: lente.into(),
            subtotal: money(500_00),
        }],
        descuento: Some(Medida::from_hundredths(10_00)),
        total: money(2_250_00),
        total_impuesto: money(pagos.iter().map(|p| p.monto_impuesto.cents()).sum()),
        pagos,
        estado: None,
        devolucion: None,
        motivo_precio: None,
        cobertura: None,
    }
}

fn registered() -> MovimientoDatos {
    MovimientoDatos {
        vendedor: Some("Eva".into()),
        estado: Some(EstadoMovimiento::PedidoCristales),
        ..venta()
    }
}

/// An edit as the existing front end sends it, without the version its form loaded.
pub(super) fn unversioned_edit(datos: MovimientoDatos) -> MovimientoCommand {
    MovimientoCommand::Edit {
        datos,
        expected_version: None,
    }
}

#[test]
fn a_sale_whose_arithmetic_holds_is_registered_and_starts_at_pedido_cristales() {
    Given::fresh()
        .when(MovimientoCommand::Register { datos: venta() })
        .then_expect_events(vec![MovimientoEvent::MovimientoRegistrado { datos: registered() }]);
}

#[test]
fn a_body_whose_amounts_disagree_is_refused_with_each_reason() {
    let mut bad = venta();
    bad.lineas[0].subtotal = money(1_900_00);
    bad.total = money(2_400_00);
    bad.total_impuesto = money(0);
    Given::fresh()
        .when(MovimientoCommand::Register { datos: bad })
        .then_expect_error(MovimientoError::Invalid(vec![
            Regla::SubtotalIncorrecto {
                modelo: "RB2140".into(),
                esperado: money(2_000_00),
            },
            Regla::TotalIncorrecto {
                esperado: money(2_160_00),
            },
            Regla::ImpuestoIncorrecto {
                cobrado: money(1_100_00),
            },
        ]));
}

#[test]
fn payments_discount_and_quantities_follow_the_spec_messages() {
    let mut bad = venta();
    bad.descuento = Some(Medida::from_hundredths(101_00));
    bad.lineas[0].cantidad = -1;
    bad.lineas[0].subtotal = money(-1_000_00);
    bad.pagos = vec![];
    bad.total_impuesto = money(0);
    Given::fresh()
        .when(MovimientoCommand::Register { datos: bad })
        .then_expect_error(MovimientoError::Invalid(vec![
            Regla::CantidadNegativa,
            Regla::DescuentoFueraDeRango,
            Regla::SinPagos,
        ]));
    let mut over = venta();
    over.pagos = vec![pago(2_250_00, 2_300_00)];
    over.total_impuesto = money(2_300_00);
    Given::fresh()
        .when(MovimientoCommand::Register { datos: over })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::PagosExcedenTotal]));
}

/// An expense of 300.00 for the light bill, paid `monto` with `impuesto` surcharge included.
fn luz(monto: i64, impuesto: i64) -> MovimientoDatos {
    MovimientoDatos {
        tipo: TipoMovimiento::Salida,
        paciente_id: None,
        lineas: vec![],
        adicionales: vec![],
        descuento: None,
        descripcion: Some("Luz".into()),
        total: money(300_00),
        total_impuesto: money(impuesto),
        pagos: vec![pago(monto, impuesto)],
        estado: None,
        ..venta()
    }
}

#[test]
fn an_expense_needs_a_description_and_has_no_state() {
    let salida = MovimientoDatos {
        estado: Some(EstadoMovimiento::Entregado),
        ..luz(300_00, 300_00)
    };
    Given::fresh()
        .when(MovimientoCommand::Register { datos: salida.clone() })
        .then_expect_events(vec![MovimientoEvent::MovimientoRegistrado {
            datos: MovimientoDatos {
                estado: None,
                vendedor: Some("Eva".into()),
                ..salida.clone()
            },
        }]);
    Given::fresh()
        .when(MovimientoCommand::Register {
            datos: MovimientoDatos {
                descripcion: None,
                ..salida
            },
        })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::SalidaSinDescripcion]));
}

/// One rule for both types and both sums: an expense's payments, with or
/// without their surcharge, never exceed its total, as the web app refuses them too.
#[test]
fn an_expense_paid_above_its_total_is_refused_like_a_sale() {
    for (monto, impuesto) in [(350_00, 350_00), (300_00, 320_00)] {
        Given::fresh()
            .when(MovimientoCommand::Register {
                datos: luz(monto, impuesto),
            })
            .then_expect_error(MovimientoError::Invalid(vec![Regla::PagosExcedenTotal]));
    }
}

#[test]
fn the_order_moves_through_its_states_and_a_deleted_movement_is_gone() {
    let history = vec![MovimientoEvent::MovimientoRegistrado { datos: registered() }];
    Given::after(history.clone())
        .when(MovimientoCommand::ChangeState {
            estado: EstadoMovimiento::ArmandoPedido,
        })
        .then_expect_events(vec![MovimientoEvent::EstadoCambiado {
            anterior: Some(EstadoMovimiento::PedidoCristales),
            nuevo: EstadoMovimiento::ArmandoPedido,
        }]);
    Given::after(history.clone())
        .when(unversioned_edit(venta()))
        .then_expect_events(vec![]);
    // The edit form's state select: only the state differs, so the state change is recorded.
    Given::after(history.clone())
        .when(MovimientoCommand::Edit {
            datos: MovimientoDatos {
                estado: Some(EstadoMovimiento::Entregado),
                ..venta()
            },
            expected_version: None,
        })
        .then_expect_events(vec![MovimientoEvent::EstadoCambiado {
            anterior: Some(EstadoMovimiento::PedidoCristales),
            nuevo: EstadoMovimiento::Entregado,
        }]);
    let mut deleted = history;
    deleted.push(MovimientoEvent::MovimientoEliminado);
    Given::after(deleted)
        .when(MovimientoCommand::Delete)
        .then_expect_error(MovimientoError::NotFound);
}

/// A form opened before another change cannot silently undo it: its version is stale.
#[test]
fn an_edit_from_a_stale_form_is_refused_and_a_current_one_applies() {
    let mut history = vec![MovimientoEvent::MovimientoRegistrado { datos: registered() }];
    history.push(MovimientoEvent::EstadoCambiado {
        anterior: Some(EstadoMovimiento::PedidoCristales),
        nuevo: EstadoMovimiento::AnteojoTerminado,
    });
    let reverted = || MovimientoDatos {
        estado: Some(EstadoMovimiento::PedidoCristales),
        ..venta()
    };
    Given::after(history.clone())
        .when(MovimientoCommand::Edit {
            datos: reverted(),
            expected_version: Some(1),
        })
        .then_expect_error(MovimientoError::Stale { expected: 1 });
    Given::after(history)
        .when(MovimientoCommand::Edit {
            datos: reverted(),
            expected_version: Some(2),
        })
        .then_expect_events(vec![MovimientoEvent::EstadoCambiado {
            anterior: Some(EstadoMovimiento::AnteojoTerminado),
            nuevo: EstadoMovimiento::PedidoCristales,
        }]);
}

/// A payment of `monto` on the balance, collected at branch 2.
fn cobro(monto: i64) -> Pago {
    Pago {
        id: 0,
        local_id: Some(2),
        ..pago(monto, monto)
    }
}

#[test]
fn a_payment_on_the_balance_is_numbered_after_the_others_and_keeps_its_branch() {
    let mut after = registered();
    after.pagos.push(Pago { id: 2, ..cobro(250_00) });
    after.total_impuesto = money(1_350_00);
    Given::after(vec![MovimientoEvent::MovimientoRegistrado { datos: registered() }])
        .when(MovimientoCommand::Cobrar { pago: cobro(250_00) })
        .then_expect_events(vec![MovimientoEvent::MovimientoEditado { datos: after }]);
}

#[test]
fn a_payment_on_the_balance_fits_the_balance_and_only_a_sale_has_one() {
    let given = || Given::after(vec![MovimientoEvent::MovimientoRegistrado { datos: registered() }]);
    given()
        .when(MovimientoCommand::Cobrar { pago: cobro(1_250_01) })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::CobroExcedeSaldo {
            saldo: money(1_250_00),
        }]));
    given()
        .when(MovimientoCommand::Cobrar { pago: cobro(0) })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::CobroSinMonto]));
    let mut paid = registered();
    paid.pagos = vec![pago(2_250_00, 2_250_00)];
    paid.total_impuesto = money(2_250_00);
    Given::after(vec![MovimientoEvent::MovimientoRegistrado { datos: paid }])
        .when(MovimientoCommand::Cobrar { pago: cobro(1) })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::SinSaldo]));
}

#[test]
fn an_edit_keeps_the_branch_of_a_payment_it_leaves_unchanged() {
    let mut collected = registered();
    collected.pagos.push(Pago { id: 2, ..cobro(250_00) });
    collected.total_impuesto = money(1_350_00);
    // The form sends the payments without their branch, and a new description.
    let mut form = collected.clone();
    form.pagos[1].local_id = None;
    form.descripcion = Some("En cuotas".into());
    let mut expected = collected.clone();
    expected.descripcion = Some("En cuotas".into());
    Given::after(vec![
        MovimientoEvent::MovimientoRegistrado { datos: registered() },
        MovimientoEvent::MovimientoEditado { datos: collected },
    ])
    .when(unversioned_edit(form))
    .then_expect_events(vec![MovimientoEvent::MovimientoEditado { datos: expected }]);
}

#[test]
fn lens_names_come_from_cristal_products_and_lines_that_mention_it() {
    let line = |descripcion: &str| LineaAdicional {
        descripcion: descripcion.into(),
        subtotal: Money::ZERO,
    };
    let datos = MovimientoDatos {
        tipo: TipoMovimiento::Entrada,
        fecha: NaiveDateTime::default(),
        local_id: 1,
        paciente_id: Some(1),
        vendedor: None,
        descripcion: None,
        lineas: vec![Linea {
            producto_id: 1,
            modelo: "Orma".into(),
            marca: "Essilor".into(),
            cristal: true,
            cantidad: 1,
            precio_unitario: Money::ZERO,
            subtotal: Money::ZERO,
        }],
        adicionales: vec![line("Ñandú Cristales Blue"), line("Armazón")],
        descuento: None,
        total: Money::ZERO,
        total_impuesto: Money::ZERO,
        pagos: vec![],
        estado: None,
        devolucion: None,
        motivo_precio: None,
        cobertura: None,
    };
    assert_eq!(cristales(&datos), vec!["Orma Essilor", "es Blue"]);
}

/// A sale saved before a payment had to take at least what it credits keeps that payment through
/// an edit and a collection; only what a command adds or changes meets the rule.
#[test]
fn a_payment_that_charges_less_is_refused_when_new_and_kept_when_older() {
    let mut older = registered();
    older.pagos = vec![pago(1_000_00, 0)];
    older.total_impuesto = money(0);
    let given = || Given::after(vec![MovimientoEvent::MovimientoRegistrado { datos: older.clone() }]);
    let described = MovimientoDatos {
        descripcion: Some("Cliente frecuente".into()),
        ..older.clone()
    };
    given()
        .when(MovimientoCommand::Edit {
            datos: described.clone(),
            expected_version: None,
        })
        .then_expect_events(vec![MovimientoEvent::MovimientoEditado { datos: described }]);
    let mut collected = older.clone();
    collected.pagos.push(Pago { id: 2, ..cobro(250_00) });
    collected.total_impuesto = money(250_00);
    given()
        .when(MovimientoCommand::Cobrar { pago: cobro(250_00) })
        .then_expect_events(vec![MovimientoEvent::MovimientoEditado { datos: collected }]);
    given()
        .when(MovimientoCommand::Cobrar {
            pago: Pago {
                monto_impuesto: money(249_99),
                ..cobro(250_00)
            },
        })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::CobroMenorQueMonto]));
    let mut changed = older.clone();
    changed.pagos = vec![pago(900_00, 0)];
    given()
        .when(MovimientoCommand::Edit {
            datos: changed,
            expected_version: None,
        })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::CobradoMenorQueMonto { pago: 1 }]));
    let mut registrada = registered();
    registrada.pagos = vec![pago(1_000_00, 999_99)];
    registrada.total_impuesto = money(999_99);
    Given::fresh()
        .when(MovimientoCommand::Register { datos: registrada })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::CobradoMenorQueMonto { pago: 1 }]));
}
