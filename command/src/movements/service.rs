//! The cash-box unit: a movement, its stock changes and its patient's lenses are appended in ONE
//! transaction (architecture: "Invariants that span aggregates"). The movement's stream and
//! every product stream it touches are written at the sequences they were loaded at, so two
//! sales racing for the last unit cannot both commit; the loser re-runs against the new stock
//! and is refused when there is none left.

use std::collections::BTreeMap;

use optica_events::movements::{Devolucion, MovimientoDatos, Pago, TipoMovimiento, MOVEMENT_ID_SEQUENCE};
use optica_events::{EventMetadata, Money, MotivoStock, Origen};

use super::follower::Follower;
use super::receipts::ReceiptNumber;
use crate::closings::LedgerWrite;
use crate::movements::payment_days::{self, Cajero};
use crate::movements::price_floor;
use crate::movements::{cristales, whole_lines, Movimiento, MovimientoCommand, MovimientoError, Pedido};
use crate::patients::{Paciente, PacienteCommand, PacienteError};
use crate::products::{Ajuste, Producto, ProductoCommand, ProductoError};
use crate::{CommandError, EventStore, Outcome, StoreError, UnitOfWork};

/// Why a unit of movement work was refused, whichever stream refused it.
#[derive(Debug, thiserror::Error)]
pub enum SaleError {
    #[error(transparent)]
    Movimiento(MovimientoError),
    #[error("product {0}: {1}")]
    Producto(i64, ProductoError),
    #[error(transparent)]
    Paciente(PacienteError),
    /// What follows the sale (its lab job) refused the change, for these reasons in the shop's
    /// words (see `follower.rs`).
    #[error("refused by what follows the sale: {0:?}")]
    Seguimiento(Vec<String>),
    /// The movement belongs to a branch the caller does not work at.
    #[error("the movement belongs to another branch")]
    OtraSucursal,
}

