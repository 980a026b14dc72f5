//! A return's unit: the sale's stream records what came back, the refund is a new SALIDA paid
//! out of today's cash, the units go back into stock at the returning branch, and the lenses
//! are marked returned in the patient's history, all in one transaction.

use std::collections::BTreeMap;

use optica_events::closings::PorMetodo;
use optica_events::movements::{
    numero_comprobante, Devolucion, MovimientoDatos, Pago, TipoMovimiento, MOVEMENT_ID_SEQUENCE,
};
use optica_events::{EventMetadata, Money, MotivoStock, Origen};

use crate::closings::LedgerWrite;
use crate::movements::{
    cristales, whole_lines, Movimiento, MovimientoCommand, MovimientoError, Pedido, Regla, SaleError,
};
use crate::patients::{Paciente, PacienteCommand};
use crate::products::{Ajuste, Producto, ProductoCommand};
use crate::{CommandError, EventStore, Outcome, UnitOfWork};

/// A return as the counter asks for it: what comes back from sale `venta_id`, into the stock
/// and cash of branch `local_id`, refunded at `fecha` (today, now) by `reintegros` (split across
/// methods, summing the refund) or wholly by `metodo_pago_id`. Unless `confirmado`, a refund
/// that takes a drawer below what it should hold is refused (`SaleError::CajaInsuficiente`).
#[derive(Clone, Debug)]
pub struct Return {
    pub venta_id: i64,
    pub pedido: Pedido,
    pub local_id: i64,
    pub metodo_pago_id: Option<i64>,
    pub reintegros: Vec<PorMetodo>,
    pub confirmado: bool,
    pub fecha: chrono::NaiveDateTime,
}

