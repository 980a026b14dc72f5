//! The shop always keeps an active admin: only an admin can create accounts, reassign branches
//! or reopen a day, so the last one cannot be disabled or made a seller.
//!
//! Two admins demoting each other at the same moment would each see the other still active and
//! both succeed. Every command that may remove an admin therefore takes one lock first and counts
//! the active admins from the events (the read model may be behind) after it: the second command
//! waits for the first one's commit and then sees it.

use optica_events::users::{ROLE_ADMIN, USER_AGGREGATE};
use sqlx::PgConnection;

/// The advisory-lock space of the admins' count (ASCII "admn"); one key in it.
const LOCK_SPACE: i32 = 0x6164_6d6e;

/// Takes the admins' lock for the rest of the transaction, then answers how many accounts other
/// than `except` are enabled admins as committed now.
pub(super) async fn others_active(tx: &mut PgConnection, except: i64) -> Result<i64, sqlx::Error> {
    sqlx::query("select pg_advisory_xact_lock($1, 0)")
        .bind(LOCK_SPACE)
        .execute(&mut *tx)
        .await?;
    // A new statement after the lock: READ COMMITTED lets it see what the holder committed.
    sqlx::query_scalar(
        "with roles as (
             select distinct on (aggregate_id) aggregate_id, payload::jsonb -> event_type -> 'roles' as roles
             from events where aggregate_type = $1 and event_type in ('UsuarioCreado', 'RolesAsignados')
             order by aggregate_id, sequence desc),
         standing as (
             select distinct on (aggregate_id) aggregate_id, event_type <> 'UsuarioDeshabilitado' as enabled
             from events
             where aggregate_type = $1
               and event_type in ('UsuarioCreado', 'UsuarioHabilitado', 'UsuarioDeshabilitado')
             order by aggregate_id, sequence desc)
         select count(*) from roles join standing using (aggregate_id)
         where enabled and roles ? $2 and aggregate_id <> $3",
    )
    .bind(USER_AGGREGATE)
    .bind(ROLE_ADMIN)
    .bind(except.to_string())
    .fetch_one(&mut *tx)
    .await
}