/// Registers a movement with its stock changes and, for a sale to a patient, the patient's
/// lenses. A request repeated with its `Idempotency-Key` answers the first one's movement.
pub async fn register(
    store: &EventStore,
    mut datos: MovimientoDatos,
    quien: Cajero,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let past = payment_days::date(None, &mut datos, quien).map_err(rule)?;
    let past = past.as_slice();
    let id = store.next_id(MOVEMENT_ID_SEQUENCE).await?;
    let key = id.to_string();
    let (key, datos) = (key.as_str(), &datos);
    store
        .run(metadata, "movimiento", move || async move {
            past_days_open(store, past).await?;
            let mut unit = store.unit();
            // The id was just taken from its sequence, so the stream is empty: nothing to load.
            let command = MovimientoCommand::Register { datos: datos.clone() };
            let movimiento = unit
                .handle_loaded(key, Movimiento::default(), 0, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            // The aggregate's normalised data (default state) is what the stock and lenses follow.
            let saved = movimiento.datos().cloned();
            // The closed-day check before the receipt: a refused sale never locks the counter.
            unit.also(LedgerWrite::new(id, None, saved.as_ref()));
            // A sale gets its branch's next receipt number.
            if let Some(d) = saved.as_ref().filter(|d| d.tipo == TipoMovimiento::Entrada) {
                unit.handle_more(key, movimiento, MovimientoCommand::EmitirComprobante, &())
                    .await
                    .map_err(|e| e.map_domain(SaleError::Movimiento))?;
                unit.also(ReceiptNumber {
                    id: key.to_string(),
                    local_id: d.local_id,
                });
            }
            let precios = move_stock(&mut unit, id, None, saved.as_ref(), MotivoStock::Venta).await?;
            if let Some(d) = saved.as_ref() {
                price_floor::check(None, d, &precios, quien).map_err(rules)?;
            }
            if let Some(d) = saved.as_ref().filter(|d| d.tipo == TipoMovimiento::Entrada) {
                record_lenses(&mut unit, id, d).await?;
            }
            Ok((unit, id))
        })
        .await
}

/// What an edit asks for: the movement's new data, and the version its form loaded (none: an
/// old form that sends none).
pub struct Edicion {
    pub datos: MovimientoDatos,
    pub expected_version: Option<u64>,
}

/// Edits a movement: a sale's stock goes back at the stored branch and is taken again for the
/// new lines at the new branch (net per product and branch), in one transaction.
/// `may_touch(local_id)`: whether the caller may work at the stored branch. What follows the
/// sale (`follower`: its lab job) may refuse the edit, and moves along with its state.
pub async fn edit(
    store: &EventStore,
    id: i64,
    Edicion {
        datos,
        expected_version,
    }: Edicion,
    may_touch: impl Fn(i64) -> bool,
    follower: &impl Follower,
    quien: Cajero,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let key = id.to_string();
    let (key, datos, may_touch) = (key.as_str(), &datos, &may_touch);
    let operation = format!("edicion:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Movimiento>(key).await?;
            let previous = before.datos().cloned();
            if previous.as_ref().is_some_and(|p| !may_touch(p.local_id)) {
                return Err(CommandError::Domain(SaleError::OtraSucursal));
            }
            let mut datos = datos.clone();
            let past = payment_days::date(previous.as_ref(), &mut datos, quien).map_err(rule)?;
            past_days_open(store, &past).await?;
            // An edit's form does not send the reason back: the sale keeps the one it had.
            datos.motivo_precio = datos.motivo_precio.or(previous.as_ref().and_then(|p| p.motivo_precio));
            let precios = catalogue_prices(store, &datos).await?;
            price_floor::check(previous.as_ref(), &datos, &precios, quien).map_err(rules)?;
            let mut unit = store.unit();
            let seen = match previous.as_ref() {
                Some(p) => Some(
                    follower
                        .edit(store, &mut unit, id, p, &mut datos, expected_version)
                        .await?,
                ),
                None => None,
            };
            let command = MovimientoCommand::Edit {
                datos,
                expected_version,
            };
            let after = unit
                .handle_loaded(key, before, base, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            let saved = after.datos().cloned();
            unit.also(LedgerWrite::new(id, previous.as_ref(), saved.as_ref()));
            let motivo = MotivoStock::VentaEditada;
            move_stock(&mut unit, id, previous.as_ref(), saved.as_ref(), motivo).await?;
            let estado = saved.as_ref().and_then(|d| d.estado);
            let moved = estado.filter(|e| previous.as_ref().and_then(|p| p.estado) != Some(*e));
            if let (Some(estado), Some(seen)) = (moved, seen) {
                follower.follow(store, &mut unit, id, seen, estado).await?;
            }
            Ok((unit, id))
        })
        .await
}

fn rule(regla: crate::movements::Regla) -> CommandError<SaleError> {
    rules(vec![regla])
}

fn rules(reglas: Vec<crate::movements::Regla>) -> CommandError<SaleError> {
    CommandError::Domain(SaleError::Movimiento(MovimientoError::Invalid(reglas)))
}

/// The catalogue price of each product the movement's lines name (a product deleted since is
/// left out: the stock's own command refuses it).
async fn catalogue_prices(store: &EventStore, datos: &MovimientoDatos) -> Result<BTreeMap<i64, Money>, StoreError> {
    let mut precios = BTreeMap::new();
    for linea in &datos.lineas {
        if let std::collections::btree_map::Entry::Vacant(slot) = precios.entry(linea.producto_id) {
            let (producto, _) = store.load::<Producto>(&linea.producto_id.to_string()).await?;
            slot.insert(producto.datos().precio);
        }
    }
    Ok(precios)
}

/// Refuses payments on a past day whose cash is not open (see `payment_days`).
async fn past_days_open(store: &EventStore, past: &[payment_days::Dia]) -> Result<(), CommandError<SaleError>> {
    for day in past {
        if !payment_days::open(store, *day).await? {
            return Err(rule(crate::movements::Regla::DiaSinAbrir { dia: day.1 }));
        }
    }
    Ok(())
}

/// Records a payment on a sale's balance, received now at `pago.local_id`'s cash (the caller's
/// branch, which may be another than the sale's). Any staff member may collect; the day of the
/// collecting branch must be open.
pub async fn collect(
    store: &EventStore,
    id: i64,
    pago: Pago,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let key = id.to_string();
    let (key, pago) = (key.as_str(), &pago);
    let operation = format!("cobro:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Movimiento>(key).await?;
            let previous = before.datos().cloned();
            let mut unit = store.unit();
            let command = MovimientoCommand::Cobrar { pago: pago.clone() };
            let after = unit
                .handle_loaded(key, before, base, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            let saved = after.datos().cloned();
            unit.also(LedgerWrite::new(id, previous.as_ref(), saved.as_ref()));
            Ok((unit, id))
        })
        .await
}

/// Deletes a movement, putting a sale's stock back at its branch, unless what follows the sale
/// (`follower`: its lab job) still needs it.
pub async fn delete(
    store: &EventStore,
    id: i64,
    follower: &impl Follower,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let key = id.to_string();
    let key = key.as_str();
    let operation = format!("borrado:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Movimiento>(key).await?;
            let previous = before.datos().cloned();
            let mut unit = store.unit();
            follower.delete(store, &mut unit, id).await?;
            unit.handle_loaded(key, before, base, MovimientoCommand::Delete, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            unit.also(LedgerWrite::new(id, previous.as_ref(), None));
            move_stock(&mut unit, id, previous.as_ref(), None, MotivoStock::VentaEliminada).await?;
            Ok((unit, id))
        })
        .await
}

/// A return as the counter asks for it: what comes back from sale `venta_id`, into the stock
/// and cash of branch `local_id`, refunded by `metodo_pago_id` at `fecha` (today, now).
#[derive(Clone, Debug)]
pub struct Return {
    pub venta_id: i64,
    pub pedido: Pedido,
    pub local_id: i64,
    pub metodo_pago_id: Option<i64>,
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
            let datos = refund(sold, devolucion, request)?;
            let command = MovimientoCommand::Register { datos };
            let salida = unit
                .handle_loaded(key, Movimiento::default(), 0, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            // Today's day at the returning branch must be open even when no money moves (a
            // return that only cancels debt): the return is in that day's stock and records.
            let today = (request.local_id, request.fecha.date());
            unit.also(LedgerWrite::new(id, None, salida.datos()).touching(today));
            restock(&mut unit, id, devolucion, request.local_id).await?;
            mark_lenses(&mut unit, sold, devolucion, &after, id).await?;
            Ok((unit, id))
        })
        .await
}

