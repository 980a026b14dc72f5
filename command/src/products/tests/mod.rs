//! Given/when/then rules of the product aggregate.

// Amounts are written as pesos_cents (3_600_00 is 3600.00).
#![allow(clippy::unwrap_used, clippy::inconsistent_digit_grouping)]

use cqrs_es::test::TestFramework;

use super::stock::adjust;
use super::*;
use crate::testing::Given as _;

mod stock;

type Given = TestFramework<Producto>;

fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
}

fn datos(modelo: &str) -> ProductoDatos {
    ProductoDatos {
        modelo: modelo.into(),
        marca_id: 1,
        categoria_ids: vec![1],
        material_id: Some(2),
        genero: "Unisex".into(),
        costo: Some(Money::from_cents(1_000_00)),
        precio: Money::from_cents(3_600_00),
        descripcion: None,
        proveedor_ids: vec![1],
    }
}

fn local(local_id: i64, stock: i64) -> LocalStock {
    LocalStock { local_id, stock }
}

fn created(stock_at_1: i64) -> Vec<ProductoEvent> {
    vec![
        ProductoEvent::ProductoCreado {
            datos: datos("RB2140"),
            fecha: day(),
        },
        ProductoEvent::LocalAgregado { local_id: 1 },
        adjust(1, MotivoStock::CargaInicial, stock_at_1, stock_at_1, Origen::default()),
    ]
}

/// The edit of RB2140 that leaves its data as it is and sets its branches' stock, from a form
/// loaded at `expected_version`.
fn edit_branches(locales: Vec<LocalStock>, expected_version: Option<u64>) -> ProductoCommand {
    ProductoCommand::Edit {
        datos: datos("RB2140"),
        locales: Some(locales),
        expected_version,
        fecha: day(),
    }
}

#[test]
fn a_new_product_loads_its_initial_stock_per_branch() {
    Given::fresh()
        .when(ProductoCommand::Create {
            datos: datos(" RB2140 "),
            locales: vec![local(1, 4), local(2, 0)],
            fecha: day(),
        })
        .then_expect_events(vec![
            ProductoEvent::ProductoCreado {
                datos: datos("RB2140"),
                fecha: day(),
            },
            ProductoEvent::LocalAgregado { local_id: 1 },
            adjust(1, MotivoStock::CargaInicial, 4, 4, Origen::default()),
            ProductoEvent::LocalAgregado { local_id: 2 },
        ]);
}

#[test]
fn a_product_needs_a_model_brand_category_supplier_and_branch() {
    let bad = ProductoDatos {
        modelo: "a/b".into(),
        marca_id: 0,
        categoria_ids: vec![],
        proveedor_ids: vec![],
        genero: "Otro".into(),
        precio: Money::from_cents(-1),
        ..datos("x")
    };
    Given::fresh()
        .when(ProductoCommand::Create {
            datos: bad,
            locales: vec![],
            fecha: day(),
        })
        .then_expect_error(ProductoError::Invalid(vec![
            Regla::ModeloConCaracteresProhibidos,
            Regla::SinMarca,
            Regla::SinCategoria,
            Regla::SinProveedor,
            Regla::GeneroDesconocido,
            Regla::PrecioNegativo,
        ]));
}

#[test]
fn negative_or_repeated_branch_stock_is_refused() {
    Given::fresh()
        .when(ProductoCommand::Create {
            datos: datos("A"),
            locales: vec![local(1, -1), local(1, 2)],
            fecha: day(),
        })
        .then_expect_error(ProductoError::Invalid(vec![Regla::LocalRepetido, Regla::StockNegativo]));
}

#[test]
fn an_edit_turns_stock_differences_into_adjustments() {
    Given::after(created(5))
        .when(edit_branches(vec![local(1, 3), local(3, 2)], Some(3)))
        .then_expect_events(vec![
            adjust(1, MotivoStock::CorreccionManual, -2, 3, Origen::default()),
            ProductoEvent::LocalAgregado { local_id: 3 },
            adjust(3, MotivoStock::CargaInicial, 2, 2, Origen::default()),
        ]);
}

