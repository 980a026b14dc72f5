//! The cash-day aggregate (arqueo): one branch's day, opened with a float, counted blind and
//! closed. Pure rules; the service (`service.rs`) supplies the movements' figures, taken under the
//! day's lock, and today's date in the shop's time zone.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use optica_events::closings::{CajaEvent, PorMetodo, CASH_DAY_AGGREGATE};
use optica_events::{LookupKind, Money};
use serde::{Deserialize, Serialize};

use crate::store::links::{lookup, Linked, Target};

mod ledger;
mod service;
pub use ledger::{changed_days, effect, Dia, LedgerWrite};
pub use service::*;

pub const MAX_MOTIVO: usize = 255;
/// Payment methods in one float or count; a shop has a handful.
pub const MAX_METODOS: usize = 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CajaCommand {
    /// Opens the day with a float, or corrects the float of a day still open (after a count,
    /// an admin only: `admin`).
    Abrir {
        local_id: i64,
        dia: NaiveDate,
        hoy: NaiveDate,
        fondo: Vec<PorMetodo>,
        admin: bool,
    },
    /// A count. `movimientos`: the day's payments in less payments out, per method, read under
    /// the day's lock. Closes the day when the count matches or a reason is given.
    Contar {
        local_id: i64,
        dia: NaiveDate,
        hoy: NaiveDate,
        contado: Vec<PorMetodo>,
        movimientos: Vec<PorMetodo>,
        motivo: Option<String>,
    },
    /// An admin reopens a closed day.
    Reabrir {
        local_id: i64,
        dia: NaiveDate,
        motivo: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CajaError {
    #[error("invalid cash day: {0:?}")]
    Invalid(Vec<Regla>),
}

/// A rule of the cash day; its text is the Spanish answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("La caja de ese día ya está cerrada.")]
    Cerrada,
    #[error("La caja de ese día no está cerrada.")]
    NoCerrada,
    #[error("No se puede abrir ni cerrar la caja de un día que todavía no llegó.")]
    DiaFuturo,
    #[error("Los montos no pueden ser negativos.")]
    MontoNegativo,
    #[error("Cada método de pago puede figurar una sola vez.")]
    MetodoRepetido,
    #[error("El fondo de caja no lleva planes de cuotas.")]
    FondoEnCuotas,
    #[error("Se pueden indicar como máximo {MAX_METODOS} métodos de pago.")]
    DemasiadosMetodos,
    #[error("La caja ya se contó: solo un administrador puede corregir el fondo.")]
    FondoTrasElConteo,
    #[error("Escribí el motivo de la reapertura.")]
    SinMotivo,
    #[error("El motivo debe tener como máximo {MAX_MOTIVO} caracteres.")]
    MotivoLargo,
}

/// Where a day stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Estado {
    #[default]
    SinAbrir,
    Abierta,
    Cerrada,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Caja {
    local_id: Option<i64>,
    estado: Estado,
    fondo: Vec<PorMetodo>,
    /// A count was recorded: it showed what the drawer should hold.
    #[serde(default)]
    contada: bool,
    /// The methods any event named (the streams this one refers to).
    metodos: BTreeSet<i64>,
    /// The last event applied: what a command recorded.
    #[serde(skip)]
    last: Option<CajaEvent>,
}

impl Caja {
    pub fn estado(&self) -> Estado {
        self.estado
    }
    pub fn fondo(&self) -> &[PorMetodo] {
        &self.fondo
    }
    pub fn last(&self) -> Option<&CajaEvent> {
        self.last.as_ref()
    }
}

/// The expected figures: the float plus the movements, per method and plan (lines of either).
pub fn esperado(fondo: &[PorMetodo], movimientos: &[PorMetodo]) -> Vec<PorMetodo> {
    let mut per: BTreeMap<(i64, Option<u32>), i64> = BTreeMap::new();
    for p in fondo.iter().chain(movimientos) {
        *per.entry(p.clave()).or_default() += p.monto.cents();
    }
    per.into_iter()
        .map(|((metodo_pago_id, cuotas), cents)| PorMetodo {
            metodo_pago_id,
            monto: Money::from_cents(cents),
            cuotas,
        })
        .collect()
}

/// Counted less expected, per line of either (a line missing from one side counts zero).
pub fn diferencias(contado: &[PorMetodo], esperado: &[PorMetodo]) -> Vec<PorMetodo> {
    let negated: Vec<PorMetodo> = esperado
        .iter()
        .map(|p| PorMetodo {
            monto: Money::from_cents(-p.monto.cents()),
            ..p.clone()
        })
        .collect();
    self::esperado(contado, &negated)
}

/// The expected figures at the count's detail: a card the cashier counted whole (no amount on
/// any of its plans) is compared whole, its plans' figures added to the method's; a card
/// counted per plan is compared per plan.
pub fn al_detalle_del_conteo(contado: &[PorMetodo], esperado: Vec<PorMetodo>) -> Vec<PorMetodo> {
    let por_plan: BTreeSet<i64> = contado
        .iter()
        .filter(|c| c.cuotas.is_some() && c.monto != Money::ZERO)
        .map(|c| c.metodo_pago_id)
        .collect();
    let folded: Vec<PorMetodo> = esperado
        .into_iter()
        .map(|e| match por_plan.contains(&e.metodo_pago_id) {
            true => e,
            false => PorMetodo { cuotas: None, ..e },
        })
        .collect();
    self::esperado(&folded, &[])
}

fn check_amounts(list: &[PorMetodo], into: &mut Vec<Regla>) {
    if list.len() > MAX_METODOS {
        into.push(Regla::DemasiadosMetodos);
    }
    if list.iter().any(|p| p.monto.is_negative()) {
        into.push(Regla::MontoNegativo);
    }
    let distinct: BTreeSet<(i64, Option<u32>)> = list.iter().map(PorMetodo::clave).collect();
    if distinct.len() != list.len() {
        into.push(Regla::MetodoRepetido);
    }
}

/// A reason trimmed, `None` when blank.
fn motivo(text: Option<&str>, into: &mut Vec<Regla>) -> Option<String> {
    let text = text.map(str::trim).filter(|t| !t.is_empty())?;
    if text.chars().count() > MAX_MOTIVO {
        into.push(Regla::MotivoLargo);
    }
    Some(text.to_string())
}

fn refuse_if(problems: Vec<Regla>) -> Result<(), CajaError> {
    match problems.is_empty() {
        true => Ok(()),
        false => Err(CajaError::Invalid(problems)),
    }
}

aggregate!(Caja: CASH_DAY_AGGREGATE, CajaCommand => CajaEvent, CajaError);

impl Caja {
    async fn decide(&mut self, command: CajaCommand, sink: &EventSink<Self>) -> Result<(), CajaError> {
        let mut problems = Vec::new();
        let event = match command {
            CajaCommand::Abrir {
                local_id,
                dia,
                hoy,
                fondo,
                admin,
            } => {
                if self.estado == Estado::Cerrada {
                    problems.push(Regla::Cerrada);
                } else if self.contada && !admin {
                    // A count shows the expected figures: a float lowered by what it found
                    // missing would let the next count match.
                    problems.push(Regla::FondoTrasElConteo);
                }
                if dia > hoy {
                    problems.push(Regla::DiaFuturo);
                }
                check_amounts(&fondo, &mut problems);
                if fondo.iter().any(|p| p.cuotas.is_some()) {
                    problems.push(Regla::FondoEnCuotas);
                }
                let fondo = fondo.into_iter().filter(|p| p.monto != Money::ZERO).collect();
                CajaEvent::CajaAbierta { local_id, dia, fondo }
            }
            CajaCommand::Contar {
                local_id,
                dia,
                hoy,
                contado,
                movimientos,
                motivo: reason,
            } => {
                if self.estado == Estado::Cerrada {
                    problems.push(Regla::Cerrada);
                }
                if dia > hoy {
                    problems.push(Regla::DiaFuturo);
                }
                check_amounts(&contado, &mut problems);
                let reason = motivo(reason.as_deref(), &mut problems);
                let esperado = al_detalle_del_conteo(&contado, esperado(&self.fondo, &movimientos));
                let cuadra = diferencias(&contado, &esperado).iter().all(|d| d.monto == Money::ZERO);
                if cuadra || reason.is_some() {
                    CajaEvent::CajaCerrada {
                        local_id,
                        dia,
                        contado,
                        esperado,
                        motivo: reason,
                    }
                } else {
                    CajaEvent::CajaContada {
                        local_id,
                        dia,
                        contado,
                        esperado,
                    }
                }
            }
            CajaCommand::Reabrir {
                local_id,
                dia,
                motivo: reason,
            } => {
                if self.estado != Estado::Cerrada {
                    problems.push(Regla::NoCerrada);
                }
                let Some(reason) = motivo(Some(&reason), &mut problems) else {
                    problems.push(Regla::SinMotivo);
                    return Err(CajaError::Invalid(problems));
                };
                CajaEvent::CajaReabierta {
                    local_id,
                    dia,
                    motivo: reason,
                }
            }
        };
        refuse_if(problems)?;
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: CajaEvent) {
        self.local_id = Some(event.day().0);
        self.last = Some(event.clone());
        match event {
            CajaEvent::CajaAbierta { fondo, .. } => {
                self.metodos.extend(fondo.iter().map(|p| p.metodo_pago_id));
                self.fondo = fondo;
                self.estado = Estado::Abierta;
            }
            CajaEvent::CajaContada { contado, .. } => {
                self.metodos.extend(contado.iter().map(|p| p.metodo_pago_id));
                self.estado = Estado::Abierta;
                self.contada = true;
            }
            CajaEvent::CajaCerrada { contado, .. } => {
                self.metodos.extend(contado.iter().map(|p| p.metodo_pago_id));
                self.estado = Estado::Cerrada;
                self.contada = true;
            }
            CajaEvent::CajaReabierta { .. } => self.estado = Estado::Abierta,
        }
    }
}

impl Linked for Caja {
    /// A day names its branch and the payment methods of its float and counts, which then
    /// cannot be deleted.
    fn targets(&self) -> BTreeSet<Target> {
        let Some(local_id) = self.local_id else {
            return BTreeSet::new();
        };
        let metodos = self.metodos.iter().map(|id| lookup(LookupKind::MetodoPago, *id));
        std::iter::once(lookup(LookupKind::Local, local_id))
            .chain(metodos)
            .collect()
    }
}

#[cfg(test)]
mod tests;
