//! 'Recordatorios': patients due for a check-up (latest ficha older than a period,
//! a year unless asked otherwise) and jobs ready but not collected for some days, each with its
//! one-click WhatsApp message.

use axum::extract::State;
use axum::Json;
use chrono::{Datelike, Months};
use optica_query::jobs::{self as read, ControlVencido, SinRetirar};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::auth::Staff;
use crate::error::AppError;
use crate::http::kit::extract::Query;
use crate::http::kit::lenient::{branch, opt_i64};
use crate::http::kit::Endpoints;
use crate::notices::{listo, recordatorio, whatsapp_link};
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    Endpoints::default().staff(routes!(reminders))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct RecordatoriosQuery {
    /// Months since the latest ficha (1 to 120; 12 by default).
    #[serde(default, deserialize_with = "opt_i64")]
    pub meses: Option<i64>,
    /// Days a finished job has waited (0 to 365; 7 by default).
    #[serde(default, deserialize_with = "opt_i64")]
    pub dias: Option<i64>,
    /// Admins; a seller always gets their own branch.
    #[serde(default, deserialize_with = "opt_i64")]
    pub local_id: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recordatorios {
    pub meses: i64,
    pub dias: i64,
    /// The oldest first, 500 at most.
    pub controles: Vec<ControlVencido>,
    pub sin_retirar: Vec<SinRetirar>,
}

fn bounded(value: Option<i64>, default: i64, (min, max): (i64, i64), what: &str) -> Result<i64, AppError> {
    let value = value.unwrap_or(default);
    if (min..=max).contains(&value) {
        Ok(value)
    } else {
        Err(AppError::Validation(vec![format!(
            "{what} deben estar entre {min} y {max}."
        )]))
    }
}

/// Whole months from `desde` to `hasta`.
fn months_between(desde: chrono::NaiveDate, hasta: chrono::NaiveDate) -> i64 {
    let months = (hasta.year() - desde.year()) as i64 * 12 + hasta.month() as i64 - desde.month() as i64;
    months - i64::from(hasta.day() < desde.day())
}

/// Who to remind: check-ups due and finished jobs not collected.
#[utoipa::path(get, path = "/api/recordatorios", tag = "trabajos", operation_id = "recordatorios",
    params(RecordatoriosQuery), responses((status = 200, body = Recordatorios), (status = 400, description = "errors")))]
pub async fn reminders(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<RecordatoriosQuery>,
) -> Result<Json<Recordatorios>, AppError> {
    let meses = bounded(q.meses, 12, (1, 120), "Los meses")?;
    let dias = bounded(q.dias, 7, (0, 365), "Los días")?;
    let local_id = caller.branch_seen(branch(q.local_id));
    let today = state.today();
    let antes = today.checked_sub_months(Months::new(meses as u32)).unwrap_or(today);
    let mut controles = read::checkups_due(&state.pool, antes, local_id).await?;
    for c in &mut controles {
        let texto = recordatorio(&state.shop.nombre, &c.paciente, months_between(c.ultima_ficha, today));
        c.whatsapp = whatsapp_link(&c.celular, &texto);
    }
    let ready_before = state.now() - chrono::Duration::days(dias);
    let mut sin_retirar = read::not_collected(&state.pool, ready_before, local_id).await?;
    for s in &mut sin_retirar {
        let datos = read::ParaAviso {
            paciente: s.paciente.clone(),
            local: s.local.clone(),
            direccion: s.direccion.clone(),
            comprobante_local: s.comprobante_local,
            comprobante_numero: s.comprobante_numero,
        };
        let texto = listo(&state.shop.nombre, &datos, s.id, &state.status_link(s.id));
        s.whatsapp = s.celular.as_deref().and_then(|c| whatsapp_link(c, &texto));
    }
    Ok(Json(Recordatorios {
        meses,
        dias,
        controles,
        sin_retirar,
    }))
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::months_between;

    #[test]
    fn whole_months_count_only_once_the_day_is_reached() {
        let d = |y, m, d| NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default();
        assert_eq!(months_between(d(2025, 11, 26), d(2026, 11, 26)), 12);
        assert_eq!(months_between(d(2025, 11, 27), d(2026, 11, 26)), 11);
        assert_eq!(months_between(d(2024, 1, 31), d(2026, 2, 28)), 24);
    }
}
