//! Given/when/then rules of the obras sociales.
#![allow(clippy::unwrap_used)]

use cqrs_es::test::TestFramework;
use optica_events::Medida;

use super::*;
use crate::testing::Given as _;

type Given = TestFramework<ObraSocial>;

fn cobertura(porcentaje: Option<i64>, tope: Option<i64>) -> Cobertura {
    Cobertura {
        porcentaje: porcentaje.map(|p| Medida::from_hundredths(p * 100)),
        tope: tope.map(|t| Money::from_cents(t * 100)),
    }
}

fn plan(nombre: &str) -> PlanObraSocial {
    PlanObraSocial {
        nombre: nombre.into(),
        cristales: cobertura(Some(40), Some(30_000)),
        armazones: cobertura(None, Some(15_000)),
        requiere_receta: true,
        validez_receta_dias: Some(60),
    }
}

fn datos() -> ObraSocialDatos {
    ObraSocialDatos {
        nombre: "OSDE".into(),
        cuit: "30546741253".into(),
        planes: vec![plan("210"), plan("310")],
    }
}

#[test]
fn an_obra_social_is_created_with_its_data_trimmed() {
    let mut typed = datos();
    typed.nombre = "  OSDE ".into();
    typed.cuit = "30-54674125-3".into();
    typed.planes[0].nombre = " 210  ".into();
    Given::fresh()
        .when(ObraSocialCommand::Crear(typed))
        .then_expect_events(vec![ObraSocialEvent::ObraSocialCreada(datos())]);
}

#[test]
fn each_rule_is_named() {
    let mut bad = datos();
    bad.nombre = " ".into();
    bad.cuit = "30546741254".into();
    bad.planes = vec![
        plan("210"),
        plan("210 "),
        PlanObraSocial {
            cristales: cobertura(Some(101), None),
            armazones: cobertura(None, Some(0)),
            validez_receta_dias: Some(0),
            ..plan("PMO")
        },
    ];
    let plan_de = |p: &str| p.to_string();
    Given::fresh()
        .when(ObraSocialCommand::Crear(bad))
        .then_expect_error(ObraSocialError::Invalid(vec![
            Regla::Nombre,
            Regla::Cuit,
            Regla::PlanRepetido { plan: plan_de("210") },
            Regla::Porcentaje { plan: plan_de("PMO") },
            Regla::Tope { plan: plan_de("PMO") },
            Regla::Validez { plan: plan_de("PMO") },
        ]));
}

#[test]
fn an_update_that_changes_nothing_records_nothing_and_a_deleted_one_is_gone() {
    let creada = ObraSocialEvent::ObraSocialCreada(datos());
    Given::after(vec![creada.clone()])
        .when(ObraSocialCommand::Actualizar(datos()))
        .then_expect_events(vec![]);
    Given::after(vec![creada, ObraSocialEvent::ObraSocialEliminada])
        .when(ObraSocialCommand::Actualizar(datos()))
        .then_expect_error(ObraSocialError::NotFound);
}

#[test]
fn a_plan_is_found_by_its_name_as_people_write_it() {
    let mut os = ObraSocial::default();
    os.evolve(ObraSocialEvent::ObraSocialCreada(datos()));
    assert_eq!(os.plan(" 310 ").map(|p| p.nombre.as_str()), Some("310"));
    assert!(os.plan("410").is_none());
}

#[derive(serde::Deserialize)]
struct CoberturaCaso {
    porcentaje: Option<i64>,
    tope: Option<i64>,
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Caso {
    nombre: String,
    cristales: i64,
    armazones: i64,
    descuento: i64,
    cobertura_cristales: CoberturaCaso,
    cobertura_armazones: CoberturaCaso,
    parte_cristales: i64,
    parte_armazones: i64,
}

#[derive(serde::Deserialize)]
struct Casos {
    casos: Vec<Caso>,
}

/// tests/cases/insurer_coverage.json: the web app shows the same part before saving.
#[test]
fn the_shared_cases_of_what_an_obra_social_pays() {
    use optica_events::movements::Linea;
    let casos: Casos = serde_json::from_str(include_str!("../../../tests/cases/insurer_coverage.json")).unwrap();
    assert!(casos.casos.len() >= 5);
    let linea = |cristal: bool, cents: i64| Linea {
        producto_id: 1,
        modelo: "M".into(),
        marca: "B".into(),
        cristal,
        cantidad: 1,
        precio_unitario: Money::from_cents(cents),
        subtotal: Money::from_cents(cents),
    };
    let cobertura = |c: &CoberturaCaso| Cobertura {
        porcentaje: c.porcentaje.map(Medida::from_hundredths),
        tope: c.tope.map(Money::from_cents),
    };
    for c in casos.casos {
        let lineas = [linea(true, c.cristales), linea(false, c.armazones)];
        let descuento = (c.descuento > 0).then_some(Medida::from_hundredths(c.descuento));
        let (cristales, armazones) = optica_events::insurers::partes(
            &lineas,
            descuento,
            cobertura(&c.cobertura_cristales),
            cobertura(&c.cobertura_armazones),
        );
        assert_eq!(
            (cristales.cents(), armazones.cents()),
            (c.parte_cristales, c.parte_armazones),
            "{}",
            c.nombre
        );
    }
}
