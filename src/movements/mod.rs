//! The cash box's command services. A sale, its stock changes and its patient's lenses are
//! appended in ONE transaction (architecture: "Invariants that span aggregates"): the movement's
//! stream and every product stream it touches are written at the sequences they were loaded at,
//! so two sales racing for the last unit cannot both commit; the loser re-runs against the new
//! stock and is refused when there is none left.

pub mod body;
pub mod pdf;
pub mod status;

use std::collections::BTreeMap;

use optica_command::movement::{Movimiento, MovimientoCommand, MovimientoError};
use optica_command::patient::{Paciente, PacienteCommand, PacienteError};
use optica_command::product::{Ajuste, Producto, ProductoCommand, ProductoError};
use optica_command::{with_retries, Appended, CommandError, UnitOfWork};
use optica_events::movement::{MovimientoDatos, TipoMovimiento, IDEMPOTENCY_SCOPE};
use optica_events::{EventMetadata, MotivoStock};

use crate::dispatch;
use crate::error::AppError;
use crate::state::AppState;

/// Why a unit of movement work was refused, whichever stream refused it.
#[derive(Debug, thiserror::Error)]
pub enum CajaError {
    #[error(transparent)]
    Movimiento(MovimientoError),
    #[error("product {0}: {1}")]
    Producto(i64, ProductoError),
    #[error(transparent)]
    Paciente(PacienteError),
    /// The movement belongs to a branch the caller does not work at.
    #[error("the movement belongs to another branch")]
    OtraSucursal,
}

/// Re-labels another aggregate's command failure as the unit's.
fn lift<E: std::error::Error>(e: CommandError<E>, domain: impl FnOnce(E) -> CajaError) -> CommandError<CajaError> {
    e.map_domain(domain)
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
/// none), one command per product stream.
async fn move_stock(
    unit: &mut UnitOfWork<'_>,
    movimiento_id: i64,
    before: Option<&MovimientoDatos>,
    after: Option<&MovimientoDatos>,
    motivo: MotivoStock,
) -> Result<(), CommandError<CajaError>> {
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
            movimiento_id: Some(movimiento_id),
        };
        unit.handle::<Producto>(&producto_id.to_string(), command, &())
            .await
            .map_err(|e| lift(e, |inner| CajaError::Producto(producto_id, inner)))?;
    }
    Ok(())
}

/// The idempotency claim of a request: per user, so one user's key never answers another's.
pub fn idempotency_key(metadata: &EventMetadata) -> Option<String> {
    metadata
        .idempotency_key
        .as_ref()
        .map(|k| format!("{}:{k}", metadata.actor.username))
}

/// The movement an earlier request with the same idempotency key created, if any.
pub async fn replayed(state: &AppState, metadata: &EventMetadata) -> Result<Option<i64>, AppError> {
    let Some(key) = idempotency_key(metadata) else {
        return Ok(None);
    };
    let id: Option<String> = sqlx::query_scalar("select aggregate_id from unique_claims where scope = $1 and key = $2")
        .bind(IDEMPOTENCY_SCOPE)
        .bind(&key)
        .fetch_optional(&state.pool)
        .await?;
    Ok(id.and_then(|id| id.parse().ok()))
}

