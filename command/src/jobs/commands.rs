//! What may be asked of a lab job, and the rules that may refuse it, in the Spanish the screens
//! show.

use chrono::NaiveDateTime;
use optica_events::jobs::{Canal, EstadoTrabajo, Orden};
use optica_events::FichaDatos;

use super::{MAX_BANDEJA, MAX_MOTIVO, MAX_NOTAS};

/// Who asks and when (the shop's local time).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quien {
    pub usuario: String,
    pub fecha: NaiveDateTime,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrabajoCommand {
    Encargar {
        local_id: i64,
        paciente_id: Option<i64>,
        orden: Orden,
        receta: Option<Box<FichaDatos>>,
        estado: EstadoTrabajo,
        quien: Quien,
    },
    Modificar {
        orden: Orden,
    },
    /// `correo`: the patient's address when the shop sends mail; reaching 'Anteojo Terminado'
    /// then asks for the notice in the same step.
    /// `expected_version`: the version the screen loaded; refused as `Stale` when the job moved
    /// since (a stale screen never undoes a newer move).
    CambiarEstado {
        nuevo: EstadoTrabajo,
        motivo: Option<String>,
        correo: Option<String>,
        quien: Quien,
        expected_version: Option<u64>,
    },
    /// The sale was moved to another of its four states on the cash-box form: the job follows
    /// unless its state already refines that one.
    Seguir {
        estado: optica_events::movements::EstadoMovimiento,
        correo: Option<String>,
        quien: Quien,
    },
    Avisar {
        canal: Canal,
        destinatario: String,
        quien: Quien,
    },
    RegistrarEnvio {
        aviso: i64,
        fecha: NaiveDateTime,
    },
    RegistrarFallo {
        aviso: i64,
        intento: i32,
        error: String,
        definitivo: bool,
        fecha: NaiveDateTime,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrabajoError {
    #[error("the job already exists")]
    AlreadyExists,
    #[error("the job does not exist")]
    NotFound,
    #[error("invalid job: {0:?}")]
    Invalid(Vec<Regla>),
    #[error("the job changed after version {expected}")]
    Stale { expected: u64 },
}

/// A rule of lab jobs, in the Spanish the screens show.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("La fecha prometida no puede ser anterior al día del pedido.")]
    PrometidoAnterior,
    #[error("La bandeja debe tener como máximo {MAX_BANDEJA} caracteres.")]
    BandejaLarga,
    #[error("Las notas para el laboratorio deben tener como máximo {MAX_NOTAS} caracteres.")]
    NotasLargas,
    #[error("El motivo debe tener como máximo {MAX_MOTIVO} caracteres.")]
    MotivoLargo,
    #[error("El trabajo ya está en ese estado.")]
    MismoEstado,
    #[error("Para rehacer un trabajo indicá el motivo.")]
    RehacerSinMotivo,
    #[error("El trabajo ya fue entregado: solo puede volver al laboratorio para rehacerse.")]
    YaEntregado,
    #[error("Solo una venta (ENTRADA) lleva un trabajo de laboratorio.")]
    SoloVentas,
    #[error("La venta no tiene cristales: no hay trabajo para el laboratorio.")]
    SinCristales,
    #[error("El paciente no tiene correo electrónico.")]
    SinCorreo,
    #[error("El paciente no tiene celular.")]
    SinCelular,
    #[error("La óptica no tiene configurado el envío de correos.")]
    CorreoNoConfigurado,
    #[error("Este trabajo ya tiene demasiados avisos.")]
    DemasiadosAvisos,
    #[error("La venta no tiene paciente: no hay a quién avisar.")]
    SinPaciente,
    #[error("El trabajo todavía no está terminado: avisá cuando esté en 'Anteojo Terminado'.")]
    NoEstaListo,
    #[error(
        "La venta tiene un trabajo de laboratorio en curso: no se puede cambiar su paciente, su local ni su tipo."
    )]
    VentaConTrabajo,
    #[error("La venta tiene un trabajo de laboratorio en curso: no se puede eliminar.")]
    VentaConTrabajoNoSeElimina,
    #[error("La venta de este trabajo fue eliminada: no puede volver al laboratorio.")]
    VentaEliminada,
    #[error("La venta ya no tiene el paciente o el local de este trabajo: no puede volver al laboratorio.")]
    VentaCambiada,
}
