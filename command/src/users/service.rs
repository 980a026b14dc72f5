//! Staff accounts' command services. Usernames are claimed case-insensitively (Unicode folding)
//! in the same transaction that creates the account; later commands find the account through
//! that claim, which is authoritative even before the projector has caught up. Passwords arrive
//! hashed: the password policy and the hashing belong to the caller.

use optica_events::users::{username_key, USERNAME_SCOPE, USER_AGGREGATE};
use optica_events::EventMetadata;

use crate::users::{User, UserCommand, UserError};
use crate::{CommandError, EventStore, Outcome, StoreError, UniqueClaims};

/// The sequence that allocates account ids.
const USER_ID_SEQUENCE: &str = "usuario_ids";

/// A new account. `CommandError::Duplicate` when the username (folded) is taken.
pub struct NewUser<'a> {
    pub username: &'a str,
    pub password_hash: String,
    pub roles: Vec<String>,
    pub local_id: Option<i64>,
}

/// Creates an account; answers its id.
pub async fn add(
    store: &EventStore,
    user: NewUser<'_>,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<UserError>> {
    let id = store.next_id(USER_ID_SEQUENCE).await?;
    let claims = UniqueClaims {
        take: vec![(USERNAME_SCOPE.into(), username_key(user.username))],
        release: vec![],
    };
    let command = UserCommand::Create {
        username: user.username.to_string(),
        password_hash: user.password_hash,
        roles: user.roles,
        local_id: user.local_id,
    };
    let appended = store
        .execute::<User>(&id.to_string(), command, &(), metadata, &claims)
        .await?;
    Ok(Outcome { id, appended })
}

/// The id of the account that holds a username, if any.
pub async fn id_of(store: &EventStore, username: &str) -> Result<Option<i64>, StoreError> {
    let id = store.holder(USERNAME_SCOPE, &username_key(username)).await?;
    Ok(id.and_then(|id| id.parse().ok()))
}

/// Runs a command (password, roles, enabling) on an existing account.
pub async fn run_on_user(
    store: &EventStore,
    id: i64,
    command: UserCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<UserError>> {
    let appended = store
        .execute::<User>(&id.to_string(), command, &(), metadata, &UniqueClaims::default())
        .await?;
    Ok(Outcome { id, appended })
}

/// Whether any account was ever created (the first start creates the admin).
pub async fn any_account(store: &EventStore) -> Result<bool, StoreError> {
    Ok(
        sqlx::query_scalar("select exists(select 1 from events where aggregate_type = $1)")
            .bind(USER_AGGREGATE)
            .fetch_one(store.pool())
            .await?,
    )
}
