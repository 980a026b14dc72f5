//! The patient body the web apps send, and its conversion into command data with every problem
//! reported in Spanish (spec 001 §5: numbers with a sign, a comma decimal, the axis as a number).

use chrono::NaiveDate;
use optica_command::patients::{CristalEntrada, FichaEntrada};
use optica_events::insurers::Afiliacion;
use optica_events::patients::{FichaDatos, Graduacion, Medidas, Ojo, TipoVision, GRADUACIONES};
use optica_events::{Medida, PacienteDatos};
use serde::Deserialize;

use crate::http::kit::lenient::{lenient_date, opt_i64, present, IdRef, NumText};

/// A patient as the web app sends it for create and edit. `id`, `creadoEn` and
/// `ultimaActualizacion` are ignored: the server assigns them.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PacienteBody {
    pub nombre_completo: Option<String>,
    pub direccion: Option<String>,
    pub celular: Option<String>,
    pub documento: Option<String>,
    pub correo: Option<String>,
    pub medico: Option<String>,
    pub obra_social: Option<String>,
    pub observaciones: Option<String>,
    /// Hombre, Mujer or X.
    pub genero: Option<String>,
    pub local: Option<IdRef>,
    /// On create: a record number to keep (a shop moving its paper fichas in); 0 or none
    /// assigns the next free one. Ignored on edit.
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub ficha: Option<i64>,
    /// On an edit, `null` leaves the history unchanged.
    pub historial_fichas: Option<Vec<FichaBody>>,
    /// On an edit: the version the form loaded. Fichas and crystals added since are kept.
    pub version: Option<u64>,
    /// The patient's obra social, plan and affiliate number; `null` clears it, and an edit
    /// that leaves it out (the existing front end's) keeps the one the patient has.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<AfiliacionBody>)]
    pub afiliacion: Option<Option<AfiliacionBody>>,
}

/// A patient's membership of an obra social, as the form sends it.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AfiliacionBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub obra_social_id: Option<i64>,
    pub plan: Option<String>,
    pub afiliado: Option<String>,
}

/// A number of a ficha: a JSON number, or a text like "+1,25"; null or blank for none.
type Numero = Option<NumText>;

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FichaBody {
    /// The ficha's id when it came from the server; none for a new ficha.
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub id: Option<i64>,
    /// `yyyy-MM-dd`; none means today.
    pub fecha: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub dnp_derecho: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub dnp_izquierdo: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub altura_pupilar_derecho: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub altura_pupilar_izquierdo: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub altura_pelicula: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub puente: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub diagonal_mayor: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub largo: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub altura_armazon: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub adicion_derecho: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub adicion_izquierdo: Numero,
    pub graduaciones: Option<Vec<GraduacionBody>>,
    pub cristales: Option<Vec<CristalBody>>,
}

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct GraduacionBody {
    /// DERECHO or IZQUIERDO.
    pub ojo: Option<String>,
    /// LEJOS or CERCA.
    pub tipo: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub esferico: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub cilindrico: Numero,
    #[serde(default)]
    #[schema(value_type = Option<f64>)]
    pub eje: Numero,
}

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct CristalBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub id: Option<i64>,
    pub nombre: Option<String>,
    pub fecha: Option<String>,
}

/// A body turned into command data.
#[derive(Clone, Debug)]
pub struct Prepared {
    pub datos: PacienteDatos,
    /// Whether the body said anything of the obra social (an edit that did not keeps it).
    pub afiliacion_enviada: bool,
    pub fichas: Option<Vec<FichaEntrada>>,
    pub ficha: Option<i64>,
    pub version: Option<u64>,
}

/// Reads the body; `today` dates fichas and crystals sent without a date. Answers every
/// problem in Spanish.
pub fn prepare(body: PacienteBody, today: NaiveDate) -> Result<Prepared, Vec<String>> {
    let mut errors = Vec::new();
    let fichas = body.historial_fichas.map(|fichas| {
        fichas
            .into_iter()
            .map(|f| ficha(f, today, &mut errors))
            .collect::<Vec<_>>()
    });
    let datos = PacienteDatos {
        nombre_completo: body.nombre_completo.unwrap_or_default(),
        direccion: body.direccion,
        celular: body.celular.unwrap_or_default(),
        documento: body.documento,
        correo: body.correo,
        medico: body.medico,
        obra_social: body.obra_social,
        observaciones: body.observaciones,
        genero: body.genero.unwrap_or_default(),
        local_id: body.local.as_ref().and_then(IdRef::get).unwrap_or(0),
        afiliacion: match body.afiliacion.clone().flatten() {
            None => None,
            Some(a) => match a.obra_social_id.filter(|id| *id > 0) {
                None => {
                    errors.push("Elegí la obra social del paciente.".into());
                    None
                }
                Some(obra_social_id) => Some(Afiliacion {
                    obra_social_id,
                    plan: a.plan.unwrap_or_default(),
                    afiliado: a.afiliado.unwrap_or_default(),
                }),
            },
        },
    };
    if errors.is_empty() {
        Ok(Prepared {
            afiliacion_enviada: body.afiliacion.is_some(),
            datos,
            fichas,
            ficha: body.ficha.filter(|n| *n > 0),
            version: body.version,
        })
    } else {
        Err(errors)
    }
}

fn date(text: Option<&str>, today: NaiveDate, what: &str, errors: &mut Vec<String>) -> NaiveDate {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => today,
        Some(t) => lenient_date(t).unwrap_or_else(|| {
            errors.push(format!("La fecha '{t}' {what} no es válida (use aaaa-mm-dd)"));
            today
        }),
    }
}

