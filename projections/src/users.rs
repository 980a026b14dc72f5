//! Staff accounts into `users`, the table the token endpoint reads.

use async_trait::async_trait;
use optica_events::users::USER_AGGREGATE;
use optica_events::UserEvent;
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct UsersProjection;

#[async_trait]
impl Projection for UsersProjection {
    identity!("users", ["users"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(id) = event.id_in(USER_AGGREGATE)? else {
            return Ok(());
        };
        let query = match event.decode::<UserEvent>()? {
            UserEvent::UsuarioCreado {
                username,
                password_hash,
                roles,
                local_id,
            } => sqlx::query(
                "insert into users (id, username, password_hash, roles, local_id, enabled, epoch)
                 values ($1, $2, $3, $4, $5, true, $6)",
            )
            .bind(id)
            .bind(username)
            .bind(password_hash)
            .bind(roles)
            .bind(local_id)
            .bind(event.sequence),
            UserEvent::RolesAsignados { roles, local_id } => {
                sqlx::query("update users set roles = $2, local_id = $3 where id = $1")
                    .bind(id)
                    .bind(roles)
                    .bind(local_id)
            }
            UserEvent::ContrasenaCambiada { password_hash } => {
                sqlx::query("update users set password_hash = $2 where id = $1")
                    .bind(id)
                    .bind(password_hash)
            }
            UserEvent::UsuarioHabilitado => sqlx::query("update users set enabled = true where id = $1").bind(id),
            UserEvent::UsuarioDeshabilitado => sqlx::query("update users set enabled = false where id = $1").bind(id),
        };
        query.execute(&mut *conn).await?;
        // Every change of the account ends the tokens issued before it (src/auth/accounts.rs).
        sqlx::query("update users set epoch = $2 where id = $1")
            .bind(id)
            .bind(event.sequence)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }
}
