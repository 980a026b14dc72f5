//! A sale's lab job follows its sale: while the job is in course the sale keeps its patient,
//! branch and type and is not deleted, and the job moves with the sale's state on the cash-box
//! form. The movements' service runs this through `Follower`, in the sale's own unit.

use async_trait::async_trait;
use optica_events::movements::{EstadoMovimiento, MovimientoDatos};

use super::service::{correo, made_for, new_notices, Contexto};
use crate::jobs::{Regla, Trabajo, TrabajoCommand, TrabajoError};
use crate::movements::{Follower, SaleError};
use crate::{CommandError, EventStore, StoreError, UnitOfWork};

/// The job of the sale being edited or deleted, as `ctx`'s caller moves it.
pub struct SaleJob<'a>(pub &'a Contexto);

#[async_trait]
impl Follower for SaleJob<'_> {
    type Seen = (Trabajo, usize);

    async fn edit(
        &self,
        store: &EventStore,
        unit: &mut UnitOfWork<'_>,
        id: i64,
        before: &MovimientoDatos,
        after: &mut MovimientoDatos,
        expected_version: Option<u64>,
    ) -> Result<Self::Seen, CommandError<SaleError>> {
        let seen = guard_edit(store, id, before, after, expected_version)
            .await
            .map_err(refused)?;
        // The job decided what the edit may change: an order of one meanwhile runs this again.
        unit.guard::<Trabajo>(&id.to_string(), seen.1);
        Ok(seen)
    }

    async fn follow(
        &self,
        store: &EventStore,
        unit: &mut UnitOfWork<'_>,
        id: i64,
        seen: Self::Seen,
        estado: EstadoMovimiento,
    ) -> Result<(), CommandError<SaleError>> {
        follow(store, unit, id, seen, estado, self.0).await.map_err(refused)
    }

    async fn delete(
        &self,
        store: &EventStore,
        unit: &mut UnitOfWork<'_>,
        id: i64,
    ) -> Result<(), CommandError<SaleError>> {
        let base = guard_delete(store, id).await.map_err(refused)?;
        // No job in course: an order of one meanwhile runs this again.
        unit.guard::<Trabajo>(&id.to_string(), base);
        Ok(())
    }
}

/// The job's rules answer in the sale's refusal; anything else the job says is not the
/// caller's doing.
fn refused(e: CommandError<TrabajoError>) -> CommandError<SaleError> {
    match e {
        CommandError::Domain(TrabajoError::Invalid(reglas)) => {
            CommandError::Domain(SaleError::Seguimiento(reglas.iter().map(ToString::to_string).collect()))
        }
        CommandError::Domain(other) => StoreError::Persistence(other.to_string()).into(),
        other => other.map_domain(|e| SaleError::Seguimiento(vec![e.to_string()])),
    }
}

/// The sale's four states in their order: an edit without version never moves a job's sale back.
fn rank(e: EstadoMovimiento) -> u8 {
    match e {
        EstadoMovimiento::PedidoCristales => 0,
        EstadoMovimiento::ArmandoPedido => 1,
        EstadoMovimiento::AnteojoTerminado => 2,
        EstadoMovimiento::Entregado => 3,
    }
}

/// Within a sale's edit, before the sale's own command: the sale's job, if it has
/// one in course, keeps the sale's patient, branch and type; and a form that sends no version
/// (the existing front end: it may have been opened long ago) moves its state forward only.
/// Answers the job, loaded, for `follow`.
async fn guard_edit(
    store: &EventStore,
    id: i64,
    before: &optica_events::movements::MovimientoDatos,
    after: &mut optica_events::movements::MovimientoDatos,
    expected_version: Option<u64>,
) -> Result<(Trabajo, usize), CommandError<TrabajoError>> {
    let (trabajo, base) = store.load::<Trabajo>(&id.to_string()).await?;
    if !trabajo.en_curso() {
        // A delivered job the edit takes back to the lab (`follow`) must still be this sale's.
        let reopens = trabajo.exists()
            && after.estado != before.estado
            && after.estado.is_some_and(|e| e != EstadoMovimiento::Entregado);
        if reopens && !made_for(&trabajo, after) {
            return Err(CommandError::Domain(TrabajoError::Invalid(vec![Regla::VentaCambiada])));
        }
        return Ok((trabajo, base));
    }
    if (before.paciente_id, before.local_id, before.tipo) != (after.paciente_id, after.local_id, after.tipo) {
        return Err(CommandError::Domain(TrabajoError::Invalid(vec![
            Regla::VentaConTrabajo,
        ])));
    }
    if let (None, Some(old), Some(new)) = (expected_version, before.estado, after.estado) {
        if rank(new) < rank(old) {
            after.estado = Some(old);
        }
    }
    Ok((trabajo, base))
}

/// Within a sale's edit, after it: the sale moved to `estado` on the cash-box form, and its job,
/// if it has one, follows.
async fn follow(
    store: &EventStore,
    unit: &mut UnitOfWork<'_>,
    id: i64,
    (trabajo, base): (Trabajo, usize),
    estado: EstadoMovimiento,
    ctx: &Contexto,
) -> Result<(), CommandError<TrabajoError>> {
    if !trabajo.exists() {
        return Ok(());
    }
    let correo = correo(store, &trabajo, ctx)
        .await
        .map_err(|e| e.map_domain(|_| TrabajoError::NotFound))?;
    let before = trabajo.clone();
    let command = TrabajoCommand::Seguir {
        estado,
        correo,
        quien: ctx.quien.clone(),
    };
    let after = unit.handle_loaded(&id.to_string(), trabajo, base, command, &()).await?;
    new_notices(unit, id, &before, &after);
    Ok(())
}

/// A sale with a job in course is not deleted (the job, its lab and its notices would lose
/// their sale).
/// Answers the job stream's length, for the deletion's guard.
async fn guard_delete(store: &EventStore, id: i64) -> Result<usize, CommandError<TrabajoError>> {
    let (trabajo, base) = store.load::<Trabajo>(&id.to_string()).await?;
    if trabajo.en_curso() {
        return Err(CommandError::Domain(TrabajoError::Invalid(vec![
            Regla::VentaConTrabajoNoSeElimina,
        ])));
    }
    Ok(base)
}
