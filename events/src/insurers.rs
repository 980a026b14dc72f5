//! Obras sociales: the health insurers that pay part of a patient's spectacles. Each has its
//! plans, and each plan its coverage of lenses and of frames (a percentage, a cap, or both) and
//! whether it asks for a doctor's prescription and for how many days one stays valid. One
//! stream per obra social, its id from `INSURER_ID_SEQUENCE`; its name is a unique claim.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::{Medida, Money};

pub const INSURER_AGGREGATE: &str = "ObraSocial";
pub const INSURER_ID_SEQUENCE: &str = "obra_social_ids";
/// Unique-claim scope of an obra social's name (key: `lookups::name_key`).
pub const INSURER_NAME_SCOPE: &str = "obra_social_nombre";

/// What a plan covers of one kind of item. A percentage alone covers that share; a cap alone
/// covers up to it; both cover the share up to the cap; neither covers nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cobertura {
    /// 0 to 100, two decimals at most.
    pub porcentaje: Option<Medida>,
    pub tope: Option<Money>,
}

impl Cobertura {
    /// The part of `base` (what the items cost the customer) the obra social pays: rounded to
    /// the cent, half away from zero. The web app computes the same
    /// (tests/cases/insurer_coverage.json holds both to it).
    pub fn parte(self, base: Money) -> Money {
        if base.cents() <= 0 {
            return Money::ZERO;
        }
        let share = match self.porcentaje {
            Some(p) => base.scaled(i128::from(p.hundredths()), 10_000).unwrap_or(Money::ZERO),
            None if self.tope.is_some() => base,
            None => Money::ZERO,
        };
        match self.tope {
            Some(tope) if tope < share => tope,
            _ => share,
        }
    }
}

/// A plan of an obra social ('PMO', '210', 'Plata').
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlanObraSocial {
    pub nombre: String,
    pub cristales: Cobertura,
    pub armazones: Cobertura,
    pub requiere_receta: bool,
    /// How many days after it was written a prescription is accepted; none: any age.
    pub validez_receta_dias: Option<u32>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObraSocialDatos {
    pub nombre: String,
    /// Eleven digits, as the tax office gives it (written without dashes).
    pub cuit: String,
    pub planes: Vec<PlanObraSocial>,
}

/// A sale's coverage: the obra social pays part of it (a receivable from it, never the
/// patient's debt, never cash in the drawer), the patient the rest. The plan's terms are those
/// of the moment the sale was recorded, so an edit computes the part as it was agreed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoberturaVenta {
    pub obra_social_id: i64,
    pub plan: String,
    pub afiliado: String,
    /// The prescribing doctor and their registration (matrícula), and the prescription's date.
    pub medico: Option<String>,
    pub matricula: Option<String>,
    pub fecha_receta: Option<NaiveDate>,
    pub cristales: Cobertura,
    pub armazones: Cobertura,
    /// The obra social's part of the lenses and of the frames.
    pub parte_cristales: Money,
    pub parte_armazones: Money,
    /// The liquidación the sale was presented in: from then on its coverage stands as it is.
    #[serde(default)]
    pub liquidacion_id: Option<i64>,
    /// What the obra social rejected and the patient was billed: the patient owes it now.
    #[serde(default)]
    pub facturado_al_paciente: Money,
}

impl CoberturaVenta {
    /// The obra social's part of the sale, as agreed (and presented).
    pub fn monto(&self) -> Money {
        self.parte_cristales
            .checked_add(self.parte_armazones)
            .unwrap_or(Money::ZERO)
    }

    /// Follows the sale's stream: a presentation or a billing of what the obra social rejected.
    /// The aggregate and a late read fold the same events through this.
    pub fn apply(&mut self, event: &crate::movements::MovimientoEvent) {
        use crate::movements::MovimientoEvent as E;
        match event {
            E::CoberturaPresentada { liquidacion_id } => self.liquidacion_id = Some(*liquidacion_id),
            E::DebitoFacturado { monto, .. } => {
                self.facturado_al_paciente = self
                    .facturado_al_paciente
                    .checked_add(*monto)
                    .unwrap_or(self.facturado_al_paciente);
            }
            _ => {}
        }
    }

