//! Given/when/then rules of the patient aggregate.
#![allow(clippy::unwrap_used)]

use cqrs_es::test::TestFramework;
use optica_events::patients::Graduacion;
use optica_events::Medida;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<Paciente>;

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
}

fn datos() -> PacienteDatos {
    PacienteDatos {
        nombre_completo: "Ana Gómez".into(),
        celular: "3515551234".into(),
        genero: "Mujer".into(),
        local_id: 1,
        ..Default::default()
    }
}

fn ficha(d: u32, esferico: i64) -> FichaDatos {
    let mut f = FichaDatos::blank(day(d));
    f.graduaciones[0] = Graduacion {
        esferico: Some(Medida::from_hundredths(esferico)),
        ..Graduacion::ZERO
    };
    f
}

/// Ficha `ficha_id` added on day `d`, with no graduation.
fn ficha_added(ficha_id: i64, d: u32) -> PacienteEvent {
    PacienteEvent::FichaAgregada {
        ficha_id,
        datos: ficha(d, 0),
    }
}

fn entry(id: Option<i64>, datos: FichaDatos, cristales: &[(Option<i64>, &str)]) -> FichaEntrada {
    FichaEntrada {
        id,
        datos,
        cristales: cristales
            .iter()
            .map(|(id, nombre)| CristalEntrada {
                id: *id,
                nombre: nombre.to_string(),
                fecha: day(21),
            })
            .collect(),
    }
}

fn cristal(ficha_id: i64, cristal_id: i64, nombre: &str) -> PacienteEvent {
    PacienteEvent::CristalRegistrado {
        ficha_id,
        cristal_id,
        nombre: nombre.into(),
        fecha: day(21),
        movimiento_id: None,
    }
}

/// A patient with one ficha (id 1, dated the 1st) holding crystal 1: version 3.
fn registered() -> Vec<PacienteEvent> {
    vec![
        PacienteEvent::PacienteRegistrado {
            ficha: 7,
            datos: datos(),
            fecha: day(1),
        },
        PacienteEvent::FichaAgregada {
            ficha_id: 1,
            datos: ficha(1, -125),
        },
        cristal(1, 1, "Orma Blue"),
    ]
}

#[test]
fn a_registration_records_the_patient_and_each_ficha_with_its_lenses() {
    Given::fresh()
        .when(PacienteCommand::Register {
            ficha: 7,
            datos: PacienteDatos {
                nombre_completo: "  Ana Gómez ".into(),
                documento: Some(" ".into()),
                ..datos()
            },
            fichas: vec![entry(None, ficha(1, -125), &[(None, " Orma Blue ")])],
            fecha: day(1),
        })
        .then_expect_events(registered());
}

#[test]
fn a_patient_needs_name_phone_gender_and_branch_and_sane_values() {
    let mut bad = ficha(1, 4500);
    bad.graduaciones[1].eje = Some(Medida::from_hundredths(18_100));
    Given::fresh()
        .when(PacienteCommand::Register {
            ficha: 1,
            datos: PacienteDatos {
                nombre_completo: " ".into(),
                celular: "".into(),
                genero: "Otro".into(),
                local_id: 0,
                ..Default::default()
            },
            fichas: vec![],
            fecha: day(1),
        })
        .then_expect_error(PacienteError::Invalid(vec![
            Regla::SinNombre,
            Regla::SinCelular,
            Regla::GeneroDesconocido,
            Regla::SinLocal,
        ]));
    Given::fresh()
        .when(PacienteCommand::Register {
            ficha: 1,
            datos: datos(),
            fichas: vec![entry(None, bad, &[])],
            fecha: day(1),
        })
        .then_expect_error(PacienteError::Invalid(vec![
            Regla::Esferico {
                ficha: "Ficha del 01/11/2026".into(),
            },
            Regla::Eje {
                ficha: "Ficha del 01/11/2026".into(),
            },
        ]));
}

#[test]
fn adding_a_ficha_dates_it_and_zeroes_its_four_prescriptions() {
    Given::after(registered())
        .when(PacienteCommand::AddFicha { fecha: day(21) })
        .then_expect_events(vec![PacienteEvent::FichaAgregada {
            ficha_id: 2,
            datos: FichaDatos::blank(day(21)),
        }]);
}

#[test]
fn removing_takes_the_latest_ficha_but_never_the_only_one() {
    Given::after(registered())
        .when(PacienteCommand::RemoveFicha)
        .then_expect_error(PacienteError::UnicaFicha);
    let mut history = registered();
    history.push(ficha_added(2, 20));
    history.push(ficha_added(3, 10));
    Given::after(history)
        .when(PacienteCommand::RemoveFicha)
        .then_expect_events(vec![PacienteEvent::FichaQuitada { ficha_id: 2 }]);
}

#[test]
fn a_crystal_goes_on_the_most_recent_ficha_or_on_a_new_one() {
    let mut history = registered();
    history.push(ficha_added(2, 15));
    Given::after(history)
        .when(PacienteCommand::RecordCristales {
            nombres: vec!["Policarbonato".into()],
            fecha: day(21),
            movimiento_id: None,
        })
        .then_expect_events(vec![cristal(2, 2, "Policarbonato")]);
    Given::after(vec![PacienteEvent::PacienteRegistrado {
        ficha: 1,
        datos: datos(),
        fecha: day(1),
    }])
    .when(PacienteCommand::RecordCristales {
        nombres: vec!["Orma".into()],
        fecha: day(21),
        movimiento_id: None,
    })
    .then_expect_events(vec![
        PacienteEvent::FichaAgregada {
            ficha_id: 1,
            datos: FichaDatos::blank(day(21)),
        },
        cristal(1, 1, "Orma"),
    ]);
}

