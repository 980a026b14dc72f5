//! The lookup items' command services (categories, brands, materials, payment methods,
//! branches, suppliers): one generic implementation over the kind.

use optica_events::{EventMetadata, LookupData};

use crate::lookup::{Kind, Lookup, LookupCommand, LookupError};
use crate::{CommandError, EventStore, Outcome, UniqueClaims};

/// Creates an item under the kind's next id. The data should be checked first
/// (`lookup::validate`), so a refused request takes no id.
pub async fn create<K: Kind>(
    store: &EventStore,
    data: LookupData,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<LookupError>> {
    let id = store.next_id(K::KIND.id_sequence()).await?;
    run::<K>(store, id, LookupCommand::Create(data), metadata).await
}

/// Runs a command on an item: its update or its delete (refused with `InUse` while other
/// records name it, see `links`).
pub async fn run<K: Kind>(
    store: &EventStore,
    id: i64,
    command: LookupCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<LookupError>> {
    let appended = store
        .execute::<Lookup<K>>(&id.to_string(), command, &(), metadata, &UniqueClaims::default())
        .await?;
    Ok(Outcome { id, appended })
}
