//! How the patients' service's refusals answer: the contract's texts and statuses.

use optica_command::patients::PacienteError;
use optica_command::CommandError;
use optica_events::patients::{CELULAR_SCOPE, DOCUMENTO_SCOPE, FICHA_SCOPE};

use crate::dispatch;
use crate::error::{texts, AppError};

pub const DUPLICATE_DOCUMENTO: &str = "Ya existe un paciente con el mismo documento";
pub const DUPLICATE_CELULAR: &str = "Ya existe un paciente con el mismo celular y sin documento";

/// Maps a command failure; `id` names the patient in not-found texts.
pub fn command_error(id: i64, e: CommandError<PacienteError>, editing: bool) -> AppError {
    match e {
        CommandError::Domain(PacienteError::Invalid(rules)) => AppError::Rejected(texts(&rules)),
        CommandError::Domain(PacienteError::NotFound) if editing => AppError::NotFound(format!(
            "Error: No se pudo editar el paciente ID: {id} porque no existe en la base de datos."
        )),
        CommandError::Domain(PacienteError::NotFound) => not_found(id),
        CommandError::Domain(PacienteError::Stale { .. }) => AppError::Conflict(
            "La versión del paciente enviada no corresponde a sus datos. Vuelva a cargar el formulario.".into(),
        ),
        CommandError::Domain(PacienteError::UnicaFicha) => {
            AppError::BadRequest("El paciente debe conservar al menos una ficha".into())
        }
        CommandError::Domain(PacienteError::FichaNoAsignada) => {
            AppError::Conflict("No se pudo asignar un número de ficha. Intente nuevamente.".into())
        }
        CommandError::InUse { .. } => AppError::Conflict(
            "No se puede eliminar el paciente porque tiene movimientos en la caja. \
             Por favor elimine esos movimientos para continuar"
                .into(),
        ),
        CommandError::Duplicate { scope, key } if scope == FICHA_SCOPE => {
            AppError::BadRequest(format!("Ya existe un paciente con la ficha {key}"))
        }
        CommandError::Duplicate { scope, .. } if scope == DOCUMENTO_SCOPE => {
            AppError::BadRequest(DUPLICATE_DOCUMENTO.into())
        }
        CommandError::Duplicate { scope, .. } if scope == CELULAR_SCOPE => {
            AppError::BadRequest(DUPLICATE_CELULAR.into())
        }
        other => dispatch::store_failure(other),
    }
}

pub fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El paciente ID: {id} no existe en la base de datos!"))
}
