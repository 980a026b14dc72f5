//! The patient's rules that need no other record: field lengths, gender, branch, the
//! prescription's plausible ranges and a lens's name, each a `Regla` with its Spanish text.

use optica_events::patients::{FichaDatos, Medidas, GENEROS_PACIENTE};
use optica_events::{Medida, PacienteDatos};

use super::{FichaEntrada, PacienteError};

/// A rule of a patient's data; its text is the Spanish answer the contract gives.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("El nombre completo es obligatorio")]
    SinNombre,
    #[error("El nombre completo debe tener como máximo {MAX_NOMBRE} caracteres")]
    NombreLargo,
    #[error("El celular es obligatorio")]
    SinCelular,
    #[error("El celular debe tener como máximo {MAX_CORTO} caracteres")]
    CelularLargo,
    #[error("El documento debe tener como máximo {MAX_CORTO} caracteres")]
    DocumentoLargo,
    #[error("{campo} debe tener como máximo {MAX_TEXTO} caracteres")]
    TextoLargo { campo: &'static str },
    #[error("La dirección debe tener como máximo {MAX_DIRECCION} caracteres")]
    DireccionLarga,
    #[error("Las observaciones deben tener como máximo {MAX_OBSERVACIONES} caracteres")]
    ObservacionesLargas,
    #[error("Debe seleccionar el género: Hombre, Mujer o X")]
    GeneroDesconocido,
    #[error("Debe seleccionar un local")]
    SinLocal,
    #[error("Escribí el número de afiliado de la obra social.")]
    SinAfiliado,
    #[error("El número de afiliado debe tener como máximo {MAX_CORTO} caracteres.")]
    AfiliadoLargo,
    /// `ficha` names the ficha ("Ficha del 01/11/2026").
    #[error("{ficha}: el esférico debe estar entre -40 y +40")]
    Esferico { ficha: String },
    #[error("{ficha}: el cilíndrico debe estar entre -20 y +20")]
    Cilindrico { ficha: String },
    #[error("{ficha}: el eje debe estar entre 0 y 180")]
    Eje { ficha: String },
    #[error("{ficha}: la adición debe estar entre 0 y +10")]
    Adicion { ficha: String },
    #[error("{ficha}: las medidas deben estar entre 0 y 300 mm")]
    Medidas { ficha: String },
    #[error("El nombre del cristal es obligatorio")]
    SinNombreDeCristal,
    #[error("El nombre del cristal debe tener como máximo {MAX_CRISTAL} caracteres")]
    CristalLargo,
}

pub const MAX_NOMBRE: usize = 100;
pub const MAX_CORTO: usize = 20;
pub const MAX_TEXTO: usize = 100;
pub const MAX_DIRECCION: usize = 200;
pub const MAX_OBSERVACIONES: usize = 2000;
pub const MAX_CRISTAL: usize = 200;

fn trimmed(text: Option<String>) -> Option<String> {
    text.map(|t| t.trim().to_string()).filter(|t| !t.is_empty())
}

fn too_long(text: Option<&str>, max: usize) -> bool {
    text.is_some_and(|t| t.chars().count() > max)
}

