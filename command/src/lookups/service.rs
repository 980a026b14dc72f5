//! The lookup items' command services (categories, brands, materials, payment methods,
//! branches, suppliers): one generic implementation over the kind. An item's name is a unique
//! claim of its kind (`optica_events::lookups::name_key`), taken and moved in the transaction of
//! its events, so two items of a kind never share a name, even when created at the same instant.

use optica_events::lookups::name_key;
use optica_events::{EventMetadata, LookupData};

use crate::lookups::{Kind, Lookup, LookupCommand, LookupError};
use crate::{CommandError, EventStore, Outcome};

/// Creates an item under the kind's next id. The data should be checked first
/// (`lookups::validate`), so a refused request takes no id. `Duplicate` when the name is taken.
pub async fn create<K: Kind>(
    store: &EventStore,
    data: LookupData,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<LookupError>> {
    // A taken name is refused before an id is spent on it (the claim still decides a race); a
    // repeated request finds its own first one's name, and `run` answers that one.
    let (scope, key) = (K::KIND.name_scope(), name_key(&data.nombre));
    if store.holder(&scope, &key).await?.is_some() && !store.repeated(metadata).await? {
        return Err(CommandError::Duplicate { scope, key });
    }
    let id = store.next_id(K::KIND.id_sequence()).await?;
    run::<K>(store, id, LookupCommand::Create(data), metadata).await
}

/// Runs a command on an item (its create, update or delete; a delete is refused with `InUse`
/// while other records name the item, see `links`), moving its name's claim along.
pub async fn run<K: Kind>(
    store: &EventStore,
    id: i64,
    command: LookupCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<LookupError>> {
    let key = id.to_string();
    let (key, command, scope) = (key.as_str(), &command, &K::KIND.name_scope());
    // A creation's id is new each time: its key names the operation, not the record.
    let operation = match command {
        LookupCommand::Create(_) => K::TYPE.to_string(),
        _ => format!("{}:{id}", K::TYPE),
    };
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Lookup<K>>(key).await?;
            let held = before.exists().then(|| name_key(&before.data().nombre));
            let mut unit = store.unit();
            let after = unit.handle_loaded(key, before, base, command.clone(), &()).await?;
            let wanted = after.exists().then(|| name_key(&after.data().nombre));
            if wanted != held {
                if let Some(old) = &held {
                    unit.release(scope, old, key);
                }
                if let Some(new) = &wanted {
                    unit.claim(scope, new, key);
                }
            }
            Ok((unit, id))
        })
        .await
}
