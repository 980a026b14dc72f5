//! Given/when/then rules of returns on the movement aggregate.
// Amounts are written as pesos_cents (1_000_00 is 1000.00).
#![allow(clippy::unwrap_used, clippy::inconsistent_digit_grouping)]

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use optica_events::movements::{EstadoMovimiento, Linea, LineaAdicional, MovimientoEvent, Pago};

use super::*;
use crate::movements::tests::unversioned_edit;
use crate::movements::{Movimiento, MovimientoCommand};
use crate::testing::Given as _;

type Given = TestFramework<Movimiento>;

fn money(cents: i64) -> Money {
    Money::from_cents(cents)
}

fn pago(monto: i64) -> Pago {
    Pago {
        id: 1,
        metodo_pago_id: 1,
        monto: money(monto),
        monto_impuesto: money(monto),
        fecha: NaiveDate::from_ymd_opt(2026, 11, 20)
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap(),
        local_id: None,
        plan: None,
    }
}

/// Two frames at 1000.00 and a lens at 500.00, 10% off: 2250.00, of which `pagado` is paid.
fn venta(pagado: i64) -> MovimientoDatos {
    MovimientoDatos {
        estado: Some(EstadoMovimiento::PedidoCristales),
        ..crate::movements::tests::two_frames_and_a_lens(pago(0).fecha, "Cristales Orma", vec![pago(pagado)])
    }
}

fn sold(pagado: i64) -> MovimientoEvent {
    MovimientoEvent::MovimientoRegistrado { datos: venta(pagado) }
}

fn devolver(devolucion_id: i64, productos: Vec<(i64, i64)>, adicionales: Vec<u32>) -> MovimientoCommand {
    MovimientoCommand::Devolver {
        venta_id: 7,
        devolucion_id,
        pedido: Pedido { productos, adicionales },
    }
}

fn frames(cantidad: i64) -> Vec<LineaDevuelta> {
    vec![LineaDevuelta {
        producto_id: 9,
        modelo: "RB2140".into(),
        marca: "Ray-Ban".into(),
        cantidad,
    }]
}

fn devuelta(
    devolucion_id: i64,
    lineas: Vec<LineaDevuelta>,
    adicionales: Vec<u32>,
    valor: i64,
    credito: i64,
) -> MovimientoEvent {
    MovimientoEvent::LineasDevueltas {
        devolucion_id,
        devolucion: Devolucion {
            venta_id: 7,
            lineas,
            adicionales,
            valor: money(valor),
            credito: money(credito),
        },
    }
}

#[test]
fn a_paid_frame_returned_is_worth_its_price_less_the_sales_discount() {
    Given::after(vec![sold(2_250_00)])
        .when(devolver(20, vec![(9, 1)], vec![]))
        .then_expect_events(vec![devuelta(20, frames(1), vec![], 900_00, 0)]);
}

#[test]
fn a_return_first_cancels_what_the_sale_still_owes() {
    // Owes 1250.00: the frame's 900.00 is all credit, nothing is refunded.
    Given::after(vec![sold(1_000_00)])
        .when(devolver(20, vec![(9, 1)], vec![]))
        .then_expect_events(vec![devuelta(20, frames(1), vec![], 900_00, 900_00)]);
    // After that it owes 350.00: the rest (the second frame and the lens, 1350.00) refunds 1000.00.
    Given::after(vec![sold(1_000_00), devuelta(20, frames(1), vec![], 900_00, 900_00)])
        .when(devolver(21, vec![(9, 1)], vec![0]))
        .then_expect_events(vec![devuelta(21, frames(1), vec![0], 1_350_00, 350_00)]);
}

#[test]
fn a_returned_line_cannot_be_returned_twice() {
    let given = || Given::after(vec![sold(2_250_00), devuelta(20, frames(2), vec![0], 2_250_00, 0)]);
    given()
        .when(devolver(21, vec![(9, 1)], vec![]))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::DevolucionExcede {
            modelo: "RB2140".into(),
            quedan: 0,
        }]));
    given()
        .when(devolver(21, vec![], vec![0]))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::DetalleYaDevuelto {
            descripcion: "Cristales Orma".into(),
        }]));
    // Nor twice within one request.
    Given::after(vec![sold(2_250_00)])
        .when(devolver(21, vec![(9, 2), (9, 1)], vec![]))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::DevolucionExcede {
            modelo: "RB2140".into(),
            quedan: 2,
        }]));
}

