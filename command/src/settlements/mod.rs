//! Liquidaciones (`optica_events::settlements`): the covered sales presented to an obra social
//! for a month, then its payments (bank receipts, never cash) and the items it rejected
//! (débitos), each with its reason; a débito may be billed to the sale's patient.
//!
//! The liquidación keeps what each sale was presented for and what was rejected of it; the
//! sales keep that they were presented (their streams take part in the same units, see
//! `service.rs`).

use std::collections::BTreeSet;

use chrono::NaiveDate;
use cqrs_es::event_sink::EventSink;
use optica_events::settlements::{mes_texto, Debito, ItemLiquidacion, LiquidacionEvent, SETTLEMENT_AGGREGATE};
use optica_events::Money;
use serde::{Deserialize, Serialize};

mod service;
pub use service::*;

/// Sales a liquidación presents at most: a month of one obra social in a busy shop is a few
/// hundred.
pub const MAX_VENTAS: usize = 2_000;
/// Débitos one payment records at most.
pub const MAX_DEBITOS: usize = MAX_VENTAS;
pub const MAX_REFERENCIA: usize = 80;
pub const MAX_MOTIVO: usize = 200;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LiquidacionCommand {
    Presentar {
        obra_social_id: i64,
        mes: NaiveDate,
        fecha: NaiveDate,
        items: Vec<ItemLiquidacion>,
    },
    /// A payment received in the bank, with what was rejected in it; `hoy` bounds its date.
    Cobrar { cobro: CobroBanco, hoy: NaiveDate },
    /// Bills the patient of sale `movimiento_id` what was rejected of it and not billed yet.
    FacturarDebito { movimiento_id: i64 },
}

/// A payment the obra social made by bank transfer, and the items it rejected in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CobroBanco {
    /// The day the transfer arrived.
    pub fecha: NaiveDate,
    /// The transfer's or the receipt's number.
    pub referencia: String,
    pub monto: Money,
    pub debitos: Vec<Debito>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LiquidacionError {
    #[error("the liquidación already exists")]
    AlreadyExists,
    #[error("the liquidación does not exist")]
    NotFound,
    #[error("invalid liquidación: {0:?}")]
    Invalid(Vec<Regla>),
}

/// A rule of the liquidaciones, in the Spanish the screens show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("Elegí al menos una venta para presentar.")]
    SinVentas,
    #[error("Una liquidación presenta como máximo {MAX_VENTAS} ventas.")]
    DemasiadasVentas,
    #[error("La venta N.º {id} figura más de una vez.")]
    VentaRepetida { id: i64 },
    #[error("La venta N.º {id} no existe.")]
    VentaInexistente { id: i64 },
    #[error("La venta N.º {id} no tiene cobertura de {obra_social}.")]
    VentaNoCubierta { id: i64, obra_social: String },
    #[error("La venta N.º {id} no es de {}.", mes_texto(*.mes))]
    VentaDeOtroMes { id: i64, mes: NaiveDate },
    #[error("La venta N.º {id} ya fue presentada en la liquidación N.º {liquidacion}.")]
    VentaYaPresentada { id: i64, liquidacion: i64 },
    #[error("La obra social no cubre nada de la venta N.º {id}.")]
    VentaSinParte { id: i64 },
    #[error("La obra social {id} no existe.")]
    ObraSocialInexistente { id: i64 },
    #[error("El mes {} todavía no empezó.", mes_texto(*.mes))]
    MesFuturo { mes: NaiveDate },
    #[error("Escribí la referencia del cobro (número de transferencia o de comprobante), de hasta {MAX_REFERENCIA} caracteres.")]
    Referencia,
    #[error("La fecha del cobro debe estar entre la presentación ({}) y hoy.", .desde.format("%d/%m/%Y"))]
    FechaCobro { desde: NaiveDate },
    #[error("Indicá el monto cobrado o al menos un débito.")]
    CobroVacio,
    #[error("El monto cobrado no puede ser negativo.")]
    CobroNegativo,
    #[error("Un cobro registra como máximo {MAX_DEBITOS} débitos.")]
    DemasiadosDebitos,
    #[error("El cobro y los débitos suman más de lo que la obra social debe de esta liquidación ({}).", .pendiente.es_ar())]
    CobroExcede { pendiente: Money },
    #[error("La venta N.º {id} no está en esta liquidación.")]
    DebitoAjeno { id: i64 },
    #[error("El débito de la venta N.º {id} debe ser mayor a $ 0,00 y como máximo lo que cubría ({}).", .maximo.es_ar())]
    DebitoMonto { id: i64, maximo: Money },
    #[error("Escribí el motivo del débito de la venta N.º {id}, de hasta {MAX_MOTIVO} caracteres.")]
    DebitoSinMotivo { id: i64 },
    #[error("No hay débito sin facturar de la venta N.º {id} en esta liquidación.")]
    SinDebitoParaFacturar { id: i64 },
    #[error("La liquidación ya está cobrada por completo.")]
    YaCobrada,
    /// What a sale's own rules answered (a race lost to an edit, say).
    #[error("Venta N.º {id}: {motivo}")]
    Venta { id: i64, motivo: String },
}

