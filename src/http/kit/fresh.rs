//! The answer of a command shows the record from its read model; when that did not take the
//! command within the read-your-writes wait, from what the command committed, so a saved record
//! is never missing from its answer nor shown older than it is.

use std::future::Future;

use crate::error::AppError;

/// The read model's record when it has `caught` up (and has it), else `committed`'s; neither
/// runs unless it is needed.
pub async fn read_or_committed<T, E1, E2>(
    caught: bool,
    read: impl Future<Output = Result<Option<T>, E1>>,
    committed: impl Future<Output = Result<Option<T>, E2>>,
) -> Result<Option<T>, AppError>
where
    AppError: From<E1> + From<E2>,
{
    let read = match caught {
        true => read.await?,
        false => None,
    };
    match read {
        Some(record) => Ok(Some(record)),
        None => Ok(committed.await?),
    }
}
