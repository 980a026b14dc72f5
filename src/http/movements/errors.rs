//! How the cash-box unit's refusals answer: the contract's texts and statuses.

use optica_command::movements::MovimientoError;
use optica_command::movements::SaleError;
use optica_command::patients::PacienteError;
use optica_command::products::ProductoError;
use optica_command::CommandError;

use crate::dispatch;
use crate::error::{texts, AppError};
use crate::http::kit::references::Missing;

pub fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El movimiento ID: {id} no existe en la base de datos!"))
}

pub fn command_error(id: i64, e: CommandError<SaleError>, accion: &str) -> AppError {
    let refused = |error: String| AppError::Refused {
        mensaje: format!("Error al {accion} el movimiento"),
        error,
    };
    match e {
        // A refused delete answers the mensaje the existing app shows (a sale with returns).
        CommandError::Domain(SaleError::Movimiento(MovimientoError::Invalid(list))) if accion == "eliminar" => {
            AppError::Conflict(texts(&list).join(" "))
        }
        CommandError::Domain(SaleError::Movimiento(MovimientoError::Invalid(list))) => {
            AppError::Validation(texts(&list))
        }
        // What follows the sale (its lab job in course) refused it.
        CommandError::Domain(SaleError::Seguimiento(list)) if accion == "eliminar" => {
            AppError::Conflict(list.join(" "))
        }
        CommandError::Domain(SaleError::Seguimiento(list)) => AppError::Validation(list),
        CommandError::Domain(SaleError::Movimiento(MovimientoError::Stale { .. })) => AppError::Conflict(
            "El movimiento fue modificado por otra persona desde que se abrió el formulario. \
             Vuelva a cargarlo para ver los cambios."
                .into(),
        ),
        CommandError::Domain(SaleError::Movimiento(_)) if accion == "actualizar" => AppError::NotFound(format!(
            "Error: No se pudo editar el movimiento ID: {id} no existe en la base de datos!"
        )),
        CommandError::Domain(SaleError::Movimiento(_)) => not_found(id),
        CommandError::Domain(SaleError::Producto(_, ProductoError::StockInsuficiente { modelo })) => {
            refused(format!("Stock insuficiente para el producto: {modelo}"))
        }
        CommandError::Domain(SaleError::Producto(_, ProductoError::LocalAusente(_) | ProductoError::NotFound)) => {
            refused("Producto no encontrado en el local.".into())
        }
        CommandError::Domain(SaleError::Producto(_, ProductoError::Invalid(list))) => refused(texts(&list).join(". ")),
        CommandError::Domain(SaleError::Producto(_, other)) => AppError::internal(other),
        CommandError::Domain(SaleError::Paciente(PacienteError::NotFound)) => Missing::Paciente.into(),
        CommandError::Domain(SaleError::Paciente(PacienteError::Invalid(list))) => refused(texts(&list).join(". ")),
        // Recording a sale's lenses can fail no other way; never show a rule's internal text.
        CommandError::Domain(SaleError::Paciente(other)) => AppError::internal(other),
        CommandError::Domain(SaleError::OtraSucursal) => AppError::Forbidden,
        other => dispatch::store_failure(other),
    }
}
