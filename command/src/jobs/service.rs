//! The lab jobs' units of work. A job is ordered for a sale with lenses, freezing the
//! patient's latest ficha; its state changes move the sale's own state in the same transaction
//! (so the public page and the existing front end keep seeing one of the four); a mail notice
//! is an event plus its outbox row, committed together.

use optica_events::jobs::{Canal, EstadoTrabajo, Orden};
use optica_events::movements::TipoMovimiento;
use optica_events::EventMetadata;

use crate::jobs::outbox::OutboxWrite;
use crate::jobs::{Quien, Regla, Trabajo, TrabajoCommand, TrabajoError};
use crate::movements::{Movimiento, MovimientoCommand, MovimientoError};
use crate::patients::Paciente;
use crate::{CommandError, EventStore, Outcome, UnitOfWork};

/// Why a job's unit was refused, whichever stream refused it.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    #[error(transparent)]
    Trabajo(TrabajoError),
    #[error(transparent)]
    Movimiento(MovimientoError),
    /// The sale does not exist (or was deleted).
    #[error("the sale does not exist")]
    SinVenta,
    /// The caller does not work at the job's branch.
    #[error("the job belongs to another branch")]
    OtroLocal,
}

/// Who acts, and whether the shop sends mail (reaching 'Anteojo Terminado' then asks for the
/// customer's notice).
#[derive(Clone, Debug)]
pub struct Contexto {
    pub quien: Quien,
    pub correo: bool,
}

fn rule(regla: Regla) -> CommandError<JobError> {
    CommandError::Domain(JobError::Trabajo(TrabajoError::Invalid(vec![regla])))
}

fn job(e: CommandError<TrabajoError>) -> CommandError<JobError> {
    e.map_domain(JobError::Trabajo)
}

async fn paciente(store: &EventStore, id: Option<i64>) -> Result<Option<Paciente>, CommandError<JobError>> {
    let Some(id) = id else { return Ok(None) };
    let (p, _) = store.load::<Paciente>(&id.to_string()).await?;
    Ok(Some(p).filter(Paciente::exists))
}

/// The address a notice of this job goes to, when the shop sends mail and the patient has one.
pub(super) async fn correo(
    store: &EventStore,
    trabajo: &Trabajo,
    ctx: &Contexto,
) -> Result<Option<String>, CommandError<JobError>> {
    if !ctx.correo {
        return Ok(None);
    }
    let p = paciente(store, trabajo.paciente_id()).await?;
    Ok(p.and_then(|p| p.datos().correo.clone())
        .filter(|c| !c.trim().is_empty()))
}

/// The outbox rows of the mail notices a step just asked for.
pub(super) fn new_notices(unit: &mut UnitOfWork<'_>, id: i64, before: &Trabajo, after: &Trabajo) {
    for (aviso, a) in after.avisos() {
        if !before.avisos().contains_key(aviso) && a.canal == Some(Canal::Email) {
            unit.also(OutboxWrite::Nuevo {
                trabajo_id: id,
                aviso: *aviso,
                destinatario: a.destinatario.clone(),
            });
        }
    }
}

/// Orders the job of sale `id` from a lab. `may_touch(local_id)`: whether the caller works at
/// the sale's branch.
pub async fn order(
    store: &EventStore,
    id: i64,
    orden: Orden,
    quien: Quien,
    may_touch: impl Fn(i64) -> bool,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<JobError>> {
    let key = id.to_string();
    let (key, orden, quien, may_touch) = (key.as_str(), &orden, &quien, &may_touch);
    let operation = format!("trabajo:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (venta, venta_base) = store.load::<Movimiento>(key).await?;
            let datos = venta.datos().ok_or(CommandError::Domain(JobError::SinVenta))?;
            if !may_touch(datos.local_id) {
                return Err(CommandError::Domain(JobError::OtroLocal));
            }
            if datos.tipo != TipoMovimiento::Entrada {
                return Err(rule(Regla::SoloVentas));
            }
            if crate::movements::cristales(datos).is_empty() {
                return Err(rule(Regla::SinCristales));
            }
            let receta = paciente(store, datos.paciente_id)
                .await?
                .and_then(|p| p.latest().map(|f| Box::new(f.datos.clone())));
            let command = TrabajoCommand::Encargar {
                local_id: datos.local_id,
                paciente_id: datos.paciente_id,
                orden: orden.clone(),
                receta,
                estado: datos
                    .estado
                    .map_or(EstadoTrabajo::PedidoCristales, EstadoTrabajo::de_movimiento),
                quien: quien.clone(),
            };
            let mut unit = store.unit();
            // The sale decided the job: an edit or deletion of it meanwhile runs this again.
            unit.guard::<Movimiento>(key, venta_base);
            unit.handle::<Trabajo>(key, command, &()).await.map_err(job)?;
            Ok((unit, id))
        })
        .await
}

