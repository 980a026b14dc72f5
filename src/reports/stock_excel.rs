//! The branch stock sheet (contract section 6.1, item 1): sheet `Stock Local`, columns Modelo,
//! Marca, Costo (0 when unknown), Precio, Stock, and En tránsito, the units on their
//! way to the branch; one row per product with stock at the branch or on its way, by model.

use chrono::NaiveDate;
use optica_query::products::StockSheetRow;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

/// Column widths of the original, in characters (it gave 6000/4000/3000 in 1/256 units).
const WIDTHS: [f64; 6] = [
    6000.0 / 256.0,
    4000.0 / 256.0,
    3000.0 / 256.0,
    3000.0 / 256.0,
    3000.0 / 256.0,
    3000.0 / 256.0,
];
const HEADERS: [&str; 6] = ["Modelo", "Marca", "Costo", "Precio", "Stock", "En tránsito"];

pub fn stock_workbook(rows: &[StockSheetRow]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0.00");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Stock Local")?;
    for (col, (header, width)) in HEADERS.iter().zip(WIDTHS).enumerate() {
        sheet.write_string_with_format(0, col as u16, *header, &bold)?;
        sheet.set_column_width(col as u16, width)?;
    }
    for (i, row) in rows.iter().enumerate() {
        let r = i as u32 + 1;
        sheet.write_string(r, 0, &row.modelo)?;
        sheet.write_string(r, 1, &row.marca)?;
        sheet.write_number_with_format(r, 2, row.costo_cents.unwrap_or(0) as f64 / 100.0, &money)?;
        sheet.write_number_with_format(r, 3, row.precio_cents as f64 / 100.0, &money)?;
        sheet.write_number(r, 4, row.stock as f64)?;
        sheet.write_number(r, 5, row.en_transito as f64)?;
    }
    workbook.save_to_buffer()
}

/// `stock_{branch name lowercased, spaces to underscores}_{yyyy-mm-dd}.xlsx`.
pub fn stock_file_name(branch: &str, day: NaiveDate) -> String {
    format!(
        "stock_{}_{}.xlsx",
        branch.trim().to_lowercase().replace(' ', "_"),
        day.format("%Y-%m-%d")
    )
}

/// A `Content-Disposition` value for a download name that may hold accents: an ASCII fallback
/// plus the exact UTF-8 name (RFC 6266).
pub fn attachment(name: &str) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_is_named_after_the_branch_and_day() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap_or_default();
        assert_eq!(stock_file_name("La Cruz", day), "stock_la_cruz_2026-11-21.xlsx");
        assert_eq!(
            attachment("stock_yapeyú_2026-11-21.xlsx"),
            "attachment; filename=\"stock_yapey__2026-11-21.xlsx\"; filename*=UTF-8''stock_yapey%C3%BA_2026-11-21.xlsx"
        );
    }
}
