//! How the accounts' refusals answer.

use optica_command::users::UserError;
use optica_command::CommandError;

use super::rules::Problema;
use crate::dispatch;
use crate::error::AppError;
use crate::http::kit::references::Missing;

pub(super) fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El usuario {id} no existe."))
}

pub fn command_error(id: i64, e: CommandError<UserError>) -> AppError {
    let one = |text: String| AppError::Validation(vec![text]);
    match e {
        CommandError::Domain(UserError::LastAdmin) => {
            AppError::Conflict("Es el único administrador habilitado: habilite o cree otro administrador antes.".into())
        }
        CommandError::Domain(UserError::NotFound) => not_found(id),
        CommandError::Domain(UserError::InvalidUsername) => one(Problema::NombreInvalido.to_string()),
        CommandError::Domain(UserError::UnknownRole(_)) => one(Problema::RolDesconocido.to_string()),
        CommandError::Domain(UserError::SellerWithoutBranch) => one(Problema::VendedorSinLocal.to_string()),
        CommandError::Domain(UserError::AlreadyExists) | CommandError::Duplicate { .. } => {
            one("Ya existe un usuario con ese nombre.".into())
        }
        CommandError::Missing { target_type, .. } if target_type == "Local" => one(Missing::Local.to_string()),
        other => dispatch::store_failure(other),
    }
}
