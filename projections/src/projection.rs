//! What a projection is: a writer of read-model rows from events, batch by batch, with what a
//! rebuild may prepare of a batch apart from the database (`crate::projector` runs them live,
//! `crate::rebuild` again from the whole log).

use async_trait::async_trait;
use sqlx::PgConnection;

use crate::stored::StoredEvent;

#[derive(Debug, thiserror::Error)]
pub enum ProjectionError {
    #[error("vistas de lectura: {0}")]
    Database(#[from] sqlx::Error),
    #[error("el evento de la posición {position} no se puede leer: {source}")]
    Payload { position: i64, source: serde_json::Error },
    #[error("el id {0:?} de un evento no es un número")]
    BadId(String),
    #[error("el proyector del servidor no liberó su bloqueo en {0} s; vuelva a intentarlo")]
    Busy(u32),
    /// The schema stands in the way of a rebuild (see `crate::shadow`).
    #[error("no se pueden reconstruir las tablas: {0}")]
    Schema(String),
    /// A rebuild's batch could not be prepared (see `Projection::preparer`).
    #[error("la preparación de un lote se interrumpió: {0}")]
    Interrupted(String),
}

/// Turns events into read-model rows. `apply` runs inside the batch transaction and must ignore
/// events it does not care about.
#[async_trait]
pub trait Projection: Send + Sync {
    /// Stable name: the checkpoint's key.
    fn name(&self) -> &'static str;
    /// The read-model tables it writes, which a rebuild empties first.
    fn tables(&self) -> &'static [&'static str];
    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError>;
    /// Applies events in log order; the result must equal applying each event in turn.
    /// Projections with many events per batch write them set-based: through a `preparer` and
    /// `apply_prepared` (a rebuild then prepares the next batch while this one is written), or
    /// by overriding this.
    async fn apply_batch(&self, conn: &mut PgConnection, events: &[StoredEvent]) -> Result<(), ProjectionError> {
        match self.preparer() {
            Some(prepare) => self.apply_prepared(conn, events, prepare(events)?).await,
            None => apply_each(self, conn, events).await,
        }
    }
    /// Work a rebuild leaves to the end (after every event is applied).
    async fn finish_rebuild(&self, _conn: &mut PgConnection) -> Result<(), ProjectionError> {
        Ok(())
    }
    /// The part of a batch's work that needs no database (decoding and folding the events),
    /// which a rebuild runs on the next batch on another core while this batch is written;
    /// `None` when there is nothing worth it. A plain function, so it can run on any thread.
    fn preparer(&self) -> Option<Preparer> {
        None
    }
    /// Writes a batch the `preparer` prepared from `events`. Only projections with a preparer
    /// are handed one; the others apply each event.
    async fn apply_prepared(
        &self,
        conn: &mut PgConnection,
        events: &[StoredEvent],
        _prepared: Prepared,
    ) -> Result<(), ProjectionError> {
        apply_each(self, conn, events).await
    }
}

async fn apply_each<P: Projection + ?Sized>(
    projection: &P,
    conn: &mut PgConnection,
    events: &[StoredEvent],
) -> Result<(), ProjectionError> {
    for event in events {
        projection.apply(conn, event).await?;
    }
    Ok(())
}

/// A projection's preparation of a batch (see `Projection::preparer`).
pub type Preparer = fn(&[StoredEvent]) -> Result<Prepared, ProjectionError>;

/// What a `Preparer` made of a batch, for the same projection's `apply_prepared`.
pub struct Prepared(Box<dyn std::any::Any + Send>);

impl Prepared {
    pub fn new<T: Send + 'static>(value: T) -> Self {
        Prepared(Box::new(value))
    }

    /// The value, as the `T` the projection's own preparer made.
    pub fn take<T: 'static>(self) -> Result<T, ProjectionError> {
        self.0
            .downcast::<T>()
            .map(|b| *b)
            .map_err(|_| ProjectionError::Interrupted("el lote preparado no es de esta proyección".into()))
    }
}
