//! The patient aggregate: who the patient is, the prescription history (fichas) and the lenses
//! made for them.
//!
//! An edit merges instead of replacing (contract §8 D3): every ficha and crystal remembers the
//! event that created it, so an edit made from a form loaded at version V removes only the items
//! that existed at V. A crystal recorded by a sale while the form was open survives the save.

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use optica_events::patients::{FichaDatos, PATIENT_AGGREGATE};
use optica_events::{PacienteDatos, PacienteEvent};
use serde::{Deserialize, Serialize};

mod rules;
pub use rules::{
    validate, validate_ficha, Regla, MAX_CORTO, MAX_CRISTAL, MAX_DIRECCION, MAX_NOMBRE, MAX_OBSERVACIONES, MAX_TEXTO,
};
use rules::{validate_cristal, validate_entries};

mod commands;
mod history;
pub use commands::{CristalEntrada, FichaEntrada, PacienteCommand, PacienteError};
mod service;
use history::Changes;
pub use service::*;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cristal {
    pub id: i64,
    pub nombre: String,
    pub fecha: NaiveDate,
    /// Number of the event that recorded it.
    since: u64,
    /// The sale that recorded it, and whether a follow-up post has matched it since. (Snapshots
    /// taken before these fields load them as none and false, which is what replaying the
    /// older events gives too: SNAPSHOT_VERSION need not move.)
    #[serde(default)]
    movimiento_id: Option<i64>,
    #[serde(default)]
    confirmado: bool,
    /// The return that brought it back.
    #[serde(default)]
    devuelto: Option<i64>,
}

