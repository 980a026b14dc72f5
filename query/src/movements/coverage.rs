//! A sale's coverage by an obra social as movement answers carry it: the row the movement's read
//! nests, and the answer's shape.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::pesos;

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
        }
    }
}