/// Trims the fields and checks every rule that needs no other record; answers the normalised
/// data or every rule it breaks.
pub fn validate(datos: PacienteDatos) -> Result<PacienteDatos, PacienteError> {
    let datos = PacienteDatos {
        nombre_completo: datos.nombre_completo.trim().to_string(),
        direccion: trimmed(datos.direccion),
        celular: datos.celular.trim().to_string(),
        documento: trimmed(datos.documento),
        correo: trimmed(datos.correo),
        medico: trimmed(datos.medico),
        obra_social: trimmed(datos.obra_social),
        observaciones: trimmed(datos.observaciones),
        genero: datos.genero.trim().to_string(),
        local_id: datos.local_id,
        afiliacion: datos.afiliacion.map(|a| optica_events::insurers::Afiliacion {
            plan: a.plan.split_whitespace().collect::<Vec<_>>().join(" "),
            afiliado: a.afiliado.trim().to_string(),
            ..a
        }),
    };
    let mut errors = Vec::new();
    let mut check = |bad: bool, rule: Regla| {
        if bad {
            errors.push(rule)
        }
    };
    check(datos.nombre_completo.is_empty(), Regla::SinNombre);
    check(too_long(Some(&datos.nombre_completo), MAX_NOMBRE), Regla::NombreLargo);
    check(datos.celular.is_empty(), Regla::SinCelular);
    check(too_long(Some(&datos.celular), MAX_CORTO), Regla::CelularLargo);
    check(too_long(datos.documento.as_deref(), MAX_CORTO), Regla::DocumentoLargo);
    for (value, campo) in [
        (&datos.correo, "El correo"),
        (&datos.medico, "El médico"),
        (&datos.obra_social, "La obra social"),
    ] {
        check(too_long(value.as_deref(), MAX_TEXTO), Regla::TextoLargo { campo });
    }
    check(
        too_long(datos.direccion.as_deref(), MAX_DIRECCION),
        Regla::DireccionLarga,
    );
    check(
        too_long(datos.observaciones.as_deref(), MAX_OBSERVACIONES),
        Regla::ObservacionesLargas,
    );
    check(
        !GENEROS_PACIENTE.contains(&datos.genero.as_str()),
        Regla::GeneroDesconocido,
    );
    check(datos.local_id <= 0, Regla::SinLocal);
    if let Some(a) = &datos.afiliacion {
        check(a.afiliado.is_empty(), Regla::SinAfiliado);
        check(too_long(Some(&a.afiliado), MAX_CORTO), Regla::AfiliadoLargo);
    }
    if errors.is_empty() {
        Ok(datos)
    } else {
        Err(PacienteError::Invalid(errors))
    }
}

/// Plausible ranges of a prescription (diopters, degrees, millimetres).
fn out_of(value: Option<Medida>, min: i64, max: i64) -> bool {
    value.is_some_and(|v| v.hundredths() < min * 100 || v.hundredths() > max * 100)
}

/// Checks a ficha's values against their plausible ranges; `label` names it in messages.
pub fn validate_ficha(datos: &FichaDatos, label: &str) -> Vec<Regla> {
    let mut errors = Vec::new();
    let ficha = || label.to_string();
    for g in &datos.graduaciones {
        if out_of(g.esferico, -40, 40) {
            errors.push(Regla::Esferico { ficha: ficha() });
        }
        if out_of(g.cilindrico, -20, 20) {
            errors.push(Regla::Cilindrico { ficha: ficha() });
        }
        if out_of(g.eje, 0, 180) {
            errors.push(Regla::Eje { ficha: ficha() });
        }
    }
    let Medidas {
        adicion_derecho,
        adicion_izquierdo,
        ..
    } = &datos.medidas;
    if out_of(*adicion_derecho, 0, 10) || out_of(*adicion_izquierdo, 0, 10) {
        errors.push(Regla::Adicion { ficha: ficha() });
    }
    let m = &datos.medidas;
    let milimetros = [
        m.dnp_derecho,
        m.dnp_izquierdo,
        m.altura_pupilar_derecho,
        m.altura_pupilar_izquierdo,
        m.altura_pelicula,
        m.puente,
        m.diagonal_mayor,
        m.largo,
        m.altura_armazon,
    ];
    if milimetros.iter().any(|v| out_of(*v, 0, 300)) {
        errors.push(Regla::Medidas { ficha: ficha() });
    }
    errors.dedup();
    errors
}

pub(super) fn validate_cristal(nombre: &str) -> Result<String, PacienteError> {
    let nombre = nombre.trim();
    if nombre.is_empty() {
        return Err(PacienteError::Invalid(vec![Regla::SinNombreDeCristal]));
    }
    if nombre.chars().count() > MAX_CRISTAL {
        return Err(PacienteError::Invalid(vec![Regla::CristalLargo]));
    }
    Ok(nombre.to_string())
}

/// Every ficha's values checked, with the ficha's date in the messages.
pub(super) fn validate_entries(entries: &[FichaEntrada]) -> Result<(), PacienteError> {
    let errors: Vec<Regla> = entries
        .iter()
        .flat_map(|e| validate_ficha(&e.datos, &format!("Ficha del {}", e.datos.fecha.format("%d/%m/%Y"))))
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(PacienteError::Invalid(errors))
    }
}