#[test]
fn a_return_names_what_the_sale_had() {
    let when = |command| Given::after(vec![sold(2_250_00)]).when(command);
    let invalid = |reglas| MovimientoError::Invalid(reglas);
    when(devolver(21, vec![(4, 1)], vec![]))
        .then_expect_error(invalid(vec![Regla::ProductoNoVendido { producto_id: 4 }]));
    when(devolver(21, vec![(9, 0)], vec![])).then_expect_error(invalid(vec![Regla::DevolucionSinCantidad]));
    when(devolver(21, vec![], vec![3])).then_expect_error(invalid(vec![Regla::DetalleNoExiste { posicion: 4 }]));
    when(devolver(21, vec![], vec![])).then_expect_error(invalid(vec![Regla::DevolucionVacia]));
    let gasto = MovimientoDatos {
        tipo: TipoMovimiento::Salida,
        lineas: vec![],
        descripcion: Some("Luz".into()),
        ..venta(2_250_00)
    };
    Given::after(vec![MovimientoEvent::MovimientoRegistrado { datos: gasto }])
        .when(devolver(21, vec![], vec![0]))
        .then_expect_error(invalid(vec![Regla::DevolucionSoloVentas]));
}

#[test]
fn returning_the_rest_takes_exactly_what_is_left_of_the_total() {
    // Three units at 333.33 with 10% off: 899.99. Each unit is 300.00 (299.997 rounded), so the
    // last return takes 299.99 and the three add up to the total.
    let datos = MovimientoDatos {
        lineas: vec![Linea {
            cantidad: 3,
            precio_unitario: money(333_33),
            subtotal: money(999_99),
            ..venta(0).lineas[0].clone()
        }],
        adicionales: vec![],
        total: money(899_99),
        total_impuesto: money(899_99),
        pagos: vec![pago(899_99)],
        ..venta(0)
    };
    let registered = MovimientoEvent::MovimientoRegistrado { datos };
    Given::after(vec![
        registered,
        devuelta(20, frames(1), vec![], 300_00, 0),
        devuelta(21, frames(1), vec![], 300_00, 0),
    ])
    .when(devolver(22, vec![(9, 1)], vec![]))
    .then_expect_events(vec![devuelta(22, frames(1), vec![], 299_99, 0)]);
}

#[test]
fn a_sale_with_returns_keeps_what_was_sold_and_is_not_deleted() {
    let given = || Given::after(vec![sold(1_000_00), devuelta(20, frames(1), vec![], 900_00, 900_00)]);
    given()
        .when(MovimientoCommand::Delete)
        .then_expect_error(MovimientoError::Invalid(vec![Regla::VentaConDevolucionesNoSeElimina]));
    let fewer = MovimientoDatos {
        adicionales: vec![],
        total: money(1_800_00),
        ..venta(1_000_00)
    };
    given()
        .when(unversioned_edit(fewer))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::VentaConDevoluciones]));
    // It owes 350.00 now: paying 1350.00 more than the 1000.00 would pay what came back.
    let overpaid = MovimientoDatos {
        total_impuesto: money(2_000_00),
        pagos: vec![pago(2_000_00)],
        ..venta(1_000_00)
    };
    given()
        .when(unversioned_edit(overpaid))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::PagosExcedenTotal]));
    given()
        .when(MovimientoCommand::ChangeState {
            estado: EstadoMovimiento::Entregado,
        })
        .then_expect_events(vec![MovimientoEvent::EstadoCambiado {
            anterior: Some(EstadoMovimiento::PedidoCristales),
            nuevo: EstadoMovimiento::Entregado,
        }]);
}

