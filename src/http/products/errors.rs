//! How the catalogue's refusals answer: the contract's texts and statuses.

use optica_command::products::ProductoError;
use optica_command::CommandError;

use crate::dispatch;
use crate::error::{texts, AppError};

pub fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El producto ID: {id} no existe en la base de datos!"))
}

pub fn duplicate(editing: bool) -> AppError {
    AppError::BadRequest(if editing {
        "Ya existe otro producto con el mismo modelo y marca.".into()
    } else {
        "Ya existe un producto con el mismo modelo y marca.".into()
    })
}

pub fn command_error(id: i64, e: CommandError<ProductoError>, editing: bool) -> AppError {
    match e {
        CommandError::Domain(ProductoError::Invalid(rules)) => AppError::Rejected(texts(&rules)),
        CommandError::Domain(ProductoError::NotFound) if editing => AppError::NotFound(format!(
            "Error: No se pudo editar el producto ID: {id} no existe en la base de datos!"
        )),
        CommandError::Domain(ProductoError::NotFound) => not_found(id),
        CommandError::Domain(ProductoError::Stale { .. }) => AppError::Conflict(
            "El producto fue modificado por otra operación desde que se abrió el formulario. \
             Vuelva a cargarlo para ver los cambios."
                .into(),
        ),
        CommandError::InUse { by } if by.iter().any(|b| b == optica_events::transfers::TRANSFER_AGGREGATE) => {
            AppError::Conflict(
                "Hay transferencias en tránsito con este producto. Recibilas o cancelalas para continuar".into(),
            )
        }
        CommandError::InUse { .. } => AppError::Conflict(
            "Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar".into(),
        ),
        CommandError::Duplicate { .. } => duplicate(editing),
        other => dispatch::store_failure(other),
    }
}
