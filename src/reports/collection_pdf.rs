//! A collected payment's receipt: the shop and the collecting branch, the receipt's number in
//! that branch's series of collections, who paid, the sale it pays, the method, the amount, and
//! the balance before and after.

use optica_query::movements::collections::ReciboCobro;

use crate::reports::pdf_layout::{Style, Writer};
use crate::reports::receipt_pdf::{header_with, money, Tienda};

const HEADING: Style = Style::Bold(12.0);
const TEXT: Style = Style::Regular(10.0);
const SMALL: Style = Style::Regular(8.0);

pub fn collection_receipt(r: &ReciboCobro, tienda: &Tienda) -> Result<Vec<u8>, printpdf::Error> {
    let mut w = Writer::new(&format!("Recibo {}", r.numero), 15.0)?;
    let telefono = r.local_celular.clone().or_else(|| tienda.telefono.clone());
    header_with(&mut w, tienda, &r.local, r.local_direccion.clone(), telefono);
    w.columns(
        &format!("Recibo de cobro N° {}", r.numero),
        &format!("Fecha: {}", r.fecha.format("%d/%m/%Y %H:%M")),
        HEADING,
    );
    w.line("Documento no válido como factura", SMALL);
    w.gap();
    if let Some(paciente) = &r.paciente {
        w.line(&format!("Recibimos de: {paciente}"), TEXT);
    }
    let venta = match &r.venta {
        Some(numero) => format!("Comprobante N° {numero}"),
        None => format!("movimiento {}", r.movimiento_id),
    };
    w.line(&format!("En pago a cuenta de la venta {venta}"), TEXT);
    w.line(&format!("Forma de pago: {}", r.metodo_pago), TEXT);
    w.gap();
    w.columns("Saldo anterior:", &money(r.saldo_anterior), TEXT);
    w.columns("Importe recibido:", &money(r.monto), HEADING);
    w.columns("Saldo:", &money(r.saldo), HEADING);
    w.finish()
}