/// A presented sale as the liquidación keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    pub movimiento_id: i64,
    pub monto: Money,
    pub debitado: Money,
    pub facturado: Money,
    /// The reasons of its débitos, in order.
    pub motivos: Vec<String>,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Liquidacion {
    created: bool,
    obra_social_id: i64,
    /// The day it was presented: no payment is dated before it.
    fecha: Option<NaiveDate>,
    items: Vec<Item>,
    cobrado: Money,
}

impl Liquidacion {
    pub fn exists(&self) -> bool {
        self.created
    }
    pub fn items(&self) -> &[Item] {
        &self.items
    }
    pub fn total(&self) -> Money {
        Money::from_cents(self.items.iter().map(|i| i.monto.cents()).sum())
    }
    pub fn debitado(&self) -> Money {
        Money::from_cents(self.items.iter().map(|i| i.debitado.cents()).sum())
    }
    /// What was rejected of sale `movimiento_id` and not billed to its patient yet, and why.
    pub fn por_facturar(&self, movimiento_id: i64) -> (Money, String) {
        self.items
            .iter()
            .find(|i| i.movimiento_id == movimiento_id)
            .map_or((Money::ZERO, String::new()), |i| {
                (
                    Money::from_cents(i.debitado.cents() - i.facturado.cents()),
                    i.motivos.join("; "),
                )
            })
    }

    /// What the obra social still owes of it.
    pub fn pendiente(&self) -> Money {
        Money::from_cents(self.total().cents() - self.cobrado.cents() - self.debitado().cents())
    }
}

/// Trims a payment's texts and checks it against what the liquidación still owes.
fn cobro(liq: &Liquidacion, cobro: CobroBanco, hoy: NaiveDate) -> Result<LiquidacionEvent, LiquidacionError> {
    let CobroBanco {
        fecha,
        referencia,
        monto,
        debitos,
    } = cobro;
    let mut errors = Vec::new();
    let referencia = referencia.split_whitespace().collect::<Vec<_>>().join(" ");
    if referencia.is_empty() || referencia.chars().count() > MAX_REFERENCIA {
        errors.push(Regla::Referencia);
    }
    let desde = liq.fecha.unwrap_or(hoy);
    if fecha < desde || fecha > hoy {
        errors.push(Regla::FechaCobro { desde });
    }
    if monto.is_negative() {
        errors.push(Regla::CobroNegativo);
    }
    if monto == Money::ZERO && debitos.is_empty() {
        errors.push(Regla::CobroVacio);
    }
    if debitos.len() > MAX_DEBITOS {
        errors.push(Regla::DemasiadosDebitos);
    }
    let mut seen = BTreeSet::new();
    let mut limpios = Vec::new();
    let mut debitado = 0i64;
    for d in debitos {
        let id = d.movimiento_id;
        // Every débito typed counts against what is owed, as the form sums them.
        debitado = debitado.saturating_add(d.monto.cents().max(0));
        if !seen.insert(id) {
            errors.push(Regla::VentaRepetida { id });
            continue;
        }
        let Some(item) = liq.items.iter().find(|i| i.movimiento_id == id) else {
            errors.push(Regla::DebitoAjeno { id });
            continue;
        };
        let maximo = Money::from_cents(item.monto.cents() - item.debitado.cents());
        if d.monto <= Money::ZERO || d.monto > maximo {
            errors.push(Regla::DebitoMonto { id, maximo });
        }
        let motivo = d.motivo.split_whitespace().collect::<Vec<_>>().join(" ");
        if motivo.is_empty() || motivo.chars().count() > MAX_MOTIVO {
            errors.push(Regla::DebitoSinMotivo { id });
        }
        limpios.push(Debito {
            movimiento_id: id,
            monto: d.monto,
            motivo,
        });
    }
    let pendiente = liq.pendiente();
    if monto.cents().saturating_add(debitado) > pendiente.cents() {
        errors.push(match pendiente.cents() {
            0 => Regla::YaCobrada,
            _ => Regla::CobroExcede { pendiente },
        });
    }
    if !errors.is_empty() {
        errors.dedup();
        return Err(LiquidacionError::Invalid(errors));
    }
    Ok(LiquidacionEvent::CobroRegistrado {
        fecha,
        referencia,
        monto,
        debitos: limpios,
    })
}

