//! The documents the server writes: a movement's PDF copies and the stock and sales workbooks.
//! Pure functions from read-model rows to bytes; the HTTP handlers fetch the rows and answer.

pub mod movement_pdf;
pub mod sales_excel;
pub mod stock_excel;
