//! A liquidación as it is handed to the obra social: its header (obra social, CUIT, month,
//! number, day presented), then each sale with what the obra social requires to pay it
//! (patient, affiliate, plan, prescription, items) and its part, and the total; once paid, the
//! payments and each rejected item with its reason.

use chrono::NaiveDate;
use optica_events::Money;
use optica_query::settlements::{LiquidacionDetalle, VentaCubierta};

use crate::reports::pdf_layout::{Style, Writer};

const TITLE: Style = Style::Bold(14.0);
const HEADING: Style = Style::Bold(10.0);
const TEXT: Style = Style::Regular(9.0);

fn money(pesos: f64) -> String {
    Money::from_pesos(pesos).es_ar()
}

/// `2026-11` as `11/2026`.
pub fn mes(mes: &str) -> String {
    NaiveDate::parse_from_str(&format!("{mes}-01"), "%Y-%m-%d")
        .map(optica_events::settlements::mes_texto)
        .unwrap_or_else(|_| mes.to_string())
}

/// The prescription as one text: doctor, registration and date; none when not recorded.
pub fn receta(v: &VentaCubierta) -> Option<String> {
    let mut parts = Vec::new();
    if let Some(m) = &v.medico {
        parts.push(m.clone());
    }
    if let Some(m) = &v.matricula {
        parts.push(format!("matrícula {m}"));
    }
    if let Some(f) = v.fecha_receta {
        parts.push(format!("del {}", f.format("%d/%m/%Y")));
    }
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// The sale's product lines as one text: `2 × Cristal X (cristal)`.
pub fn detalle(v: &VentaCubierta) -> String {
    v.detalles
        .iter()
        .map(|d| {
            let que = if d.cristal { "cristal" } else { "armazón" };
            format!("{} × {} ({que})", d.cantidad, d.descripcion)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

pub fn settlement(l: &LiquidacionDetalle) -> Result<Vec<u8>, printpdf::Error> {
    let h = &l.liquidacion;
    let mut w = Writer::new(&format!("Liquidación {} {}", h.id, h.obra_social), 13.0)?;
    w.line(&format!("Liquidación N.º {}", h.id), TITLE);
    w.gap();
    w.columns(
        &format!("Obra social: {}", h.obra_social),
        &format!("CUIT: {}", l.cuit),
        HEADING,
    );
    w.columns(
        &format!("Mes: {}", mes(&h.mes)),
        &format!("Presentada el {}", h.fecha.format("%d/%m/%Y")),
        TEXT,
    );
    w.columns(
        &format!("Ventas: {}", h.ventas),
        &format!("Total: {}", money(h.total)),
        HEADING,
    );
    for i in &l.items {
        let v = &i.venta;
        w.gap();
        w.ensure(70.0);
        let comprobante = v.comprobante.as_deref().map(|c| format!(" {c}")).unwrap_or_default();
        w.columns(
            &format!("Venta{comprobante} del {}", v.fecha.format("%d/%m/%Y")),
            &format!("A cargo de la obra social: {}", money(i.presentado)),
            HEADING,
        );
        let documento = v
            .documento
            .as_deref()
            .map(|d| format!(" (documento {d})"))
            .unwrap_or_default();
        w.line(
            &format!(
                "Paciente: {}{documento}",
                v.paciente.as_deref().unwrap_or("sin paciente")
            ),
            TEXT,
        );
        w.line(&format!("Afiliado N.º {} — plan {}", v.afiliado, v.plan), TEXT);
        if let Some(r) = receta(v) {
            w.line(&format!("Receta: {r}"), TEXT);
        }
        for d in &v.detalles {
            let que = if d.cristal { "cristal" } else { "armazón" };
            w.columns(
                &format!("{} × {} ({que})", d.cantidad, d.descripcion),
                &money(d.subtotal),
                TEXT,
            );
        }
        w.columns(
            &format!("Total de la venta: {}", money(v.total)),
            &format!("Cristales {} — Armazones {}", money(v.cristales), money(v.armazones)),
            TEXT,
        );
        if i.debitado != 0.0 {
            w.line(
                &format!("Debitado: {} — {}", money(i.debitado), i.motivos.join("; ")),
                HEADING,
            );
        }
    }
    w.gap();
    w.columns("Total presentado", &money(h.total), HEADING);
    if !l.cobros.is_empty() {
        w.gap();
        w.line("Cobros (transferencias bancarias)", HEADING);
        for c in &l.cobros {
            w.columns(
                &format!(
                    "{}. {} — referencia {}",
                    c.numero,
                    c.fecha.format("%d/%m/%Y"),
                    c.referencia
                ),
                &money(c.monto),
                TEXT,
            );
        }
        w.columns("Cobrado", &money(h.cobrado), HEADING);
        w.columns("Debitado", &money(h.debitado), HEADING);
        w.columns("Pendiente", &money(h.pendiente), HEADING);
    }
    w.finish()
}
