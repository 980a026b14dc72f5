//! Stock rules of the product aggregate: never below zero, only at its branches, adjustments with their reasons, reorder points, and a count's difference.
#![allow(clippy::unwrap_used, clippy::inconsistent_digit_grouping)]

use super::*;

/// A change of stock at branch `local_id` for sale 1.
fn for_sale(local_id: i64, cantidad: i64, motivo: MotivoStock) -> ProductoCommand {
    ProductoCommand::AdjustStock {
        local_id,
        cantidad,
        motivo,
        origen: Origen::movimiento(1),
    }
}

#[test]
fn stock_never_goes_below_zero() {
    Given::after(created(2))
        .when(for_sale(1, -3, MotivoStock::Venta))
        .then_expect_error(ProductoError::StockInsuficiente {
            modelo: "RB2140".into(),
        });
}

#[test]
fn a_sale_at_a_branch_without_the_product_is_refused() {
    Given::after(created(2))
        .when(for_sale(7, -1, MotivoStock::Venta))
        .then_expect_error(ProductoError::LocalAusente(7));
}

#[test]
fn a_deleted_sale_returns_stock_even_to_a_removed_branch() {
    Given::after(created(2))
        .when(for_sale(7, 2, MotivoStock::VentaEliminada))
        .then_expect_events(vec![
            ProductoEvent::LocalAgregado { local_id: 7 },
            adjust(7, MotivoStock::VentaEliminada, 2, 2, Origen::movimiento(1)),
        ]);
}

#[test]
fn a_manual_adjustment_has_a_reason_from_the_list_and_takes_out_for_a_loss() {
    let manual = |cantidad, motivo, nota: Option<&str>| ProductoCommand::AdjustManually {
        local_id: 1,
        cantidad,
        motivo,
        nota: nota.map(String::from),
    };
    let noted = |nota: &str| Origen {
        nota: Some(nota.into()),
        ..Origen::default()
    };
    Given::after(created(5))
        .when(manual(-1, MotivoStock::Rotura, Some(" Se cayó del exhibidor ")))
        .then_expect_events(vec![adjust(
            1,
            MotivoStock::Rotura,
            -1,
            4,
            noted("Se cayó del exhibidor"),
        )]);
    Given::after(created(5))
        .when(manual(2, MotivoStock::Correccion, None))
        .then_expect_events(vec![adjust(1, MotivoStock::Correccion, 2, 7, Origen::default())]);
    Given::after(created(5))
        .when(manual(1, MotivoStock::RoboOPerdida, None))
        .then_expect_error(ProductoError::Invalid(vec![Regla::AjusteDebeRestar(
            "Robo o pérdida".into(),
        )]));
    Given::after(created(5))
        .when(manual(0, MotivoStock::Venta, Some(&"x".repeat(300))))
        .then_expect_error(ProductoError::Invalid(vec![
            Regla::MotivoNoManual,
            Regla::AjusteCero,
            Regla::NotaLarga,
        ]));
    Given::after(created(5))
        .when(manual(-6, MotivoStock::UsoInterno, None))
        .then_expect_error(ProductoError::StockInsuficiente {
            modelo: "RB2140".into(),
        });
    Given::after(created(5))
        .when(ProductoCommand::AdjustManually {
            local_id: 9,
            cantidad: -1,
            motivo: MotivoStock::Rotura,
            nota: None,
        })
        .then_expect_error(ProductoError::LocalAusente(9));
}

#[test]
fn a_reorder_point_is_set_per_branch_changed_or_cleared() {
    let set = |local_id, minimo| ProductoCommand::SetMinimo { local_id, minimo };
    let fixed = |minimo| ProductoEvent::PuntoDePedidoFijado { local_id: 1, minimo };
    Given::after(created(5))
        .when(set(1, Some(2)))
        .then_expect_events(vec![fixed(Some(2))]);
    let mut history = created(5);
    history.push(fixed(Some(2)));
    Given::after(history.clone())
        .when(set(1, Some(2)))
        .then_expect_events(vec![]);
    Given::after(history)
        .when(set(1, None))
        .then_expect_events(vec![fixed(None)]);
    Given::after(created(5))
        .when(set(1, Some(-1)))
        .then_expect_error(ProductoError::Invalid(vec![Regla::MinimoFueraDeRango]));
    Given::after(created(5))
        .when(set(9, Some(1)))
        .then_expect_error(ProductoError::LocalAusente(9));
}

#[test]
fn a_counts_difference_applies_to_the_stock_as_it_is_now_never_below_zero() {
    let counted = |diferencia| ProductoCommand::AdjustCount {
        local_id: 1,
        diferencia,
        conteo_id: 3,
    };
    let by_count = Origen {
        conteo_id: Some(3),
        ..Origen::default()
    };
    // Counted one less than expected; a sale since then is kept (5 → 4 by the count).
    Given::after(created(5))
        .when(counted(-1))
        .then_expect_events(vec![adjust(1, MotivoStock::Conteo, -1, 4, by_count.clone())]);
    // More missing than is left: down to zero, not below.
    Given::after(created(2))
        .when(counted(-3))
        .then_expect_events(vec![adjust(1, MotivoStock::Conteo, -2, 0, by_count)]);
    // A branch the product left meanwhile: nothing.
    Given::after(created(2))
        .when(ProductoCommand::AdjustCount {
            local_id: 9,
            diferencia: 1,
            conteo_id: 3,
        })
        .then_expect_events(vec![]);
}
