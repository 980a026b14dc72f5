//! What the aggregates' given/when/then tests share.

use chrono::{NaiveDate, NaiveDateTime};

/// The moment a test's commands are dated: day `(year, month, day)` at `hour:minute`.
pub(crate) fn at((year, month, day): (i32, u32, u32), hour: u32, minute: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(year, month, day)
        .and_then(|d| d.and_hms_opt(hour, minute, 0))
        .expect("a valid test date")
}

/// How every aggregate test begins: the aggregate after some events, or with none.
pub(crate) trait Given<A: cqrs_es::Aggregate> {
    /// `with(()).given(events)`.
    fn after(events: Vec<A::Event>) -> cqrs_es::test::AggregateTestExecutor<A>;
    /// `with(()).given_no_previous_events()`.
    fn fresh() -> cqrs_es::test::AggregateTestExecutor<A>;
}

impl<A: cqrs_es::Aggregate<Services = ()>> Given<A> for cqrs_es::test::TestFramework<A> {
    fn after(events: Vec<A::Event>) -> cqrs_es::test::AggregateTestExecutor<A> {
        Self::with(()).given(events)
    }

    fn fresh() -> cqrs_es::test::AggregateTestExecutor<A> {
        Self::with(()).given_no_previous_events()
    }
}