/// A loaded job the caller may touch.
async fn load(
    store: &EventStore,
    key: &str,
    may_touch: impl Fn(i64) -> bool,
) -> Result<(Trabajo, usize), CommandError<JobError>> {
    let (trabajo, base) = store.load::<Trabajo>(key).await?;
    if !trabajo.exists() {
        return Err(CommandError::Domain(JobError::Trabajo(TrabajoError::NotFound)));
    }
    if !may_touch(trabajo.local_id()) {
        return Err(CommandError::Domain(JobError::OtroLocal));
    }
    Ok((trabajo, base))
}

/// Changes what the lab was told (lab, promised date, tray, notes).
pub async fn amend(
    store: &EventStore,
    id: i64,
    orden: Orden,
    may_touch: impl Fn(i64) -> bool,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<JobError>> {
    let key = id.to_string();
    let (key, orden, may_touch) = (key.as_str(), &orden, &may_touch);
    let operation = format!("modificacion-trabajo:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (trabajo, base) = load(store, key, may_touch).await?;
            let mut unit = store.unit();
            let command = TrabajoCommand::Modificar { orden: orden.clone() };
            unit.handle_loaded(key, trabajo, base, command, &())
                .await
                .map_err(job)?;
            Ok((unit, id))
        })
        .await
}

/// Moves the job to `nuevo`, and its sale to the state that one refines, in one transaction.
/// `expected_version`: the job's version the caller's screen loaded.
#[allow(clippy::too_many_arguments)]
pub async fn move_to(
    store: &EventStore,
    id: i64,
    nuevo: EstadoTrabajo,
    motivo: Option<String>,
    expected_version: Option<u64>,
    ctx: &Contexto,
    may_touch: impl Fn(i64) -> bool,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<JobError>> {
    let key = id.to_string();
    let (key, motivo, may_touch) = (key.as_str(), &motivo, &may_touch);
    let operation = format!("estado-trabajo:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (trabajo, base) = load(store, key, may_touch).await?;
            let correo = correo(store, &trabajo, ctx).await?;
            let (venta, venta_base) = store.load::<Movimiento>(key).await?;
            let mut unit = store.unit();
            let before = trabajo.clone();
            let command = TrabajoCommand::CambiarEstado {
                nuevo,
                motivo: motivo.clone(),
                correo,
                quien: ctx.quien.clone(),
                expected_version,
            };
            let after = unit
                .handle_loaded(key, trabajo, base, command, &())
                .await
                .map_err(job)?;
            new_notices(&mut unit, id, &before, &after);
            if !before.en_curso() && after.en_curso() {
                // Back to the lab: only for the sale, and the patient, it was made for.
                let datos = venta.datos().ok_or_else(|| rule(Regla::VentaEliminada))?;
                if !made_for(&after, datos) {
                    return Err(rule(Regla::VentaCambiada));
                }
            }
            let estado = nuevo.movimiento();
            if venta.datos().is_some_and(|d| d.estado != Some(estado)) {
                unit.handle_loaded(key, venta, venta_base, MovimientoCommand::ChangeState { estado }, &())
                    .await
                    .map_err(|e| e.map_domain(JobError::Movimiento))?;
            } else {
                // The sale decided the move without being written: an edit of it meanwhile runs
                // this again.
                unit.guard::<Movimiento>(key, venta_base);
            }
            Ok((unit, id))
        })
        .await
}

