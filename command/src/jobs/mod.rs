//! The lab job aggregate: ordered once per sale, moved through its states (the
//! reason kept when it goes back to the lab), and the notices to the customer, each requested
//! once and then sent or failed. Loading the sale and the patient is the service's (`service.rs`).

use std::collections::BTreeMap;

use chrono::NaiveDateTime;
use cqrs_es::event_sink::EventSink;
use optica_events::jobs::{Canal, EstadoTrabajo, Orden, TrabajoEvent, JOB_AGGREGATE};
use serde::{Deserialize, Serialize};

mod commands;
pub mod outbox;
mod sale;
mod service;
pub use commands::{Quien, Regla, TrabajoCommand, TrabajoError};
pub use sale::SaleJob;
pub use service::*;

pub const MAX_BANDEJA: usize = 40;
pub const MAX_NOTAS: usize = 500;
pub const MAX_MOTIVO: usize = 255;
/// Notices per job: a few per state change at most; more is a client looping.
pub const MAX_AVISOS: i64 = 50;

/// A notice as the aggregate tracks it.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Aviso {
    pub canal: Option<Canal>,
    pub destinatario: String,
    /// Sent, or given up: nothing more to record.
    pub cerrado: bool,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Trabajo {
    created: bool,
    estado: Option<EstadoTrabajo>,
    local_id: i64,
    paciente_id: Option<i64>,
    orden: Option<Orden>,
    encargado: Option<NaiveDateTime>,
    avisos: BTreeMap<i64, Aviso>,
    /// Events in the stream: the version the read model shows and a screen sends back.
    version: u64,
}

impl Trabajo {
    pub fn exists(&self) -> bool {
        self.created
    }
    pub fn estado(&self) -> Option<EstadoTrabajo> {
        self.estado
    }
    pub fn local_id(&self) -> i64 {
        self.local_id
    }
    pub fn paciente_id(&self) -> Option<i64> {
        self.paciente_id
    }
    pub fn avisos(&self) -> &BTreeMap<i64, Aviso> {
        &self.avisos
    }
    /// Ordered and not delivered yet: its sale must keep its patient and branch.
    pub fn en_curso(&self) -> bool {
        self.created && self.estado != Some(EstadoTrabajo::Entregado)
    }
    /// The number the next notice takes.
    fn next_aviso(&self) -> i64 {
        self.avisos.keys().max().copied().unwrap_or(0) + 1
    }
}

fn refused<T>(reglas: Vec<Regla>) -> Result<T, TrabajoError> {
    Err(TrabajoError::Invalid(reglas))
}

/// Trims a free text; empty is none.
fn texto(t: Option<String>, max: usize, regla: Regla, errors: &mut Vec<Regla>) -> Option<String> {
    let t = t.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    if t.as_ref().is_some_and(|t| t.chars().count() > max) {
        errors.push(regla);
    }
    t
}

/// The order's rules: promised no earlier than ordered, texts within their limits.
fn orden_valida(orden: Orden, pedido: NaiveDateTime) -> Result<Orden, TrabajoError> {
    let mut errors = Vec::new();
    if orden.prometido < pedido.date() {
        errors.push(Regla::PrometidoAnterior);
    }
    let bandeja = texto(orden.bandeja, MAX_BANDEJA, Regla::BandejaLarga, &mut errors);
    let notas = texto(orden.notas, MAX_NOTAS, Regla::NotasLargas, &mut errors);
    if !errors.is_empty() {
        return refused(errors);
    }
    Ok(Orden {
        bandeja,
        notas,
        ..orden
    })
}

impl Trabajo {
    /// A state change and, on reaching 'Anteojo Terminado' with an address, the mail notice.
    fn cambio(
        &self,
        nuevo: EstadoTrabajo,
        motivo: Option<String>,
        correo: Option<String>,
        quien: Quien,
        libre: bool,
    ) -> Result<Vec<TrabajoEvent>, TrabajoError> {
        let anterior = self.estado.ok_or(TrabajoError::NotFound)?;
        let mut errors = Vec::new();
        let motivo = texto(motivo, MAX_MOTIVO, Regla::MotivoLargo, &mut errors);
        if anterior == nuevo {
            errors.push(Regla::MismoEstado);
        }
        if nuevo == EstadoTrabajo::Rehacer && motivo.is_none() {
            errors.push(Regla::RehacerSinMotivo);
        }
        if !libre && anterior == EstadoTrabajo::Entregado && nuevo != EstadoTrabajo::Rehacer {
            errors.push(Regla::YaEntregado);
        }
        if !errors.is_empty() {
            return refused(errors);
        }
        let mut events = vec![TrabajoEvent::EstadoTrabajoCambiado {
            anterior,
            nuevo,
            motivo,
            usuario: quien.usuario.clone(),
            fecha: quien.fecha,
        }];
        if let Some(destinatario) = correo.filter(|_| nuevo == EstadoTrabajo::AnteojoTerminado) {
            if self.next_aviso() <= MAX_AVISOS {
                events.push(TrabajoEvent::AvisoSolicitado {
                    aviso: self.next_aviso(),
                    canal: Canal::Email,
                    destinatario,
                    usuario: quien.usuario,
                    fecha: quien.fecha,
                });
            }
        }
        Ok(events)
    }

    /// The open notice `aviso`; `None` when it is already closed (a repeated report changes
    /// nothing).
    fn abierto(&self, aviso: i64) -> Result<Option<&Aviso>, TrabajoError> {
        match self.avisos.get(&aviso) {
            None => Err(TrabajoError::NotFound),
            Some(a) if a.cerrado => Ok(None),
            Some(a) => Ok(Some(a)),
        }
    }
}

