//! The statistics page's reports.

pub mod excel;