/// Asks for a notice to the customer on demand: by mail (the worker sends it) or WhatsApp
/// (recorded as sent by the person who opens the link). A request repeated with its
/// `Idempotency-Key` asks for nothing more.
pub async fn notify(
    store: &EventStore,
    id: i64,
    canal: Canal,
    ctx: &Contexto,
    may_touch: impl Fn(i64) -> bool,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<JobError>> {
    let key = id.to_string();
    let (key, may_touch) = (key.as_str(), &may_touch);
    let operation = format!("aviso:{id}");
    store
        .run(metadata, &operation, move || async move {
            let (trabajo, base) = load(store, key, may_touch).await?;
            if canal == Canal::Email && !ctx.correo {
                return Err(rule(Regla::CorreoNoConfigurado));
            }
            let p = paciente(store, trabajo.paciente_id())
                .await?
                .ok_or_else(|| rule(Regla::SinPaciente))?;
            let destinatario = match canal {
                Canal::Email => p.datos().correo.clone().filter(|c| !c.trim().is_empty()),
                Canal::Whatsapp => Some(p.datos().celular.clone()).filter(|c| !c.trim().is_empty()),
            };
            let destinatario = destinatario.ok_or_else(|| {
                rule(match canal {
                    Canal::Email => Regla::SinCorreo,
                    Canal::Whatsapp => Regla::SinCelular,
                })
            })?;
            let mut unit = store.unit();
            let before = trabajo.clone();
            let command = TrabajoCommand::Avisar {
                canal,
                destinatario,
                quien: ctx.quien.clone(),
            };
            let after = unit
                .handle_loaded(key, trabajo, base, command, &())
                .await
                .map_err(job)?;
            new_notices(&mut unit, id, &before, &after);
            Ok((unit, id))
        })
        .await
}

/// How an attempt to send a notice ended.
#[derive(Clone, Debug)]
pub enum Entrega {
    Enviado,
    /// `reintentar_en`: seconds until the next attempt; `None`: no more attempts.
    Fallo {
        error: String,
        reintentar_en: Option<i64>,
    },
}

/// Records a notice's delivery attempt: the event on the job and the outbox row, together.
pub async fn delivered(
    store: &EventStore,
    pendiente: &crate::jobs::outbox::Pendiente,
    entrega: Entrega,
    fecha: chrono::NaiveDateTime,
    metadata: &EventMetadata,
) -> Result<(), CommandError<JobError>> {
    let (id, aviso) = (pendiente.trabajo_id, pendiente.aviso);
    let key = id.to_string();
    let (key, entrega) = (key.as_str(), &entrega);
    let operation = format!("entrega:{id}:{aviso}");
    store
        .run(metadata, &operation, move || async move {
            let (trabajo, base) = store.load::<Trabajo>(key).await?;
            let mut unit = store.unit();
            let (command, row) = match entrega.clone() {
                Entrega::Enviado => (
                    TrabajoCommand::RegistrarEnvio { aviso, fecha },
                    OutboxWrite::Enviado { trabajo_id: id, aviso },
                ),
                Entrega::Fallo { error, reintentar_en } => (
                    TrabajoCommand::RegistrarFallo {
                        aviso,
                        intento: pendiente.intentos,
                        error,
                        definitivo: reintentar_en.is_none(),
                        fecha,
                    },
                    match reintentar_en {
                        Some(segundos) => OutboxWrite::Reintentar {
                            trabajo_id: id,
                            aviso,
                            segundos,
                        },
                        None => OutboxWrite::Abandonado { trabajo_id: id, aviso },
                    },
                ),
            };
            unit.handle_loaded(key, trabajo, base, command, &())
                .await
                .map_err(job)?;
            unit.also(row);
            Ok((unit, ()))
        })
        .await?;
    Ok(())
}

/// Whether the sale, as it stands, is the one the job was made for: its patient (whose
/// prescription the job froze), branch and type.
pub(super) fn made_for(trabajo: &Trabajo, venta: &optica_events::movements::MovimientoDatos) -> bool {
    (venta.paciente_id, venta.local_id, venta.tipo)
        == (trabajo.paciente_id(), trabajo.local_id(), TipoMovimiento::Entrada)
}
