//! The cash-box unit: a movement, its stock changes and its patient's lenses are appended in ONE
//! transaction (docs/architecture.md, "Invariants that span streams"). The movement's stream and
//! every product stream it touches are written at the sequences they were loaded at, so two
//! sales racing for the last unit cannot both commit; the loser re-runs against the new stock
//! and is refused when there is none left.

use std::collections::BTreeMap;

use optica_events::movements::{MovimientoDatos, Pago, TipoMovimiento, MOVEMENT_ID_SEQUENCE};
use optica_events::{EventMetadata, Money, MotivoStock};

use super::follower::Follower;
use super::lines::{move_stock, record_lenses};
use super::receipts::{ReceiptNumber, Serie};
use crate::closings::LedgerWrite;
use crate::movements::payment_days::{self, Cajero};
use crate::movements::price_floor;
use crate::movements::{Movimiento, MovimientoCommand, MovimientoError};
use crate::patients::PacienteError;
use crate::products::{Producto, ProductoError};
use crate::{CommandError, EventStore, Outcome, StoreError};

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
    /// Paying this out would take the drawer of method `metodo_pago_id` below what today's
    /// float and movements put in it: the cashier confirms before the money leaves.
    #[error("the drawer of method {metodo_pago_id} would go below zero")]
    CajaInsuficiente { metodo_pago_id: i64 },
}

/// Registers a movement with its stock changes and, for a sale to a patient, the patient's
/// lenses. A request repeated with its `Idempotency-Key` answers the first one's movement.
pub async fn register(
    store: &EventStore,
    mut datos: MovimientoDatos,
    cobertura: &super::PedidoCobertura,
    quien: Cajero,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let past = payment_days::date(None, &mut datos, quien).map_err(rule)?;
    super::cuotas::charge_payments(store, None, &mut datos).await?;
    super::coverage::cover(store, None, &mut datos, cobertura).await?;
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
                    serie: Serie::Venta,
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
    pub cobertura: super::PedidoCobertura,
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
        cobertura,
    }: Edicion,
    may_touch: impl Fn(i64) -> bool,
    follower: &impl Follower,
    quien: Cajero,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let key = id.to_string();
    let (key, datos, may_touch, cobertura) = (key.as_str(), &datos, &may_touch, &cobertura);
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
            if let Some(p) = previous.as_ref() {
                others_payments_kept(p, &datos, may_touch)?;
            }
            super::cuotas::charge_payments(store, previous.as_ref(), &mut datos).await?;
            super::coverage::cover(store, previous.as_ref(), &mut datos, cobertura).await?;
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
            let saved = handle_with_ledger(&mut unit, (key, id), (before, base), command, previous.as_ref()).await?;
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

/// A payment collected at a branch the caller does not work at is that branch's drawer's money:
/// the edit must send it back as it was (`payment_days::same`).
fn others_payments_kept(
    previous: &MovimientoDatos,
    datos: &MovimientoDatos,
    may_touch: impl Fn(i64) -> bool,
) -> Result<(), CommandError<SaleError>> {
    let sent = payment_days::matches(&datos.pagos, &previous.pagos);
    let theirs = |p: &Pago| p.local_id.is_some_and(|l| !may_touch(l));
    match previous
        .pagos
        .iter()
        .zip(sent)
        .any(|(p, sent)| theirs(p) && sent.is_none())
    {
        true => Err(rule(crate::movements::Regla::PagoDeOtroLocal)),
        false => Ok(()),
    }
}

/// Runs `command` on the movement as it was loaded, with the cash ledger's change from
/// `previous` to what the command saved: every change of a movement's payments goes through the
/// ledger. Answers what the movement holds after it.
async fn handle_with_ledger(
    unit: &mut crate::UnitOfWork<'_>,
    (key, id): (&str, i64),
    (before, base): (Movimiento, usize),
    command: MovimientoCommand,
    previous: Option<&MovimientoDatos>,
) -> Result<Option<MovimientoDatos>, CommandError<SaleError>> {
    let after = unit
        .handle_loaded(key, before, base, command, &())
        .await
        .map_err(|e| e.map_domain(SaleError::Movimiento))?;
    let saved = after.datos().cloned();
    unit.also(LedgerWrite::new(id, previous, saved.as_ref()));
    Ok(saved)
}

fn rule(regla: crate::movements::Regla) -> CommandError<SaleError> {
    rules(vec![regla])
}

