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

use optica_events::patient::PATIENT_AGGREGATE;
use optica_events::product::PRODUCT_AGGREGATE;
use optica_events::LookupKind;

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

pub fn patient(id: i64) -> Target {
    (PATIENT_AGGREGATE, id.to_string())
}
