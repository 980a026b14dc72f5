//! How a lookup command's refusals answer: the contract's texts and statuses.

use optica_command::lookups::LookupError;
use optica_command::CommandError;
use optica_events::LookupKind;

use super::texts::texts;
use crate::dispatch;
use crate::error::AppError;

/// `verb`: what was being done ("crear", "editar", "eliminar"), for the not-found text.
pub fn domain_error(kind: LookupKind, id: i64, verb: &str, e: CommandError<LookupError>) -> AppError {
    match e {
        CommandError::Domain(LookupError::Invalid(rules)) => AppError::Validation(crate::error::texts(&rules)),
        CommandError::Domain(LookupError::NotFound) => AppError::NotFound(format!(
            "Error: No se pudo {verb} {} ID: {id} no existe en la base de datos!",
            texts(kind).article
        )),
        CommandError::InUse { by } => AppError::Conflict(in_use(kind, &by).into()),
        CommandError::Duplicate { .. } => AppError::Validation(vec![texts(kind).duplicate.into()]),
        other => dispatch::store_failure(other),
    }
}

/// Why an item still used by records of the kinds `by` (aggregate types) cannot be deleted.
fn in_use(kind: LookupKind, by: &[String]) -> &'static str {
    let used_by = |t: &str| by.iter().any(|b| b == t);
    if used_by(optica_events::transfers::TRANSFER_AGGREGATE) || used_by(optica_events::counts::COUNT_AGGREGATE) {
        "Hay transferencias en tránsito o un conteo abierto en este local. Recibilas, cancelalas o cerrá el conteo para continuar"
    } else if used_by(optica_events::users::USER_AGGREGATE) {
        "Existen usuarios asignados a este local. Por favor asigne esos usuarios a otro local para continuar"
    } else if used_by(optica_events::patients::PATIENT_AGGREGATE) {
        "Existen pacientes registrados en este local. Por favor asigne esos pacientes a otro local para continuar"
    } else {
        texts(kind).referenced
    }
}
