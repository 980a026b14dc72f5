//! Reads of `users`: login's account, a token's standing, and the admins' list.

use sqlx::PgPool;

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub password_hash: String,
    pub roles: Vec<String>,
    pub local_id: Option<i64>,
    pub enabled: bool,
    pub epoch: i64,
}

/// The account whose username folds to `key` (`optica_events::users::username_key`), found
/// through its uniqueness claim in `scope`, so that login compares names exactly as the claim
/// does.
pub async fn by_username_key(pool: &PgPool, scope: &str, key: &str) -> Result<Option<UserRow>, sqlx::Error> {
    sqlx::query_as(
        "select u.id, u.username, u.password_hash, u.roles, u.local_id, u.enabled, u.epoch
         from unique_claims c join users u on u.id::text = c.aggregate_id
         where c.scope = $2 and c.key = $1",
    )
    .bind(key)
    .bind(scope)
    .fetch_optional(pool)
    .await
}

/// What a request needs to know of the account its token names: its current epoch and whether
/// it is enabled. `None`: no such account.
pub async fn standing(pool: &PgPool, username: &str) -> Result<Option<(i64, bool)>, sqlx::Error> {
    sqlx::query_as("select epoch, enabled from users where username = $1")
        .bind(username)
        .fetch_optional(pool)
        .await
}

/// What an account may do: sell at its branch, or everything everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema, sqlx::Type)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Rol {
    RoleAdmin,
    RoleVendedor,
}

impl Rol {
    /// An account's roles as one: holding ROLE_ADMIN, an admin.
    pub fn of(roles: &[String]) -> Rol {
        match roles.iter().any(|r| r == optica_events::users::ROLE_ADMIN) {
            true => Rol::RoleAdmin,
            false => Rol::RoleVendedor,
        }
    }
}

/// A staff account as the admins' screen shows it: never its password.
#[derive(Clone, Debug, serde::Serialize, utoipa::ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Usuario {
    pub id: i64,
    pub username: String,
    /// An account holding both roles is an admin.
    pub rol: Rol,
    /// The branch a seller works at (an admin's is only a default).
    pub local_id: Option<i64>,
    /// The branch's name.
    pub local: Option<String>,
    pub habilitado: bool,
}

const USUARIO: &str = "select u.id, u.username,
        case when 'ROLE_ADMIN' = any(u.roles) then 'ROLE_ADMIN' else 'ROLE_VENDEDOR' end as rol,
        u.local_id, l.nombre as local, u.enabled as habilitado
     from users u left join lookup_items l on l.kind = 'Local' and l.id = u.local_id";

/// Every account: the enabled first, then by name as Spanish sorts.
pub async fn list(pool: &PgPool) -> Result<Vec<Usuario>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{USUARIO} order by u.enabled desc, u.username collate optica_es, u.id"
    ))
    .fetch_all(pool)
    .await
}

/// One account, `None` when there is none with that id.
pub async fn by_id(pool: &PgPool, id: i64) -> Result<Option<Usuario>, sqlx::Error> {
    sqlx::query_as(&format!("{USUARIO} where u.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// The account as its stream has it, for an answer whose read model is still late (`late`); the
/// branch's name comes from the lookups' read model.
pub async fn committed(pool: &PgPool, id: i64) -> Result<Option<Usuario>, sqlx::Error> {
    use optica_events::users::USER_AGGREGATE;
    use optica_events::UserEvent as E;
    let mut folded: Option<Usuario> = None;
    for (_, payload) in crate::late::stream(pool, USER_AGGREGATE, id).await? {
        match (crate::late::decode::<E>(&payload)?, folded.as_mut()) {
            (
                E::UsuarioCreado {
                    username,
                    roles,
                    local_id,
                    ..
                },
                _,
            ) => {
                folded = Some(Usuario {
                    id,
                    username,
                    rol: Rol::of(&roles),
                    local_id,
                    local: None,
                    habilitado: true,
                })
            }
            (E::RolesAsignados { roles, local_id }, Some(u)) => {
                u.rol = Rol::of(&roles);
                u.local_id = local_id;
            }
            (E::UsuarioHabilitado, Some(u)) => u.habilitado = true,
            (E::UsuarioDeshabilitado, Some(u)) => u.habilitado = false,
            _ => {}
        }
    }
    if let Some(u) = folded.as_mut() {
        if let Some(local_id) = u.local_id {
            u.local = sqlx::query_scalar("select nombre from lookup_items where kind = 'Local' and id = $1")
                .bind(local_id)
                .fetch_optional(pool)
                .await?;
        }
    }
    Ok(folded)
}
