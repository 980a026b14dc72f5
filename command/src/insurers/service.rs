//! The obras sociales through the store: each command one event, its name a unique claim moved
//! along in the same transaction (two obras sociales never share a name).

use optica_events::insurers::{ObraSocialDatos, INSURER_ID_SEQUENCE, INSURER_NAME_SCOPE};
use optica_events::lookups::name_key;
use optica_events::EventMetadata;

use crate::insurers::{ObraSocial, ObraSocialCommand, ObraSocialError};
use crate::{CommandError, EventStore, Outcome};

/// Creates an obra social under the next id (`Duplicate` when its name is taken). Check the
/// data first (`insurers::validate`), so a refused request takes no id.
pub async fn create(
    store: &EventStore,
    datos: ObraSocialDatos,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ObraSocialError>> {
    let key = name_key(&datos.nombre);
    if store.holder(INSURER_NAME_SCOPE, &key).await?.is_some() && !store.repeated(metadata).await? {
        return Err(CommandError::Duplicate {
            scope: INSURER_NAME_SCOPE.into(),
            key,
        });
    }
    let id = store.next_id(INSURER_ID_SEQUENCE).await?;
    run(store, id, ObraSocialCommand::Crear(datos), metadata).await
}

/// Runs a command on obra social `id`, moving its name's claim along.
pub async fn run(
    store: &EventStore,
    id: i64,
    command: ObraSocialCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ObraSocialError>> {
    let key = id.to_string();
    let (key, command) = (key.as_str(), &command);
    let operation = match command {
        ObraSocialCommand::Crear(_) => "obra-social".to_string(),
        _ => format!("obra-social:{id}"),
    };
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<ObraSocial>(key).await?;
            let held = before.exists().then(|| name_key(&before.datos().nombre));
            let mut unit = store.unit();
            let after = unit.handle_loaded(key, before, base, command.clone(), &()).await?;
            let wanted = after.exists().then(|| name_key(&after.datos().nombre));
            if wanted != held {
                if let Some(old) = &held {
                    unit.release(INSURER_NAME_SCOPE, old, key);
                }
                if let Some(new) = &wanted {
                    unit.claim(INSURER_NAME_SCOPE, new, key);
                }
            }
            Ok((unit, id))
        })
        .await
}
