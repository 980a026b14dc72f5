//! The cash closing (arqueo): a branch's day is opened with a float, counted blind and
//! closed; an admin may reopen it with a reason. Sellers work at their own branch, admins at any.
//!
//! A count is compared with figures the server takes under the day's lock from the cash ledger
//! (`optica_command::closings`), so a sale racing the closing is either counted or refused.

mod body;
mod errors;

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use optica_command::closings::{self, Dia};
use optica_events::LookupKind;
use optica_query::closings::expected::MetodoEsperado;
use optica_query::closings::{self as read, CajaDia, Cierre, SinCerrar};
use optica_query::late::Shadow;
use optica_query::Page;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Admin, Caller, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::{day, opt_i64};
use crate::http::kit::references::Referenced;
use crate::http::kit::{page_index, page_size, pdf_download, Endpoints};
use crate::http::kit::{paged_query, staff_endpoints};
use crate::reports::closing_pdf;
use crate::state::AppState;
use body::{amounts, AperturaBody, CierreBody, ReaperturaBody};
use errors::command_error;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(closings; not_closed; get_day; expected; open; count; reopen; report)
}

/// The branch and day of a path, when the caller may work at that branch.
fn day_of(caller: &Caller, local_id: i64, fecha: String) -> Result<Dia, AppError> {
    if !caller.works_at(local_id) {
        return Err(AppError::Forbidden);
    }
    let dia = day(Some(fecha), "fecha")?.ok_or_else(|| AppError::BadRequest("Falta la fecha".into()))?;
    Ok((local_id, dia))
}

async fn read_day(state: &AppState, day: Dia) -> Result<CajaDia, AppError> {
    read_day_in(state, day, Shadow::NONE).await
}

/// The same, reading the day's rows from `shadow`.
async fn read_day_in(state: &AppState, (local_id, dia): Dia, shadow: Shadow<'_>) -> Result<CajaDia, AppError> {
    read::day_in(&state.pool, local_id, dia, shadow)
        .await?
        .ok_or_else(|| AppError::NotFound(format!("El local ID: {local_id} no existe en la base de datos!")))
}

/// Refuses amounts for payment methods that do not exist.
async fn known_methods(state: &AppState, list: &[body::MontoBody]) -> Result<(), AppError> {
    let wanted = list.iter().map(|m| (LookupKind::MetodoPago, m.metodo_pago_id));
    let known = Referenced::load(&state.pool, wanted).await?;
    for m in list {
        known.require(LookupKind::MetodoPago, m.metodo_pago_id)?;
    }
    Ok(())
}

/// A day's answer after a command.
#[derive(Debug, Serialize, ToSchema)]
pub struct CajaGuardada {
    pub mensaje: String,
    pub caja: CajaDia,
}

/// The answer with the day from its read model, or, when that is late (`caught` false),
/// as the day's stream has it.
async fn answer(state: &AppState, day: Dia, caught: bool, mensaje: &str) -> Result<Json<CajaGuardada>, AppError> {
    let caja = match caught {
        true => read_day(state, day).await?,
        false => {
            tracing::warn!(local_id = day.0, dia = %day.1, "la vista de cajas está atrasada: se responde lo registrado");
            let stream = closings::day_stream(&state.store, day.0, day.1).await?;
            let rows = match stream {
                Some(stream) => Some(read::committed(&state.pool, stream).await?),
                None => None,
            };
            read_day_in(state, day, Shadow(rows.as_ref())).await?
        }
    };
    Ok(Json(CajaGuardada {
        mensaje: mensaje.into(),
        caja,
    }))
}

