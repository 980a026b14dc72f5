//! What a command needs from an HTTP request and what its answer waits for: the request's facts
//! recorded with the events (request id, idempotency key), the read-your-writes wait after a
//! service's append, and the answers of the store's own failures.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use optica_command::{Appended, CommandError, Outcome};
use optica_events::{Actor, EventMetadata};

use crate::error::AppError;
use crate::http::request_id::RequestId;
use crate::state::AppState;

/// The request facts recorded with every event: request id and idempotency key.
#[derive(Clone, Debug)]
pub struct RequestMeta {
    pub request_id: String,
    pub idempotency_key: Option<String>,
}

impl RequestMeta {
    pub fn metadata(&self, actor: Actor) -> EventMetadata {
        EventMetadata::new(actor, self.request_id.clone(), self.idempotency_key.clone())
    }
}

impl<S: Send + Sync> FromRequestParts<S> for RequestMeta {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let request_id = parts
            .extensions
            .get::<RequestId>()
            .map(|r| r.0.clone())
            .unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
        let idempotency_key = match parts.headers.get("idempotency-key") {
            None => None,
            Some(value) => Some(idempotency_key(value.as_bytes())?),
        };
        Ok(RequestMeta {
            request_id,
            idempotency_key,
        })
    }
}

/// The longest `Idempotency-Key` taken whole.
const MAX_KEY: usize = 200;

/// A key as sent, when it can name one request: 1 to `MAX_KEY` visible ASCII characters. It is
/// refused rather than mended: an empty key would be one key for all of its user's requests, a
/// key cut short would answer another key sharing its start, and a key dropped would let the
/// retries it was sent for record twice.
fn idempotency_key(value: &[u8]) -> Result<String, AppError> {
    if value.is_empty() || value.len() > MAX_KEY || !value.iter().all(u8::is_ascii_graphic) {
        return Err(AppError::BadRequest(
            "La clave Idempotency-Key debe tener entre 1 y 200 caracteres, sin espacios ni acentos".into(),
        ));
    }
    Ok(String::from_utf8_lossy(value).into_owned())
}

/// Waits for the read models to include a service's outcome; answers the record's id.
pub async fn settled<T>(state: &AppState, outcome: Outcome<T>) -> Result<T, AppError> {
    Ok(settled_in_time(state, outcome).await?.0)
}

/// A command's result: refused, the `refused` answer; done, `settled_in_time`'s.
pub async fn committed<T, E>(
    state: &AppState,
    result: Result<Outcome<T>, E>,
    refused: impl FnOnce(E) -> AppError,
) -> Result<(T, bool), AppError> {
    settled_in_time(state, result.map_err(refused)?).await
}

/// The same, and whether the read models have the outcome (false: still behind after the wait;
/// the answer should then say what the command committed). An error only when the outcome could
/// not be made durable (the database went away): the client is told to try again, and its key
/// answers the first request if that one survived.
pub async fn settled_in_time<T>(state: &AppState, outcome: Outcome<T>) -> Result<(T, bool), AppError> {
    let caught = match outcome.appended {
        Some(at) => settle(state, at).await?,
        None => true,
    };
    Ok((outcome.id, caught))
}

/// Waits (bounded) until the read models hold every event committed so far: for an answer
/// about a record another request wrote (a repeated request's first one), or a read that must
/// see the latest stock. False when they are still behind after the wait.
pub async fn caught_up(state: &AppState) -> Result<bool, sqlx::Error> {
    let Some((tx_id, position)) = optica_projections::wait::last_event(&state.pool).await? else {
        return Ok(true);
    };
    optica_projections::wait::wait_for_projections(
        &state.pool,
        &state.projections,
        tx_id,
        position,
        state.read_wait,
        state.applied.as_ref(),
    )
    .await
}

/// The bounded read-your-writes wait. A late read model is logged, never an error: the command
/// itself is committed. True when the read models have it. An answer is sent only once the
/// outcome is on disk: the projector's commit past it flushed it; when the wait ends without
/// that, the log is flushed here (a unit that takes a counter commits without its own flush).
async fn settle(state: &AppState, at: Appended) -> Result<bool, AppError> {
    let waited = optica_projections::wait::wait_for_projections(
        &state.pool,
        &state.projections,
        at.tx_id,
        at.position,
        state.read_wait,
        state.applied.as_ref(),
    )
    .await;
    match waited {
        Ok(true) => return Ok(true),
        Ok(false) => tracing::warn!(position = at.position, "read models still behind after the wait"),
        Err(error) => tracing::warn!(%error, "could not check the projector's progress"),
    }
    state.store.flush_log().await?;
    Ok(false)
}

/// Maps the store's failures that are not business rules.
pub fn store_failure<E: std::error::Error>(e: CommandError<E>) -> AppError {
    match e {
        CommandError::Domain(inner) => AppError::Internal(format!("unmapped domain error: {inner}")),
        CommandError::Conflict => {
            AppError::Conflict("El registro fue modificado por otra operación. Intente nuevamente.".into())
        }
        CommandError::Duplicate { scope, .. } => {
            AppError::Conflict(format!("Ya existe un registro con ese valor ({scope})"))
        }
        CommandError::InUse { .. } => {
            AppError::Conflict("El registro está en uso por otros registros y no puede eliminarse".into())
        }
        CommandError::Missing { target_type, target_id } => {
            AppError::BadRequest(format!("No existe {} con ID {target_id}", stream_noun(&target_type)))
        }
        CommandError::Refused(refusal) => AppError::Conflict(refusal.0),
        CommandError::KeyReused => {
            AppError::Unprocessable("La clave Idempotency-Key ya se usó para otra operación".into())
        }
        CommandError::Store(s) => s.into(),
    }
}

/// "el local", "la marca": how a message names a kind of record.
pub fn stream_noun(aggregate_type: &str) -> &'static str {
    match aggregate_type {
        "Categoria" => "la categoría",
        "Marca" => "la marca",
        "MaterialProducto" => "el material",
        "MetodoPago" => "el método de pago",
        "Local" => "el local",
        "Proveedor" => "el proveedor",
        "Laboratorio" => "el laboratorio",
        "Producto" => "el producto",
        "Paciente" => "el paciente",
        _ => "el registro",
    }
}

#[cfg(test)]
mod tests {
    use super::idempotency_key;

    #[test]
    fn a_key_is_taken_whole_or_refused() {
        assert_eq!(idempotency_key(b"3f2b-9c").unwrap(), "3f2b-9c");
        assert_eq!(idempotency_key(&[b'k'; 200]).unwrap().len(), 200);
        for refused in [&b""[..], b" ", b"a b", &[b'k'; 201], "clave\u{f1}".as_bytes(), b"a\tb"] {
            assert!(idempotency_key(refused).is_err(), "{refused:?}");
        }
    }
}
