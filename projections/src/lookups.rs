//! Lookup items (categories, brands, ...) into `lookup_items`.

use async_trait::async_trait;
use optica_events::{LookupData, LookupEvent, LookupKind};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

/// The row change one lookup event makes.
#[derive(Debug, PartialEq, Eq)]
pub enum LookupRow {
    Upsert {
        kind: LookupKind,
        id: i64,
        data: LookupData,
    },
    Delete {
        kind: LookupKind,
        id: i64,
    },
}

/// Pure: the row change for an event, or `None` for events of other aggregates.
pub fn lookup_row(event: &StoredEvent) -> Result<Option<LookupRow>, ProjectionError> {
    let Some(kind) = LookupKind::from_aggregate_type(&event.aggregate_type) else {
        return Ok(None);
    };
    let id = event.numeric_id()?;
    Ok(Some(match event.decode::<LookupEvent>()? {
        LookupEvent::ItemCreado(data) | LookupEvent::ItemActualizado(data) => LookupRow::Upsert { kind, id, data },
        LookupEvent::ItemEliminado => LookupRow::Delete { kind, id },
    }))
}

pub struct LookupsProjection;

#[async_trait]
impl Projection for LookupsProjection {
    identity!("lookups", ["lookup_items"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        match lookup_row(event)? {
            None => {}
            Some(LookupRow::Upsert { kind, id, data }) => {
                execute!(
                    conn,
                    "insert into lookup_items (kind, id, nombre, direccion, celular, cristales)
                     values ($1, $2, $3, $4, $5, $6)
                     on conflict (kind, id) do update
                     set nombre = excluded.nombre, direccion = excluded.direccion, celular = excluded.celular,
                         cristales = excluded.cristales";
                    kind.aggregate_type(), id, &data.nombre, &data.direccion, &data.celular, data.cristales
                )?;
            }
            Some(LookupRow::Delete { kind, id }) => {
                execute!(conn, "delete from lookup_items where kind = $1 and id = $2"; kind.aggregate_type(), id)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn stored(aggregate_type: &str, id: &str, payload: serde_json::Value) -> StoredEvent {
        StoredEvent {
            position: 1,
            tx_id: 1,
            aggregate_type: aggregate_type.into(),
            aggregate_id: id.into(),
            sequence: 1,
            payload: payload.to_string(),
        }
    }

    #[test]
    fn a_created_brand_becomes_an_upsert() {
        let data = LookupData {
            nombre: "Vulk".into(),
            ..Default::default()
        };
        let event = stored(
            "Marca",
            "7",
            serde_json::to_value(LookupEvent::ItemCreado(data.clone())).unwrap(),
        );
        assert_eq!(
            lookup_row(&event).unwrap(),
            Some(LookupRow::Upsert {
                kind: LookupKind::Marca,
                id: 7,
                data
            })
        );
    }

    #[test]
    fn a_deleted_branch_becomes_a_delete() {
        let event = stored("Local", "3", serde_json::to_value(LookupEvent::ItemEliminado).unwrap());
        assert_eq!(
            lookup_row(&event).unwrap(),
            Some(LookupRow::Delete {
                kind: LookupKind::Local,
                id: 3
            })
        );
    }

    #[test]
    fn events_of_other_aggregates_are_ignored() {
        let event = stored("Usuario", "1", serde_json::json!({"UsuarioHabilitado": null}));
        assert_eq!(lookup_row(&event).unwrap(), None);
    }
}
