//! Given/when/then rules of lab jobs.
#![allow(clippy::unwrap_used)]

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use optica_events::movements::EstadoMovimiento;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<Trabajo>;

fn at() -> NaiveDateTime {
    crate::testing::at((2026, 11, 26), 9, 0)
}

fn quien() -> Quien {
    Quien {
        usuario: "ana".into(),
        fecha: at(),
    }
}

fn orden(prometido: NaiveDate) -> Orden {
    Orden {
        laboratorio_id: 3,
        prometido,
        bandeja: Some(" B-12 ".into()),
        notas: None,
    }
}

fn encargado() -> TrabajoEvent {
    TrabajoEvent::TrabajoEncargado {
        local_id: 1,
        paciente_id: Some(9),
        orden: Orden {
            bandeja: Some("B-12".into()),
            ..orden(at().date())
        },
        receta: None,
        estado: EstadoTrabajo::PedidoCristales,
        usuario: "ana".into(),
        fecha: at(),
    }
}

fn cambiado(anterior: EstadoTrabajo, nuevo: EstadoTrabajo, motivo: Option<&str>) -> TrabajoEvent {
    TrabajoEvent::EstadoTrabajoCambiado {
        anterior,
        nuevo,
        motivo: motivo.map(Into::into),
        usuario: "ana".into(),
        fecha: at(),
    }
}

fn cambiar(nuevo: EstadoTrabajo, motivo: Option<&str>, correo: Option<&str>) -> TrabajoCommand {
    TrabajoCommand::CambiarEstado {
        nuevo,
        motivo: motivo.map(Into::into),
        correo: correo.map(Into::into),
        quien: quien(),
        expected_version: None,
    }
}

#[test]
fn an_order_is_trimmed_and_cannot_be_promised_before_it_was_made() {
    Given::fresh()
        .when(TrabajoCommand::Encargar {
            local_id: 1,
            paciente_id: Some(9),
            orden: orden(at().date()),
            receta: None,
            estado: EstadoTrabajo::PedidoCristales,
            quien: quien(),
        })
        .then_expect_events(vec![encargado()]);
    let ayer = at().date().pred_opt().unwrap();
    Given::fresh()
        .when(TrabajoCommand::Encargar {
            local_id: 1,
            paciente_id: None,
            orden: orden(ayer),
            receta: None,
            estado: EstadoTrabajo::PedidoCristales,
            quien: quien(),
        })
        .then_expect_error(TrabajoError::Invalid(vec![Regla::PrometidoAnterior]));
}

#[test]
fn reaching_finished_with_an_address_asks_for_the_mail_in_the_same_step() {
    Given::after(vec![encargado()])
        .when(cambiar(EstadoTrabajo::AnteojoTerminado, None, Some("ana@example.com")))
        .then_expect_events(vec![
            cambiado(EstadoTrabajo::PedidoCristales, EstadoTrabajo::AnteojoTerminado, None),
            TrabajoEvent::AvisoSolicitado {
                aviso: 1,
                canal: Canal::Email,
                destinatario: "ana@example.com".into(),
                usuario: "ana".into(),
                fecha: at(),
            },
        ]);
}

#[test]
fn sending_back_to_the_lab_needs_a_reason_and_a_delivered_job_only_goes_back() {
    Given::after(vec![encargado()])
        .when(cambiar(EstadoTrabajo::Rehacer, Some("  "), None))
        .then_expect_error(TrabajoError::Invalid(vec![Regla::RehacerSinMotivo]));
    let entregado = cambiado(EstadoTrabajo::PedidoCristales, EstadoTrabajo::Entregado, None);
    Given::after(vec![encargado(), entregado.clone()])
        .when(cambiar(EstadoTrabajo::ControlCalidad, None, None))
        .then_expect_error(TrabajoError::Invalid(vec![Regla::YaEntregado]));
    Given::after(vec![encargado(), entregado])
        .when(cambiar(EstadoTrabajo::Rehacer, Some("Eje mal tallado"), None))
        .then_expect_events(vec![cambiado(
            EstadoTrabajo::Entregado,
            EstadoTrabajo::Rehacer,
            Some("Eje mal tallado"),
        )]);
}

#[test]
fn the_cash_box_form_moves_the_job_only_when_its_state_does_not_refine_the_sale_one() {
    let control = cambiado(EstadoTrabajo::PedidoCristales, EstadoTrabajo::ControlCalidad, None);
    Given::after(vec![encargado(), control])
        .when(TrabajoCommand::Seguir {
            estado: EstadoMovimiento::ArmandoPedido,
            correo: None,
            quien: quien(),
        })
        .then_expect_events(vec![]);
    Given::after(vec![encargado()])
        .when(TrabajoCommand::Seguir {
            estado: EstadoMovimiento::ArmandoPedido,
            correo: None,
            quien: quien(),
        })
        .then_expect_events(vec![cambiado(
            EstadoTrabajo::PedidoCristales,
            EstadoTrabajo::ArmandoPedido,
            Some("Cambiado desde la caja"),
        )]);
}

#[test]
fn a_notice_is_closed_once_and_a_repeated_report_changes_nothing() {
    let pedido = TrabajoEvent::AvisoSolicitado {
        aviso: 1,
        canal: Canal::Email,
        destinatario: "ana@example.com".into(),
        usuario: "ana".into(),
        fecha: at(),
    };
    let fallo = TrabajoEvent::AvisoFallido {
        aviso: 1,
        intento: 1,
        error: "No se pudo conectar con el servidor de correo.".into(),
        definitivo: false,
        fecha: at(),
    };
    Given::after(vec![encargado(), pedido.clone(), fallo])
        .when(TrabajoCommand::RegistrarEnvio { aviso: 1, fecha: at() })
        .then_expect_events(vec![TrabajoEvent::AvisoEnviado { aviso: 1, fecha: at() }]);
    Given::after(vec![
        encargado(),
        pedido,
        TrabajoEvent::AvisoEnviado { aviso: 1, fecha: at() },
    ])
    .when(TrabajoCommand::RegistrarEnvio { aviso: 1, fecha: at() })
    .then_expect_events(vec![]);
}