/// A branch's day: its state, its float and, once counted, the last count against the expected
/// figures (hidden before the first count).
#[utoipa::path(get, path = "/api/caja/{localId}/{fecha}", tag = "caja", operation_id = "caja_dia",
    params(("localId" = i64, Path), ("fecha" = String, Path, description = "yyyy-MM-dd")),
    responses((status = 200, body = CajaDia), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn get_day(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath((local_id, fecha)): ApiPath<(i64, String)>,
) -> Result<Json<CajaDia>, AppError> {
    let day = day_of(&caller, local_id, fecha)?;
    Ok(Json(read_day(&state, day).await?))
}

/// What makes up each method's expected figure: the float, each sale, collection, refund and
/// expense of the day. Shown once the day was counted, as the figures themselves are: the count
/// is blind.
#[utoipa::path(get, path = "/api/caja/{localId}/{fecha}/esperado", tag = "caja", operation_id = "caja_esperado",
    params(("localId" = i64, Path), ("fecha" = String, Path, description = "yyyy-MM-dd")),
    responses((status = 200, body = Vec<MetodoEsperado>), (status = 404, body = crate::http::kit::Mensaje),
    (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn expected(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath((local_id, fecha)): ApiPath<(i64, String)>,
) -> Result<Json<Vec<MetodoEsperado>>, AppError> {
    let day = day_of(&caller, local_id, fecha)?;
    let caja = read_day(&state, day).await?;
    if caja.conteos == 0 {
        return Err(AppError::Conflict(
            "Lo esperado se ve después de contar la caja: el conteo es a ciegas.".into(),
        ));
    }
    // A seller opens only their branch's movements, though a collection here may pay another's.
    let visible = caller.branch_seen(None);
    Ok(Json(
        read::expected::breakdown(&state.pool, day.0, day.1, visible).await?,
    ))
}

/// Opens a day with its float, or corrects the float while the day is open.
#[utoipa::path(post, path = "/api/caja/{localId}/{fecha}/apertura", tag = "caja", operation_id = "caja_abrir",
    params(("localId" = i64, Path), ("fecha" = String, Path, description = "yyyy-MM-dd")),
    request_body = AperturaBody,
    responses((status = 200, body = CajaGuardada), (status = 400, description = "errors")))]
pub async fn open(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath((local_id, fecha)): ApiPath<(i64, String)>,
    ApiJson(body): ApiJson<AperturaBody>,
) -> Result<Json<CajaGuardada>, AppError> {
    let day = day_of(&caller, local_id, fecha)?;
    read_day(&state, day).await?;
    known_methods(&state, &body.fondo).await?;
    let metadata = meta.metadata(caller.actor());
    let fondo = amounts(&body.fondo)?;
    let outcome = closings::open(&state.store, day, state.today(), fondo, caller.is_admin(), &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, command_error).await?;
    answer(&state, day, caught, "La caja ha sido abierta!").await
}

/// Records a count. When it matches the expected figures, or comes with a reason, the day is
/// closed; otherwise the answer shows the differences and the day stays open for a recount or
/// a reason.
#[utoipa::path(post, path = "/api/caja/{localId}/{fecha}/cierre", tag = "caja", operation_id = "caja_cerrar",
    params(("localId" = i64, Path), ("fecha" = String, Path, description = "yyyy-MM-dd")),
    request_body = CierreBody,
    responses((status = 200, body = CajaGuardada), (status = 400, description = "errors")))]
pub async fn count(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath((local_id, fecha)): ApiPath<(i64, String)>,
    ApiJson(body): ApiJson<CierreBody>,
) -> Result<Json<CajaGuardada>, AppError> {
    let day = day_of(&caller, local_id, fecha)?;
    read_day(&state, day).await?;
    let metadata = meta.metadata(caller.actor());
    known_methods(&state, &body.contado).await?;
    let outcome = closings::count(
        &state.store,
        day,
        state.today(),
        amounts(&body.contado)?,
        body.motivo,
        &metadata,
    )
    .await
    .map_err(command_error)?;
    let closed = matches!(outcome.id, optica_events::closings::CajaEvent::CajaCerrada { .. });
    let (_, caught) = dispatch::settled_in_time(&state, outcome).await?;
    let mensaje = if closed {
        "La caja ha sido cerrada!"
    } else {
        "El conteo no coincide con lo esperado: volvé a contar o escribí el motivo de la diferencia para cerrar la caja."
    };
    answer(&state, day, caught, mensaje).await
}