/// Lens 2 on ficha 1, recorded by sale 7 on the 21st.
fn sold(nombre: &str) -> PacienteEvent {
    PacienteEvent::CristalRegistrado {
        ficha_id: 1,
        cristal_id: 2,
        nombre: nombre.into(),
        fecha: day(21),
        movimiento_id: Some(7),
    }
}

fn by_hand(nombres: &[&str], fecha: NaiveDate) -> PacienteCommand {
    PacienteCommand::RecordCristales {
        nombres: nombres.iter().map(|n| n.to_string()).collect(),
        fecha,
        movimiento_id: None,
    }
}

#[test]
fn the_existing_front_ends_post_after_a_sale_matches_the_lens_the_sale_recorded() {
    let mut history = registered();
    history.push(sold("Orma Essilor"));
    // The follow-up post of the same name and day: matched, not recorded again.
    Given::after(history.clone())
        .when(by_hand(&["Orma Essilor"], day(21)))
        .then_expect_events(vec![PacienteEvent::CristalConfirmado {
            ficha_id: 1,
            cristal_id: 2,
        }]);
    // A second post of it: a lens added by hand, recorded.
    history.push(PacienteEvent::CristalConfirmado {
        ficha_id: 1,
        cristal_id: 2,
    });
    Given::after(history.clone())
        .when(by_hand(&["Orma Essilor"], day(21)))
        .then_expect_events(vec![cristal(1, 3, "Orma Essilor")]);
    // Another name, or another day: recorded.
    history.pop();
    Given::after(history.clone())
        .when(by_hand(&["Orma Blue", "Orma Essilor"], day(22)))
        .then_expect_events(vec![
            PacienteEvent::CristalRegistrado {
                ficha_id: 1,
                cristal_id: 3,
                nombre: "Orma Blue".into(),
                fecha: day(22),
                movimiento_id: None,
            },
            PacienteEvent::CristalRegistrado {
                ficha_id: 1,
                cristal_id: 4,
                nombre: "Orma Essilor".into(),
                fecha: day(22),
                movimiento_id: None,
            },
        ]);
}

#[test]
fn a_second_sale_of_the_same_lens_the_same_day_is_recorded() {
    let mut history = registered();
    history.push(sold("Orma Essilor"));
    Given::after(history)
        .when(PacienteCommand::RecordCristales {
            nombres: vec!["Orma Essilor".into()],
            fecha: day(21),
            movimiento_id: Some(8),
        })
        .then_expect_events(vec![PacienteEvent::CristalRegistrado {
            ficha_id: 1,
            cristal_id: 3,
            nombre: "Orma Essilor".into(),
            fecha: day(21),
            movimiento_id: Some(8),
        }]);
}

#[test]
fn an_edit_from_a_stale_form_keeps_the_crystal_recorded_meanwhile() {
    // The form loaded version 3 (crystal 1); a sale then recorded crystal 2 (version 4). The
    // editor removed crystal 1, changed the ficha and added a second ficha.
    let mut history = registered();
    history.push(cristal(1, 2, "Transitions"));
    Given::after(history)
        .when(PacienteCommand::Edit {
            datos: datos(),
            fichas: Some(vec![
                entry(None, ficha(21, 0), &[]),
                entry(Some(1), ficha(1, -150), &[]),
            ]),
            expected_version: Some(3),
            fecha: day(21),
        })
        .then_expect_events(vec![
            ficha_added(2, 21),
            PacienteEvent::FichaEditada {
                ficha_id: 1,
                datos: ficha(1, -150),
            },
            PacienteEvent::CristalQuitado {
                ficha_id: 1,
                cristal_id: 1,
            },
        ]);
}

#[test]
fn an_edit_removes_only_fichas_the_editor_saw_and_never_the_last_one() {
    let mut history = registered();
    history.push(ficha_added(2, 20));
    // Seen at version 4: ficha 2 left out, so it goes. Seen at version 3: ficha 2 came later,
    // so it stays.
    for (seen, removed) in [(4, vec![PacienteEvent::FichaQuitada { ficha_id: 2 }]), (3, vec![])] {
        Given::after(history.clone())
            .when(PacienteCommand::Edit {
                datos: datos(),
                fichas: Some(vec![entry(Some(1), ficha(1, -125), &[(Some(1), "Orma Blue")])]),
                expected_version: Some(seen),
                fecha: day(21),
            })
            .then_expect_events(removed);
    }
    // Leaving out every ficha is refused.
    Given::after(history)
        .when(PacienteCommand::Edit {
            datos: datos(),
            fichas: Some(vec![]),
            expected_version: Some(4),
            fecha: day(21),
        })
        .then_expect_error(PacienteError::UnicaFicha);
}

#[test]
fn without_a_version_an_edit_changes_but_removes_nothing() {
    Given::after(registered())
        .when(PacienteCommand::Edit {
            datos: PacienteDatos {
                medico: Some("Dr. Paz".into()),
                ..datos()
            },
            fichas: Some(vec![]),
            expected_version: None,
            fecha: day(21),
        })
        .then_expect_events(vec![PacienteEvent::PacienteEditado {
            datos: PacienteDatos {
                medico: Some("Dr. Paz".into()),
                ..datos()
            },
            fecha: day(21),
        }]);
}

#[test]
fn a_registered_patient_is_deleted_and_a_missing_one_gets_nothing() {
    Given::after(registered())
        .when(PacienteCommand::Delete)
        .then_expect_events(vec![PacienteEvent::PacienteEliminado]);
    Given::fresh()
        .when(PacienteCommand::AddFicha { fecha: day(1) })
        .then_expect_error(PacienteError::NotFound);
}
