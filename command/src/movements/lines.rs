//! A sale's lines on other streams, in the sale's own unit: the stock its products take (or give
//! back, when it is edited or deleted) at its branch, and the lenses it records in its
//! patient's history.

use std::collections::BTreeMap;

use optica_events::movements::{MovimientoDatos, TipoMovimiento};
use optica_events::{Money, MotivoStock, Origen};

use super::{cristales, SaleError};
use crate::patients::{Paciente, PacienteCommand};
use crate::products::{Ajuste, Producto, ProductoCommand};
use crate::{CommandError, UnitOfWork};

/// Net stock change per product and branch that a movement makes (negative: taken).
fn stock_effect(datos: Option<&MovimientoDatos>, sign: i64, into: &mut BTreeMap<i64, BTreeMap<i64, i64>>) {
    let Some(d) = datos.filter(|d| d.tipo == TipoMovimiento::Entrada) else {
        return;
    };
    for l in &d.lineas {
        *into.entry(l.producto_id).or_default().entry(d.local_id).or_default() += sign * l.cantidad;
    }
}

/// Appends the stock changes that take the cash box from `before` to `after` (either may be
/// none), one command per product stream; answers the catalogue price of each product it moved.
pub(super) async fn move_stock(
    unit: &mut UnitOfWork<'_>,
    movimiento_id: i64,
    before: Option<&MovimientoDatos>,
    after: Option<&MovimientoDatos>,
    motivo: MotivoStock,
) -> Result<BTreeMap<i64, Money>, CommandError<SaleError>> {
    let mut precios = BTreeMap::new();
    let mut net = BTreeMap::new();
    stock_effect(before, 1, &mut net);
    stock_effect(after, -1, &mut net);
    for (producto_id, per_branch) in net {
        let ajustes: Vec<Ajuste> = per_branch
            .into_iter()
            .filter(|(_, cantidad)| *cantidad != 0)
            .map(|(local_id, cantidad)| Ajuste {
                local_id,
                cantidad,
                motivo,
            })
            .collect();
        if ajustes.is_empty() {
            continue;
        }
        let command = ProductoCommand::AdjustMany {
            ajustes,
            origen: Origen::movimiento(movimiento_id),
        };
        let producto = unit
            .handle::<Producto>(&producto_id.to_string(), command, &())
            .await
            .map_err(|e| e.map_domain(|inner| SaleError::Producto(producto_id, inner)))?;
        precios.insert(producto_id, producto.datos().precio);
    }
    Ok(precios)
}

/// Records a sale's lenses in its patient's file, as the sale's.
pub(super) async fn record_lenses(
    unit: &mut UnitOfWork<'_>,
    movimiento_id: i64,
    d: &MovimientoDatos,
) -> Result<(), CommandError<SaleError>> {
    let nombres = cristales(d);
    let Some(paciente_id) = d.paciente_id.filter(|_| !nombres.is_empty()) else {
        return Ok(());
    };
    let command = PacienteCommand::RecordCristales {
        nombres,
        fecha: d.fecha.date(),
        movimiento_id: Some(movimiento_id),
    };
    unit.handle::<Paciente>(&paciente_id.to_string(), command, &())
        .await
        .map_err(|e| e.map_domain(SaleError::Paciente))?;
    Ok(())
}
