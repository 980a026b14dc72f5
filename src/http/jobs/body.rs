//! What a lab job's requests send, and how they are checked: the order for the lab (its lab
//! must exist, its promised day a real date), a state move, a notice.

use chrono::NaiveDate;
use optica_events::jobs::Orden;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::AppError;
use crate::http::kit::lenient::lenient_date;
use crate::http::kit::references::Referenced;
use crate::state::AppState;

/// What the lab is told.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrdenBody {
    pub laboratorio_id: i64,
    /// The promised day, `aaaa-mm-dd`.
    pub prometido: String,
    pub bandeja: Option<String>,
    pub notas: Option<String>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EncargoBody {
    /// The sale (an ENTRADA with lenses).
    pub movimiento_id: i64,
    #[serde(flatten)]
    pub orden: OrdenBody,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct EstadoBody {
    /// One of `GET /api/trabajos/estados`.
    pub estado: String,
    /// Required to send the job back to the lab (REHACER).
    pub motivo: Option<String>,
    /// The job's `version` the screen loaded: a move from a screen that is out of date is
    /// refused (409) instead of undoing a newer one.
    pub version: Option<u64>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct AvisoBody {
    /// EMAIL (sent by the server) or WHATSAPP (the answer's `whatsapp` link, to open).
    pub canal: String,
}

/// The lab must exist whatever the job's state (a delivered job holds no link that would
/// refuse a missing one).
pub(super) async fn known_lab(state: &AppState, id: i64) -> Result<(), AppError> {
    let kind = optica_events::LookupKind::Laboratorio;
    if Referenced::load(&state.pool, [(kind, id)]).await?.exists(kind, id) {
        Ok(())
    } else {
        Err(AppError::BadRequest(format!("No existe el laboratorio con ID {id}")))
    }
}

pub(super) fn orden(body: OrdenBody) -> Result<Orden, AppError> {
    let prometido: NaiveDate = lenient_date(&body.prometido).ok_or_else(|| {
        AppError::Validation(vec![
            match crate::http::kit::lenient::checked_date(&body.prometido, "fecha prometida") {
                Err(why) if why.contains("fuera del rango") => why,
                _ => format!(
                    "La fecha prometida '{}' no es válida (formato aaaa-mm-dd).",
                    body.prometido
                ),
            },
        ])
    })?;
    Ok(Orden {
        laboratorio_id: body.laboratorio_id,
        prometido,
        bandeja: body.bandeja,
        notas: body.notas,
    })
}
