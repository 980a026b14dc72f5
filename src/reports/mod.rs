//! The documents the server writes: a movement's PDF copies, a cash day's closing report, and the
//! stock, reorder and sales workbooks.
//! Pure functions from read-model rows to bytes; the HTTP handlers fetch the rows and answer.

pub mod cash_pdf;
pub mod count_excel;
pub mod movement_pdf;
pub mod pdf_layout;
pub mod reorder_excel;
pub mod sales_excel;
pub mod stock_excel;