aggregate!(Liquidacion: SETTLEMENT_AGGREGATE, LiquidacionCommand => LiquidacionEvent, LiquidacionError);

impl Liquidacion {
    async fn decide(&mut self, command: LiquidacionCommand, sink: &EventSink<Self>) -> Result<(), LiquidacionError> {
        let event = match command {
            LiquidacionCommand::Presentar {
                obra_social_id,
                mes,
                fecha,
                items,
            } => {
                if self.created {
                    return Err(LiquidacionError::AlreadyExists);
                }
                if items.is_empty() {
                    return Err(LiquidacionError::Invalid(vec![Regla::SinVentas]));
                }
                LiquidacionEvent::LiquidacionPresentada {
                    obra_social_id,
                    mes,
                    fecha,
                    items,
                }
            }
            _ if !self.created => return Err(LiquidacionError::NotFound),
            LiquidacionCommand::Cobrar { cobro: pago, hoy } => cobro(self, pago, hoy)?,
            LiquidacionCommand::FacturarDebito { movimiento_id } => {
                let (monto, _) = self.por_facturar(movimiento_id);
                if monto <= Money::ZERO {
                    return Err(LiquidacionError::Invalid(vec![Regla::SinDebitoParaFacturar {
                        id: movimiento_id,
                    }]));
                }
                LiquidacionEvent::DebitoFacturado { movimiento_id, monto }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: LiquidacionEvent) {
        match event {
            LiquidacionEvent::LiquidacionPresentada {
                obra_social_id,
                fecha,
                items,
                ..
            } => {
                self.created = true;
                self.obra_social_id = obra_social_id;
                self.fecha = Some(fecha);
                self.items = items
                    .into_iter()
                    .map(|i| Item {
                        movimiento_id: i.movimiento_id,
                        monto: i.monto,
                        ..Item::default()
                    })
                    .collect();
            }
            LiquidacionEvent::CobroRegistrado { monto, debitos, .. } => {
                self.cobrado = Money::from_cents(self.cobrado.cents() + monto.cents());
                for d in debitos {
                    if let Some(item) = self.items.iter_mut().find(|i| i.movimiento_id == d.movimiento_id) {
                        item.debitado = Money::from_cents(item.debitado.cents() + d.monto.cents());
                        item.motivos.push(d.motivo);
                    }
                }
            }
            LiquidacionEvent::DebitoFacturado { movimiento_id, monto } => {
                if let Some(item) = self.items.iter_mut().find(|i| i.movimiento_id == movimiento_id) {
                    item.facturado = Money::from_cents(item.facturado.cents() + monto.cents());
                }
            }
        }
    }
}

/// A liquidación names its obra social, which cannot be deleted under it.
impl crate::store::links::Linked for Liquidacion {
    fn targets(&self) -> BTreeSet<crate::store::links::Target> {
        match self.created {
            true => BTreeSet::from([crate::store::links::insurer(self.obra_social_id)]),
            false => BTreeSet::new(),
        }
    }
}

#[cfg(test)]
mod tests;