impl Cristal {
    /// The return that brought it back, if one did.
    pub fn devuelto(&self) -> Option<i64> {
        self.devuelto
    }
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Ficha {
    pub id: i64,
    pub datos: FichaDatos,
    pub cristales: Vec<Cristal>,
    since: u64,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Paciente {
    created: bool,
    deleted: bool,
    ficha: i64,
    datos: PacienteDatos,
    /// In creation order.
    fichas: Vec<Ficha>,
    last_ficha_id: i64,
    last_cristal_id: i64,
    version: u64,
}

impl Paciente {
    pub fn exists(&self) -> bool {
        self.created && !self.deleted
    }
    pub fn ficha(&self) -> i64 {
        self.ficha
    }
    pub fn datos(&self) -> &PacienteDatos {
        &self.datos
    }
    pub fn fichas(&self) -> &[Ficha] {
        &self.fichas
    }
    pub fn version(&self) -> u64 {
        self.version
    }

    fn require_exists(&self) -> Result<(), PacienteError> {
        if self.exists() {
            Ok(())
        } else {
            Err(PacienteError::NotFound)
        }
    }

    /// A lens of this name and day that a sale recorded and no follow-up post has matched yet
    /// (none of `taken` either): `(ficha_id, cristal_id)`.
    fn recorded_by_sale(&self, nombre: &str, fecha: NaiveDate, taken: &[(i64, i64)]) -> Option<(i64, i64)> {
        self.fichas.iter().find_map(|f| {
            f.cristales
                .iter()
                .find(|c| {
                    c.movimiento_id.is_some()
                        && !c.confirmado
                        && c.fecha == fecha
                        && c.nombre == nombre
                        && !taken.contains(&(f.id, c.id))
                })
                .map(|c| (f.id, c.id))
        })
    }

    /// The most recent ficha: latest date, then latest created.
    pub fn latest(&self) -> Option<&Ficha> {
        self.fichas.iter().max_by_key(|f| (f.datos.fecha, f.id))
    }
}

aggregate!(Paciente: PATIENT_AGGREGATE, PacienteCommand => PacienteEvent, PacienteError);

impl Paciente {
    async fn decide(&mut self, command: PacienteCommand, sink: &EventSink<Self>) -> Result<(), PacienteError> {
        let mut changes = Changes::new(self);
        match command {
            PacienteCommand::Register {
                ficha,
                datos,
                fichas,
                fecha,
            } => {
                if self.created {
                    return Err(PacienteError::AlreadyExists);
                }
                let datos = validate(datos)?;
                validate_entries(&fichas)?;
                changes
                    .events
                    .push(PacienteEvent::PacienteRegistrado { ficha, datos, fecha });
                for entry in fichas {
                    changes.add_entry(entry)?;
                }
            }
            PacienteCommand::Edit {
                datos,
                fichas,
                expected_version,
                fecha,
            } => {
                self.require_exists()?;
                if let Some(expected) = expected_version.filter(|v| *v > self.version) {
                    return Err(PacienteError::Stale { expected });
                }
                let datos = validate(datos)?;
                if datos != self.datos {
                    changes.events.push(PacienteEvent::PacienteEditado { datos, fecha });
                }
                if let Some(entries) = fichas {
                    validate_entries(&entries)?;
                    self.merge(entries, expected_version, &mut changes)?;
                }
            }
            PacienteCommand::AddFicha { fecha } => {
                self.require_exists()?;
                changes.add_ficha(FichaDatos::blank(fecha));
            }
            PacienteCommand::RemoveFicha => {
                self.require_exists()?;
                if self.fichas.len() <= 1 {
                    return Err(PacienteError::UnicaFicha);
                }
                if let Some(latest) = self.latest() {
                    changes.events.push(PacienteEvent::FichaQuitada { ficha_id: latest.id });
                }
            }
            PacienteCommand::RecordCristales {
                nombres,
                fecha,
                movimiento_id,
            } => {
                self.require_exists()?;
                let nombres = nombres
                    .iter()
                    .map(|n| validate_cristal(n))
                    .collect::<Result<Vec<_>, _>>()?;
                let mut matched = Vec::new();
                let mut new = Vec::new();
                for nombre in nombres {
                    match self
                        .recorded_by_sale(&nombre, fecha, &matched)
                        .filter(|_| movimiento_id.is_none())
                    {
                        Some(found) => matched.push(found),
                        None => new.push(nombre),
                    }
                }
                for (ficha_id, cristal_id) in matched {
                    let confirmed = PacienteEvent::CristalConfirmado { ficha_id, cristal_id };
                    changes.events.push(confirmed);
                }
                if !new.is_empty() {
                    let ficha_id = match self.latest() {
                        Some(ficha) => ficha.id,
                        None => changes.add_ficha(FichaDatos::blank(fecha)),
                    };
                    for nombre in new {
                        changes.add_cristal(ficha_id, nombre, fecha, movimiento_id);
                    }
                }
            }
            PacienteCommand::MarkReturned {
                nombres,
                movimiento_id,
                devolucion_id,
            } => {
                self.require_exists()?;
                let mut taken: Vec<(i64, i64)> = Vec::new();
                // Named as RecordCristales stored them.
                for nombre in nombres.iter().filter_map(|n| validate_cristal(n).ok()) {
                    let found = self.fichas.iter().find_map(|f| {
                        let c = f.cristales.iter().find(|c| {
                            c.movimiento_id == Some(movimiento_id)
                                && c.devuelto.is_none()
                                && c.nombre == nombre
                                && !taken.contains(&(f.id, c.id))
                        })?;
                        Some((f.id, c.id))
                    });
                    if let Some((ficha_id, cristal_id)) = found {
                        taken.push((ficha_id, cristal_id));
                        changes.events.push(PacienteEvent::CristalDevuelto {
                            ficha_id,
                            cristal_id,
                            devolucion_id,
                        });
                    }
                }
            }
            PacienteCommand::Delete => {
                self.require_exists()?;
                changes.events.push(PacienteEvent::PacienteEliminado);
            }
        }
        for event in changes.events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn evolve(&mut self, event: PacienteEvent) {
        self.version += 1;
        let since = self.version;
        match event {
            PacienteEvent::PacienteRegistrado { ficha, datos, .. } => {
                self.created = true;
                self.ficha = ficha;
                self.datos = datos;
            }
            PacienteEvent::PacienteEditado { datos, .. } => self.datos = datos,
            PacienteEvent::FichaAgregada { ficha_id, datos } => {
                self.last_ficha_id = self.last_ficha_id.max(ficha_id);
                self.fichas.push(Ficha {
                    id: ficha_id,
                    datos,
                    cristales: Vec::new(),
                    since,
                });
            }
            PacienteEvent::FichaEditada { ficha_id, datos } => {
                if let Some(f) = self.fichas.iter_mut().find(|f| f.id == ficha_id) {
                    f.datos = datos;
                }
            }
            PacienteEvent::FichaQuitada { ficha_id } => self.fichas.retain(|f| f.id != ficha_id),
            PacienteEvent::CristalRegistrado {
                ficha_id,
                cristal_id,
                nombre,
                fecha,
                movimiento_id,
            } => {
                self.last_cristal_id = self.last_cristal_id.max(cristal_id);
                if let Some(f) = self.fichas.iter_mut().find(|f| f.id == ficha_id) {
                    f.cristales.push(Cristal {
                        id: cristal_id,
                        nombre,
                        fecha,
                        since,
                        movimiento_id,
                        confirmado: false,
                        devuelto: None,
                    });
                }
            }
            PacienteEvent::CristalConfirmado { ficha_id, cristal_id } => {
                let fichas = self.fichas.iter_mut().filter(|f| f.id == ficha_id);
                for c in fichas
                    .flat_map(|f| f.cristales.iter_mut())
                    .filter(|c| c.id == cristal_id)
                {
                    c.confirmado = true;
                }
            }
            PacienteEvent::CristalDevuelto {
                ficha_id,
                cristal_id,
                devolucion_id,
            } => {
                let fichas = self.fichas.iter_mut().filter(|f| f.id == ficha_id);
                for c in fichas
                    .flat_map(|f| f.cristales.iter_mut())
                    .filter(|c| c.id == cristal_id)
                {
                    c.devuelto = Some(devolucion_id);
                }
            }
            PacienteEvent::CristalQuitado { ficha_id, cristal_id } => {
                if let Some(f) = self.fichas.iter_mut().find(|f| f.id == ficha_id) {
                    f.cristales.retain(|c| c.id != cristal_id);
                }
            }
            PacienteEvent::PacienteEliminado => self.deleted = true,
        }
    }
}

impl crate::store::links::Linked for Paciente {
    fn live(&self) -> bool {
        self.exists()
    }

    fn targets(&self) -> std::collections::BTreeSet<crate::store::links::Target> {
        if !self.exists() {
            return Default::default();
        }
        let local = crate::store::links::lookup(optica_events::LookupKind::Local, self.datos.local_id);
        let obra_social = self
            .datos
            .afiliacion
            .as_ref()
            .map(|a| crate::store::links::insurer(a.obra_social_id));
        std::iter::once(local).chain(obra_social).collect()
    }
}

#[cfg(test)]
mod tests;
