//! The shop's copy of a movement (contract §6.2), with the patient's latest prescription (the
//! customer's copy is the receipt, `reports/receipt_pdf.rs`). Unlike the old reports, the total before the discount is
//! printed next to the discounted one, the debt counts what was credited and is never negative,
//! long movements continue on further pages, and any text prints.

use chrono::NaiveDate;
use optica_query::movements::Movimiento;
use optica_query::patients::{Ficha, Graduacion, Ojo, Paciente, TipoVision};

use crate::reports::pdf_layout::{Style, Writer};

const TITLE: Style = Style::Bold(12.0);
const HEADING: Style = Style::Bold(10.0);
const TEXT: Style = Style::Regular(10.0);

fn cents(pesos: f64) -> i64 {
    optica_events::Money::from_pesos(pesos).cents()
}

/// `$ 45.000,00`: the shop's way of writing money.
pub fn money(pesos: f64) -> String {
    optica_events::Money::from_pesos(pesos).es_ar()
}

fn or_dashes(text: Option<&str>) -> String {
    match text.map(str::trim) {
        Some(t) if !t.is_empty() => t.to_string(),
        _ => "---".into(),
    }
}

fn date(d: NaiveDate) -> String {
    d.format("%d/%m/%Y").to_string()
}

/// What the customer owes: the total less what the payments credited, never below zero.
fn debt(m: &Movimiento) -> i64 {
    let paid: i64 = m.caja_movimientos.iter().map(|p| cents(p.monto)).sum();
    (cents(m.total) - paid).max(0)
}

/// The total line(s): the sum before the discount, the discounted total and the debt.
fn totals(w: &mut Writer, m: &Movimiento) {
    let debt = money(debt(m) as f64 / 100.0);
    match m.descuento.filter(|d| *d != 0.0) {
        Some(descuento) => {
            let gross: i64 = m.detalles.iter().map(|d| cents(d.subtotal)).sum::<i64>()
                + m.detalles_adicionales.iter().map(|d| cents(d.subtotal)).sum::<i64>();
            w.line(&format!("Total: {}", money(gross as f64 / 100.0)), HEADING);
            w.line(
                &format!("Descuento: {descuento}%     Total con descuento: {}", money(m.total)),
                HEADING,
            );
        }
        None => w.line(&format!("Total: {}", money(m.total)), HEADING),
    }
    w.line(&format!("Adeuda: {debt}"), HEADING);
}

/// Product lines, additional lines and payments, as both copies print them.
fn lines(w: &mut Writer, m: &Movimiento) {
    if !m.detalles.is_empty() {
        w.line("Detalle de la compra:", HEADING);
        for d in &m.detalles {
            let (modelo, marca) = match &d.producto {
                Some(p) => (p.modelo.clone(), or_dashes(p.marca.as_ref().map(|b| b.nombre.as_str()))),
                None => ("---".into(), "---".into()),
            };
            w.line(
                &format!(
                    "{modelo} - Marca: {marca} - Cantidad: {} - Precio: {}",
                    d.cantidad,
                    money(d.subtotal)
                ),
                TEXT,
            );
        }
    }
    if !m.detalles_adicionales.is_empty() {
        w.line("Detalle adicionales:", HEADING);
        for d in &m.detalles_adicionales {
            w.line(&format!("{} - Precio: {}", d.descripcion, money(d.subtotal)), TEXT);
        }
    }
    if let Some(c) = &m.cobertura {
        w.line(
            &format!(
                "Obra social: {} {} - Afiliado: {} - Cubre: {}",
                c.obra_social,
                c.plan,
                c.afiliado,
                money(c.monto)
            ),
            TEXT,
        );
    }
    if !m.caja_movimientos.is_empty() {
        w.line("Pagos Realizados:", HEADING);
        for p in &m.caja_movimientos {
            let metodo = or_dashes(p.metodo_pago.as_ref().map(|x| x.nombre.as_str()));
            w.line(&format!("Método: {metodo} - Monto: {}", money(p.monto)), TEXT);
            if let Some(cuotas) = p.en_cuotas() {
                w.line(
                    &format!("   {cuotas}: {} con la tarjeta", money(p.monto_impuesto)),
                    TEXT,
                );
            }
        }
    }
}

/// `+1,25`, `0,00`, `-0,50`; `-` when empty. A prescription is read in Argentina with a decimal
/// comma, as the patient's screen shows it, and a lab misreads `+2.50` no less than a customer.
fn signed(value: Option<f64>) -> String {
    let text = match value {
        Some(v) if v > 0.0 => format!("+{v:.2}"),
        Some(v) => format!("{:.2}", if v == 0.0 { 0.0 } else { v }),
        None => return "-".into(),
    };
    text.replace('.', ",")
}

/// `31,5`, `90`; `---` when empty.
fn plain(value: Option<f64>) -> String {
    value
        .map(|v| v.to_string().replace('.', ","))
        .unwrap_or_else(|| "---".into())
}

