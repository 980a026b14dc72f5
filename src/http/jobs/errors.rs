//! How the lab jobs' refusals answer.

use optica_command::jobs::JobError;
use optica_command::jobs::TrabajoError;
use optica_command::movements::MovimientoError;
use optica_command::CommandError;

use crate::dispatch;
use crate::error::{texts, AppError};

pub fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El trabajo {id} no existe."))
}

pub fn command_error(id: i64, e: CommandError<JobError>) -> AppError {
    match e {
        CommandError::Domain(JobError::Trabajo(TrabajoError::Invalid(rules))) => AppError::Validation(texts(&rules)),
        CommandError::Domain(JobError::Trabajo(TrabajoError::AlreadyExists)) => {
            AppError::Conflict(format!("La venta {id} ya tiene su trabajo de laboratorio."))
        }
        CommandError::Domain(JobError::Trabajo(TrabajoError::NotFound)) => not_found(id),
        CommandError::Domain(JobError::Trabajo(TrabajoError::Stale { .. })) => AppError::Conflict(
            "El trabajo fue modificado por otra persona desde que se abrió. Vuelva a cargarlo para ver los cambios."
                .into(),
        ),
        CommandError::Domain(JobError::SinVenta) => {
            AppError::NotFound(format!("El movimiento ID: {id} no existe en la base de datos!"))
        }
        CommandError::Domain(JobError::Movimiento(MovimientoError::Invalid(rules))) => {
            AppError::Validation(texts(&rules))
        }
        CommandError::Domain(JobError::Movimiento(_)) => not_found(id),
        CommandError::Domain(JobError::OtroLocal) => AppError::Forbidden,
        other => dispatch::store_failure(other),
    }
}
