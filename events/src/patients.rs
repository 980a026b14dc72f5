//! Patients and their prescription history (fichas de graduación) with the lenses made for them.
//!
//! A patient's fichas and crystals are numbered within the patient's stream (1, 2, …), so an edit
//! can say which ones it changes and the aggregate can tell which ones the editor had seen.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::Medida;

pub const PATIENT_AGGREGATE: &str = "Paciente";
/// The PostgreSQL sequence that allocates patient ids.
pub const PATIENT_ID_SEQUENCE: &str = "paciente_ids";
/// The PostgreSQL sequence that proposes ficha numbers (the claim below makes them unique).
pub const FICHA_NUMBER_SEQUENCE: &str = "paciente_fichas";
/// Unique-claim scopes: the ficha number, the document, and the phone of a patient without document.
pub const FICHA_SCOPE: &str = "paciente_ficha";
pub const DOCUMENTO_SCOPE: &str = "paciente_documento";
pub const CELULAR_SCOPE: &str = "paciente_celular_sin_documento";

pub const GENEROS_PACIENTE: [&str; 3] = ["Hombre", "Mujer", "X"];

/// The claim key of a document: its letters and digits, upper-cased ("30.123.456" = "30123456").
pub fn documento_key(documento: &str) -> String {
    documento
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_uppercase)
        .collect()
}

/// The claim key of a phone number: its digits ("351-555 1234" = "3515551234"), or the trimmed
/// text when it has none.
pub fn celular_key(celular: &str) -> String {
    let digits: String = celular.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        celular.trim().to_lowercase()
    } else {
        digits
    }
}

/// Who the patient is. Optional texts are `None` rather than empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PacienteDatos {
    pub nombre_completo: String,
    pub direccion: Option<String>,
    pub celular: String,
    pub documento: Option<String>,
    pub correo: Option<String>,
    pub medico: Option<String>,
    pub obra_social: Option<String>,
    pub observaciones: Option<String>,
    pub genero: String,
    pub local_id: i64,
    /// The patient's obra social, plan and affiliate number, from the obras sociales the shop
    /// keeps (`obra_social` keeps the free text the existing front end shows). Absent in
    /// events written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub afiliacion: Option<crate::insurers::Afiliacion>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Ojo {
    Derecho,
    Izquierdo,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TipoVision {
    Lejos,
    Cerca,
}

/// Far and near, right and left: the four prescriptions of a ficha, in this order.
pub const GRADUACIONES: [(Ojo, TipoVision); 4] = [
    (Ojo::Derecho, TipoVision::Lejos),
    (Ojo::Izquierdo, TipoVision::Lejos),
    (Ojo::Derecho, TipoVision::Cerca),
    (Ojo::Izquierdo, TipoVision::Cerca),
];

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Graduacion {
    pub esferico: Option<Medida>,
    pub cilindrico: Option<Medida>,
    pub eje: Option<Medida>,
}

impl Graduacion {
    pub const ZERO: Graduacion = Graduacion {
        esferico: Some(Medida::ZERO),
        cilindrico: Some(Medida::ZERO),
        eje: Some(Medida::ZERO),
    };
}

/// The measures of a visit, in millimetres (dnp, heights, frame) and diopters (additions).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Medidas {
    pub dnp_derecho: Option<Medida>,
    pub dnp_izquierdo: Option<Medida>,
    pub altura_pupilar_derecho: Option<Medida>,
    pub altura_pupilar_izquierdo: Option<Medida>,
    pub altura_pelicula: Option<Medida>,
    pub puente: Option<Medida>,
    pub diagonal_mayor: Option<Medida>,
    pub largo: Option<Medida>,
    pub altura_armazon: Option<Medida>,
    pub adicion_derecho: Option<Medida>,
    pub adicion_izquierdo: Option<Medida>,
}

/// A prescription record as written at a visit: its date, measures and the four prescriptions
/// in `GRADUACIONES` order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FichaDatos {
    pub fecha: NaiveDate,
    pub medidas: Medidas,
    pub graduaciones: [Graduacion; 4],
}

