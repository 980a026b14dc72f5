//! Managing staff accounts (command line and start-up). Usernames are claimed case-insensitively
//! in the same transaction that creates the account.

use optica_command::user::{valid_username, User, UserCommand, UserError, USERNAME_SCOPE};
use optica_command::{CommandError, EventStore, UniqueClaims};
use optica_events::user::username_key;
use optica_events::user::{ROLE_ADMIN, USER_AGGREGATE};
use optica_events::{Actor, EventMetadata};

use crate::auth::password;

#[derive(Debug, thiserror::Error)]
pub enum UserAdminError {
    #[error("ya existe un usuario llamado {0:?}")]
    Taken(String),
    #[error("no existe el usuario {0:?}")]
    Unknown(String),
    #[error("la contraseña debe tener al menos 8 caracteres")]
    WeakPassword,
    #[error("el nombre de usuario debe tener entre 1 y 20 caracteres, sin espacios")]
    BadUsername,
    #[error("no existe el local {0}")]
    UnknownBranch(String),
    #[error("{0}")]
    Rule(UserError),
    #[error("{0}")]
    Store(String),
}

impl From<CommandError<UserError>> for UserAdminError {
    fn from(e: CommandError<UserError>) -> Self {
        match e {
            CommandError::Domain(rule) => UserAdminError::Rule(rule),
            CommandError::Missing { target_id, .. } => UserAdminError::UnknownBranch(target_id),
            other => UserAdminError::Store(other.to_string()),
        }
    }
}

fn metadata(actor: &str) -> EventMetadata {
    EventMetadata::new(Actor::system(actor), uuid::Uuid::new_v4().to_string(), None)
}

fn check_password(password: &str) -> Result<String, UserAdminError> {
    if password.chars().count() < 8 {
        return Err(UserAdminError::WeakPassword);
    }
    password::hash(password).map_err(UserAdminError::Store)
}

/// Creates an account; returns its id.
pub async fn add(
    store: &EventStore,
    actor: &str,
    username: &str,
    password: &str,
    roles: Vec<String>,
    local_id: Option<i64>,
) -> Result<i64, UserAdminError> {
    if !valid_username(username) {
        return Err(UserAdminError::BadUsername);
    }
    let password_hash = check_password(password)?;
    let id = store
        .next_id("usuario_ids")
        .await
        .map_err(|e| UserAdminError::Store(e.to_string()))?;
    let claims = UniqueClaims {
        take: vec![(USERNAME_SCOPE.into(), username_key(username))],
        release: vec![],
    };
    let command = UserCommand::Create {
        username: username.to_string(),
        password_hash,
        roles,
        local_id,
    };
    match store
        .execute::<User>(&id.to_string(), command, &(), &metadata(actor), &claims)
        .await
    {
        Err(CommandError::Duplicate { .. }) => Err(UserAdminError::Taken(username.to_string())),
        other => other.map(|_| id).map_err(Into::into),
    }
}

/// The account id that holds a username, from the claims table (authoritative even before the
/// projector has caught up).
async fn id_of(store: &EventStore, username: &str) -> Result<String, UserAdminError> {
    sqlx::query_scalar("select aggregate_id from unique_claims where scope = $1 and key = $2")
        .bind(USERNAME_SCOPE)
        .bind(username_key(username))
        .fetch_optional(store.pool())
        .await
        .map_err(|e| UserAdminError::Store(e.to_string()))?
        .ok_or_else(|| UserAdminError::Unknown(username.to_string()))
}

pub async fn change_password(
    store: &EventStore,
    actor: &str,
    username: &str,
    password: &str,
) -> Result<(), UserAdminError> {
    let id = id_of(store, username).await?;
    let password_hash = check_password(password)?;
    store
        .execute::<User>(
            &id,
            UserCommand::ChangePassword { password_hash },
            &(),
            &metadata(actor),
            &UniqueClaims::default(),
        )
        .await?;
    Ok(())
}

pub async fn set_enabled(store: &EventStore, actor: &str, username: &str, enabled: bool) -> Result<(), UserAdminError> {
    let id = id_of(store, username).await?;
    let command = if enabled {
        UserCommand::Enable
    } else {
        UserCommand::Disable
    };
    store
        .execute::<User>(&id, command, &(), &metadata(actor), &UniqueClaims::default())
        .await?;
    Ok(())
}

pub async fn set_roles(
    store: &EventStore,
    actor: &str,
    username: &str,
    roles: Vec<String>,
    local_id: Option<i64>,
) -> Result<(), UserAdminError> {
    let id = id_of(store, username).await?;
    store
        .execute::<User>(
            &id,
            UserCommand::SetRoles { roles, local_id },
            &(),
            &metadata(actor),
            &UniqueClaims::default(),
        )
        .await?;
    Ok(())
}

/// On a database without any account, creates the admin `admin`. Returns the generated password
/// when none was configured, so the caller can print it once.
pub async fn bootstrap_admin(store: &EventStore, configured: Option<&str>) -> Result<Option<String>, UserAdminError> {
    let any: bool = sqlx::query_scalar("select exists(select 1 from events where aggregate_type = $1)")
        .bind(USER_AGGREGATE)
        .fetch_one(store.pool())
        .await
        .map_err(|e| UserAdminError::Store(e.to_string()))?;
    if any {
        return Ok(None);
    }
    let generated = configured.is_none().then(password::generate);
    let pass = configured.map(str::to_string).or(generated.clone()).unwrap_or_default();
    match add(store, "bootstrap", "admin", &pass, vec![ROLE_ADMIN.into()], None).await {
        // another server instance bootstrapped at the same moment
        Err(UserAdminError::Taken(_)) => Ok(None),
        other => other.map(|_| generated),
    }
}
