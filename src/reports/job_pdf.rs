//! A lab job's work order: what the lab needs on one page: the order, the frozen
//! prescription, the lenses and the frame, with the shop's name and logo.

use optica_query::jobs::Trabajo;

use crate::reports::movement_pdf::prescription;
use crate::reports::pdf_layout::{Style, Writer};
use crate::reports::receipt_pdf::{header, Tienda};

const HEADING: Style = Style::Bold(10.0);
const TEXT: Style = Style::Regular(10.0);

fn or_dashes(text: Option<&str>) -> &str {
    text.map(str::trim).filter(|t| !t.is_empty()).unwrap_or("---")
}

pub fn work_order(t: &Trabajo, tienda: &Tienda) -> Result<Vec<u8>, printpdf::Error> {
    let r = &t.resumen;
    let mut w = Writer::new(&format!("Orden de trabajo {}", r.id), 15.0)?;
    header(&mut w, tienda, &r.local);
    w.columns(
        &format!("Orden de trabajo N° {}", r.id),
        &format!("Pedido: {}", r.encargado.format("%d/%m/%Y")),
        HEADING,
    );
    if let Some(comprobante) = &r.comprobante {
        w.line(&format!("Comprobante de la venta: N° {comprobante}"), TEXT);
    }
    w.columns(
        &format!("Laboratorio: {}", r.laboratorio),
        &format!("Tel. laboratorio: {}", or_dashes(r.laboratorio_celular.as_deref())),
        TEXT,
    );
    w.columns(
        &format!("Prometido para: {}", r.prometido.format("%d/%m/%Y")),
        &format!("Bandeja: {}", or_dashes(r.bandeja.as_deref())),
        TEXT,
    );
    w.columns(
        &format!("Paciente: {}", or_dashes(r.paciente.as_deref())),
        &format!("Estado: {}", r.etiqueta),
        TEXT,
    );
    w.line(
        &format!("Cristales: {}", or_dashes(Some(&t.cristales.join(", ")))),
        TEXT,
    );
    w.line(&format!("Armazón: {}", or_dashes(Some(&t.armazon.join(", ")))), TEXT);
    w.line(
        &format!("Notas para el laboratorio: {}", or_dashes(t.notas.as_deref())),
        TEXT,
    );
    w.gap();
    match &t.receta {
        Some(f) => prescription(&mut w, f),
        None => w.line("Sin ficha de graduación al encargar el trabajo.", TEXT),
    }
    w.finish()
}
