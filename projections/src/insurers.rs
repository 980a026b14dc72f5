//! Obras sociales into `insurers`: one row each, its plans as JSON (a handful per row, always
//! read whole). A few events per obra social, applied one by one.

use async_trait::async_trait;
use optica_events::insurers::{ObraSocialEvent, INSURER_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct InsurersProjection;

#[async_trait]
impl Projection for InsurersProjection {
    identity!("insurers", ["insurers"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(id) = event.id_in(INSURER_AGGREGATE)? else {
            return Ok(());
        };
        match event.decode::<ObraSocialEvent>()? {
            ObraSocialEvent::ObraSocialCreada(d) | ObraSocialEvent::ObraSocialActualizada(d) => {
                let planes = serde_json::to_value(&d.planes).map_err(|e| ProjectionError::Payload {
                    position: event.position,
                    source: e,
                })?;
                execute!(
                    conn,
                    "insert into insurers (id, nombre, cuit, planes, version) values ($1, $2, $3, $4, $5)
                     on conflict (id) do update set nombre = excluded.nombre, cuit = excluded.cuit,
                         planes = excluded.planes, version = excluded.version";
                    id, d.nombre, d.cuit, planes, event.sequence
                )?;
            }
            ObraSocialEvent::ObraSocialEliminada => {
                execute!(conn, "delete from insurers where id = $1"; id)?;
            }
        }
        Ok(())
    }
}
