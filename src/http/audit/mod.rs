//! The audit API (admins): the event log with filters, one entity's history, a product's stock
//! ledger and an entity as it stood at a moment.

use axum::extract::State;
use axum::Json;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use optica_query::audit::{self as read, AsientoStock, EventoAuditoria, FiltroAuditoria};
use optica_query::Page;
use serde::Deserialize;
use serde_json::Value;

use crate::auth::Admin;
use crate::error::AppError;
use crate::http::kit::extract::{ApiPath, Query};
use crate::http::kit::lenient::opt_i64;
use crate::http::kit::lenient::text;
use crate::http::kit::{page_index, page_size, Endpoints};
use crate::http::kit::{paged_query, staff_endpoints};
use crate::state::AppState;

/// The audit log, histories, the stock ledger and past states (admins).
pub fn endpoints() -> Endpoints {
    staff_endpoints!(log; history; stock; state_at)
}

const PAGE_SIZE: i64 = 20;

/// A moment from the query: an RFC 3339 instant, or a shop day (its start, or with `end` the
/// start of the next day).
fn instant(state: &AppState, value: Option<String>, end: bool) -> Result<Option<DateTime<Utc>>, AppError> {
    let Some(t) = text(value) else { return Ok(None) };
    if let Ok(at) = DateTime::parse_from_rfc3339(&t) {
        return Ok(Some(at.with_timezone(&Utc)));
    }
    let day = NaiveDate::parse_from_str(&t, "%Y-%m-%d")
        .map_err(|_| AppError::BadRequest(format!("La fecha '{t}' no es válida (formato aaaa-mm-dd)")))?;
    let day = if end { day.succ_opt().unwrap_or(day) } else { day };
    let start = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    Ok(state
        .timezone
        .from_local_datetime(&start)
        .earliest()
        .map(|t| t.with_timezone(&Utc)))
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    pub struct AuditQuery {
        /// Entity kind, as stored (MetodoPago) or as the log labels it (Método de pago).
        pub tipo: Option<String>,
        pub id: Option<String>,
        /// The acting user.
        pub usuario: Option<String>,
        /// A branch: the acting user's, or one the event names.
        #[serde(default, deserialize_with = "opt_i64")]
                pub local: Option<i64>,
        /// Event type, as stored (CajaCerrada) or as the log labels it (Caja cerrada).
        pub evento: Option<String>,
        /// From this day (`yyyy-MM-dd`, the shop's) or instant.
        pub desde: Option<String>,
        /// Up to this day, included, or instant.
        pub hasta: Option<String>,
    }
}

/// The event log, newest first.
#[utoipa::path(get, path = "/api/auditoria", tag = "auditoria", operation_id = "audit_log", params(AuditQuery),
    responses((status = 200, body = Page<EventoAuditoria>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn log(
    State(state): State<AppState>,
    _admin: Admin,
    Query(q): Query<AuditQuery>,
) -> Result<Json<Page<EventoAuditoria>>, AppError> {
    let page = page_index(q.page.unwrap_or(0))?;
    let size = page_size(q.size, PAGE_SIZE)?;
    let tipo = match text(q.tipo) {
        Some(t) => Some(
            read::labels::entidad(&t)
                .ok_or_else(|| AppError::BadRequest(format!("No hay entidades de tipo '{t}' en la auditoría.")))?
                .to_string(),
        ),
        None => None,
    };
    let filtro = FiltroAuditoria {
        tipo,
        id: text(q.id),
        usuario: text(q.usuario),
        local: q.local.filter(|l| *l != 0),
        evento: text(q.evento),
        desde: instant(&state, q.desde, false)?,
        hasta: instant(&state, q.hasta, true)?,
    };
    Ok(Json(read::page(&state.pool, &filtro, page, size).await?))
}

/// Every event of one entity, oldest first.
#[utoipa::path(get, path = "/api/auditoria/historial/{tipo}/{id}", tag = "auditoria", operation_id = "audit_history",
    params(("tipo" = String, Path), ("id" = String, Path)),
    responses((status = 200, body = Vec<EventoAuditoria>)))]
pub async fn history(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath((tipo, id)): ApiPath<(String, String)>,
) -> Result<Json<Vec<EventoAuditoria>>, AppError> {
    Ok(Json(read::history(&state.pool, &tipo, &id).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct AsOfQuery {
    /// The moment (`yyyy-MM-ddTHH:mm:ssZ`, or a shop day meaning its end); now when absent.
    pub hasta: Option<String>,
}

/// A product's stock ledger per branch, oldest first, with each change's resulting stock.
#[utoipa::path(get, path = "/api/auditoria/stock/{id}", tag = "auditoria", operation_id = "audit_stock",
    params(("id" = i64, Path), AsOfQuery),
    responses((status = 200, body = Vec<AsientoStock>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn stock(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath(id): ApiPath<i64>,
    Query(q): Query<AsOfQuery>,
) -> Result<Json<Vec<AsientoStock>>, AppError> {
    let hasta = instant(&state, q.hasta, true)?;
    Ok(Json(read::stock_ledger(&state.pool, id, hasta).await?))
}

/// A product, movement or patient as it stood at a moment, rebuilt from its events.
#[utoipa::path(get, path = "/api/auditoria/estado/{tipo}/{id}", tag = "auditoria", operation_id = "audit_state",
    params(("tipo" = String, Path), ("id" = String, Path), AsOfQuery),
    responses((status = 200, description = "the entity's state"), (status = 400, body = crate::http::kit::Mensaje),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn state_at(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath((tipo, id)): ApiPath<(String, String)>,
    Query(q): Query<AsOfQuery>,
) -> Result<Json<Value>, AppError> {
    let at = instant(&state, q.hasta, true)?;
    crate::audit::state_at(&state.pool, &tipo, &id, at)
        .await
        .map_err(AppError::BadRequest)?
        .map(Json)
        .ok_or_else(|| AppError::NotFound(format!("{tipo} {id} no existía en ese momento")))
}