aggregate!(Trabajo: JOB_AGGREGATE, TrabajoCommand => TrabajoEvent, TrabajoError);

impl Trabajo {
    async fn decide(&mut self, command: TrabajoCommand, sink: &EventSink<Self>) -> Result<(), TrabajoError> {
        let events = match command {
            TrabajoCommand::Encargar {
                local_id,
                paciente_id,
                orden,
                receta,
                estado,
                quien,
            } => {
                if self.created {
                    return Err(TrabajoError::AlreadyExists);
                }
                vec![TrabajoEvent::TrabajoEncargado {
                    local_id,
                    paciente_id,
                    orden: orden_valida(orden, quien.fecha)?,
                    receta,
                    estado,
                    usuario: quien.usuario,
                    fecha: quien.fecha,
                }]
            }
            _ if !self.created => return Err(TrabajoError::NotFound),
            TrabajoCommand::Modificar { orden } => {
                let orden = orden_valida(orden, self.encargado.unwrap_or_default())?;
                if self.orden.as_ref() == Some(&orden) {
                    return Ok(());
                }
                vec![TrabajoEvent::OrdenModificada { orden }]
            }
            TrabajoCommand::CambiarEstado {
                nuevo,
                motivo,
                correo,
                quien,
                expected_version,
            } => {
                if let Some(expected) = expected_version.filter(|v| *v != self.version) {
                    return Err(TrabajoError::Stale { expected });
                }
                self.cambio(nuevo, motivo, correo, quien, false)?
            }
            TrabajoCommand::Seguir { estado, correo, quien } => match self.estado {
                Some(actual) if actual.movimiento() == estado => return Ok(()),
                // The cash-box form moves freely, as the seed always did (no reason asked,
                // even out of 'Entregado').
                _ => {
                    let nuevo = EstadoTrabajo::de_movimiento(estado);
                    let mut events = self.cambio(nuevo, None, correo, quien, true)?;
                    if let Some(TrabajoEvent::EstadoTrabajoCambiado { motivo, .. }) = events.first_mut() {
                        *motivo = Some("Cambiado desde la caja".into());
                    }
                    events
                }
            },
            TrabajoCommand::Avisar {
                canal,
                destinatario,
                quien,
            } => {
                // Every notice says the glasses are ready: only true in this state.
                if self.estado != Some(EstadoTrabajo::AnteojoTerminado) {
                    return refused(vec![Regla::NoEstaListo]);
                }
                if self.next_aviso() > MAX_AVISOS {
                    return refused(vec![Regla::DemasiadosAvisos]);
                }
                vec![TrabajoEvent::AvisoSolicitado {
                    aviso: self.next_aviso(),
                    canal,
                    destinatario,
                    usuario: quien.usuario,
                    fecha: quien.fecha,
                }]
            }
            TrabajoCommand::RegistrarEnvio { aviso, fecha } => match self.abierto(aviso)? {
                None => return Ok(()),
                Some(_) => vec![TrabajoEvent::AvisoEnviado { aviso, fecha }],
            },
            TrabajoCommand::RegistrarFallo {
                aviso,
                intento,
                error,
                definitivo,
                fecha,
            } => match self.abierto(aviso)? {
                None => return Ok(()),
                Some(_) => vec![TrabajoEvent::AvisoFallido {
                    aviso,
                    intento,
                    error,
                    definitivo,
                    fecha,
                }],
            },
        };
        for event in events {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn evolve(&mut self, event: TrabajoEvent) {
        self.version += 1;
        match event {
            TrabajoEvent::TrabajoEncargado {
                local_id,
                paciente_id,
                orden,
                estado,
                fecha,
                ..
            } => {
                self.created = true;
                (self.local_id, self.paciente_id) = (local_id, paciente_id);
                (self.orden, self.estado, self.encargado) = (Some(orden), Some(estado), Some(fecha));
            }
            TrabajoEvent::OrdenModificada { orden } => self.orden = Some(orden),
            TrabajoEvent::EstadoTrabajoCambiado { nuevo, .. } => self.estado = Some(nuevo),
            TrabajoEvent::AvisoSolicitado {
                aviso,
                canal,
                destinatario,
                ..
            } => {
                // A WhatsApp notice is sent by the person who opened it: nothing more to track.
                let cerrado = canal == Canal::Whatsapp;
                self.avisos.insert(
                    aviso,
                    Aviso {
                        canal: Some(canal),
                        destinatario,
                        cerrado,
                    },
                );
            }
            TrabajoEvent::AvisoEnviado { aviso, .. } => {
                if let Some(a) = self.avisos.get_mut(&aviso) {
                    a.cerrado = true;
                }
            }
            TrabajoEvent::AvisoFallido { aviso, definitivo, .. } => {
                if let Some(a) = self.avisos.get_mut(&aviso) {
                    a.cerrado = definitivo;
                }
            }
        }
    }
}

impl crate::store::links::Linked for Trabajo {
    fn targets(&self) -> std::collections::BTreeSet<crate::store::links::Target> {
        use crate::store::links::lookup;
        use optica_events::LookupKind;
        // A lab with open jobs cannot be deleted; a delivered job no longer holds it.
        match (&self.orden, self.estado) {
            (Some(orden), Some(estado)) if estado != EstadoTrabajo::Entregado => {
                [lookup(LookupKind::Laboratorio, orden.laboratorio_id)].into()
            }
            _ => Default::default(),
        }
    }
}

#[cfg(test)]
mod tests;
