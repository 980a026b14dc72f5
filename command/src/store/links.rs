//! References between streams, kept beside the events so that no delete can leave a record
//! pointing at nothing.
//!
//! A sale names its branch, payment methods, patient and products; a product names its brand,
//! categories, material, suppliers and branches; a patient and a seller name their branch. The
//! read models used to be asked "is this still used?" before a delete, which a sale committed
//! in the same instant slipped past (and the projector may lag). Instead every append also
//! writes, in its own transaction, which streams are alive (`live_streams`) and which streams
//! each stream refers to (`stream_links`, a foreign key into `live_streams`). PostgreSQL's
//! foreign-key locking then makes "delete a referenced item" and "refer to a deleted item"
//! impossible, also for two transactions racing each other.

use std::collections::BTreeSet;

use optica_events::patients::PATIENT_AGGREGATE;
use optica_events::products::PRODUCT_AGGREGATE;
use optica_events::LookupKind;
use sqlx::PgPool;

/// A stream another one refers to: its aggregate type and id.
pub type Target = (&'static str, String);

/// What an aggregate means to the other streams. The store compares the aggregate before and
/// after each command and writes only what changed.
pub trait Linked {
    /// Whether other streams may refer to this one (created and not deleted). Only what can be
    /// referred to answers true: lookups, products and patients.
    fn live(&self) -> bool {
        false
    }

    /// The streams this aggregate refers to as it stands now (none once deleted).
    fn targets(&self) -> BTreeSet<Target> {
        BTreeSet::new()
    }
}

pub fn lookup(kind: LookupKind, id: i64) -> Target {
    (kind.aggregate_type(), id.to_string())
}

pub fn product(id: i64) -> Target {
    (PRODUCT_AGGREGATE, id.to_string())
}

pub fn insurer(id: i64) -> Target {
    (optica_events::insurers::INSURER_AGGREGATE, id.to_string())
}

pub fn patient(id: i64) -> Target {
    (PATIENT_AGGREGATE, id.to_string())
}

/// The link changes of a unit, one array per column.
#[derive(Default)]
pub(crate) struct LinkColumns<'a> {
    /// Streams that are alive after this unit.
    pub born_type: Vec<&'a str>,
    pub born_id: Vec<&'a str>,
    /// Streams whose references changed: their old links not in the new set are dropped.
    pub from_type: Vec<&'a str>,
    pub from_id: Vec<&'a str>,
    /// Their new references.
    pub by_type: Vec<&'a str>,
    pub by_id: Vec<&'a str>,
    pub target_type: Vec<&'a str>,
    pub target_id: Vec<&'a str>,
}

pub(crate) fn is_foreign_key_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_foreign_key_violation())
}

/// Which kinds of stream refer to any of the streams (`types[n]`, `ids[n]`).
pub(crate) async fn referring_kinds(pool: &PgPool, types: &[&str], ids: &[&str]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "select distinct s.by_type from stream_links s join unnest($1::text[], $2::text[]) as r(t, i)
           on s.target_type = r.t and s.target_id = r.i order by 1",
    )
    .bind(types)
    .bind(ids)
    .fetch_all(pool)
    .await
}

/// The first of the streams that is not alive.
pub(crate) async fn first_missing(
    pool: &PgPool,
    types: &[&str],
    ids: &[&str],
) -> Result<Option<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "select w.t, w.i from unnest($1::text[], $2::text[]) as w(t, i)
         where not exists (select 1 from live_streams l where l.stream_type = w.t and l.stream_id = w.i)
         limit 1",
    )
    .bind(types)
    .bind(ids)
    .fetch_optional(pool)
    .await
}