/// Waits (bounded) until the read model shows a movement another request committed, so a
/// repeated request answers it like the first one did.
pub async fn wait_until_readable(state: &AppState, id: i64) -> Result<(), AppError> {
    let deadline = tokio::time::Instant::now() + state.read_wait;
    while optica_query::movements::branch_of(&state.pool, id).await?.is_none() {
        if tokio::time::Instant::now() >= deadline {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    Ok(())
}

/// Registers a movement with its stock changes and, for a sale to a patient, the patient's
/// lenses, all in one transaction. Answers the movement's id (an earlier one's, when the
/// request repeats an idempotency key).
pub async fn register(
    state: &AppState,
    datos: MovimientoDatos,
    metadata: &EventMetadata,
) -> Result<i64, CommandError<CajaError>> {
    let id = state
        .store
        .next_id(optica_events::movement::MOVEMENT_ID_SEQUENCE)
        .await?;
    let key = id.to_string();
    let (key, datos) = (key.as_str(), &datos);
    let idempotency = idempotency_key(metadata);
    let appended = with_retries(move || {
        let idempotency = idempotency.clone();
        async move {
            let mut unit = state.store.unit();
            // The id was just taken from its sequence, so the stream is empty: nothing to load.
            let command = MovimientoCommand::Register { datos: datos.clone() };
            let movimiento = unit
                .handle_loaded(key, Movimiento::default(), 0, command, &())
                .await
                .map_err(|e| lift(e, CajaError::Movimiento))?;
            // The aggregate's normalised data (default state) is what the stock and lenses follow.
            let saved = movimiento.datos().cloned();
            move_stock(&mut unit, id, None, saved.as_ref(), MotivoStock::Venta).await?;
            if let Some(d) = saved.as_ref().filter(|d| d.tipo == TipoMovimiento::Entrada) {
                let nombres = body::cristales(d);
                if let (Some(paciente_id), false) = (d.paciente_id, nombres.is_empty()) {
                    let command = PacienteCommand::RecordCristales {
                        nombres,
                        fecha: d.fecha.date(),
                    };
                    unit.handle::<Paciente>(&paciente_id.to_string(), command, &())
                        .await
                        .map_err(|e| lift(e, CajaError::Paciente))?;
                }
            }
            if let Some(k) = &idempotency {
                unit.claim(IDEMPOTENCY_SCOPE, k, key);
            }
            unit.commit(metadata).await
        }
    })
    .await?;
    settle(state, appended).await;
    Ok(id)
}

/// Edits a movement: a sale's stock goes back at the stored branch and is taken again for the
/// new lines at the new branch (net per product and branch), in one transaction.
/// `may_touch(local_id)`: whether the caller may work at the stored branch.
pub async fn edit(
    state: &AppState,
    id: i64,
    datos: MovimientoDatos,
    expected_version: Option<u64>,
    may_touch: impl Fn(i64) -> bool,
    metadata: &EventMetadata,
) -> Result<(), CommandError<CajaError>> {
    let key = id.to_string();
    let (key, datos, may_touch) = (key.as_str(), &datos, &may_touch);
    let appended = with_retries(move || async move {
        let (before, base) = state.store.load::<Movimiento>(key).await?;
        let previous = before.datos().cloned();
        if previous.as_ref().is_some_and(|p| !may_touch(p.local_id)) {
            return Err(CommandError::Domain(CajaError::OtraSucursal));
        }
        let mut unit = state.store.unit();
        let after = unit
            .handle_loaded(
                key,
                before,
                base,
                MovimientoCommand::Edit {
                    datos: datos.clone(),
                    expected_version,
                },
                &(),
            )
            .await
            .map_err(|e| lift(e, CajaError::Movimiento))?;
        let saved = after.datos().cloned();
        move_stock(
            &mut unit,
            id,
            previous.as_ref(),
            saved.as_ref(),
            MotivoStock::VentaEditada,
        )
        .await?;
        unit.commit(metadata).await
    })
    .await?;
    settle(state, appended).await;
    Ok(())
}

/// Deletes a movement, putting a sale's stock back at its branch.
pub async fn delete(state: &AppState, id: i64, metadata: &EventMetadata) -> Result<(), CommandError<CajaError>> {
    let key = id.to_string();
    let key = key.as_str();
    let appended = with_retries(move || async move {
        let (before, base) = state.store.load::<Movimiento>(key).await?;
        let previous = before.datos().cloned();
        let mut unit = state.store.unit();
        unit.handle_loaded(key, before, base, MovimientoCommand::Delete, &())
            .await
            .map_err(|e| lift(e, CajaError::Movimiento))?;
        move_stock(&mut unit, id, previous.as_ref(), None, MotivoStock::VentaEliminada).await?;
        unit.commit(metadata).await
    })
    .await?;
    settle(state, appended).await;
    Ok(())
}

async fn settle(state: &AppState, appended: Option<Appended>) {
    if let Some(at) = appended {
        dispatch::settle(state, at).await;
    }
}
