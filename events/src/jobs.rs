//! Lab jobs. A sale of glasses is a job: the lenses are ordered from a lab, mounted,
//! checked and handed over. The job is its own stream beside its sale (same id), with the
//! prescription frozen when it was ordered, its states and the notices sent to the customer.
//! Its states refine the sale's four (`EstadoMovimiento`), which keep moving with it, so the
//! public page and the existing front end see what they always saw.

use chrono::{NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

use crate::movements::EstadoMovimiento;
use crate::FichaDatos;

pub const JOB_AGGREGATE: &str = "Trabajo";

/// Where a job stands. Each maps to one of the sale's four states (`movimiento`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoTrabajo {
    /// Ordered from the lab.
    PedidoCristales,
    /// Sent back to the lab, with the reason.
    Rehacer,
    /// The lenses came back from the lab.
    CristalesRecibidos,
    ArmandoPedido,
    ControlCalidad,
    AnteojoTerminado,
    Entregado,
}

impl EstadoTrabajo {
    pub const ALL: [EstadoTrabajo; 7] = [
        EstadoTrabajo::PedidoCristales,
        EstadoTrabajo::Rehacer,
        EstadoTrabajo::CristalesRecibidos,
        EstadoTrabajo::ArmandoPedido,
        EstadoTrabajo::ControlCalidad,
        EstadoTrabajo::AnteojoTerminado,
        EstadoTrabajo::Entregado,
    ];

    /// The sale's state this one refines.
    pub fn movimiento(self) -> EstadoMovimiento {
        match self {
            EstadoTrabajo::PedidoCristales | EstadoTrabajo::Rehacer => EstadoMovimiento::PedidoCristales,
            EstadoTrabajo::CristalesRecibidos | EstadoTrabajo::ArmandoPedido | EstadoTrabajo::ControlCalidad => {
                EstadoMovimiento::ArmandoPedido
            }
            EstadoTrabajo::AnteojoTerminado => EstadoMovimiento::AnteojoTerminado,
            EstadoTrabajo::Entregado => EstadoMovimiento::Entregado,
        }
    }

    /// The job's state when the sale was moved to `estado` directly (the cash-box form).
    pub fn de_movimiento(estado: EstadoMovimiento) -> Self {
        match estado {
            EstadoMovimiento::PedidoCristales => EstadoTrabajo::PedidoCristales,
            EstadoMovimiento::ArmandoPedido => EstadoTrabajo::ArmandoPedido,
            EstadoMovimiento::AnteojoTerminado => EstadoTrabajo::AnteojoTerminado,
            EstadoMovimiento::Entregado => EstadoTrabajo::Entregado,
        }
    }

    /// The screens' name of the state.
    pub fn etiqueta(self) -> &'static str {
        match self {
            EstadoTrabajo::PedidoCristales => "Pidiendo Cristales",
            EstadoTrabajo::Rehacer => "Rehacer",
            EstadoTrabajo::CristalesRecibidos => "Cristales recibidos",
            EstadoTrabajo::ArmandoPedido => "Armando pedido",
            EstadoTrabajo::ControlCalidad => "Control de calidad",
            EstadoTrabajo::AnteojoTerminado => "Anteojo Terminado",
            EstadoTrabajo::Entregado => "Entregado",
        }
    }

    /// The name in the API (`PEDIDO_CRISTALES`...).
    pub fn clave(self) -> &'static str {
        match self {
            EstadoTrabajo::PedidoCristales => "PEDIDO_CRISTALES",
            EstadoTrabajo::Rehacer => "REHACER",
            EstadoTrabajo::CristalesRecibidos => "CRISTALES_RECIBIDOS",
            EstadoTrabajo::ArmandoPedido => "ARMANDO_PEDIDO",
            EstadoTrabajo::ControlCalidad => "CONTROL_CALIDAD",
            EstadoTrabajo::AnteojoTerminado => "ANTEOJO_TERMINADO",
            EstadoTrabajo::Entregado => "ENTREGADO",
        }
    }

    pub fn from_clave(clave: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.clave() == clave)
    }
}

/// What the shop tells the lab: which lab, for when, the tray the job sits in, and notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Orden {
    pub laboratorio_id: i64,
    pub prometido: NaiveDate,
    pub bandeja: Option<String>,
    pub notas: Option<String>,
}

/// How a notice reaches the customer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Canal {
    /// Sent by the server's worker (the outbox).
    Email,
    /// A `wa.me` link staff opened: sent by hand, recorded when opened.
    Whatsapp,
}

stored_names!(EstadoTrabajo, Canal);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrabajoEvent {
    /// The job of sale `id` was ordered. `receta`: the patient's latest ficha at that moment
    /// (none when the sale has no patient or the patient no ficha).
    TrabajoEncargado {
        local_id: i64,
        paciente_id: Option<i64>,
        orden: Orden,
        receta: Option<Box<FichaDatos>>,
        estado: EstadoTrabajo,
        usuario: String,
        /// The shop's local time.
        fecha: NaiveDateTime,
    },
    OrdenModificada {
        orden: Orden,
    },
    EstadoTrabajoCambiado {
        anterior: EstadoTrabajo,
        nuevo: EstadoTrabajo,
        /// Why (required to send the job back to the lab).
        motivo: Option<String>,
        usuario: String,
        fecha: NaiveDateTime,
    },
    /// Notice `aviso` (numbered within the job) to `destinatario` was asked for.
    AvisoSolicitado {
        aviso: i64,
        canal: Canal,
        destinatario: String,
        usuario: String,
        fecha: NaiveDateTime,
    },
    /// The mail server accepted notice `aviso`.
    AvisoEnviado {
        aviso: i64,
        fecha: NaiveDateTime,
    },
    /// Attempt `intento` failed; `definitivo` when no more will be made.
    AvisoFallido {
        aviso: i64,
        intento: i32,
        error: String,
        definitivo: bool,
        fecha: NaiveDateTime,
    },
}

event_types!(
    TrabajoEvent:
    TrabajoEncargado, OrdenModificada, EstadoTrabajoCambiado, AvisoSolicitado, AvisoEnviado,
    AvisoFallido
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_job_state_refines_the_sale_state_it_comes_from() {
        for e in [
            EstadoMovimiento::PedidoCristales,
            EstadoMovimiento::ArmandoPedido,
            EstadoMovimiento::AnteojoTerminado,
            EstadoMovimiento::Entregado,
        ] {
            assert_eq!(EstadoTrabajo::de_movimiento(e).movimiento(), e);
        }
        for e in EstadoTrabajo::ALL {
            assert_eq!(EstadoTrabajo::from_clave(e.clave()), Some(e));
        }
    }
}
