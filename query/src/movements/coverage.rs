//! A sale's coverage by an obra social as movement answers carry it: the row the movement's read
//! nests, and the answer's shape.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::pesos;
use crate::insurers::CoberturaPlan;
use optica_events::insurers::Cobertura;

/// A sale's coverage as the API answers it.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct CoberturaLeida {
    pub obra_social_id: i64,
    /// Its name now (empty when it was deleted since).
    pub obra_social: String,
    pub plan: String,
    pub afiliado: String,
    pub medico: Option<String>,
    pub matricula: Option<String>,
    #[schema(value_type = Option<String>, format = Date)]
    pub fecha_receta: Option<chrono::NaiveDate>,
    pub parte_cristales: f64,
    pub parte_armazones: f64,
    /// What the obra social pays.
    pub monto: f64,
    /// The plan's terms the sale was recorded with: an edit computes the part by them while the
    /// obra social and plan stay.
    pub cristales: CoberturaPlan,
    pub armazones: CoberturaPlan,
    /// The liquidación it was presented in: from then on the coverage stands.
    pub liquidacion_id: Option<i64>,
    /// What the obra social rejected and the patient was billed (the patient owes it).
    pub facturado_al_paciente: f64,
}

/// A coverage's row, as the movement's read nests it.
#[derive(Clone, Debug, Deserialize)]
pub(super) struct CoberturaRow {
    pub(super) obra_social_id: i64,
    pub(super) obra_social: Option<String>,
    pub(super) plan: String,
    pub(super) afiliado: String,
    pub(super) medico: Option<String>,
    pub(super) matricula: Option<String>,
    pub(super) fecha_receta: Option<chrono::NaiveDate>,
    pub(super) parte_cristales_cents: i64,
    pub(super) parte_armazones_cents: i64,
    /// Absent from rows written before the terms were kept: none.
    #[serde(default)]
    pub(super) cristales: Option<Cobertura>,
    #[serde(default)]
    pub(super) armazones: Option<Cobertura>,
    #[serde(default)]
    pub(super) liquidacion_id: Option<i64>,
    #[serde(default)]
    pub(super) facturado_cents: i64,
}

impl From<CoberturaRow> for CoberturaLeida {
    fn from(c: CoberturaRow) -> Self {
        CoberturaLeida {
            obra_social_id: c.obra_social_id,
            obra_social: c.obra_social.unwrap_or_default(),
            plan: c.plan,
            afiliado: c.afiliado,
            medico: c.medico,
            matricula: c.matricula,
            fecha_receta: c.fecha_receta,
            parte_cristales: pesos(c.parte_cristales_cents),
            parte_armazones: pesos(c.parte_armazones_cents),
            monto: pesos(c.parte_cristales_cents + c.parte_armazones_cents),
            cristales: CoberturaPlan::from(c.cristales.unwrap_or_default()),
            armazones: CoberturaPlan::from(c.armazones.unwrap_or_default()),
            liquidacion_id: c.liquidacion_id,
            facturado_al_paciente: pesos(c.facturado_cents),
        }
    }
}
