//! Who may see a branch's record: admins, and the staff of its branch (of either branch, for a
//! record between two). Its branches come from the read model or, while that is behind, from
//! the record's stream, so a record is never shown to the wrong branch nor hidden from its own
//! just after it was saved.

use cqrs_es::Aggregate;

use crate::auth::Caller;
use crate::error::AppError;
use crate::state::AppState;

/// Refuses a caller who works at none of `branches`.
pub fn may_see(caller: &Caller, branches: &[i64]) -> Result<(), AppError> {
    if branches.iter().any(|local_id| caller.works_at(*local_id)) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// The branches of record `id`: `known`, the read model's answer, or else what `from_stream`
/// reads off its aggregate (none: the record does not exist).
pub async fn branches_of<A: Aggregate>(
    state: &AppState,
    id: i64,
    known: Option<Vec<i64>>,
    from_stream: impl FnOnce(&A) -> Option<Vec<i64>>,
) -> Result<Option<Vec<i64>>, AppError> {
    if known.is_some() {
        return Ok(known);
    }
    let (aggregate, _) = state.store.load::<A>(&id.to_string()).await?;
    Ok(from_stream(&aggregate))
}

/// Refuses a caller who works at none of record `id`'s branches (as `branches_of` finds them);
/// `missing` when the record does not exist.
pub async fn may_see_record<A: Aggregate>(
    state: &AppState,
    caller: &Caller,
    id: i64,
    known: Option<Vec<i64>>,
    from_stream: impl FnOnce(&A) -> Option<Vec<i64>>,
    missing: impl FnOnce(i64) -> AppError,
) -> Result<(), AppError> {
    let branches = branches_of(state, id, known, from_stream).await?;
    may_see(caller, &branches.ok_or_else(|| missing(id))?)
}
