//! The documents the server writes: a movement's PDF copies (the customer's is a receipt), a lab
//! job's work order, a cash day's closing report, an obra social's liquidación, and the
//! stock, reorder, sales and liquidación workbooks.
//! Pure functions from read-model rows to bytes; the HTTP handlers fetch the rows and answer.

pub mod closing_pdf;
pub mod collection_pdf;
pub mod count_excel;
pub mod job_pdf;
pub mod movement_pdf;
pub mod pdf_layout;
pub mod profitability_excel;
pub mod receipt_pdf;
pub mod reorder_excel;
pub mod sales_excel;
pub mod settlement_excel;
pub mod settlement_pdf;
pub mod stock_excel;
