//! How a command's prescription history becomes events: new fichas and crystals take the next
//! ids, and an edit touches only what its editor had seen, so a crystal recorded by a sale
//! meanwhile is never lost to an older form.

use chrono::NaiveDate;
use optica_events::patients::FichaDatos;
use optica_events::PacienteEvent;

use super::rules::validate_cristal;
use super::{Ficha, FichaEntrada, Paciente, PacienteError};

/// Collects events while handing out the ids of new fichas and crystals.
pub(super) struct Changes {
    pub(super) events: Vec<PacienteEvent>,
    next_ficha: i64,
    next_cristal: i64,
}

impl Changes {
    pub(super) fn new(paciente: &Paciente) -> Self {
        Changes {
            events: Vec::new(),
            next_ficha: paciente.last_ficha_id,
            next_cristal: paciente.last_cristal_id,
        }
    }

    pub(super) fn add_ficha(&mut self, datos: FichaDatos) -> i64 {
        self.next_ficha += 1;
        let ficha_id = self.next_ficha;
        self.events.push(PacienteEvent::FichaAgregada { ficha_id, datos });
        ficha_id
    }

    pub(super) fn add_cristal(&mut self, ficha_id: i64, nombre: String, fecha: NaiveDate, movimiento_id: Option<i64>) {
        self.next_cristal += 1;
        self.events.push(PacienteEvent::CristalRegistrado {
            ficha_id,
            cristal_id: self.next_cristal,
            nombre,
            fecha,
            movimiento_id,
        });
    }

    /// A new ficha with its crystals.
    pub(super) fn add_entry(&mut self, entry: FichaEntrada) -> Result<(), PacienteError> {
        let ficha_id = self.add_ficha(entry.datos);
        for cristal in entry.cristales {
            let nombre = validate_cristal(&cristal.nombre)?;
            self.add_cristal(ficha_id, nombre, cristal.fecha, None);
        }
        Ok(())
    }
}

impl Paciente {
    /// The events that bring the history to what the editor sent, touching only what the
    /// editor had seen (`seen`: the version the form loaded, if known).
    pub(super) fn merge(
        &self,
        entries: Vec<FichaEntrada>,
        seen: Option<u64>,
        changes: &mut Changes,
    ) -> Result<(), PacienteError> {
        let knew = |since: u64| seen.is_some_and(|v| since <= v);
        let sent: std::collections::BTreeSet<i64> = entries.iter().filter_map(|e| e.id).collect();
        for entry in entries {
            let Some(ficha) = entry.id.and_then(|id| self.fichas.iter().find(|f| f.id == id)) else {
                if entry.id.is_none() {
                    changes.add_entry(entry)?;
                }
                // An id the patient no longer has: another user removed that ficha.
                continue;
            };
            if entry.datos != ficha.datos {
                changes.events.push(PacienteEvent::FichaEditada {
                    ficha_id: ficha.id,
                    datos: entry.datos,
                });
            }
            let kept: std::collections::BTreeSet<i64> = entry.cristales.iter().filter_map(|c| c.id).collect();
            for cristal in &ficha.cristales {
                if knew(cristal.since) && !kept.contains(&cristal.id) {
                    changes.events.push(PacienteEvent::CristalQuitado {
                        ficha_id: ficha.id,
                        cristal_id: cristal.id,
                    });
                }
            }
            for cristal in entry.cristales.into_iter().filter(|c| c.id.is_none()) {
                let nombre = validate_cristal(&cristal.nombre)?;
                changes.add_cristal(ficha.id, nombre, cristal.fecha, None);
            }
        }
        // Removed: fichas the editor saw and left out, unless they hold a crystal it never saw.
        let removed: Vec<&Ficha> = self
            .fichas
            .iter()
            .filter(|f| knew(f.since) && !sent.contains(&f.id))
            .filter(|f| f.cristales.iter().all(|c| knew(c.since)))
            .collect();
        let added = changes
            .events
            .iter()
            .filter(|e| matches!(e, PacienteEvent::FichaAgregada { .. }))
            .count();
        if !removed.is_empty() && self.fichas.len() - removed.len() + added == 0 {
            return Err(PacienteError::UnicaFicha);
        }
        for ficha in removed {
            changes.events.push(PacienteEvent::FichaQuitada { ficha_id: ficha.id });
        }
        Ok(())
    }
}
