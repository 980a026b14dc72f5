//! The one read behind every "the referenced item exists" check: the lookup items a request
//! names (a product's brand and branches, a sale's payment methods and branch, a patient's
//! branch), with their names, fetched together. The claims in the event store are what holds
//! under races (`optica_command::store::links`); this read gives the common case a clear Spanish answer
//! before anything is written. It counts an item committed but not yet projected as existing, so
//! what the admin just created can be named at once even while the projector is behind.

use std::collections::HashMap;

use optica_events::LookupKind;
use sqlx::PgPool;

use crate::error::AppError;

/// An item a request names that does not exist; its text is the contract's answer, written
/// once here for every feature that names such an item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    Local,
    MetodoPago,
    Paciente,
}

impl Missing {
    pub fn text(self) -> &'static str {
        match self {
            Missing::Local => "El local seleccionado no existe",
            Missing::MetodoPago => "El método de pago seleccionado no existe",
            Missing::Paciente => "El paciente seleccionado no existe",
        }
    }
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.text())
    }
}

/// A missing item alone is a validation error with its one text.
impl From<Missing> for AppError {
    fn from(missing: Missing) -> Self {
        AppError::Validation(vec![missing.to_string()])
    }
}

/// The referenced items that exist, with their names, and which of the categories hold lenses.
pub struct Referenced {
    names: HashMap<(LookupKind, i64), String>,
    lens_categories: Vec<i64>,
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
        let categorias: Vec<i64> = wanted
            .iter()
            .filter(|(kind, _)| *kind == LookupKind::Categoria.aggregate_type())
            .map(|(_, id)| *id)
            .collect();
        let lens_categories = match categorias.is_empty() {
            true => Vec::new(),
            false => optica_query::lookups::lens_categories(pool, &categorias).await?,
        };
        Ok(Referenced { names, lens_categories })
    }

    /// Whether category `id` exists and holds lenses.
    pub fn lens_category(&self, id: i64) -> bool {
        self.lens_categories.contains(&id)
    }

    /// Refuses a branch or a payment method that does not exist, with its answer.
    pub fn require(&self, kind: LookupKind, id: i64) -> Result<(), Missing> {
        let missing = match kind {
            LookupKind::Local => Missing::Local,
            LookupKind::MetodoPago => Missing::MetodoPago,
            // The catalogue's lookups are checked all together, with their own plural texts.
            _ => return Ok(()),
        };
        if self.exists(kind, id) {
            Ok(())
        } else {
            Err(missing)
        }
    }

    pub fn name(&self, kind: LookupKind, id: i64) -> Option<&str> {
        self.names.get(&(kind, id)).map(String::as_str)
    }

    pub fn exists(&self, kind: LookupKind, id: i64) -> bool {
        self.names.contains_key(&(kind, id))
    }
}
