//! A liquidación's workbook: what the obra social requires of each presented sale (patient,
//! affiliate, plan, prescription, items) and the amounts, with what it rejected and why. Money
//! cells hold pesos computed from exact cents.

use optica_query::settlements::LiquidacionDetalle;
use rust_xlsxwriter::{Format, Workbook, XlsxError};

use super::settlement_pdf::{detalle, receta};

pub fn workbook(l: &LiquidacionDetalle) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let money = Format::new().set_num_format("#,##0.00");
    let bold = Format::new().set_bold();
    let sheet = workbook.add_worksheet();
    sheet.set_name("Liquidación")?;
    let h = &l.liquidacion;
    sheet.write_string_with_format(0, 0, format!("Liquidación N.º {} — {}", h.id, h.obra_social), &bold)?;
    sheet.write_string(1, 0, format!("CUIT {}", l.cuit))?;
    sheet.write_string(2, 0, format!("Mes {}", super::settlement_pdf::mes(&h.mes)))?;
    sheet.write_string(3, 0, format!("Presentada el {}", h.fecha.format("%d/%m/%Y")))?;
    let columns: [(&str, f64); 15] = [
        ("Fecha", 12.0),
        ("Comprobante", 16.0),
        ("Paciente", 26.0),
        ("Documento", 12.0),
        ("Afiliado", 16.0),
        ("Plan", 12.0),
        ("Receta", 34.0),
        ("Detalle", 40.0),
        ("Total de la venta", 16.0),
        ("Cristales", 14.0),
        ("Armazones", 14.0),
        ("A cargo de la obra social", 18.0),
        ("Debitado", 14.0),
        ("Motivo del débito", 30.0),
        ("Facturado al paciente", 16.0),
    ];
    for (col, (title, width)) in columns.iter().enumerate() {
        sheet.write_string_with_format(5, col as u16, *title, &bold)?;
        sheet.set_column_width(col as u16, *width)?;
    }
    let mut row = 6;
    for i in &l.items {
        let v = &i.venta;
        sheet.write_string(row, 0, v.fecha.format("%d/%m/%Y").to_string())?;
        sheet.write_string(row, 1, v.comprobante.as_deref().unwrap_or(""))?;
        sheet.write_string(row, 2, v.paciente.as_deref().unwrap_or(""))?;
        sheet.write_string(row, 3, v.documento.as_deref().unwrap_or(""))?;
        sheet.write_string(row, 4, &v.afiliado)?;
        sheet.write_string(row, 5, &v.plan)?;
        sheet.write_string(row, 6, receta(v).unwrap_or_default())?;
        sheet.write_string(row, 7, detalle(v))?;
        sheet.write_number_with_format(row, 8, v.total, &money)?;
        sheet.write_number_with_format(row, 9, v.cristales, &money)?;
        sheet.write_number_with_format(row, 10, v.armazones, &money)?;
        sheet.write_number_with_format(row, 11, i.presentado, &money)?;
        if i.debitado != 0.0 {
            sheet.write_number_with_format(row, 12, i.debitado, &money)?;
            sheet.write_string(row, 13, i.motivos.join("; "))?;
        }
        if i.facturado != 0.0 {
            sheet.write_number_with_format(row, 14, i.facturado, &money)?;
        }
        row += 1;
    }
    sheet.write_string_with_format(row, 0, "Total", &bold)?;
    sheet.write_number_with_format(row, 11, h.total, &money)?;
    sheet.write_number_with_format(row, 12, h.debitado, &money)?;
    sheet.write_number_with_format(row, 14, h.facturado, &money)?;
    row += 2;
    for (label, value) in [
        ("Cobrado", h.cobrado),
        ("Debitado", h.debitado),
        ("Pendiente", h.pendiente),
    ] {
        sheet.write_string_with_format(row, 0, label, &bold)?;
        sheet.write_number_with_format(row, 1, value, &money)?;
        row += 1;
    }
    if !l.cobros.is_empty() {
        row += 1;
        for (col, title) in ["Cobro", "Fecha", "Referencia", "Monto"].iter().enumerate() {
            sheet.write_string_with_format(row, col as u16, *title, &bold)?;
        }
        for c in &l.cobros {
            row += 1;
            sheet.write_number(row, 0, f64::from(c.numero))?;
            sheet.write_string(row, 1, c.fecha.format("%d/%m/%Y").to_string())?;
            sheet.write_string(row, 2, &c.referencia)?;
            sheet.write_number_with_format(row, 3, c.monto, &money)?;
        }
    }
    workbook.save_to_buffer()
}