/// Registers a return in one transaction: `LineasDevueltas` on the sale's stream (which refuses
/// what came back already), the refund's SALIDA (a new movement, its payment the money out of
/// today's cash), the units back in stock at the returning branch, and the lenses marked in
/// the patient's history. Answers the SALIDA's id.
pub async fn return_lines(
    store: &EventStore,
    request: Return,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let id = store.next_id(MOVEMENT_ID_SEQUENCE).await?;
    let (venta_key, key) = (request.venta_id.to_string(), id.to_string());
    let (venta_key, key, request) = (venta_key.as_str(), key.as_str(), &request);
    let operation = format!("devolucion:{}", request.venta_id);
    store
        .run(metadata, &operation, move || async move {
            let (venta, base) = store.load::<Movimiento>(venta_key).await?;
            let mut unit = store.unit();
            let command = MovimientoCommand::Devolver {
                venta_id: request.venta_id,
                devolucion_id: id,
                pedido: request.pedido.clone(),
            };
            let venta = unit
                .handle_loaded(venta_key, venta, base, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            let (Some(sold), Some(devolucion)) = (venta.datos(), venta.ultima_devolucion()) else {
                return Err(CommandError::Domain(SaleError::Movimiento(MovimientoError::NotFound)));
            };
            let after = venta.devueltos().productos.clone();
            let datos = refund(sold, venta.comprobante(), devolucion, request)?;
            let command = MovimientoCommand::Register { datos };
            let salida = unit
                .handle_loaded(key, Movimiento::default(), 0, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            // Today's day at the returning branch must be open even when no money moves (a
            // return that only cancels debt): the return is in that day's stock and records.
            let today = (request.local_id, request.fecha.date());
            if !request.confirmado {
                let out = salida.datos().map(|d| d.pagos.clone()).unwrap_or_default();
                if let Err(short) = drawer_holds(store, today, &out).await {
                    // A twin that returned the same units first took the money too: this attempt
                    // runs again (and is refused for the units), it is no question for the cashier.
                    let (_, now) = store.load::<Movimiento>(venta_key).await?;
                    return Err(if now != base { CommandError::Conflict } else { short });
                }
            }
            unit.also(LedgerWrite::new(id, None, salida.datos()).touching(today));
            restock(&mut unit, id, devolucion, request.local_id).await?;
            mark_lenses(&mut unit, sold, devolucion, &after, id).await?;
            Ok((unit, id))
        })
        .await
}

/// Refuses a refund that would take a method's drawer of the day below zero: what the day's
/// float and committed movements put in it (the closing's own sources). A warning, not an
/// invariant: a cashier who confirms pays it anyway (money the drawer got elsewhere).
async fn drawer_holds(
    store: &EventStore,
    day: crate::closings::Dia,
    out: &[Pago],
) -> Result<(), CommandError<SaleError>> {
    if out.is_empty() {
        return Ok(());
    }
    let holds = crate::closings::drawer(store, day).await?;
    // A method named twice pays out both parts from one drawer.
    let mut asked: std::collections::BTreeMap<i64, i64> = std::collections::BTreeMap::new();
    for pago in out {
        *asked.entry(pago.metodo_pago_id).or_default() += pago.monto.cents();
    }
    for (metodo_pago_id, cents) in asked {
        let held = holds
            .iter()
            .find(|h| h.metodo_pago_id == metodo_pago_id)
            .map_or(0, |h| h.monto.cents());
        if held < cents {
            return Err(CommandError::Domain(SaleError::CajaInsuficiente { metodo_pago_id }));
        }
    }
    Ok(())
}

/// The refund's SALIDA: the value the return did not credit against the sale's balance, paid
/// out by the chosen methods (nothing to pay when the credit took it all).
fn refund(
    sold: &MovimientoDatos,
    comprobante: Option<i64>,
    devolucion: &Devolucion,
    request: &Return,
) -> Result<MovimientoDatos, CommandError<SaleError>> {
    let total = Money::from_cents(devolucion.valor.cents() - devolucion.credito.cents());
    let refused = |regla| CommandError::Domain(SaleError::Movimiento(MovimientoError::Invalid(vec![regla])));
    let partes: Vec<(i64, Money)> = match (&request.reintegros[..], request.metodo_pago_id) {
        _ if total == Money::ZERO => vec![],
        ([], Some(metodo_pago_id)) => vec![(metodo_pago_id, total)],
        ([], None) => return Err(refused(Regla::ReintegroSinMedio)),
        (partes, _) => {
            if partes.iter().any(|p| p.monto <= Money::ZERO) {
                return Err(refused(Regla::ReintegroSinMonto));
            }
            let suman = Money::from_cents(partes.iter().map(|p| p.monto.cents()).sum());
            if suman != total {
                return Err(refused(Regla::ReintegroNoSuma { suman, total }));
            }
            partes.iter().map(|p| (p.metodo_pago_id, p.monto)).collect()
        }
    };
    let pagos = partes
        .into_iter()
        .zip(1..)
        .map(|((metodo_pago_id, monto), id)| Pago {
            id,
            metodo_pago_id,
            monto,
            monto_impuesto: monto,
            fecha: request.fecha,
            local_id: None,
            plan: None,
        })
        .collect();
    let items = devolucion
        .lineas
        .iter()
        .map(|l| format!("{} × {} {}", l.cantidad, l.modelo, l.marca))
        .chain(
            devolucion
                .adicionales
                .iter()
                .filter_map(|&i| sold.adicionales.get(i as usize).map(|a| a.descripcion.clone())),
        )
        .collect::<Vec<_>>()
        .join(", ");
    // The sale as the customer names it: the number on their receipt.
    let venta = match comprobante {
        Some(numero) => format!("N° {}", numero_comprobante(sold.local_id, numero)),
        None => format!("#{}", devolucion.venta_id),
    };
    let mut descripcion = format!("Devolución de la venta {venta}: {items}");
    if descripcion.chars().count() > crate::movements::MAX_TEXTO {
        descripcion = descripcion
            .chars()
            .take(crate::movements::MAX_TEXTO - 1)
            .collect::<String>()
            + "…";
    }
    Ok(MovimientoDatos {
        tipo: TipoMovimiento::Salida,
        fecha: request.fecha,
        local_id: request.local_id,
        paciente_id: sold.paciente_id,
        vendedor: None,
        descripcion: Some(descripcion),
        lineas: vec![],
        adicionales: vec![],
        descuento: None,
        total,
        total_impuesto: total,
        pagos,
        estado: None,
        devolucion: Some(devolucion.clone()),
        motivo_precio: None,
        cobertura: None,
    })
}

/// The returned units back into the returning branch's stock.
async fn restock(
    unit: &mut UnitOfWork<'_>,
    devolucion_id: i64,
    devolucion: &Devolucion,
    local_id: i64,
) -> Result<(), CommandError<SaleError>> {
    for l in &devolucion.lineas {
        let command = ProductoCommand::AdjustMany {
            ajustes: vec![Ajuste {
                local_id,
                cantidad: l.cantidad,
                motivo: MotivoStock::Devolucion,
            }],
            origen: Origen::movimiento(devolucion_id),
        };
        let producto_id = l.producto_id;
        unit.handle::<Producto>(&producto_id.to_string(), command, &())
            .await
            .map_err(|e| e.map_domain(|inner| SaleError::Producto(producto_id, inner)))?;
    }
    Ok(())
}

/// Marks in the patient's history the lenses the return completes: a lens product's line
/// recorded one lens, which came back when the whole line did (`after`: the units returned
/// with this return), and a returned additional line that named a lens.
async fn mark_lenses(
    unit: &mut UnitOfWork<'_>,
    sold: &MovimientoDatos,
    devolucion: &Devolucion,
    after: &BTreeMap<i64, i64>,
    devolucion_id: i64,
) -> Result<(), CommandError<SaleError>> {
    let Some(paciente_id) = sold.paciente_id else {
        return Ok(());
    };
    let mut before = after.clone();
    for l in &devolucion.lineas {
        *before.entry(l.producto_id).or_default() -= l.cantidad;
    }
    let (was, now) = (whole_lines(sold, &before), whole_lines(sold, after));
    // The returned part of the sale, so the names are the ones the sale recorded.
    let part = MovimientoDatos {
        lineas: (sold.lineas.iter().enumerate())
            .filter(|(i, _)| now.contains(i) && !was.contains(i))
            .map(|(_, l)| l.clone())
            .collect(),
        adicionales: (sold.adicionales.iter().enumerate())
            .filter(|(i, _)| devolucion.adicionales.contains(&(*i as u32)))
            .map(|(_, a)| a.clone())
            .collect(),
        ..sold.clone()
    };
    let nombres = cristales(&part);
    if nombres.is_empty() {
        return Ok(());
    }
    let command = PacienteCommand::MarkReturned {
        nombres,
        movimiento_id: devolucion.venta_id,
        devolucion_id,
    };
    unit.handle::<Paciente>(&paciente_id.to_string(), command, &())
        .await
        .map_err(|e| e.map_domain(SaleError::Paciente))?;
    Ok(())
}
