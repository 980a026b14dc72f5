//! Given/when/then rules of transfers.
#![allow(clippy::unwrap_used)]

use cqrs_es::test::TestFramework;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<Transferencia>;

fn at() -> NaiveDateTime {
    crate::testing::at((2026, 11, 26), 9, 0)
}

fn linea(producto_id: i64, cantidad: i64) -> LineaTransferida {
    LineaTransferida {
        producto_id,
        modelo: format!("M{producto_id}"),
        cantidad,
    }
}

fn enviar(lineas: Vec<LineaTransferida>) -> TransferenciaCommand {
    TransferenciaCommand::Enviar {
        origen: 1,
        destino: 2,
        lineas,
        nota: Some(" Para la vidriera ".into()),
        fecha: at(),
    }
}

fn sent() -> TransferenciaEvent {
    TransferenciaEvent::TransferenciaEnviada {
        origen: 1,
        destino: 2,
        lineas: vec![linea(7, 3), linea(8, 1)],
        nota: Some("Para la vidriera".into()),
        fecha: at(),
    }
}

fn cantidad(producto_id: i64, cantidad: i64) -> Cantidad {
    Cantidad { producto_id, cantidad }
}

#[test]
fn a_transfer_is_sent_between_two_branches_with_units_of_each_product_once() {
    Given::fresh()
        .when(enviar(vec![linea(7, 3), linea(8, 1)]))
        .then_expect_events(vec![sent()]);
    Given::fresh()
        .when(TransferenciaCommand::Enviar {
            origen: 1,
            destino: 1,
            lineas: vec![linea(7, 0), linea(7, 1)],
            nota: None,
            fecha: at(),
        })
        .then_expect_error(TransferenciaError::Invalid(vec![
            Regla::MismoLocal,
            Regla::CantidadNoPositiva { modelo: "M7".into() },
            Regla::ProductoRepetido { modelo: "M7".into() },
        ]));
    Given::fresh()
        .when(enviar(vec![]))
        .then_expect_error(TransferenciaError::Invalid(vec![Regla::SinLineas]));
}

#[test]
fn what_is_not_named_arrives_whole_and_a_shortfall_needs_its_reason() {
    let recibir = |recibidas, motivo: Option<&str>| TransferenciaCommand::Recibir {
        recibidas,
        motivo: motivo.map(String::from),
        fecha: at(),
    };
    Given::after(vec![sent()])
        .when(recibir(vec![], None))
        .then_expect_events(vec![TransferenciaEvent::TransferenciaRecibida {
            recibidas: vec![cantidad(7, 3), cantidad(8, 1)],
            faltantes: vec![],
            motivo: None,
            fecha: at(),
        }]);
    Given::after(vec![sent()])
        .when(recibir(vec![cantidad(7, 2)], None))
        .then_expect_error(TransferenciaError::Invalid(vec![Regla::FaltanteSinMotivo]));
    Given::after(vec![sent()])
        .when(recibir(vec![cantidad(7, 2)], Some("Un armazón llegó roto")))
        .then_expect_events(vec![TransferenciaEvent::TransferenciaRecibida {
            recibidas: vec![cantidad(7, 2), cantidad(8, 1)],
            faltantes: vec![cantidad(7, 1)],
            motivo: Some("Un armazón llegó roto".into()),
            fecha: at(),
        }]);
    Given::after(vec![sent()])
        .when(recibir(vec![cantidad(7, 4), cantidad(9, 1)], Some("x")))
        .then_expect_error(TransferenciaError::Invalid(vec![
            Regla::RecibidasFueraDeRango {
                modelo: "M7".into(),
                enviadas: 3,
            },
            Regla::ProductoNoEnviado { producto_id: 9 },
        ]));
}

#[test]
fn a_transfer_is_received_or_cancelled_once_and_only_in_transit() {
    let received = TransferenciaEvent::TransferenciaRecibida {
        recibidas: vec![cantidad(7, 3), cantidad(8, 1)],
        faltantes: vec![],
        motivo: None,
        fecha: at(),
    };
    let cancelar = || TransferenciaCommand::Cancelar {
        motivo: None,
        fecha: at(),
    };
    Given::after(vec![sent()])
        .when(cancelar())
        .then_expect_events(vec![TransferenciaEvent::TransferenciaCancelada {
            motivo: None,
            fecha: at(),
        }]);
    Given::after(vec![sent(), received])
        .when(cancelar())
        .then_expect_error(TransferenciaError::Invalid(vec![Regla::YaRecibida]));
    Given::after(vec![
        sent(),
        TransferenciaEvent::TransferenciaCancelada {
            motivo: None,
            fecha: at(),
        },
    ])
    .when(TransferenciaCommand::Recibir {
        recibidas: vec![],
        motivo: None,
        fecha: at(),
    })
    .then_expect_error(TransferenciaError::Invalid(vec![Regla::Cancelada]));
    Given::fresh()
        .when(cancelar())
        .then_expect_error(TransferenciaError::NotFound);
}
