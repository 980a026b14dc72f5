//! The customer's receipt: the shop's name, logo and contact, the receipt number of
//! its branch, the date, the patient, each line with unit price, quantity and subtotal, the
//! discount, total, payments and balance, and the order's status link as text and as a QR code.
//! An expense prints its description. Long sales continue on further pages.

use optica_events::movements::TipoMovimiento;
use optica_query::movements::Movimiento;
use printpdf::path::PaintMode;
use printpdf::{ColorBits, ColorSpace, Image, ImageFilter, ImageTransform, ImageXObject, Px, Rect};

use crate::reports::pdf_layout::{mm, Cell, Style, Writer, MARGINS};

const NAME: Style = Style::Bold(16.0);
const HEADING: Style = Style::Bold(10.0);
const TEXT: Style = Style::Regular(10.0);
const SMALL: Style = Style::Regular(8.0);

/// The shop as its receipts present it.
pub struct Tienda {
    pub nombre: String,
    pub telefono: Option<String>,
    /// A JPEG (the logo from the settings), printed at the top left.
    pub logo: Option<Vec<u8>>,
}

impl Tienda {
    /// The shop as the settings describe it, its logo read from the file they name (none, with
    /// a warning, when it cannot be read).
    pub fn of(shop: &crate::config::ShopSettings) -> Tienda {
        let logo = shop
            .logo
            .as_ref()
            .filter(|p| !p.as_os_str().is_empty())
            .and_then(|path| match std::fs::read(path) {
                Ok(bytes) => Some(bytes),
                Err(error) => {
                    tracing::warn!(%error, "no se pudo leer OPTICA_SHOP_LOGO");
                    None
                }
            });
        Tienda {
            nombre: shop.nombre.clone(),
            telefono: shop.telefono.clone(),
            logo,
        }
    }
}

pub(crate) fn money(pesos: f64) -> String {
    optica_events::Money::from_pesos(pesos).es_ar()
}

fn cents(pesos: f64) -> i64 {
    optica_events::Money::from_pesos(pesos).cents()
}

/// A JPEG's size and colour components, from its frame header (no decoding needed: the PDF
/// embeds the JPEG as it is).
fn jpeg_header(bytes: &[u8]) -> Option<(usize, usize, u8)> {
    if bytes.get(..2)? != [0xFF, 0xD8] {
        return None;
    }
    let mut at = 2;
    while at + 9 < bytes.len() {
        if bytes[at] != 0xFF {
            return None;
        }
        let marker = bytes[at + 1];
        let length = u16::from_be_bytes([bytes[at + 2], bytes[at + 3]]) as usize;
        // Start of frame (baseline, extended, progressive, lossless); not DHT, JPG or DAC.
        if (0xC0..=0xCF).contains(&marker) && ![0xC4, 0xC8, 0xCC].contains(&marker) {
            let height = u16::from_be_bytes([bytes[at + 5], bytes[at + 6]]) as usize;
            let width = u16::from_be_bytes([bytes[at + 7], bytes[at + 8]]) as usize;
            return Some((width, height, bytes[at + 9]));
        }
        at += 2 + length;
    }
    None
}

/// Draws the logo with its top-left corner at (x, top), at most `height` points tall and three
/// times as wide; answers the width it took. A file that is not a JPEG prints nothing.
fn logo(w: &Writer, bytes: &[u8], x: f32, top: f32, height: f32) -> f32 {
    let Some((width_px, height_px, components)) = jpeg_header(bytes) else {
        tracing::warn!("OPTICA_SHOP_LOGO no es un JPEG: el comprobante sale sin logo");
        return 0.0;
    };
    let color_space = match components {
        1 => ColorSpace::Greyscale,
        4 => ColorSpace::Cmyk,
        _ => ColorSpace::Rgb,
    };
    let image = Image::from(ImageXObject {
        width: Px(width_px),
        height: Px(height_px),
        color_space,
        bits_per_component: ColorBits::Bit8,
        interpolate: true,
        image_data: bytes.to_vec(),
        image_filter: Some(ImageFilter::DCT),
        smask: None,
        clipping_bbox: None,
    });
    // At 72 dpi a pixel is a point; scale to the box wanted.
    let scale = (height / height_px.max(1) as f32).min(3.0 * height / width_px.max(1) as f32);
    let (_, layer) = w.cursor();
    image.add_to_layer(
        layer.clone(),
        ImageTransform {
            translate_x: Some(mm(x)),
            translate_y: Some(mm(top - height)),
            scale_x: Some(scale),
            scale_y: Some(scale),
            dpi: Some(72.0),
            ..Default::default()
        },
    );
    width_px as f32 * scale
}

