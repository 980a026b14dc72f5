//! Staff accounts' command services. Usernames are claimed case-insensitively (Unicode folding)
//! in the same transaction that creates the account; later commands find the account through
//! that claim, which is authoritative even before the projector has caught up. Passwords arrive
//! hashed: the password policy and the hashing belong to the caller.

use optica_events::users::{username_key, USERNAME_SCOPE, USER_AGGREGATE};
use optica_events::EventMetadata;

use crate::users::{admins, User, UserCommand, UserError};
use crate::{CommandError, EventStore, Outcome, StoreError};

/// The sequence that allocates account ids.
const USER_ID_SEQUENCE: &str = "usuario_ids";

/// A new account. `CommandError::Duplicate` when the username (folded) is taken.
pub struct NewUser<'a> {
    pub username: &'a str,
    pub password_hash: String,
    pub roles: Vec<String>,
    pub local_id: Option<i64>,
}

/// Creates an account; answers its id. A taken username is refused before an id is spent on it
/// (the claim still decides a race); a repeated request (same `Idempotency-Key`) answers its
/// first one's account.
pub async fn add(
    store: &EventStore,
    user: NewUser<'_>,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<UserError>> {
    let (scope, key) = (USERNAME_SCOPE, username_key(user.username));
    if store.holder(scope, &key).await?.is_some() && !store.repeated(metadata).await? {
        return Err(CommandError::Duplicate {
            scope: scope.into(),
            key,
        });
    }
    let id = store.next_id(USER_ID_SEQUENCE).await?;
    let command = UserCommand::Create {
        username: user.username.to_string(),
        password_hash: user.password_hash,
        roles: user.roles,
        local_id: user.local_id,
    };
    let (stream, command, key) = (id.to_string(), &command, key.as_str());
    let stream = stream.as_str();
    // A creation's id is new each time: its key names the operation, not the account.
    store
        .run(metadata, USER_AGGREGATE, move || async move {
            let mut unit = store.unit();
            unit.handle::<User>(stream, command.clone(), &()).await?;
            unit.claim(scope, key, stream);
            Ok((unit, id))
        })
        .await
}

/// The id of the account that holds a username, if any.
pub async fn id_of(store: &EventStore, username: &str) -> Result<Option<i64>, StoreError> {
    let id = store.holder(USERNAME_SCOPE, &username_key(username)).await?;
    Ok(id.and_then(|id| id.parse().ok()))
}

/// Runs a command (password, roles, enabling) on an existing account. One that would leave the
/// shop without an enabled admin is refused (`UserError::LastAdmin`, see `admins.rs`).
pub async fn run_on_user(
    store: &EventStore,
    id: i64,
    command: UserCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<UserError>> {
    let key = id.to_string();
    let (key, command) = (key.as_str(), &command);
    let operation = format!("{USER_AGGREGATE}:{id}");
    store
        .run(metadata, &operation, move || async move {
            let mut unit = store.unit();
            if command.removes_admin() {
                let others = admins::others_active(unit.transaction().await?, id)
                    .await
                    .map_err(StoreError::from)?;
                let (user, base) = store.load::<User>(key).await?;
                if others == 0 && user.active_admin() {
                    return Err(CommandError::Domain(UserError::LastAdmin));
                }
                unit.handle_loaded(key, user, base, command.clone(), &()).await?;
            } else {
                unit.handle::<User>(key, command.clone(), &()).await?;
            }
            Ok((unit, id))
        })
        .await
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
