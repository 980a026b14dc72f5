//! Staff accounts from the command line and at start-up: the password policy, hashing and the
//! operator's Spanish messages, in front of `optica_command::users`.

use optica_command::users::{self, NewUser};
use optica_command::users::{valid_username, UserCommand, UserError};
use optica_command::{CommandError, EventStore};
use optica_events::users::ROLE_ADMIN;
use optica_events::{Actor, EventMetadata};

use crate::auth::password;

#[derive(Debug, thiserror::Error)]
pub enum UserAdminError {
    #[error("ya existe un usuario llamado {0:?}")]
    Taken(String),
    #[error("no existe el usuario {0:?}")]
    Unknown(String),
    #[error("la contraseña debe tener entre {MIN_PASSWORD} y {MAX_PASSWORD} caracteres")]
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

/// A password's length, in characters: long enough to resist guessing, short enough that
/// hashing it costs what any other does.
pub const MIN_PASSWORD: usize = 8;
pub const MAX_PASSWORD: usize = 128;

pub fn password_fits(password: &str) -> bool {
    (MIN_PASSWORD..=MAX_PASSWORD).contains(&password.chars().count())
}

fn check_password(password: &str) -> Result<String, UserAdminError> {
    if !password_fits(password) {
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
    let user = NewUser {
        username,
        password_hash: check_password(password)?,
        roles,
        local_id,
    };
    match users::add(store, user, &metadata(actor)).await {
        Err(CommandError::Duplicate { .. }) => Err(UserAdminError::Taken(username.to_string())),
        other => other.map(|outcome| outcome.id).map_err(Into::into),
    }
}

/// The id of the account that holds `username`.
async fn account(store: &EventStore, username: &str) -> Result<i64, UserAdminError> {
    users::id_of(store, username)
        .await
        .map_err(|e| UserAdminError::Store(e.to_string()))?
        .ok_or_else(|| UserAdminError::Unknown(username.to_string()))
}

async fn run(store: &EventStore, actor: &str, username: &str, command: UserCommand) -> Result<(), UserAdminError> {
    let id = account(store, username).await?;
    users::run_on_user(store, id, command, &metadata(actor)).await?;
    Ok(())
}

pub async fn change_password(
    store: &EventStore,
    actor: &str,
    username: &str,
    password: &str,
) -> Result<(), UserAdminError> {
    // An unknown account is said before the password is judged (and before it is hashed).
    let id = account(store, username).await?;
    let password_hash = check_password(password)?;
    let command = UserCommand::ChangePassword { password_hash };
    users::run_on_user(store, id, command, &metadata(actor)).await?;
    Ok(())
}

pub async fn set_enabled(store: &EventStore, actor: &str, username: &str, enabled: bool) -> Result<(), UserAdminError> {
    let command = if enabled {
        UserCommand::Enable
    } else {
        UserCommand::Disable
    };
    run(store, actor, username, command).await
}

pub async fn set_roles(
    store: &EventStore,
    actor: &str,
    username: &str,
    roles: Vec<String>,
    local_id: Option<i64>,
) -> Result<(), UserAdminError> {
    run(store, actor, username, UserCommand::SetRoles { roles, local_id }).await
}

/// On a database without any account, creates the admin `admin`. Returns the generated password
/// when none was configured, so the caller can print it once.
pub async fn bootstrap_admin(store: &EventStore, configured: Option<&str>) -> Result<Option<String>, UserAdminError> {
    if users::any_account(store)
        .await
        .map_err(|e| UserAdminError::Store(e.to_string()))?
    {
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
