//! The movement aggregate: the cash box's sales, income and expenses.
//!
//! The server does the arithmetic (contract §8 D7; the rules are in `rules.rs`): every
//! line's subtotal, the total after the discount, the payments against the total. A body that
//! disagrees is refused with the reason.
//! Stock and the patient's lenses live on other streams; the cash-box unit (`service.rs`) appends
//! their events in the same transaction as the movement's.

use cqrs_es::event_sink::EventSink;
use optica_events::movements::{
    Devolucion, EstadoMovimiento, MovimientoDatos, MovimientoEvent, Pago, TipoMovimiento, MOVEMENT_AGGREGATE,
};
use optica_events::Money;
use serde::{Deserialize, Serialize};

mod rules;
pub(crate) use rules::FULL;
pub use rules::{cristales, saldo, validate, Regla, MAX_ADICIONALES, MAX_LINEAS, MAX_PAGOS, MAX_TEXTO};

#[cfg(test)]
mod cases;
mod coverage;
mod cuotas;
mod edits;
mod follower;
mod lines;
pub mod payment_days;
mod presented;
pub mod price_floor;
mod receipts;
mod returns;
mod service;
pub use coverage::{CoberturaPedida, PedidoCobertura};
use edits::{collected, immutable_return, keep_payment_branches};
pub use follower::Follower;
use presented::{presented_in, presented_stands};
use returns::{check_edit, valorar};
pub use returns::{return_lines, whole_lines, Devueltos, Pedido, Return};
pub use service::*;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovimientoCommand {
    Register {
        datos: MovimientoDatos,
    },
    /// `expected_version`: the version the form loaded; refused as `Stale` when the movement
    /// changed since. Without it (the existing front end never sends one) the edit applies.
    Edit {
        datos: MovimientoDatos,
        expected_version: Option<u64>,
    },
    ChangeState {
        estado: EstadoMovimiento,
    },
    /// A payment on a sale's balance, received now, possibly at another branch.
    Cobrar {
        pago: Pago,
    },
    Delete,
    /// Gives a sale its receipt number (the unit fills in the branch's next one at commit: see
    /// `receipts.rs`). A sale that has one keeps it.
    EmitirComprobante,
    /// Gives the payment just collected (`Cobrar`, in the same unit) its receipt, numbered in the
    /// collecting branch's series at commit.
    EmitirRecibo,
    /// Marks as lenses the sale's lines of these products (their category was marked as lenses
    /// after the sale): the sale's data changes in nothing else.
    MarcarCristales {
        productos: Vec<i64>,
    },
    /// Records on a sale that some of its lines came back, as movement `devolucion_id` (the
    /// refund's SALIDA, registered in the same unit).
    Devolver {
        venta_id: i64,
        devolucion_id: i64,
        pedido: Pedido,
    },
    /// Records that the sale's coverage was presented in liquidación `liquidacion_id` (the
    /// liquidación's unit checks which sales may go; see `settlements`).
    PresentarCobertura {
        liquidacion_id: i64,
    },
    /// Bills the patient `monto` the obra social rejected in liquidación `liquidacion_id`.
    FacturarDebito {
        liquidacion_id: i64,
        monto: Money,
        motivo: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovimientoError {
    #[error("the movement already exists")]
    AlreadyExists,
    #[error("the movement does not exist")]
    NotFound,
    /// Every rule the data broke.
    #[error("invalid movement: {0:?}")]
    Invalid(Vec<Regla>),
    #[error("the movement changed after version {expected}")]
    Stale { expected: u64 },
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Movimiento {
    created: bool,
    deleted: bool,
    datos: Option<MovimientoDatos>,
    /// Number of events in the stream: the version the read model shows and an edit sends back.
    version: u64,
    /// What returns took back from this sale. (Absent from snapshots taken before: none.)
    #[serde(default)]
    devueltos: Devueltos,
    /// The return recorded last, for the unit that registers its refund.
    #[serde(default)]
    ultima_devolucion: Option<Devolucion>,
    /// The receipt number (absent from older snapshots: none).
    #[serde(default)]
    comprobante: Option<i64>,
}

impl Movimiento {
    pub fn exists(&self) -> bool {
        self.created && !self.deleted
    }
    pub fn datos(&self) -> Option<&MovimientoDatos> {
        self.datos.as_ref().filter(|_| self.exists())
    }
    pub fn devueltos(&self) -> &Devueltos {
        &self.devueltos
    }
    /// Events in the stream: the version the read model shows once it has them.
    pub fn version(&self) -> u64 {
        self.version
    }
    pub fn comprobante(&self) -> Option<i64> {
        self.comprobante
    }
    pub fn ultima_devolucion(&self) -> Option<&Devolucion> {
        self.ultima_devolucion.as_ref()
    }
    /// What is still owed: the total less the payments and the returns' credit.
    pub fn saldo(&self) -> Money {
        let datos = self.datos().map(saldo).unwrap_or_default();
        Money::from_cents(datos.cents() - self.devueltos.credito.cents())
    }
}

aggregate!(Movimiento: MOVEMENT_AGGREGATE, MovimientoCommand => MovimientoEvent, MovimientoError);

impl Movimiento {
    async fn decide(&mut self, command: MovimientoCommand, sink: &EventSink<Self>) -> Result<(), MovimientoError> {
        let event = match (command, self.datos()) {
            (MovimientoCommand::Register { datos }, _) => {
                if self.created {
                    return Err(MovimientoError::AlreadyExists);
                }
                let datos = validate(datos)?;
                rules::check_new(None, &datos)?;
                MovimientoEvent::MovimientoRegistrado { datos }
            }
            (_, None) => return Err(MovimientoError::NotFound),
            (
                MovimientoCommand::Edit {
                    datos,
                    expected_version,
                },
                Some(current),
            ) => {
                if expected_version.is_some_and(|v| v != self.version) {
                    return Err(MovimientoError::Stale {
                        expected: expected_version.unwrap_or_default(),
                    });
                }
                immutable_return(current)?;
                let datos = validate(datos)?;
                rules::check_new(Some(current), &datos)?;
                let datos = MovimientoDatos {
                    devolucion: None,
                    ..keep_payment_branches(current, datos)
                };
                let datos = check_edit(current, datos, &self.devueltos)?;
                presented_stands(current, &datos)?;
                if &datos == current {
                    return Ok(());
                }
                // An edit that only moves the order along is recorded as the state change it is.
                let state_only = MovimientoDatos {
                    estado: current.estado,
                    ..datos.clone()
                } == *current;
                match datos.estado {
                    Some(nuevo) if state_only => MovimientoEvent::EstadoCambiado {
                        anterior: current.estado,
                        nuevo,
                    },
                    _ => MovimientoEvent::MovimientoEditado { datos },
                }
            }
            (MovimientoCommand::ChangeState { estado }, Some(current)) => {
                if current.tipo == TipoMovimiento::Salida {
                    return Err(MovimientoError::Invalid(vec![Regla::SalidaSinEstado]));
                }
                if current.estado == Some(estado) {
                    return Ok(());
                }
                MovimientoEvent::EstadoCambiado {
                    anterior: current.estado,
                    nuevo: estado,
                }
            }
            (MovimientoCommand::EmitirComprobante, Some(current)) => {
                if self.comprobante.is_some() || current.tipo != TipoMovimiento::Entrada {
                    return Ok(());
                }
                MovimientoEvent::ComprobanteEmitido {
                    local_id: current.local_id,
                    numero: 0,
                }
            }
            (MovimientoCommand::MarcarCristales { productos }, Some(current)) => {
                immutable_return(current)?;
                // The lines were presented as they were: the patient's record takes its lenses
                // from the sale's lines, not from this flag, once the obra social has them.
                if let Some(liquidacion) = presented_in(current) {
                    return Err(MovimientoError::Invalid(vec![Regla::CoberturaPresentada {
                        liquidacion,
                    }]));
                }
                let mut datos = current.clone();
                let mut marcadas = 0;
                for l in datos
                    .lineas
                    .iter_mut()
                    .filter(|l| !l.cristal && productos.contains(&l.producto_id))
                {
                    l.cristal = true;
                    marcadas += 1;
                }
                if marcadas == 0 || current.tipo != TipoMovimiento::Entrada {
                    return Err(MovimientoError::Invalid(vec![Regla::SinCristalesNuevos]));
                }
                MovimientoEvent::MovimientoEditado { datos }
            }
            (MovimientoCommand::EmitirRecibo, Some(current)) => {
                let Some(pago) = current.pagos.iter().max_by_key(|p| p.id) else {
                    return Ok(());
                };
                let saldo = self.saldo();
                MovimientoEvent::ReciboEmitido {
                    local_id: pago.local_id.unwrap_or(current.local_id),
                    numero: 0,
                    pago_id: pago.id,
                    metodo_pago_id: pago.metodo_pago_id,
                    monto: pago.monto,
                    fecha: pago.fecha,
                    saldo_anterior: saldo.checked_add(pago.monto).unwrap_or(saldo),
                    saldo,
                }
            }
            (MovimientoCommand::Cobrar { pago }, Some(current)) => MovimientoEvent::MovimientoEditado {
                datos: collected(current, self.saldo(), pago)?,
            },
            (MovimientoCommand::Delete, Some(current)) => {
                immutable_return(current)?;
                if let Some(liquidacion) = presented_in(current) {
                    return Err(MovimientoError::Invalid(vec![Regla::PresentadaNoSeElimina {
                        liquidacion,
                    }]));
                }
                if self.devueltos.any() {
                    return Err(MovimientoError::Invalid(vec![Regla::VentaConDevolucionesNoSeElimina]));
                }
                MovimientoEvent::MovimientoEliminado
            }
            (
                MovimientoCommand::Devolver {
                    venta_id,
                    devolucion_id,
                    pedido,
                },
                Some(current),
            ) => MovimientoEvent::LineasDevueltas {
                devolucion_id,
                devolucion: valorar(venta_id, current, &self.devueltos, &pedido)?,
            },
            (MovimientoCommand::PresentarCobertura { liquidacion_id }, Some(current)) => {
                match &current.cobertura {
                    None => return Err(MovimientoError::Invalid(vec![Regla::SinCoberturaParaPresentar])),
                    Some(c) => {
                        if let Some(liquidacion) = c.liquidacion_id {
                            return Err(MovimientoError::Invalid(vec![Regla::CoberturaPresentada {
                                liquidacion,
                            }]));
                        }
                    }
                }
                MovimientoEvent::CoberturaPresentada { liquidacion_id }
            }
            (
                MovimientoCommand::FacturarDebito {
                    liquidacion_id,
                    monto,
                    motivo,
                },
                Some(current),
            ) => {
                if presented_in(current) != Some(liquidacion_id) {
                    return Err(MovimientoError::Invalid(vec![Regla::FueraDeLaLiquidacion {
                        liquidacion: liquidacion_id,
                    }]));
                }
                MovimientoEvent::DebitoFacturado {
                    liquidacion_id,
                    monto,
                    motivo,
                }
            }
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: MovimientoEvent) {
        self.version += 1;
        match event {
            MovimientoEvent::MovimientoRegistrado { datos } => {
                self.created = true;
                self.datos = Some(datos);
            }
            MovimientoEvent::MovimientoEditado { datos } => self.datos = Some(datos),
            MovimientoEvent::EstadoCambiado { nuevo, .. } => {
                if let Some(d) = self.datos.as_mut() {
                    d.estado = Some(nuevo);
                }
            }
            MovimientoEvent::MovimientoEliminado => self.deleted = true,
            MovimientoEvent::LineasDevueltas {
                devolucion_id,
                devolucion,
            } => {
                self.devueltos.record(devolucion_id, &devolucion);
                self.ultima_devolucion = Some(devolucion);
            }
            MovimientoEvent::ComprobanteEmitido { numero, .. } => self.comprobante = Some(numero),
            MovimientoEvent::ReciboEmitido { .. } => {}
            event @ (MovimientoEvent::CoberturaPresentada { .. } | MovimientoEvent::DebitoFacturado { .. }) => {
                if let Some(c) = self.datos.as_mut().and_then(|d| d.cobertura.as_mut()) {
                    c.apply(&event);
                }
            }
        }
    }
}

impl crate::store::links::Linked for Movimiento {
    fn targets(&self) -> std::collections::BTreeSet<crate::store::links::Target> {
        use crate::store::links::{lookup, patient, product};
        use optica_events::LookupKind;
        let Some(d) = self.datos() else {
            return Default::default();
        };
        let mut targets: std::collections::BTreeSet<_> = d.lineas.iter().map(|l| product(l.producto_id)).collect();
        targets.insert(lookup(LookupKind::Local, d.local_id));
        targets.extend(d.pagos.iter().map(|p| lookup(LookupKind::MetodoPago, p.metodo_pago_id)));
        targets.extend(
            d.pagos
                .iter()
                .filter_map(|p| p.local_id)
                .map(|l| lookup(LookupKind::Local, l)),
        );
        targets.extend(d.paciente_id.map(patient));
        targets.extend(
            d.cobertura
                .as_ref()
                .map(|c| crate::store::links::insurer(c.obra_social_id)),
        );
        targets
    }
}

#[cfg(test)]
mod tests;
