//! A card's plans in cuotas. Staff read the plans in force on a day (the payment form offers
//! them); admins keep each payment method's plans: a plan's surcharge from a date on, or the day
//! it stops being offered. A payment charged on a plan is the movements' (`cuotas` on a payment).

use axum::extract::State;
use axum::Json;
use chrono::NaiveDate;
use optica_command::card_plans::{self, PlanesCommand, PlanesError, PlanesTarjeta, Regla};
use optica_command::CommandError;
use optica_query::card_plans::{self as read, PlanVigente, Planes};
use optica_query::lookups::Nombrado;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Admin, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::{texts, AppError};
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::{checked_date, day, opt_i64, NumText};
use crate::http::kit::{read_or_committed, staff_endpoints, Created, Endpoints};
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(in_force; of_method, set_rate; withdraw)
}

fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El método de pago {id} no existe."))
}

fn command_error(e: CommandError<PlanesError>) -> AppError {
    match e {
        CommandError::Domain(PlanesError::Invalid(rules)) => AppError::Validation(texts(&rules)),
        other => dispatch::store_failure(other),
    }
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct DiaQuery {
    /// `aaaa-mm-dd`; default today.
    pub fecha: Option<String>,
}

/// The plans every payment method offers on a day (default today), by method and cuotas.
#[utoipa::path(get, path = "/api/planesTarjeta", tag = "planes de tarjeta", operation_id = "planes_vigentes",
    params(DiaQuery), responses((status = 200, body = Vec<PlanVigente>), (status = 400, description = "errors")))]
pub async fn in_force(
    State(state): State<AppState>,
    _staff: Staff,
    Query(q): Query<DiaQuery>,
) -> Result<Json<Vec<PlanVigente>>, AppError> {
    let dia = day(q.fecha, "fecha")?.unwrap_or_else(|| state.today());
    Ok(Json(read::in_force(&state.pool, dia).await?))
}

/// A payment method's plans: today's rate of each and its whole history (admins).
#[utoipa::path(get, path = "/api/metodoPago/{id}/planes", tag = "planes de tarjeta", operation_id = "planes_del_metodo",
    params(("id" = i64, Path)), responses((status = 200, body = Planes), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn of_method(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Planes>, AppError> {
    let planes = read::of_method(&state.pool, id, state.today()).await?;
    planes.map(Json).ok_or_else(|| not_found(id))
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct TasaBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub cuotas: Option<i64>,
    /// Percent, as typed ('10,5') or a number; 0 is "sin interés".
    #[schema(value_type = Option<String>)]
    pub recargo: Option<NumText>,
    /// `aaaa-mm-dd`, the first day of the rate; default today.
    pub desde: Option<String>,
}

/// A change's answer: its message and the method's plans as they are now.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanesGuardados {
    pub mensaje: String,
    pub planes: Planes,
}

/// Cuotas as the body or the path gives them, or the rule they break.
fn cuotas(value: Option<i64>) -> Result<u32, String> {
    value
        .and_then(optica_events::card_plans::cuotas)
        .ok_or_else(|| Regla::CuotasFueraDeRango.to_string())
}

/// The first day of a change: as given, or today.
fn desde(state: &AppState, text: Option<&str>) -> Result<NaiveDate, String> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        None => Ok(state.today()),
        Some(t) => checked_date(t, "fecha de inicio"),
    }
}

/// Runs a change on method `id`'s plans and answers with them as they are after it.
async fn change(
    state: &AppState,
    caller: &crate::auth::Caller,
    meta: RequestMeta,
    id: i64,
    command: PlanesCommand,
    mensaje: String,
) -> Result<PlanesGuardados, AppError> {
    let metodo = optica_query::lookups::named(&state.pool, &[("MetodoPago", id)]).await?;
    let Some((_, _, nombre)) = metodo.into_iter().next() else {
        return Err(not_found(id));
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = card_plans::change(&state.store, id, command, &metadata).await;
    let (_, caught) = dispatch::committed(state, outcome, command_error).await?;
    let hoy = state.today();
    let committed = async {
        tracing::warn!(
            id,
            "la vista de planes de tarjeta está atrasada: se responde lo registrado"
        );
        let (planes, _) = state.store.load::<PlanesTarjeta>(&id.to_string()).await?;
        let rates = planes
            .tasas()
            .map(|(c, d, r)| (c as i32, d, r.map(|r| r.hundredths() as i32)))
            .collect();
        Ok::<_, AppError>(Some(read::assemble(Nombrado { id, nombre }, rates, hoy)))
    };
    let planes = read_or_committed(caught, read::of_method(&state.pool, id, hoy), committed).await?;
    Ok(PlanesGuardados {
        mensaje,
        planes: planes.ok_or_else(|| not_found(id))?,
    })
}

/// Sets a plan's surcharge from a day on (admins): a new plan, or a new rate of one offered.
/// Payments already charged keep the rate they were charged at.
#[utoipa::path(post, path = "/api/metodoPago/{id}/planes", tag = "planes de tarjeta", operation_id = "plan_fijar_tasa",
    params(("id" = i64, Path)), request_body = TasaBody,
    responses((status = 201, body = PlanesGuardados), (status = 400, description = "errors"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn set_rate(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<TasaBody>,
) -> Result<Created<PlanesGuardados>, AppError> {
    let cuotas = cuotas(body.cuotas);
    let recargo = match body.recargo.as_ref().map(|t| t.percent("El recargo")) {
        Some(Err(reason)) => Err(reason),
        Some(Ok(Some(recargo))) => Ok(recargo),
        _ => Err(Regla::RecargoFueraDeRango.to_string()),
    };
    let desde = desde(&state, body.desde.as_deref());
    let (cuotas, recargo, desde) = match (cuotas, recargo, desde) {
        (Ok(c), Ok(r), Ok(d)) => (c, r, d),
        (c, r, d) => {
            return Err(AppError::Validation(
                [c.err(), r.err(), d.err()].into_iter().flatten().collect(),
            ))
        }
    };
    let mensaje = format!("El plan de {cuotas} cuotas ha sido guardado!");
    let command = PlanesCommand::FijarTasa { cuotas, recargo, desde };
    Ok(Created(change(&state, &caller, meta, id, command, mensaje).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct RetiroQuery {
    /// `aaaa-mm-dd`, the first day the plan is not offered; default today.
    pub desde: Option<String>,
}

/// Stops offering a plan from a day on (admins).
#[utoipa::path(delete, path = "/api/metodoPago/{id}/planes/{cuotas}", tag = "planes de tarjeta",
    operation_id = "plan_retirar", params(("id" = i64, Path), ("cuotas" = i64, Path), RetiroQuery),
    responses((status = 200, body = PlanesGuardados), (status = 400, description = "errors"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn withdraw(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath((id, cuotas_path)): ApiPath<(i64, i64)>,
    Query(q): Query<RetiroQuery>,
) -> Result<Json<PlanesGuardados>, AppError> {
    let cuotas = cuotas(Some(cuotas_path)).map_err(|e| AppError::Validation(vec![e]))?;
    let desde = desde(&state, q.desde.as_deref()).map_err(|e| AppError::Validation(vec![e]))?;
    let mensaje = format!(
        "El plan de {cuotas} cuotas deja de ofrecerse desde el {}.",
        desde.format("%d/%m/%Y")
    );
    let command = PlanesCommand::Retirar { cuotas, desde };
    Ok(Json(change(&state, &caller, meta, id, command, mensaje).await?))
}
