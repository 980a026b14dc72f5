//! The 'Rentabilidad' workbook: the screen's groups with their totals, the card surcharges, and
//! the lines sold at $ 0 with their reason. Money cells hold pesos computed from exact cents.

use optica_query::profitability::{Cifras, Rentabilidad};
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

fn header(sheet: &mut Worksheet, row: u32, columns: &[(&str, f64)]) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    for (col, (title, width)) in columns.iter().enumerate() {
        sheet.write_string_with_format(row, col as u16, *title, &bold)?;
        sheet.set_column_width(col as u16, *width)?;
    }
    Ok(())
}

fn figures(sheet: &mut Worksheet, row: u32, c: &Cifras, money: &Format) -> Result<(), XlsxError> {
    sheet.write_number(row, 1, c.unidades as f64)?;
    sheet.write_number_with_format(row, 2, c.ingresos, money)?;
    sheet.write_number_with_format(row, 3, c.costo, money)?;
    sheet.write_number_with_format(row, 4, c.margen, money)?;
    if let Some(p) = c.margen_porcentaje {
        sheet.write_number(row, 5, p)?;
    }
    Ok(())
}

/// `agrupado`: what the groups are ('Marca', 'Mes'…), the first column's title.
pub fn workbook(r: &Rentabilidad, agrupado: &str) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let money = Format::new().set_num_format("#,##0.00");
    let bold = Format::new().set_bold();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Rentabilidad")?;
    sheet.write_string_with_format(
        0,
        0,
        format!(
            "Rentabilidad del {} al {}",
            r.desde.format("%d/%m/%Y"),
            r.hasta.format("%d/%m/%Y")
        ),
        &bold,
    )?;
    header(
        sheet,
        2,
        &[
            (agrupado, 28.0),
            ("Unidades", 12.0),
            ("Ingresos", 16.0),
            ("Costo", 16.0),
            ("Margen", 16.0),
            ("Margen %", 12.0),
        ],
    )?;
    let mut row = 3;
    for g in &r.grupos {
        sheet.write_string(row, 0, &g.grupo)?;
        figures(sheet, row, &g.cifras, &money)?;
        row += 1;
    }
    sheet.write_string_with_format(row, 0, "Total", &bold)?;
    figures(sheet, row, &r.totales, &money)?;
    row += 2;
    sheet.write_string(row, 0, "Recargos de tarjeta (ingreso financiero)")?;
    sheet.write_number_with_format(row, 2, r.recargos_tarjeta, &money)?;

    let sheet = workbook.add_worksheet();
    sheet.set_name("Sin cargo")?;
    header(
        sheet,
        0,
        &[
            ("Fecha", 12.0),
            ("Comprobante", 16.0),
            ("Producto", 30.0),
            ("Cantidad", 10.0),
            ("Costo", 14.0),
            ("Motivo", 28.0),
        ],
    )?;
    for (i, s) in r.sin_cargo.iter().enumerate() {
        let row = i as u32 + 1;
        sheet.write_string(row, 0, s.fecha.format("%d/%m/%Y").to_string())?;
        sheet.write_string(row, 1, s.comprobante.as_deref().unwrap_or(""))?;
        sheet.write_string(row, 2, &s.producto)?;
        sheet.write_number(row, 3, s.cantidad as f64)?;
        if let Some(c) = s.costo {
            sheet.write_number_with_format(row, 4, c, &money)?;
        }
        sheet.write_string(row, 5, s.motivo.as_deref().unwrap_or("Sin motivo registrado"))?;
    }
    workbook.save_to_buffer()
}
