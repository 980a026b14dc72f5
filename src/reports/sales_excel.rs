//! The two sales workbooks (contract §6.1, items 2 and 3). Money cells hold pesos computed from
//! exact cents.

use optica_query::statistics::{CristalVendido, MarcaVendida, ProductoVendido};
use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

fn pesos(cents: i64) -> f64 {
    cents as f64 / 100.0
}

fn header(sheet: &mut Worksheet, columns: &[(&str, f64)]) -> Result<(), XlsxError> {
    let bold = Format::new().set_bold();
    for (col, (title, width)) in columns.iter().enumerate() {
        sheet.write_string_with_format(0, col as u16, *title, &bold)?;
        sheet.set_column_width(col as u16, *width)?;
    }
    Ok(())
}

/// One row of `Productos Vendidos`, products and additional-line lenses alike.
enum Fila<'a> {
    Producto(&'a ProductoVendido),
    Cristal(&'a CristalVendido),
}

impl Fila<'_> {
    fn cantidad(&self) -> i64 {
        match self {
            Fila::Producto(p) => p.cantidad,
            Fila::Cristal(c) => c.lineas,
        }
    }
}

/// Sheet `Productos Vendidos`: a row per product sold (with its current cost and price and the
/// profit), and a row per lens name sold as an additional line (`Cristal Adicional`, counted in
/// lines, cost and profit unknown); most units first.
pub fn sales_workbook(products: &[ProductoVendido], lenses: &[CristalVendido]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let money = Format::new().set_num_format("#,##0.00");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Productos Vendidos")?;
    header(
        sheet,
        &[
            ("Modelo", 20.0),
            ("Categorías", 30.0),
            ("Descripción", 30.0),
            ("Marca", 20.0),
            ("Cantidad Vendida", 15.0),
            ("Costo", 15.0),
            ("Precio", 15.0),
            ("Ganancia", 15.0),
        ],
    )?;
    let mut rows: Vec<Fila> = products.iter().map(Fila::Producto).collect();
    rows.extend(lenses.iter().map(Fila::Cristal));
    // Stable: products keep their model order among equal counts, before lenses.
    rows.sort_by_key(|r| std::cmp::Reverse(r.cantidad()));
    for (i, row) in rows.iter().enumerate() {
        let r = i as u32 + 1;
        match row {
            Fila::Producto(p) => {
                sheet.write_string(r, 0, &p.modelo)?;
                sheet.write_string(r, 1, &p.categorias)?;
                sheet.write_string(r, 2, &p.descripcion)?;
                sheet.write_string(r, 3, &p.marca)?;
                sheet.write_number(r, 4, p.cantidad as f64)?;
                sheet.write_number_with_format(r, 5, pesos(p.costo_cents), &money)?;
                sheet.write_number_with_format(r, 6, pesos(p.precio_cents), &money)?;
                sheet.write_number_with_format(r, 7, pesos(p.ganancia_cents), &money)?;
            }
            Fila::Cristal(c) => {
                sheet.write_string(r, 0, "Cristal Adicional")?;
                sheet.write_string(r, 1, "")?;
                sheet.write_string(r, 2, "")?;
                sheet.write_string(r, 3, &c.nombre)?;
                sheet.write_number(r, 4, c.lineas as f64)?;
                sheet.write_string(r, 5, "")?;
                sheet.write_number_with_format(r, 6, pesos(c.subtotal_cents), &money)?;
                sheet.write_string(r, 7, "")?;
            }
        }
    }
    workbook.save_to_buffer()
}

/// Sheet `Resumen por Marca`: units and profit per brand, highest profit first.
pub fn brands_workbook(brands: &[MarcaVendida]) -> Result<Vec<u8>, XlsxError> {
    let mut workbook = Workbook::new();
    let money = Format::new().set_num_format("#,##0.00");
    let sheet = workbook.add_worksheet();
    sheet.set_name("Resumen por Marca")?;
    header(
        sheet,
        &[
            ("Marca", 6000.0 / 256.0),
            ("Cantidad Vendida Total", 4000.0 / 256.0),
            ("Ganancia Total", 4000.0 / 256.0),
        ],
    )?;
    for (i, b) in brands.iter().enumerate() {
        let r = i as u32 + 1;
        sheet.write_string(r, 0, &b.marca)?;
        sheet.write_number(r, 1, b.cantidad as f64)?;
        sheet.write_number_with_format(r, 2, pesos(b.ganancia_cents), &money)?;
    }
    workbook.save_to_buffer()
}
