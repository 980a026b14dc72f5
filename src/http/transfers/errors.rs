//! How the transfers' refusals answer.

use optica_command::products::ProductoError;
use optica_command::transfers::TransferError;
use optica_command::transfers::TransferenciaError;
use optica_command::CommandError;

use crate::dispatch;
use crate::error::{texts, AppError};

pub fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("La transferencia {id} no existe."))
}

pub fn command_error(id: i64, e: CommandError<TransferError>) -> AppError {
    let one = |text: String| AppError::Validation(vec![text]);
    match e {
        CommandError::Domain(TransferError::Transferencia(TransferenciaError::Invalid(rules))) => {
            AppError::Validation(texts(&rules))
        }
        CommandError::Domain(TransferError::Transferencia(_)) => not_found(id),
        CommandError::Domain(TransferError::Producto(_, ProductoError::StockInsuficiente { modelo })) => {
            one(format!("Stock insuficiente para el producto: {modelo}"))
        }
        CommandError::Domain(TransferError::Producto(producto_id, ProductoError::LocalAusente(_))) => {
            one(format!("El producto {producto_id} no está en el local de origen."))
        }
        CommandError::Domain(TransferError::Producto(producto_id, ProductoError::NotFound)) => {
            one(format!("El producto {producto_id} no existe."))
        }
        CommandError::Domain(TransferError::Producto(_, ProductoError::Invalid(rules))) => {
            AppError::Validation(texts(&rules))
        }
        CommandError::Domain(TransferError::Producto(_, other)) => AppError::internal(other),
        CommandError::Domain(TransferError::OtroLocal) => AppError::Forbidden,
        CommandError::Missing { target_type, .. } if target_type == "Local" => {
            one(crate::http::kit::references::Missing::Local.to_string())
        }
        other => dispatch::store_failure(other),
    }
}