/// Draws the QR code of `text`, `size` points square, its top-left corner at (x, top).
fn qr(w: &Writer, text: &str, x: f32, top: f32, size: f32) {
    let Ok(code) = qrcode::QrCode::new(text.as_bytes()) else {
        return;
    };
    let n = code.width();
    // A quiet zone of two modules around it.
    let module = size / (n + 4) as f32;
    let (_, layer) = w.cursor();
    for (i, color) in code.to_colors().into_iter().enumerate() {
        if color != qrcode::Color::Dark {
            continue;
        }
        let (col, row) = (i % n, i / n);
        let left = x + (col + 2) as f32 * module;
        let upper = top - (row + 2) as f32 * module;
        let rect = Rect::new(mm(left), mm(upper - module), mm(left + module), mm(upper)).with_mode(PaintMode::Fill);
        layer.add_rect(rect);
    }
}

fn cell(text: &str, x: f32) -> Cell<'_> {
    Cell {
        text,
        x,
        right: false,
        max: MARGINS.1 - x,
    }
}

/// The shop's name, logo and branch at the top of a page (receipts and work orders).
pub fn header(w: &mut Writer, tienda: &Tienda, local: &str) {
    header_with(w, tienda, local, None, tienda.telefono.clone());
}

/// The header with the branch's address and the phone to call (the branch's own, else the shop's).
pub fn header_with(w: &mut Writer, tienda: &Tienda, local: &str, direccion: Option<String>, telefono: Option<String>) {
    let (left, _) = MARGINS;
    let text_left = match &tienda.logo {
        Some(bytes) => {
            let (top, _) = w.cursor();
            left + logo(w, bytes, left, top + 12.0, 48.0) + 12.0
        }
        None => left,
    };
    w.cells(&[cell(&tienda.nombre, text_left)], NAME);
    let contacto: Vec<String> = [
        Some(local.to_string()).filter(|l| !l.is_empty()),
        direccion,
        telefono.map(|t| format!("Tel. {t}")),
    ]
    .into_iter()
    .flatten()
    .collect();
    w.cells(&[cell(&contacto.join(" · "), text_left)], TEXT);
    w.gap();
}

/// The receipt of movement `m`; `enlace`: its public status link (sales).
pub fn receipt(m: &Movimiento, tienda: &Tienda, enlace: Option<&str>) -> Result<Vec<u8>, printpdf::Error> {
    let (left, right) = MARGINS;
    let mut w = Writer::new(&format!("Comprobante {}", m.id), 15.0)?;
    let local = m.local.as_ref().map(|l| l.nombre.clone()).unwrap_or_default();
    let direccion = m.local.as_ref().and_then(|l| l.direccion.clone());
    // The branch's own phone: the customer calls where they bought.
    let telefono = m
        .local
        .as_ref()
        .and_then(|l| l.celular.clone())
        .or_else(|| tienda.telefono.clone());
    header_with(&mut w, tienda, &local, direccion, telefono);
    let titulo = match (&m.comprobante, m.tipo_movimiento) {
        (Some(numero), _) => format!("Comprobante N° {numero}"),
        (None, TipoMovimiento::Salida) => format!("Comprobante de egreso (movimiento {})", m.id),
        (None, _) => format!("Comprobante (movimiento {})", m.id),
    };
    w.cells(
        &[
            cell(&titulo, left),
            Cell {
                text: &format!("Fecha: {}", m.fecha.format("%d/%m/%Y")),
                x: right,
                right: true,
                max: 150.0,
            },
        ],
        HEADING,
    );
    w.line("Documento no válido como factura", SMALL);
    if let Some(p) = &m.paciente {
        let obra = p
            .obra_social
            .as_deref()
            .map(|o| format!(" · Obra social: {o}"))
            .unwrap_or_default();
        w.line(
            &format!("Paciente: {} (ficha N° {}){obra}", p.nombre_completo, p.ficha),
            TEXT,
        );
    }
    if let Some(d) = m.descripcion.as_deref().filter(|d| !d.trim().is_empty()) {
        w.line(&format!("Descripción: {d}"), TEXT);
    }
    w.gap();
    lines(&mut w, m);
    totals(&mut w, m);
    if let Some(enlace) = enlace {
        w.gap();
        w.ensure(120.0);
        w.line("Seguí el estado de tu pedido:", HEADING);
        w.line(enlace, TEXT);
        let (top, _) = w.cursor();
        qr(&w, enlace, left, top, 100.0);
        w.skip(100.0);
    }
    w.finish()
}

/// Columns of the lines' table: description, quantity, unit price, subtotal (the last three
/// right-aligned at these x).
const QTY: f32 = 390.0;
const UNIT: f32 = 475.0;