    /// What the patient does not owe because of the coverage: the part less what was rejected
    /// and billed to the patient.
    pub fn a_cargo_obra_social(&self) -> Money {
        Money::from_cents(self.monto().cents() - self.facturado_al_paciente.cents())
    }
}

/// The obra social's parts of a sale: lens lines (`cristal`) and the other product lines
/// (frames) apart, each after the sale's discount (hundredths of a percent), then the plan's
/// share and cap. Additional lines (a lab's lenses, a repair) are not covered. The web app
/// computes the same (tests/cases/insurer_coverage.json).
pub fn partes(
    lineas: &[crate::movements::Linea],
    descuento: Option<Medida>,
    cristales: Cobertura,
    armazones: Cobertura,
) -> (Money, Money) {
    let off = descuento.map_or(0, Medida::hundredths);
    let base = |lens: bool| {
        let cents: i64 = lineas
            .iter()
            .filter(|l| l.cristal == lens)
            .map(|l| l.subtotal.cents())
            .sum();
        Money::from_cents(cents)
            .scaled(i128::from(10_000 - off), 10_000)
            .unwrap_or(Money::ZERO)
    };
    (cristales.parte(base(true)), armazones.parte(base(false)))
}

/// A patient's membership of an obra social.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Afiliacion {
    pub obra_social_id: i64,
    pub plan: String,
    /// The affiliate number on the patient's card.
    pub afiliado: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ObraSocialEvent {
    ObraSocialCreada(ObraSocialDatos),
    ObraSocialActualizada(ObraSocialDatos),
    ObraSocialEliminada,
}

event_types!(ObraSocialEvent: ObraSocialCreada, ObraSocialActualizada, ObraSocialEliminada);

/// Whether `cuit` is one the tax office could have issued: eleven digits whose last is the
/// check digit of the first ten (weights 5 4 3 2 7 6 5 4 3 2, modulo 11).
pub fn cuit_valido(cuit: &str) -> bool {
    let digits: Vec<u32> = cuit.chars().filter_map(|c| c.to_digit(10)).collect();
    if digits.len() != 11 || cuit.chars().any(|c| !c.is_ascii_digit()) {
        return false;
    }
    const WEIGHTS: [u32; 10] = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    let sum: u32 = WEIGHTS.iter().zip(&digits).map(|(w, d)| w * d).sum();
    let check = match 11 - sum % 11 {
        11 => 0,
        10 => return false,
        n => n,
    };
    digits[10] == check
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cuit_is_checked_by_its_last_digit() {
        // Two that check, and one whose last digit is wrong.
        assert!(cuit_valido("33693450239"));
        assert!(cuit_valido("30546741253"));
        assert!(!cuit_valido("30546741254"));
        assert!(!cuit_valido("30-54674125-3"), "written without dashes");
        assert!(!cuit_valido("3054674125"));
    }

    #[test]
    fn a_coverage_is_a_share_a_cap_or_both() {
        let base = Money::from_cents(10_000_000);
        let pct = |p: i64| Some(Medida::from_hundredths(p * 100));
        let tope = |t: i64| Some(Money::from_cents(t * 100));
        let parte = |porcentaje, tope| Cobertura { porcentaje, tope }.parte(base).cents() / 100;
        assert_eq!(parte(pct(40), None), 40_000);
        assert_eq!(parte(None, tope(25_000)), 25_000);
        assert_eq!(parte(pct(40), tope(25_000)), 25_000);
        assert_eq!(parte(pct(10), tope(25_000)), 10_000);
        assert_eq!(parte(None, None), 0);
    }
}