/// The refund's SALIDA: the value the return did not credit against the sale's balance, paid
/// out by the chosen method (nothing to pay when the credit took it all).
fn refund(
    sold: &MovimientoDatos,
    devolucion: &Devolucion,
    request: &Return,
) -> Result<MovimientoDatos, CommandError<SaleError>> {
    let total = Money::from_cents(devolucion.valor.cents() - devolucion.credito.cents());
    let pagos = match request.metodo_pago_id {
        _ if total == Money::ZERO => vec![],
        Some(metodo_pago_id) => vec![Pago {
            id: 1,
            metodo_pago_id,
            monto: total,
            monto_impuesto: total,
            fecha: request.fecha,
            local_id: None,
        }],
        None => {
            let regla = crate::movements::Regla::ReintegroSinMedio;
            return Err(CommandError::Domain(SaleError::Movimiento(MovimientoError::Invalid(
                vec![regla],
            ))));
        }
    };
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
    let mut descripcion = format!("Devolución de la venta #{}: {items}", devolucion.venta_id);
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
async fn move_stock(
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
async fn record_lenses(
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

#[cfg(test)]
mod tests {
    use chrono::NaiveDateTime;
    use optica_events::movements::{Linea, LineaAdicional};

    use super::*;

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
        };
        assert_eq!(cristales(&datos), vec!["Orma Essilor", "es Blue"]);
    }
}