fn row(w: &mut Writer, texts: [&str; 4], style: Style) {
    let (left, right) = MARGINS;
    let right_at = |text, x| Cell {
        text,
        x,
        right: true,
        max: 90.0,
    };
    w.cells(
        &[
            Cell {
                text: texts[0],
                x: left,
                right: false,
                max: QTY - 40.0 - left,
            },
            right_at(texts[1], QTY),
            right_at(texts[2], UNIT),
            right_at(texts[3], right),
        ],
        style,
    );
}

fn lines(w: &mut Writer, m: &Movimiento) {
    if m.detalles.is_empty() && m.detalles_adicionales.is_empty() {
        return;
    }
    row(w, ["Descripción", "Cant.", "P. unitario", "Subtotal"], HEADING);
    for d in &m.detalles {
        let nombre = match &d.producto {
            Some(p) => match &p.marca {
                Some(marca) => format!("{} {}", p.modelo, marca.nombre),
                None => p.modelo.clone(),
            },
            None => "Producto".into(),
        };
        let (cantidad, unitario, subtotal) = (d.cantidad.to_string(), money(d.precio_unitario), money(d.subtotal));
        row(w, [&nombre, &cantidad, &unitario, &subtotal], TEXT);
    }
    for d in &m.detalles_adicionales {
        let subtotal = money(d.subtotal);
        row(w, [&d.descripcion, "1", &subtotal, &subtotal], TEXT);
    }
}

/// A label and an amount, right-aligned at the page's right margin.
fn amount(w: &mut Writer, label: &str, value: &str, style: Style) {
    let (_, right) = MARGINS;
    w.cells(
        &[
            Cell {
                text: label,
                x: UNIT,
                right: true,
                max: 200.0,
            },
            Cell {
                text: value,
                x: right,
                right: true,
                max: 90.0,
            },
        ],
        style,
    );
}

fn totals(w: &mut Writer, m: &Movimiento) {
    let gross: i64 = m.detalles.iter().map(|d| cents(d.subtotal)).sum::<i64>()
        + m.detalles_adicionales.iter().map(|d| cents(d.subtotal)).sum::<i64>();
    if let Some(descuento) = m.descuento.filter(|d| *d != 0.0) {
        amount(w, "Subtotal:", &money(gross as f64 / 100.0), TEXT);
        let off = gross - cents(m.total);
        let porcentaje = format!("{descuento}").replace('.', ",");
        amount(
            w,
            &format!("Descuento ({porcentaje} %):"),
            &money(-(off as f64) / 100.0),
            TEXT,
        );
    }
    amount(w, "Total:", &money(m.total), HEADING);
    // The obra social's part: the customer pays the rest.
    if let Some(c) = &m.cobertura {
        let quien = format!("Cubre {} {} (afiliado {}):", c.obra_social, c.plan, c.afiliado);
        amount(w, quien.trim(), &money(-c.monto), TEXT);
    }
    if !m.caja_movimientos.is_empty() {
        w.line("Pagos", HEADING);
        for p in &m.caja_movimientos {
            let metodo = p.metodo_pago.as_ref().map_or("---", |x| x.nombre.as_str());
            let label = format!("{} · {metodo}", p.fecha.format("%d/%m/%Y"));
            amount(w, &label, &money(p.monto), TEXT);
            // What the card is charged, surcharge included, and each instalment.
            if let Some(cuotas) = p.en_cuotas() {
                amount(w, &format!("   {cuotas}"), &money(p.monto_impuesto), TEXT);
            }
        }
    }
    // Returns: what they cancelled of the balance, and what was paid back (its own SALIDA).
    let (valor, credito) = (cents(m.devuelto.valor), cents(m.devuelto.credito));
    if credito > 0 {
        amount(w, "Devoluciones a cuenta:", &money(-(credito as f64) / 100.0), TEXT);
    }
    if valor > credito {
        amount(
            w,
            "Devoluciones reintegradas:",
            &money((valor - credito) as f64 / 100.0),
            TEXT,
        );
    }
    if m.tipo_movimiento == TipoMovimiento::Entrada {
        // The read model's debt already counts the returns' credit.
        amount(w, "Adeuda:", &money(m.deuda), HEADING);
    }
}

#[cfg(test)]
mod tests {
    use super::jpeg_header;

    #[test]
    fn a_jpeg_frame_header_gives_its_size() {
        // SOI, an APP0 segment of 4 bytes, then a baseline SOF0: 8 bits, 20 high, 30 wide, 3 components.
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x00, 0x14, 0x00, 0x1E, 0x03,
        ];
        assert_eq!(jpeg_header(&jpeg), Some((30, 20, 3)));
        assert_eq!(jpeg_header(b"\x89PNG\r\n"), None);
    }
}