/// Reopens a closed day, with the reason (admins only).
#[utoipa::path(post, path = "/api/caja/{localId}/{fecha}/reapertura", tag = "caja", operation_id = "caja_reabrir",
    params(("localId" = i64, Path), ("fecha" = String, Path, description = "yyyy-MM-dd")),
    request_body = ReaperturaBody,
    responses((status = 200, body = CajaGuardada), (status = 400, description = "errors")))]
pub async fn reopen(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath((local_id, fecha)): ApiPath<(i64, String)>,
    ApiJson(body): ApiJson<ReaperturaBody>,
) -> Result<Json<CajaGuardada>, AppError> {
    let day = day_of(&caller, local_id, fecha)?;
    read_day(&state, day).await?;
    let metadata = meta.metadata(caller.actor());
    let motivo = body.motivo.unwrap_or_default();
    let outcome = closings::reopen(&state.store, day, motivo, &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, command_error).await?;
    answer(&state, day, caught, "La caja ha sido reabierta!").await
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    #[serde(rename_all = "camelCase")]
    pub struct CierresQuery {
        /// Branch (admins; none or 0 = all). Sellers always get their own.
        #[serde(default, deserialize_with = "opt_i64")]
                pub local_id: Option<i64>,
    }
}

/// The counted days, newest first, with their totals and differences.
#[utoipa::path(get, path = "/api/caja/cierres", tag = "caja", operation_id = "caja_cierres",
    params(CierresQuery), responses((status = 200, body = Page<Cierre>)))]
pub async fn closings(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<CierresQuery>,
) -> Result<Json<Page<Cierre>>, AppError> {
    let local = caller.branch_seen(crate::http::kit::lenient::branch(q.local_id));
    let number = page_index(q.page.unwrap_or(0))?;
    let size = page_size(q.size, 20)?;
    Ok(Json(read::closings(&state.pool, local, number, size).await?))
}

/// Every past day that holds money and that no closing counted ("Días sin cerrar"): an admin
/// opens and closes each, or reopens it, so that no money stays out of a count.
#[utoipa::path(get, path = "/api/caja/sin-cerrar", tag = "caja", operation_id = "caja_sin_cerrar",
    params(("localId" = Option<i64>, Query, description = "one branch; none or 0 = all")),
    responses((status = 200, body = Vec<SinCerrar>)))]
pub async fn not_closed(
    State(state): State<AppState>,
    _admin: Admin,
    Query(q): Query<CierresQuery>,
) -> Result<Json<Vec<SinCerrar>>, AppError> {
    let local = crate::http::kit::lenient::branch(q.local_id);
    Ok(Json(read::not_closed(&state.pool, local, state.today()).await?))
}

/// A day's closing report, as PDF.
#[utoipa::path(get, path = "/api/caja/{localId}/{fecha}/reporte", tag = "caja", operation_id = "caja_reporte",
    params(("localId" = i64, Path), ("fecha" = String, Path, description = "yyyy-MM-dd")),
    responses((status = 200, content_type = "application/pdf", description = "the report"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn report(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath((local_id, fecha)): ApiPath<(i64, String)>,
) -> Result<Response, AppError> {
    let day = day_of(&caller, local_id, fecha)?;
    let caja = read_day(&state, day).await?;
    let cierre = read::closed_by(&state.pool, day.0, day.1)
        .await?
        .map(|(usuario, at)| closing_pdf::Cierre {
            usuario,
            en: at.with_timezone(&state.timezone).naive_local(),
        });
    let filename = format!("cierre_caja_{}_{}.pdf", day.0, day.1);
    pdf_download(&filename, move || closing_pdf::closing(&caja, cierre.as_ref())).await
}