fn graduation(ficha: &Ficha, ojo: Ojo, tipo: TipoVision, adicion: Option<f64>) -> String {
    let found: Option<&Graduacion> = ficha.graduaciones.iter().find(|g| g.ojo == ojo && g.tipo == tipo);
    match found {
        None => "Sin datos".into(),
        Some(g) => {
            let mut text = format!(
                "Esf: {} | Cil: {} | Eje: {}",
                signed(g.esferico),
                signed(g.cilindrico),
                plain(g.eje)
            );
            if tipo == TipoVision::Cerca {
                text.push_str(&format!(" | Adición: {}", signed(adicion)));
            }
            text
        }
    }
}

/// The latest ficha: by date, then by number.
fn latest(p: &Paciente) -> Option<&Ficha> {
    p.historial_fichas.iter().max_by_key(|f| (f.fecha, f.id))
}

/// The prescription block (the shop's copy and the lab's work order print it).
pub(crate) fn prescription(w: &mut Writer, f: &Ficha) {
    w.line("Ficha de graduación del paciente", HEADING);
    w.line(&format!("Fecha: {}", f.fecha.format("%d/%m/%Y")), TEXT);
    w.gap();
    w.columns("Medidas Persona", "Medidas del armazón", HEADING);
    w.columns(
        &format!(
            "D.N.P: Derecho: {}, Izquierdo: {}",
            plain(f.dnp_derecho),
            plain(f.dnp_izquierdo)
        ),
        &format!("P: {}, D.M: {}", plain(f.puente), plain(f.diagonal_mayor)),
        TEXT,
    );
    w.columns(
        &format!("Alt. Película: {}", plain(f.altura_pelicula)),
        &format!("Largo: {}, Altura: {}", plain(f.largo), plain(f.altura_armazon)),
        TEXT,
    );
    w.line(
        &format!(
            "Alt.P: Derecho: {}, Izquierdo: {}",
            plain(f.altura_pupilar_derecho),
            plain(f.altura_pupilar_izquierdo)
        ),
        TEXT,
    );
    w.gap();
    for (ojo, nombre, adicion) in [
        (Ojo::Derecho, "Ojo Derecho", f.adicion_derecho),
        (Ojo::Izquierdo, "Ojo Izquierdo", f.adicion_izquierdo),
    ] {
        w.columns(&format!("Lejos - {nombre}:"), &format!("Cerca - {nombre}:"), HEADING);
        w.columns(
            &graduation(f, ojo, TipoVision::Lejos, None),
            &graduation(f, ojo, TipoVision::Cerca, adicion),
            TEXT,
        );
    }
    w.gap();
}

/// The shop's copy: the patient's contact data and latest prescription as well.
pub fn shop(m: &Movimiento) -> Result<Vec<u8>, printpdf::Error> {
    let mut w = Writer::new(&format!("Movimiento {}", m.id), 15.0)?;
    w.line("Reporte de Movimiento", TITLE);
    let local = m.local.as_ref().map(|l| l.nombre.as_str());
    w.line(
        &format!("Local: {}    Fecha: {}", or_dashes(local), date(m.fecha.date())),
        TEXT,
    );
    if let Some(p) = &m.paciente {
        w.line(&format!("Nro. de Ficha: {}", p.ficha), TEXT);
        w.line(&format!("Paciente: {}", p.nombre_completo), TEXT);
        w.line(&format!("Celular: {}", or_dashes(Some(&p.celular))), TEXT);
        w.line(&format!("Domicilio: {}", or_dashes(p.direccion.as_deref())), TEXT);
        w.line(&format!("Obra Social: {}", or_dashes(p.obra_social.as_deref())), TEXT);
        w.line(&format!("Médico: {}", or_dashes(p.medico.as_deref())), TEXT);
        w.gap();
        if let Some(f) = latest(p) {
            prescription(&mut w, f);
        }
    }
    lines(&mut w, m);
    totals(&mut w, m);
    w.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_is_written_the_shops_way() {
        assert_eq!(money(45000.0), "$ 45.000,00");
        assert_eq!(money(1234567.5), "$ 1.234.567,50");
        assert_eq!(money(0.1 + 0.2), "$ 0,30");
        assert_eq!(money(-12.0), "-$ 12,00");
        assert_eq!(money(999.0), "$ 999,00");
    }

    #[test]
    fn prescription_numbers_carry_their_sign() {
        assert_eq!(signed(Some(1.25)), "+1,25");
        assert_eq!(signed(Some(2.5)), "+2,50");
        assert_eq!(signed(Some(0.0)), "0,00");
        assert_eq!(signed(Some(-0.0)), "0,00");
        assert_eq!(signed(Some(-0.5)), "-0,50");
        assert_eq!(plain(Some(31.5)), "31,5");
        assert_eq!(signed(None), "-");
        assert_eq!(plain(Some(90.0)), "90");
        assert_eq!(plain(None), "---");
    }
}
