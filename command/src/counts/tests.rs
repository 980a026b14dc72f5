//! Given/when/then rules of physical counts.
#![allow(clippy::unwrap_used)]

use cqrs_es::test::TestFramework;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<Conteo>;

fn at() -> NaiveDateTime {
    crate::testing::at((2026, 11, 26), 18, 0)
}

fn esperado(producto_id: i64, esperado: i64) -> Esperado {
    Esperado {
        producto_id,
        modelo: format!("M{producto_id}"),
        esperado,
    }
}

fn started() -> ConteoEvent {
    ConteoEvent::ConteoIniciado {
        local_id: 1,
        categoria_id: None,
        marca_id: Some(4),
        productos: vec![esperado(7, 3), esperado(8, 1)],
        fecha: at(),
    }
}

/// Counted with the stock the sheet started with (7: 3, 8: 1).
fn contado(producto_id: i64, contado: i64) -> Contado {
    let stock = if producto_id == 7 { 3 } else { 1 };
    Contado {
        producto_id,
        contado,
        stock,
    }
}

/// The closing that finds one product's difference: `esperado` expected, `contado` counted.
fn closed_with(producto_id: i64, esperado: i64, contado: i64) -> ConteoEvent {
    ConteoEvent::ConteoCerrado {
        diferencias: vec![Diferencia {
            producto_id,
            esperado,
            contado,
        }],
        fecha: at(),
    }
}

#[test]
fn a_count_starts_with_a_sheet_of_products() {
    Given::fresh()
        .when(ConteoCommand::Iniciar {
            local_id: 1,
            categoria_id: None,
            marca_id: Some(4),
            productos: vec![esperado(7, 3), esperado(8, 1)],
            fecha: at(),
        })
        .then_expect_events(vec![started()]);
    Given::fresh()
        .when(ConteoCommand::Iniciar {
            local_id: 1,
            categoria_id: None,
            marca_id: None,
            productos: vec![],
            fecha: at(),
        })
        .then_expect_error(ConteoError::Invalid(vec![Regla::SinProductos]));
}

#[test]
fn quantities_are_typed_for_the_sheets_products_within_range() {
    Given::after(vec![started()])
        .when(ConteoCommand::Cargar {
            contados: vec![contado(7, 2)],
        })
        .then_expect_events(vec![ConteoEvent::ConteoCargado {
            contados: vec![contado(7, 2)],
        }]);
    Given::after(vec![started()])
        .when(ConteoCommand::Cargar {
            contados: vec![contado(9, 1), contado(8, -1)],
        })
        .then_expect_error(ConteoError::Invalid(vec![
            Regla::FueraDeLaPlanilla { producto_id: 9 },
            Regla::ContadoFueraDeRango { modelo: "M8".into() },
        ]));
}

#[test]
fn a_product_typed_twice_in_one_load_is_refused() {
    Given::after(vec![started()])
        .when(ConteoCommand::Cargar {
            contados: vec![contado(7, 2), contado(8, 1), contado(7, 3)],
        })
        .then_expect_error(ConteoError::Invalid(vec![Regla::Repetido { producto_id: 7 }]));
}

#[test]
fn a_count_closes_with_every_product_counted_and_records_only_the_differences() {
    let typed = |contados| ConteoEvent::ConteoCargado { contados };
    Given::after(vec![started(), typed(vec![contado(7, 2)])])
        .when(ConteoCommand::Cerrar { fecha: at() })
        .then_expect_error(ConteoError::Invalid(vec![Regla::FaltanContar { faltan: 1 }]));
    // A product typed again takes the new value.
    Given::after(vec![
        started(),
        typed(vec![contado(7, 5), contado(8, 1)]),
        typed(vec![contado(7, 2)]),
    ])
    .when(ConteoCommand::Cerrar { fecha: at() })
    .then_expect_events(vec![closed_with(7, 3, 2)]);
}

#[test]
fn each_product_is_compared_with_the_stock_it_had_when_counted() {
    // Product 7 had 3 when the count started; one was sold before its shelf was counted (stock
    // 2 then) and 2 were found: nothing is missing.
    let after_a_sale = Contado {
        producto_id: 7,
        contado: 2,
        stock: 2,
    };
    Given::after(vec![
        started(),
        ConteoEvent::ConteoCargado {
            contados: vec![after_a_sale, contado(8, 0)],
        },
    ])
    .when(ConteoCommand::Cerrar { fecha: at() })
    .then_expect_events(vec![closed_with(8, 1, 0)]);
}

#[test]
fn a_closed_or_cancelled_count_takes_nothing_more() {
    let closed = ConteoEvent::ConteoCerrado {
        diferencias: vec![],
        fecha: at(),
    };
    Given::after(vec![started(), closed])
        .when(ConteoCommand::Cargar {
            contados: vec![contado(7, 1)],
        })
        .then_expect_error(ConteoError::Invalid(vec![Regla::Cerrado]));
    Given::after(vec![started(), ConteoEvent::ConteoCancelado { fecha: at() }])
        .when(ConteoCommand::Cerrar { fecha: at() })
        .then_expect_error(ConteoError::Invalid(vec![Regla::Cancelado]));
    Given::after(vec![started()])
        .when(ConteoCommand::Cancelar { fecha: at() })
        .then_expect_events(vec![ConteoEvent::ConteoCancelado { fecha: at() }]);
}
