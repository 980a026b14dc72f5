//! The read side's writers: a durable projector that feeds every event, once and in a stable
//! global order, to projections that turn events into read-model rows.

/// A `Projection`'s `name` and `tables`, which every projection spells out the same way:
/// `identity!("counts", ["counts", "count_lines"]);` inside its `impl`.
macro_rules! identity {
    ($name:literal, [$($table:literal),+ $(,)?]) => {
        fn name(&self) -> &'static str {
            $name
        }

        fn tables(&self) -> &'static [&'static str] {
            &[$($table),+]
        }
    };
}

/// Runs one statement on a connection (`&mut PgConnection` or a transaction) with `args` bound
/// to `$1`, `$2`, … in order, as `sqlx::query(sql).bind(..)….execute(..)` would: nearly every
/// row a projection writes is one such statement.
macro_rules! execute {
    ($conn:expr, $sql:expr; $($arg:expr),* $(,)?) => {
        sqlx::query($sql)$(.bind($arg))*.execute(&mut *$conn).await
    };
}

pub mod card_plans;
pub mod closings;
mod copy;
pub mod counts;
pub mod insurers;
pub mod jobs;
pub mod lead;
pub mod lookups;
pub mod movements;
pub mod patients;
pub mod products;
pub mod profitability;
pub mod projection;
pub mod projector;
pub mod rebuild;
pub mod settlements;
pub mod shadow;
pub mod stored;
pub mod transfers;
pub mod users;
pub mod wait;

use std::sync::Arc;

pub use projection::{Prepared, Preparer, Projection, ProjectionError};
pub use projector::Projector;
pub use stored::StoredEvent;

/// Every projection the server runs, in the order the projector feeds them.
pub fn all() -> Vec<Arc<dyn Projection>> {
    // lookups first: the products projection reads brand names from their rows
    vec![
        Arc::new(lookups::LookupsProjection),
        Arc::new(products::ProductsProjection),
        Arc::new(patients::PatientsProjection),
        Arc::new(movements::MovementsProjection),
        Arc::new(users::UsersProjection),
        Arc::new(closings::CashDaysProjection),
        Arc::new(transfers::TransfersProjection),
        Arc::new(counts::CountsProjection),
        Arc::new(jobs::JobsProjection),
        Arc::new(movements::ReceiptsProjection),
        Arc::new(movements::CollectionReceiptsProjection),
        Arc::new(card_plans::CardPlansProjection),
        Arc::new(profitability::SaleCostsProjection),
        Arc::new(insurers::InsurersProjection),
        Arc::new(settlements::SettlementsProjection),
    ]
}
