//! The 'Reponer' sheet: a branch's products at or below their reorder point, to send
//! a supplier. Columns Modelo, Marca, Proveedores, Stock, En tránsito, Punto de pedido, A pedir,
//! and Costo for admins (costs are theirs to see).

use chrono::NaiveDate;
use optica_query::stock::AReponer;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

pub fn workbook(local: &str, rows: &[AReponer], with_cost: bool) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0.00");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Reponer")?;
    sheet.write_string_with_format(0, 0, format!("Reponer en {local}"), &bold)?;
    let mut headers = vec![
        ("Modelo", 24.0),
        ("Marca", 16.0),
        ("Proveedores", 24.0),
        ("Stock", 8.0),
        ("En tránsito", 11.0),
        ("Punto de pedido", 15.0),
        ("A pedir", 9.0),
    ];
    if with_cost {
        headers.push(("Costo", 12.0));
    }
    for (col, (header, width)) in headers.iter().enumerate() {
        sheet.write_string_with_format(2, col as u16, *header, &bold)?;
        sheet.set_column_width(col as u16, *width)?;
    }
    for (i, row) in rows.iter().enumerate() {
        let r = i as u32 + 3;
        sheet.write_string(r, 0, &row.modelo)?;
        sheet.write_string(r, 1, &row.marca)?;
        sheet.write_string(r, 2, &row.proveedores)?;
        for (col, n) in [(3, row.stock), (4, row.en_transito), (5, row.minimo), (6, row.faltan)] {
            sheet.write_number(r, col, n as f64)?;
        }
        if with_cost {
            sheet.write_number_with_format(r, 7, row.costo_cents.unwrap_or(0) as f64 / 100.0, &money)?;
        }
    }
    workbook.save_to_buffer()
}

/// `reponer_{branch lowercased, spaces to underscores}_{yyyy-mm-dd}.xlsx`.
pub fn file_name(local: &str, day: NaiveDate) -> String {
    format!(
        "reponer_{}_{}.xlsx",
        local.trim().to_lowercase().replace(' ', "_"),
        day.format("%Y-%m-%d")
    )
}