fn reintegro(total: i64) -> MovimientoDatos {
    let devolucion = match devuelta(20, frames(1), vec![], 900_00, 900_00 - total) {
        MovimientoEvent::LineasDevueltas { devolucion, .. } => devolucion,
        _ => unreachable!(),
    };
    MovimientoDatos {
        tipo: TipoMovimiento::Salida,
        lineas: vec![],
        adicionales: vec![],
        descuento: None,
        descripcion: Some("Devolución de la venta #7: 1 × RB2140 Ray-Ban".into()),
        total: money(total),
        total_impuesto: money(total),
        pagos: if total == 0 { vec![] } else { vec![pago(total)] },
        estado: None,
        devolucion: Some(devolucion),
        ..venta(0)
    }
}

#[test]
fn a_refund_of_nothing_is_a_salida_of_zero_and_a_refund_is_never_edited_or_deleted() {
    for total in [0, 900_00] {
        Given::fresh()
            .when(MovimientoCommand::Register {
                datos: reintegro(total),
            })
            .then_expect_events(vec![MovimientoEvent::MovimientoRegistrado {
                datos: reintegro(total),
            }]);
    }
    let plain = MovimientoDatos {
        devolucion: None,
        descripcion: Some("Nada".into()),
        ..reintegro(0)
    };
    Given::fresh()
        .when(MovimientoCommand::Register { datos: plain })
        .then_expect_error(MovimientoError::Invalid(vec![Regla::TotalNoPositivo, Regla::SinPagos]));
    let given = || {
        Given::after(vec![MovimientoEvent::MovimientoRegistrado {
            datos: reintegro(900_00),
        }])
    };
    given()
        .when(MovimientoCommand::Delete)
        .then_expect_error(MovimientoError::Invalid(vec![Regla::DevolucionInmutable]));
    given()
        .when(unversioned_edit(reintegro(800_00)))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::DevolucionInmutable]));
}

#[test]
fn a_sale_with_returns_keeps_its_additional_lines_and_pays_at_least_what_was_refunded() {
    // Two additional lines of the same amount: swapping their texts would let the returned one
    // come back again.
    let two = MovimientoDatos {
        lineas: vec![],
        adicionales: vec![
            LineaAdicional {
                descripcion: "Cristales Orma".into(),
                subtotal: money(1_000_00),
            },
            LineaAdicional {
                descripcion: "Armazón".into(),
                subtotal: money(1_000_00),
            },
        ],
        descuento: None,
        total: money(2_000_00),
        total_impuesto: money(2_000_00),
        pagos: vec![pago(2_000_00)],
        ..venta(0)
    };
    let returned = MovimientoEvent::LineasDevueltas {
        devolucion_id: 20,
        devolucion: Devolucion {
            venta_id: 7,
            lineas: vec![],
            adicionales: vec![0],
            valor: money(1_000_00),
            credito: money(0),
        },
    };
    let given = || {
        Given::after(vec![
            MovimientoEvent::MovimientoRegistrado { datos: two.clone() },
            returned.clone(),
        ])
    };
    let mut swapped = two.clone();
    swapped.adicionales.swap(0, 1);
    given()
        .when(unversioned_edit(swapped))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::VentaConDevoluciones]));
    // 1000.00 went back to the customer: the payments cannot fall below it.
    let unpaid = MovimientoDatos {
        total_impuesto: money(500_00),
        pagos: vec![pago(500_00)],
        ..two.clone()
    };
    given()
        .when(unversioned_edit(unpaid))
        .then_expect_error(MovimientoError::Invalid(vec![Regla::PagosMenoresQueReintegros {
            reintegrado: money(1_000_00),
        }]));
}

#[test]
fn the_units_left_are_said_in_singular_and_plural() {
    let text = |quedan| {
        Regla::DevolucionExcede {
            modelo: "RB2140".into(),
            quedan,
        }
        .to_string()
    };
    assert_eq!(text(0), "El producto RB2140 ya fue devuelto por completo.");
    assert_eq!(text(1), "Del producto RB2140 queda 1 unidad para devolver.");
    assert_eq!(text(2), "Del producto RB2140 quedan 2 unidades para devolver.");
}