#[test]
fn unchecking_a_branch_zeroes_its_stock_then_removes_it() {
    Given::after(created(5))
        .when(edit_branches(vec![local(2, 0)], None))
        .then_expect_events(vec![
            adjust(1, MotivoStock::CorreccionManual, -5, 0, Origen::default()),
            ProductoEvent::LocalQuitado { local_id: 1 },
            ProductoEvent::LocalAgregado { local_id: 2 },
        ]);
}

#[test]
fn an_edit_from_a_stale_version_is_refused() {
    let mut history = created(5);
    history.push(adjust(1, MotivoStock::Venta, -1, 4, Origen::movimiento(9)));
    Given::after(history)
        .when(edit_branches(vec![local(1, 5)], Some(3)))
        .then_expect_error(ProductoError::Stale { expected: 3 });
}

/// The existing front end never sends a version. A form opened at stock 5 and saved
/// after a sale took it to 4 sends 5 back: that is the level it showed, not a correction.
#[test]
fn an_edit_without_a_version_does_not_undo_a_sale_but_applies_a_new_count() {
    let mut history = created(5);
    history.push(adjust(1, MotivoStock::Venta, -1, 4, Origen::movimiento(9)));
    let edit = |stock: i64| ProductoCommand::Edit {
        datos: ProductoDatos {
            precio: Money::from_cents(4_000_00),
            ..datos("RB2140")
        },
        locales: Some(vec![local(1, stock)]),
        expected_version: None,
        fecha: day(),
    };
    let repriced = ProductoEvent::ProductoEditado {
        datos: ProductoDatos {
            precio: Money::from_cents(4_000_00),
            ..datos("RB2140")
        },
        fecha: day(),
    };
    Given::after(history.clone())
        .when(edit(5))
        .then_expect_events(vec![repriced.clone()]);
    Given::after(history.clone()).when(edit(7)).then_expect_events(vec![
        repriced.clone(),
        adjust(1, MotivoStock::CorreccionManual, 3, 7, Origen::default()),
    ]);
    // Emptying the shelf is a count too: 0 was never a level since the initial load.
    Given::after(history).when(edit(0)).then_expect_events(vec![
        repriced,
        adjust(1, MotivoStock::CorreccionManual, -4, 0, Origen::default()),
    ]);
}

#[test]
fn an_unchanged_edit_records_nothing() {
    Given::after(created(5))
        .when(edit_branches(vec![local(1, 5)], Some(3)))
        .then_expect_events(vec![]);
}

#[test]
fn a_percentage_raise_is_exact_and_rounded_to_cents() {
    // 3600.00 + 12.345% = 4044.42
    Given::after(created(1))
        .when(ProductoCommand::ChangeAmount {
            campo: Campo::Precio,
            cambio: Cambio::Porcentaje { millionths: 12_345_000 },
            fecha: day(),
        })
        .then_expect_events(vec![ProductoEvent::PrecioActualizado {
            anterior: Money::from_cents(3_600_00),
            nuevo: Money::from_cents(4_044_42),
            fecha: day(),
        }]);
}

#[test]
fn a_fixed_cost_sets_the_cost() {
    Given::after(created(1))
        .when(ProductoCommand::ChangeAmount {
            campo: Campo::Costo,
            cambio: Cambio::Fijo(Money::from_cents(500)),
            fecha: day(),
        })
        .then_expect_events(vec![ProductoEvent::CostoActualizado {
            anterior: Some(Money::from_cents(1_000_00)),
            nuevo: Money::from_cents(500),
            fecha: day(),
        }]);
}

#[test]
fn a_deleted_product_cannot_be_edited() {
    let mut history = created(1);
    history.push(ProductoEvent::ProductoEliminado);
    Given::after(history)
        .when(ProductoCommand::Delete)
        .then_expect_error(ProductoError::NotFound);
}
