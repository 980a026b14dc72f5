//! What the aggregates' given/when/then tests share.

use chrono::{NaiveDate, NaiveDateTime};

/// The moment a test's commands are dated: day `(year, month, day)` at `hour:minute`.
pub(crate) fn at((year, month, day): (i32, u32, u32), hour: u32, minute: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(year, month, day)
        .and_then(|d| d.and_hms_opt(hour, minute, 0))
        .expect("a valid test date")
}