/// One number of a ficha, or the message that names it.
fn medida(value: &Numero, campo: &str, label: &str, errors: &mut Vec<String>) -> Option<Medida> {
    let text = value.as_ref().map(|n| n.0.as_str()).filter(|t| !t.is_empty())?;
    let parsed = Medida::parse(text);
    if parsed.is_none() {
        errors.push(format!(
            "{label}: el valor '{text}' de {campo} no es un número válido (hasta dos decimales)"
        ));
    }
    parsed
}

fn ficha(body: FichaBody, today: NaiveDate, errors: &mut Vec<String>) -> FichaEntrada {
    let fecha = date(body.fecha.as_deref(), today, "de la ficha", errors);
    let label = format!("Ficha del {}", fecha.format("%d/%m/%Y"));
    let mut m = |value: &Numero, campo: &str| medida(value, campo, &label, errors);
    let medidas = Medidas {
        dnp_derecho: m(&body.dnp_derecho, "DNP derecho"),
        dnp_izquierdo: m(&body.dnp_izquierdo, "DNP izquierdo"),
        altura_pupilar_derecho: m(&body.altura_pupilar_derecho, "altura pupilar derecha"),
        altura_pupilar_izquierdo: m(&body.altura_pupilar_izquierdo, "altura pupilar izquierda"),
        altura_pelicula: m(&body.altura_pelicula, "altura película"),
        puente: m(&body.puente, "puente"),
        diagonal_mayor: m(&body.diagonal_mayor, "diagonal mayor"),
        largo: m(&body.largo, "largo"),
        altura_armazon: m(&body.altura_armazon, "altura armazón"),
        adicion_derecho: m(&body.adicion_derecho, "adición derecha"),
        adicion_izquierdo: m(&body.adicion_izquierdo, "adición izquierda"),
    };
    let mut graduaciones: [Graduacion; 4] = Default::default();
    let mut seen = [false; 4];
    for g in body.graduaciones.unwrap_or_default() {
        let ojo = match g.ojo.as_deref().map(str::trim) {
            Some(o) if o.eq_ignore_ascii_case("DERECHO") => Some(Ojo::Derecho),
            Some(o) if o.eq_ignore_ascii_case("IZQUIERDO") => Some(Ojo::Izquierdo),
            _ => None,
        };
        let tipo = match g.tipo.as_deref().map(str::trim) {
            Some(t) if t.eq_ignore_ascii_case("LEJOS") => Some(TipoVision::Lejos),
            Some(t) if t.eq_ignore_ascii_case("CERCA") => Some(TipoVision::Cerca),
            _ => None,
        };
        let Some(slot) = GRADUACIONES.iter().position(|k| Some(k.0) == ojo && Some(k.1) == tipo) else {
            errors.push(format!(
                "{label}: cada graduación debe indicar ojo (DERECHO o IZQUIERDO) y tipo (LEJOS o CERCA)"
            ));
            continue;
        };
        if std::mem::replace(&mut seen[slot], true) {
            errors.push(format!("{label}: una graduación aparece más de una vez"));
        }
        graduaciones[slot] = Graduacion {
            esferico: medida(&g.esferico, "esférico", &label, errors),
            cilindrico: medida(&g.cilindrico, "cilíndrico", &label, errors),
            eje: medida(&g.eje, "eje", &label, errors),
        };
    }
    let cristales = body
        .cristales
        .unwrap_or_default()
        .into_iter()
        .map(|c| CristalEntrada {
            id: c.id,
            nombre: c.nombre.unwrap_or_default(),
            fecha: date(c.fecha.as_deref(), today, "del cristal", errors),
        })
        .collect();
    FichaEntrada {
        id: body.id,
        datos: FichaDatos {
            fecha,
            medidas,
            graduaciones,
        },
        cristales,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn today() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
    }

    #[test]
    fn prescription_numbers_are_read_as_typed() {
        let body: PacienteBody = serde_json::from_value(serde_json::json!({
            "historialFichas": [{
                "fecha": "2026-11-20T23:30:00.000Z", "dnpDerecho": "31,5", "adicionDerecho": 2,
                "graduaciones": [{"ojo": "DERECHO", "tipo": "LEJOS", "esferico": "+1,25", "cilindrico": -0.5, "eje": "090"}],
                "cristales": [{"nombre": "Orma"}]
            }]
        }))
        .unwrap();
        let fichas = prepare(body, today()).unwrap().fichas.unwrap();
        let f = &fichas[0];
        assert_eq!(f.datos.fecha, NaiveDate::from_ymd_opt(2026, 11, 20).unwrap());
        assert_eq!(f.datos.medidas.dnp_derecho, Some(Medida::from_hundredths(3150)));
        assert_eq!(f.datos.graduaciones[0].esferico, Some(Medida::from_hundredths(125)));
        assert_eq!(f.datos.graduaciones[0].eje, Some(Medida::from_hundredths(9000)));
        assert_eq!(f.datos.graduaciones[3], Graduacion::default());
        assert_eq!(f.cristales[0].fecha, today());
    }

    #[test]
    fn unreadable_values_are_named_in_spanish() {
        let body: PacienteBody = serde_json::from_value(serde_json::json!({
            "historialFichas": [{"fecha": "2026-11-20", "puente": "abc",
                "graduaciones": [{"ojo": "ARRIBA", "tipo": "LEJOS"}]}]
        }))
        .unwrap();
        assert_eq!(
            prepare(body, today()).unwrap_err(),
            vec![
                "Ficha del 20/11/2026: el valor 'abc' de puente no es un número válido (hasta dos decimales)",
                "Ficha del 20/11/2026: cada graduación debe indicar ojo (DERECHO o IZQUIERDO) y tipo (LEJOS o CERCA)",
            ]
        );
    }
}
