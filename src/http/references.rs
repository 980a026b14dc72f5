//! The one read behind every "the referenced item exists" check: the lookup items a request
//! names (a product's brand and branches, a sale's payment methods and branch, a patient's
//! branch), with their names, fetched together. The claims in the event store are what holds
//! under races (`optica_command::links`); this read gives the common case a clear Spanish answer
//! before anything is written. It counts an item committed but not yet projected as existing, so
//! what the admin just created can be named at once even while the projector is behind.

use std::collections::HashMap;

use optica_events::LookupKind;
use sqlx::PgPool;

use crate::error::AppError;

/// Why a branch named by a request is refused.
pub const UNKNOWN_LOCAL: &str = "El local seleccionado no existe";

/// The referenced items that exist, with their names.
pub struct Referenced {
    names: HashMap<(LookupKind, i64), String>,
}

impl Referenced {
    /// Reads the items among `wanted` that exist (ids of 0 or less name nothing and are skipped).
    pub async fn load(pool: &PgPool, wanted: impl IntoIterator<Item = (LookupKind, i64)>) -> Result<Self, AppError> {
        let wanted: Vec<(&str, i64)> = wanted
            .into_iter()
            .filter(|(_, id)| *id > 0)
            .map(|(kind, id)| (kind.aggregate_type(), id))
            .collect();
        let rows = optica_query::lookups::named(pool, &wanted).await?;
        let names = rows
            .into_iter()
            .filter_map(|(kind, id, nombre)| Some(((LookupKind::from_aggregate_type(&kind)?, id), nombre)))
            .collect();
        Ok(Referenced { names })
    }

    pub fn name(&self, kind: LookupKind, id: i64) -> Option<&str> {
        self.names.get(&(kind, id)).map(String::as_str)
    }

    pub fn exists(&self, kind: LookupKind, id: i64) -> bool {
        self.names.contains_key(&(kind, id))
    }
}
