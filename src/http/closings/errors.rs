//! How the cash day's refusals answer.

use optica_command::closings::CajaError;
use optica_command::CommandError;

use crate::dispatch;
use crate::error::{texts, AppError};
use crate::http::kit::references::Missing;

pub fn command_error(e: CommandError<CajaError>) -> AppError {
    match e {
        CommandError::Domain(CajaError::Invalid(rules)) => AppError::Validation(texts(&rules)),
        CommandError::Missing { target_type, .. } if target_type == "MetodoPago" => Missing::MetodoPago.into(),
        other => dispatch::store_failure(other),
    }
}
