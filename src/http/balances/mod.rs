//! Customer balances (cuenta corriente): the sales with something still owed, oldest
//! first, with the total owed. A seller sees their branch's; asking for one patient, any staff
//! member sees that patient's balances at every branch (patients move between branches, and the
//! branch where they show up collects: `POST /api/movimientos/{id}/cobros`).

use axum::extract::State;
use axum::Json;
use optica_query::balances::{self as read, CuentasCorrientes, Filtro};
use serde::Deserialize;
use utoipa_axum::routes;

use crate::auth::Staff;
use crate::error::AppError;
use crate::http::kit::extract::Query;
use crate::http::kit::lenient::{branch, opt_i64};
use crate::http::kit::paged_query;
use crate::http::kit::{page_index, page_size, Endpoints};
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    Endpoints::default().staff(routes!(balances))
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    #[serde(rename_all = "camelCase")]
    pub struct SaldosQuery {
        /// The sale's branch (admins; none or 0 = all).
        #[serde(default, deserialize_with = "opt_i64")]
                pub local_id: Option<i64>,
        /// One patient's balances, at every branch.
        #[serde(default, deserialize_with = "opt_i64")]
                pub id_paciente: Option<i64>,
    }
}

/// The open balances, oldest first, and the total owed.
#[utoipa::path(get, path = "/api/cuentas-corrientes", tag = "movimientos", operation_id = "cuentas_corrientes",
    params(SaldosQuery), responses((status = 200, body = CuentasCorrientes)))]
pub async fn balances(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<SaldosQuery>,
) -> Result<Json<CuentasCorrientes>, AppError> {
    let asked = branch(q.local_id);
    let local_id = match q.id_paciente {
        Some(_) if !caller.is_admin() => asked,
        _ => caller.branch_seen(asked),
    };
    let filtro = Filtro {
        local_id,
        paciente_id: q.id_paciente,
    };
    let number = page_index(q.page.unwrap_or(0))?;
    let size = page_size(q.size, 20)?;
    Ok(Json(
        read::page(&state.pool, filtro, state.today(), number, size).await?,
    ))
}
