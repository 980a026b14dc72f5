//! A closed count's report: every product of the sheet, as the screen lists it (by brand and
//! model, the brand first), with the expected and counted units, the difference and its value at
//! cost, and the total. A product that matched is listed too: the report is the record of what
//! was counted, not only of what was missing.

use optica_query::counts::Planilla;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

pub fn workbook(planilla: &Planilla) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let bold = Format::new().set_bold();
    let money = Format::new().set_num_format("#,##0.00");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Conteo")?;
    let c = &planilla.conteo;
    let title = format!("Conteo {} de {} del {}", c.id, c.local, c.iniciado.format("%d/%m/%Y"));
    sheet.write_string_with_format(0, 0, title, &bold)?;
    let headers = [
        ("Marca", 16.0),
        ("Modelo", 24.0),
        ("Esperado", 10.0),
        ("Contado", 10.0),
        ("Diferencia", 11.0),
        ("Costo", 12.0),
        ("Valor", 14.0),
    ];
    for (col, (header, width)) in headers.iter().enumerate() {
        sheet.write_string_with_format(2, col as u16, *header, &bold)?;
        sheet.set_column_width(col as u16, *width)?;
    }
    let mut r = 3;
    for l in &planilla.lineas {
        let diferencia = l.diferencia.unwrap_or(0);
        let costo = l.costo.unwrap_or(0.0);
        sheet.write_string(r, 0, &l.marca)?;
        sheet.write_string(r, 1, &l.modelo)?;
        sheet.write_number(r, 2, l.esperado.unwrap_or(0) as f64)?;
        sheet.write_number(r, 3, l.contado.unwrap_or(0) as f64)?;
        sheet.write_number(r, 4, diferencia as f64)?;
        sheet.write_number_with_format(r, 5, costo, &money)?;
        sheet.write_number_with_format(r, 6, diferencia as f64 * costo, &money)?;
        r += 1;
    }
    sheet.write_string_with_format(r + 1, 5, "Total", &bold)?;
    sheet.write_number_with_format(r + 1, 6, planilla.valor_diferencia.unwrap_or(0.0), &money)?;
    workbook.save_to_buffer()
}

/// `conteo_{id}_{branch lowercased, spaces to underscores}.xlsx`.
pub fn file_name(planilla: &Planilla) -> String {
    let c = &planilla.conteo;
    format!(
        "conteo_{}_{}.xlsx",
        c.id,
        c.local.trim().to_lowercase().replace(' ', "_")
    )
}