pub(super) fn rules(reglas: Vec<crate::movements::Regla>) -> CommandError<SaleError> {
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
    mut pago: Pago,
    metadata: &EventMetadata,
) -> Result<Outcome<Cobrado>, CommandError<SaleError>> {
    super::cuotas::charge(store, &[], std::slice::from_mut(&mut pago)).await?;
    let key = id.to_string();
    let (key, pago) = (key.as_str(), &pago);
    let operation = format!("cobro:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Movimiento>(key).await?;
            let previous = before.datos().cloned();
            let mut unit = store.unit();
            let command = MovimientoCommand::Cobrar { pago: pago.clone() };
            // The closed-day check (the ledger's) before the receipt: a refused payment never
            // takes a number.
            let after = unit
                .handle_loaded(key, before, base, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            let saved = after.datos().cloned();
            unit.also(LedgerWrite::new(id, previous.as_ref(), saved.as_ref()));
            let cobrado = saved
                .as_ref()
                .and_then(|d| d.pagos.iter().max_by_key(|p| p.id))
                .map(|p| (p.id, p.local_id));
            let Some((pago_id, elsewhere)) = cobrado else {
                return Err(StoreError::Persistence("a collection without its payment".into()).into());
            };
            unit.handle_more(key, after, MovimientoCommand::EmitirRecibo, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            let local_id = elsewhere.or(saved.as_ref().map(|d| d.local_id)).unwrap_or_default();
            unit.also(ReceiptNumber {
                id: key.to_string(),
                local_id,
                serie: Serie::Cobro,
            });
            Ok((unit, Cobrado { id, pago_id }))
        })
        .await
}

/// What a collection answers: the sale, and the payment it added (whose receipt is read by it).
/// Recorded with its `Idempotency-Key`; a key recorded before collections had receipts holds the
/// sale's id alone, read as a payment without receipt (`pago_id` 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "CobradoGuardado")]
pub struct Cobrado {
    pub id: i64,
    pub pago_id: i64,
}

#[derive(serde::Deserialize)]
#[serde(untagged)]
enum CobradoGuardado {
    Ahora { id: i64, pago_id: i64 },
    Antes(i64),
}

impl From<CobradoGuardado> for Cobrado {
    fn from(guardado: CobradoGuardado) -> Self {
        match guardado {
            CobradoGuardado::Ahora { id, pago_id } => Cobrado { id, pago_id },
            CobradoGuardado::Antes(id) => Cobrado { id, pago_id: 0 },
        }
    }
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

/// Records as lenses the lines of a saved sale whose products' category was marked as lenses
/// after it (`lentes`: those products), and adds them to the patient's record as the sale would
/// have: the sale's other data, its stock and its payments stay as they are.
pub async fn recognize_lenses(
    store: &EventStore,
    id: i64,
    lentes: Vec<i64>,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<SaleError>> {
    let key = id.to_string();
    let (key, lentes) = (key.as_str(), &lentes);
    let operation = format!("cristales:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Movimiento>(key).await?;
            let antes: Vec<bool> = before
                .datos()
                .map(|d| d.lineas.iter().map(|l| l.cristal).collect())
                .unwrap_or_default();
            let mut unit = store.unit();
            let command = MovimientoCommand::MarcarCristales {
                productos: lentes.clone(),
            };
            let after = unit
                .handle_loaded(key, before, base, command, &())
                .await
                .map_err(|e| e.map_domain(SaleError::Movimiento))?;
            if let Some(d) = after.datos() {
                // Only the lines just marked: the rest of the sale's lenses are in the record.
                let nuevas = MovimientoDatos {
                    lineas: d
                        .lineas
                        .iter()
                        .zip(&antes)
                        .filter(|(l, was)| l.cristal && !**was)
                        .map(|(l, _)| l.clone())
                        .collect(),
                    adicionales: vec![],
                    ..d.clone()
                };
                record_lenses(&mut unit, id, &nuevas).await?;
            }
            Ok((unit, id))
        })
        .await
}

#[cfg(test)]
mod recorded_answers {
    use super::Cobrado;

    #[test]
    fn a_collections_key_recorded_before_receipts_still_reads() {
        let antes: Cobrado = serde_json::from_str("42").unwrap();
        assert_eq!(antes, Cobrado { id: 42, pago_id: 0 });
        let ahora: Cobrado = serde_json::from_str(r#"{"id": 42, "pago_id": 3}"#).unwrap();
        assert_eq!(ahora, Cobrado { id: 42, pago_id: 3 });
        let escrito = serde_json::to_string(&ahora).unwrap();
        assert_eq!(serde_json::from_str::<Cobrado>(&escrito).unwrap(), ahora);
    }
}
