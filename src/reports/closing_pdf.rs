//! A cash day's closing report: the branch, the day, per payment method the float and the
//! count against the expected figures, the reason for a difference, and who closed it.

use chrono::{NaiveDate, NaiveDateTime};
use optica_events::Money;
use optica_query::closings::{CajaDia, EstadoCaja};

use crate::reports::pdf_layout::{Style, Writer};

const TITLE: Style = Style::Bold(14.0);
const HEADING: Style = Style::Bold(10.0);
const TEXT: Style = Style::Regular(10.0);

fn money(pesos: f64) -> String {
    Money::from_pesos(pesos).es_ar()
}

fn date(d: NaiveDate) -> String {
    d.format("%d/%m/%Y").to_string()
}

fn estado(caja: &CajaDia) -> &'static str {
    match caja.estado {
        EstadoCaja::Cerrada => "Cerrada",
        EstadoCaja::Abierta => "Abierta",
        EstadoCaja::SinAbrir => "Sin abrir",
    }
}

/// Who closed the day and when, in the shop's time.
pub struct Cierre {
    pub usuario: String,
    pub en: NaiveDateTime,
}

/// The report. Figures appear only once the day was counted (the count is blind before).
pub fn closing(caja: &CajaDia, cierre: Option<&Cierre>) -> Result<Vec<u8>, printpdf::Error> {
    let mut w = Writer::new(&format!("Cierre de caja {} {}", caja.local, date(caja.fecha)), 16.0)?;
    w.line("Cierre de caja", TITLE);
    w.gap();
    w.columns(
        &format!("Local: {}", caja.local),
        &format!("Fecha: {}", date(caja.fecha)),
        TEXT,
    );
    w.columns(
        &format!("Estado: {}", estado(caja)),
        &format!("Conteos: {}", caja.conteos),
        TEXT,
    );
    if let Some(c) = cierre {
        w.line(
            &format!("Cerrada por {} el {}", c.usuario, c.en.format("%d/%m/%Y a las %H:%M")),
            TEXT,
        );
    }
    w.gap();
    let used: Vec<_> = caja
        .metodos
        .iter()
        .filter(|m| m.fondo != 0.0 || m.esperado.is_some_and(|e| e != 0.0) || m.contado.is_some_and(|c| c != 0.0))
        .collect();
    if caja.conteos == 0 {
        w.line("La caja todavía no fue contada.", HEADING);
    } else if used.is_empty() {
        w.line("Sin movimientos ni fondo en el día.", HEADING);
    }
    let cents = |pesos: f64| Money::from_pesos(pesos).cents();
    let (mut esperado, mut contado) = (0, 0);
    for m in &used {
        w.line(&m.nombre(), HEADING);
        w.columns(&format!("Fondo inicial: {}", money(m.fondo)), "", TEXT);
        if let (Some(e), Some(c), Some(d)) = (m.esperado, m.contado, m.diferencia) {
            esperado += cents(e);
            contado += cents(c);
            w.columns(
                &format!("Esperado: {}", money(e)),
                &format!("Contado: {}", money(c)),
                TEXT,
            );
            w.columns(&format!("Diferencia: {}", money(d)), "", TEXT);
        }
    }
    if caja.conteos > 0 && !used.is_empty() {
        w.gap();
        w.columns(
            &format!("Total esperado: {}", Money::from_cents(esperado).es_ar()),
            &format!("Total contado: {}", Money::from_cents(contado).es_ar()),
            HEADING,
        );
        w.line(
            &format!("Diferencia total: {}", Money::from_cents(contado - esperado).es_ar()),
            HEADING,
        );
    }
    if let Some(motivo) = &caja.motivo {
        w.gap();
        w.line("Motivo de la diferencia:", HEADING);
        w.line(motivo, TEXT);
    }
    if caja.reaperturas > 0 {
        w.gap();
        w.line(&format!("Reaperturas: {}", caja.reaperturas), HEADING);
        if let Some(motivo) = &caja.motivo_reapertura {
            w.line(&format!("Último motivo: {motivo}"), TEXT);
        }
    }
    w.finish()
}
