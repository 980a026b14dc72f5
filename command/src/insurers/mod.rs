//! The obras sociales an admin keeps (`optica_events::insurers`): their name, CUIT and plans,
//! each plan's coverage checked here. A sale's coverage is the movements' (it reads the plan
//! from this stream when it is recorded).

use std::collections::BTreeSet;

use cqrs_es::event_sink::EventSink;
use optica_events::insurers::{
    cuit_valido, Cobertura, ObraSocialDatos, ObraSocialEvent, PlanObraSocial, INSURER_AGGREGATE,
};
use optica_events::Money;
use serde::{Deserialize, Serialize};

mod service;
pub use service::*;

pub const MAX_NOMBRE: usize = 80;
pub const MAX_PLANES: usize = 30;
/// The longest a prescription may stay valid: two years.
pub const MAX_VALIDEZ_DIAS: u32 = 730;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObraSocialCommand {
    Crear(ObraSocialDatos),
    Actualizar(ObraSocialDatos),
    Eliminar,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ObraSocialError {
    #[error("the obra social already exists")]
    AlreadyExists,
    #[error("the obra social does not exist")]
    NotFound,
    #[error("invalid obra social: {0:?}")]
    Invalid(Vec<Regla>),
}

/// A rule of an obra social's data, in the Spanish the screens show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("El nombre de la obra social es obligatorio y tiene como máximo {MAX_NOMBRE} caracteres.")]
    Nombre,
    #[error("El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.")]
    Cuit,
    #[error("Una obra social puede tener como máximo {MAX_PLANES} planes.")]
    DemasiadosPlanes,
    #[error("Cada plan necesita un nombre de hasta {MAX_NOMBRE} caracteres.")]
    PlanSinNombre,
    #[error("El plan {plan} figura más de una vez.")]
    PlanRepetido { plan: String },
    #[error("El porcentaje de cobertura del plan {plan} debe estar entre 0 y 100.")]
    Porcentaje { plan: String },
    #[error("El tope de cobertura del plan {plan} debe ser mayor a $ 0,00.")]
    Tope { plan: String },
    #[error("La validez de la receta del plan {plan} debe ser de 1 a {MAX_VALIDEZ_DIAS} días.")]
    Validez { plan: String },
}

/// Trims the data and checks it.
pub fn validate(datos: ObraSocialDatos) -> Result<ObraSocialDatos, ObraSocialError> {
    let mut errors = Vec::new();
    let nombre = datos.nombre.split_whitespace().collect::<Vec<_>>().join(" ");
    if nombre.is_empty() || nombre.chars().count() > MAX_NOMBRE {
        errors.push(Regla::Nombre);
    }
    let cuit: String = datos.cuit.trim().chars().filter(|c| *c != '-' && *c != ' ').collect();
    if !cuit_valido(&cuit) {
        errors.push(Regla::Cuit);
    }
    if datos.planes.len() > MAX_PLANES {
        errors.push(Regla::DemasiadosPlanes);
    }
    let mut seen = BTreeSet::new();
    let mut planes = Vec::new();
    for p in datos.planes {
        let plan = p.nombre.split_whitespace().collect::<Vec<_>>().join(" ");
        if plan.is_empty() || plan.chars().count() > MAX_NOMBRE {
            errors.push(Regla::PlanSinNombre);
        } else if !seen.insert(optica_events::lookups::name_key(&plan)) {
            errors.push(Regla::PlanRepetido { plan: plan.clone() });
        }
        for c in [p.cristales, p.armazones] {
            if c.porcentaje.is_some_and(|m| !(0..=10_000).contains(&m.hundredths())) {
                errors.push(Regla::Porcentaje { plan: plan.clone() });
            }
            if c.tope.is_some_and(|t| t <= Money::ZERO) {
                errors.push(Regla::Tope { plan: plan.clone() });
            }
        }
        if p.validez_receta_dias
            .is_some_and(|d| !(1..=MAX_VALIDEZ_DIAS).contains(&d))
        {
            errors.push(Regla::Validez { plan: plan.clone() });
        }
        planes.push(PlanObraSocial { nombre: plan, ..p });
    }
    errors.dedup();
    match errors.is_empty() {
        true => Ok(ObraSocialDatos { nombre, cuit, planes }),
        false => Err(ObraSocialError::Invalid(errors)),
    }
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct ObraSocial {
    created: bool,
    deleted: bool,
    datos: ObraSocialDatos,
}

impl ObraSocial {
    pub fn exists(&self) -> bool {
        self.created && !self.deleted
    }

    pub fn datos(&self) -> &ObraSocialDatos {
        &self.datos
    }

    /// Its plan named `nombre` (case, accents and spaces aside).
    pub fn plan(&self, nombre: &str) -> Option<&PlanObraSocial> {
        let key = optica_events::lookups::name_key(nombre);
        self.datos
            .planes
            .iter()
            .find(|p| optica_events::lookups::name_key(&p.nombre) == key)
    }
}

/// What a plan covers of lenses and of frames.
pub fn coberturas(plan: &PlanObraSocial) -> (Cobertura, Cobertura) {
    (plan.cristales, plan.armazones)
}

aggregate!(ObraSocial: INSURER_AGGREGATE, ObraSocialCommand => ObraSocialEvent, ObraSocialError);

impl ObraSocial {
    async fn decide(&mut self, command: ObraSocialCommand, sink: &EventSink<Self>) -> Result<(), ObraSocialError> {
        let event = match command {
            ObraSocialCommand::Crear(datos) => {
                if self.created {
                    return Err(ObraSocialError::AlreadyExists);
                }
                ObraSocialEvent::ObraSocialCreada(validate(datos)?)
            }
            ObraSocialCommand::Actualizar(datos) => {
                if !self.exists() {
                    return Err(ObraSocialError::NotFound);
                }
                let datos = validate(datos)?;
                if datos == self.datos {
                    return Ok(());
                }
                ObraSocialEvent::ObraSocialActualizada(datos)
            }
            ObraSocialCommand::Eliminar => {
                if !self.exists() {
                    return Err(ObraSocialError::NotFound);
                }
                ObraSocialEvent::ObraSocialEliminada
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: ObraSocialEvent) {
        match event {
            ObraSocialEvent::ObraSocialCreada(datos) | ObraSocialEvent::ObraSocialActualizada(datos) => {
                self.created = true;
                self.datos = datos;
            }
            ObraSocialEvent::ObraSocialEliminada => self.deleted = true,
        }
    }
}

/// Patients and sales name an obra social: alive, it can be referred to, and a deletion is
/// refused while they do.
impl crate::store::links::Linked for ObraSocial {
    fn live(&self) -> bool {
        self.exists()
    }
}

#[cfg(test)]
mod tests;
