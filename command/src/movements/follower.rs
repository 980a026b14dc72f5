//! What keeps step with a sale besides its movement: today, the sale's lab job. This feature
//! knows no job; the feature that follows a sale implements `Follower` and the caller hands it
//! in, so a sale's edit or delete and what follows it still commit in one unit.

use async_trait::async_trait;
use optica_events::movements::{EstadoMovimiento, MovimientoDatos};

use super::SaleError;
use crate::{CommandError, EventStore, UnitOfWork};

#[async_trait]
pub trait Follower: Sync {
    /// What `edit` read, for `follow`.
    type Seen: Send;

    /// Before an edit decides, with the stored data and the new: refuses the edit, or holds the
    /// new data to what the follower allows. Guards in `unit` what it read to decide.
    async fn edit(
        &self,
        store: &EventStore,
        unit: &mut UnitOfWork<'_>,
        id: i64,
        before: &MovimientoDatos,
        after: &mut MovimientoDatos,
        expected_version: Option<u64>,
    ) -> Result<Self::Seen, CommandError<SaleError>>;

    /// After the edit, in its unit: the sale moved to `estado`.
    async fn follow(
        &self,
        store: &EventStore,
        unit: &mut UnitOfWork<'_>,
        id: i64,
        seen: Self::Seen,
        estado: EstadoMovimiento,
    ) -> Result<(), CommandError<SaleError>>;

    /// Before a delete: refuses it while something still needs the sale. Guards in `unit` what
    /// it read to decide.
    async fn delete(
        &self,
        store: &EventStore,
        unit: &mut UnitOfWork<'_>,
        id: i64,
    ) -> Result<(), CommandError<SaleError>>;
}