impl FichaDatos {
    /// A ficha dated `fecha` with the four prescriptions at zero (what "add ficha" creates).
    pub fn blank(fecha: NaiveDate) -> Self {
        FichaDatos {
            fecha,
            medidas: Medidas::default(),
            graduaciones: [Graduacion::ZERO, Graduacion::ZERO, Graduacion::ZERO, Graduacion::ZERO],
        }
    }
}

fn number(value: Option<Medida>) -> serde_json::Value {
    value.map_or(serde_json::Value::Null, |m| serde_json::json!(m.as_f64()))
}

/// A ficha's values as the API shows them (contract §3.3), without its id and crystals: what
/// the patients projection stores and what a late read model's answer shows.
pub fn ficha_json(datos: &FichaDatos) -> serde_json::Value {
    let m = &datos.medidas;
    let graduaciones: Vec<serde_json::Value> = GRADUACIONES
        .iter()
        .zip(&datos.graduaciones)
        .map(|((ojo, tipo), g)| {
            serde_json::json!({
                "ojo": ojo, "tipo": tipo, "esferico": number(g.esferico),
                "cilindrico": number(g.cilindrico), "eje": number(g.eje),
            })
        })
        .collect();
    serde_json::json!({
        "fecha": datos.fecha,
        "dnpDerecho": number(m.dnp_derecho),
        "dnpIzquierdo": number(m.dnp_izquierdo),
        "alturaPupilarDerecho": number(m.altura_pupilar_derecho),
        "alturaPupilarIzquierdo": number(m.altura_pupilar_izquierdo),
        "alturaPelicula": number(m.altura_pelicula),
        "puente": number(m.puente),
        "diagonalMayor": number(m.diagonal_mayor),
        "largo": number(m.largo),
        "alturaArmazon": number(m.altura_armazon),
        "adicionDerecho": number(m.adicion_derecho),
        "adicionIzquierdo": number(m.adicion_izquierdo),
        "graduaciones": graduaciones,
    })
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PacienteEvent {
    /// `ficha`: the patient's record number. `fecha`: the shop's date (creadoEn).
    PacienteRegistrado {
        ficha: i64,
        datos: PacienteDatos,
        fecha: NaiveDate,
    },
    PacienteEditado {
        datos: PacienteDatos,
        fecha: NaiveDate,
    },
    FichaAgregada {
        ficha_id: i64,
        datos: FichaDatos,
    },
    FichaEditada {
        ficha_id: i64,
        datos: FichaDatos,
    },
    FichaQuitada {
        ficha_id: i64,
    },
    /// A lens made for the patient, recorded on one of the fichas.
    CristalRegistrado {
        ficha_id: i64,
        cristal_id: i64,
        nombre: String,
        fecha: NaiveDate,
        /// The sale that recorded it; none for a lens added by hand. (Absent in older events.)
        #[serde(default, skip_serializing_if = "Option::is_none")]
        movimiento_id: Option<i64>,
    },
    /// The existing front end posted, after a sale, a lens the sale had already recorded: the
    /// post is answered without recording it twice.
    CristalConfirmado {
        ficha_id: i64,
        cristal_id: i64,
    },
    CristalQuitado {
        ficha_id: i64,
        cristal_id: i64,
    },
    /// The lens was returned: it stays in the history, marked.
    CristalDevuelto {
        ficha_id: i64,
        cristal_id: i64,
        devolucion_id: i64,
    },
    PacienteEliminado,
}

event_types!(
    PacienteEvent:
    PacienteRegistrado, PacienteEditado, FichaAgregada, FichaEditada, FichaQuitada,
    CristalRegistrado, CristalConfirmado, CristalQuitado, CristalDevuelto, PacienteEliminado
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documents_and_phones_compare_by_their_characters_that_matter() {
        assert_eq!(documento_key(" 30.123.456 "), documento_key("30123456"));
        assert_eq!(documento_key("ab-12"), "AB12");
        assert_eq!(celular_key("(351) 555-1234"), "3515551234");
        assert_eq!(celular_key(" Sin Tel "), "sin tel");
    }
}
