//! The cash-box lists, totals, reports and the public order status (contract §4.4, §5.5, §5.6,
//! §6.2).
//!
//! A seller's lists are always their own branch's; the all-time totals are for admins; the
//! public status answers only the order's state, and only to the holder of its signed code.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use chrono::NaiveDate;
use optica_events::movements::{EstadoMovimiento, TipoMovimiento};
use optica_query::movements::lists::{self as read, Filtro};
use optica_query::movements::{self as movements, Movimiento};
use optica_query::Page;
use serde::{Deserialize, Serialize};

use crate::auth::order_code as status;
use crate::auth::{Caller, Staff};
use crate::error::AppError;
use crate::http::kit::extract::{ApiPath, Query};
use crate::http::kit::lenient::{branch, day, opt_i64, text};
use crate::http::kit::{page_index, page_size, pdf_download, Endpoints};
use crate::http::kit::{paged_query, staff_endpoints};
use crate::reports::movement_pdf as pdf;
use crate::reports::receipt_pdf::Tienda;
use crate::state::AppState;
use utoipa_axum::routes;

/// The lists, totals and copies for staff, and the public order status for customers.
pub fn endpoints() -> Endpoints {
    staff_endpoints!(filter; filter_all; by_movement; totals; page; between_dates; customer_pdf; shop_pdf)
        .public(routes!(public_status))
}

/// The list's page size (contract §5.5).
const PAGE_SIZE: i64 = 10;

/// Each row as the caller may read it (`as_read_by`), with its public status code.
fn with_codes(state: &AppState, caller: &Caller, rows: &mut Vec<Movimiento>) {
    let read: Vec<Movimiento> = std::mem::take(rows)
        .into_iter()
        .map(|m| super::as_read_by(state, caller, m))
        .collect();
    *rows = read;
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    #[serde(rename_all = "camelCase")]
    pub struct FiltroQuery {
        /// Branch (admins; 0 = all). Other staff always get their own.
        #[serde(default, deserialize_with = "opt_i64")]
                pub id_local: Option<i64>,
        /// ENTRADA or SALIDA.
        pub tipo_movimiento: Option<String>,
        /// Part of the patient's name (case and accents ignored).
        pub nombre_paciente: Option<String>,
        /// The payment's day, `yyyy-MM-dd`.
        pub fecha: Option<String>,
        /// The payment method's exact name.
        pub metodo_pago: Option<String>,
        /// One patient's movements, by id.
        #[serde(default, deserialize_with = "opt_i64")]
                pub id_paciente: Option<i64>,
        /// `true`: only movements with a balance still owed.
        pub con_deuda: Option<bool>,
    }
}

impl FiltroQuery {
    /// The filter with the page asked for and its size (checked).
    fn paged(self, caller: &Caller) -> Result<(Filtro, i64, i64), AppError> {
        let page = page_index(self.page.unwrap_or(0))?;
        let size = page_size(self.size, PAGE_SIZE)?;
        Ok((self.filtro(caller)?, page, size))
    }

    fn filtro(self, caller: &Caller) -> Result<Filtro, AppError> {
        let tipo = text(self.tipo_movimiento);
        if let Some(t) = &tipo {
            if t != "ENTRADA" && t != "SALIDA" {
                return Err(AppError::BadRequest(format!(
                    "El tipo de movimiento '{t}' no es válido (ENTRADA o SALIDA)"
                )));
            }
        }
        Ok(Filtro {
            local_id: caller.branch_seen(branch(self.id_local)),
            tipo,
            nombre_paciente: text(self.nombre_paciente),
            fecha: day(self.fecha, "fecha")?,
            metodo_pago: text(self.metodo_pago),
            paciente_id: self.id_paciente,
            con_deuda: self.con_deuda.unwrap_or(false),
        })
    }
}

/// A page of the cash box: one row per payment, newest first; each row is the payment's movement
/// dated with the payment's date.
#[utoipa::path(get, path = "/api/movimientos/filtrar", tag = "movimientos", operation_id = "movimiento_filter",
    params(FiltroQuery),
    responses((status = 200, body = Page<Movimiento>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn filter(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(query): Query<FiltroQuery>,
) -> Result<Json<Page<Movimiento>>, AppError> {
    let (filtro, page, size) = query.paged(&caller)?;
    let mut found = read::page(&state.pool, &filtro, caller.viewer(), page, size).await?;
    with_codes(&state, &caller, &mut found.content);
    Ok(Json(found))
}

/// A page of the cash box as our web app lists it: one row per movement, newest first, with its
/// payments, description and debt (`fecha`: the movement's day; `metodoPago`: any of its
/// payments'). A seller's list is always their own branch's.
#[utoipa::path(get, path = "/api/movimientos/lista", tag = "movimientos", operation_id = "movimiento_list",
    params(FiltroQuery),
    responses((status = 200, body = Page<Movimiento>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn by_movement(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(query): Query<FiltroQuery>,
) -> Result<Json<Page<Movimiento>>, AppError> {
    let (filtro, page, size) = query.paged(&caller)?;
    let mut found = read::movement_rows_page(&state.pool, &filtro, caller.viewer(), page, size).await?;
    with_codes(&state, &caller, &mut found.content);
    Ok(Json(found))
}

/// Every row of one day (the web app's per-day sums); the day is required.
#[utoipa::path(get, path = "/api/movimientos/filtrar-completo", tag = "movimientos",
    operation_id = "movimiento_filter_all", params(FiltroQuery),
    responses((status = 200, body = Vec<Movimiento>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn filter_all(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(query): Query<FiltroQuery>,
) -> Result<Json<Vec<Movimiento>>, AppError> {
    let filtro = query.filtro(&caller)?;
    if filtro.fecha.is_none() {
        return Err(AppError::BadRequest("Debe indicar la fecha".into()));
    }
    let mut rows = read::all(&state.pool, &filtro, caller.viewer()).await?;
    with_codes(&state, &caller, &mut rows);
    Ok(Json(rows))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct LocalQuery {
    /// Branch; 0 or absent = all.
    #[serde(default, deserialize_with = "opt_i64")]
    pub id_local: Option<i64>,
}

/// All-time cash per payment method: ENTRADA adds, SALIDA subtracts. An admin chooses the
/// branch (0 or none: all); anyone else gets their own branch's, whatever `idLocal` says (the
/// existing front end asks for every role, and hides the figures from sellers itself).
#[utoipa::path(get, path = "/api/movimientos/totales", tag = "movimientos", operation_id = "movimiento_totals",
    params(LocalQuery),
    responses((status = 200, body = BTreeMap<String, f64>)))]
pub async fn totals(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(query): Query<LocalQuery>,
) -> Result<Json<BTreeMap<String, f64>>, AppError> {
    let local_id = caller.branch_seen(branch(query.id_local));
    Ok(Json(read::totals(&state.pool, local_id).await?))
}

/// What anyone holding the link may know of an order: its state, and which order it is (its day
/// and branch; nothing personal, no amounts).
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstadoCompra {
    pub estado_movimiento: Option<EstadoMovimiento>,
    /// The day of the order, `aaaa-mm-dd`.
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    /// The branch's name.
    pub local: Option<String>,
}

/// The public order status: no login, only the state and which order it is, only for a
/// correctly signed code.
#[utoipa::path(get, path = "/api/movimientos/estado/{codigo}", tag = "movimientos", operation_id = "movimiento_status",
    params(("codigo" = String, Path)),
    responses((status = 200, body = EstadoCompra), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn public_status(
    State(state): State<AppState>,
    ApiPath(codigo): ApiPath<String>,
) -> Result<Json<EstadoCompra>, AppError> {
    let missing = || AppError::NotFound("No encontramos ese pedido. Revise el enlace que le enviamos.".into());
    let id = status::movement_of(&state.auth.signing_key, &codigo).ok_or_else(missing)?;
    let pedido = movements::pedido(&state.pool, id).await?.ok_or_else(missing)?;
    Ok(Json(EstadoCompra {
        estado_movimiento: pedido.estado.map(|e| e.0),
        fecha: pedido.fecha.date(),
        local: pedido.local,
    }))
}

/// Which copy of the report.
#[derive(Clone, Copy)]
enum Copia {
    Cliente,
    Optica,
}

async fn report(state: &AppState, caller: &Caller, id: i64, copia: Copia) -> Result<Response, AppError> {
    let not_found = || AppError::NotFound(format!("El movimiento ID: {id} no existe en la base de datos!"));
    let local_id = movements::branch_of(&state.pool, id).await?.ok_or_else(not_found)?;
    if !caller.works_at(local_id) {
        return Err(AppError::Forbidden);
    }
    let movimiento = movements::by_id(&state.pool, id, caller.viewer())
        .await?
        .ok_or_else(not_found)?;
    let enlace = (movimiento.tipo_movimiento == TipoMovimiento::Entrada).then(|| state.status_link(id));
    let shop = state.shop.clone();
    pdf_download(&format!("reporte_movimiento_{id}.pdf"), move || match copia {
        Copia::Cliente => crate::reports::receipt_pdf::receipt(&movimiento, &Tienda::of(&shop), enlace.as_deref()),
        Copia::Optica => pdf::shop(&movimiento),
    })
    .await
}

/// The customer's copy of a movement, as PDF.
#[utoipa::path(get, path = "/api/movimientos/reporteCliente/{id}", tag = "movimientos",
    operation_id = "movimiento_customer_pdf", params(("id" = i64, Path)),
    responses((status = 200, content_type = "application/pdf", description = "the report"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn customer_pdf(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, AppError> {
    report(&state, &caller, id, Copia::Cliente).await
}

/// The shop's copy, with the patient's latest prescription.
#[utoipa::path(get, path = "/api/movimientos/reporteOptica/{id}", tag = "movimientos",
    operation_id = "movimiento_shop_pdf", params(("id" = i64, Path)),
    responses((status = 200, content_type = "application/pdf", description = "the report"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn shop_pdf(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, AppError> {
    report(&state, &caller, id, Copia::Optica).await
}

/// The movements page size of the plain pages (contract §4.4).
const MOVEMENTS_PAGE_SIZE: i64 = 12;

/// Page `page` of movements, newest first (a seller's branch only).
#[utoipa::path(get, path = "/api/movimientos/paginado/{page}", tag = "movimientos", operation_id = "movimiento_page",
    params(("page" = i64, Path)),
    responses((status = 200, body = Page<Movimiento>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn page(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(page): ApiPath<i64>,
) -> Result<Json<Page<Movimiento>>, AppError> {
    let page = page_index(page)?;
    let local_id = caller.branch_seen(None);
    let mut found =
        read::movements_page(&state.pool, local_id, None, caller.viewer(), page, MOVEMENTS_PAGE_SIZE).await?;
    with_codes(&state, &caller, &mut found.content);
    Ok(Json(found))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct BetweenDates {
    /// `yyyy-MM-dd`
    pub fecha_inicio: Option<String>,
    /// `yyyy-MM-dd`, included.
    pub fecha_fin: Option<String>,
    #[serde(default, deserialize_with = "opt_i64")]
    pub page: Option<i64>,
    /// Defaults to 10 (the old front end leaves it out).
    #[serde(default, deserialize_with = "opt_i64")]
    pub size: Option<i64>,
}

/// Movements dated within two days (both included), newest first (a seller's branch only).
#[utoipa::path(get, path = "/api/movimientos/buscar/entre-fechas", tag = "movimientos",
    operation_id = "movimiento_between_dates", params(BetweenDates),
    responses((status = 200, body = Page<Movimiento>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn between_dates(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(query): Query<BetweenDates>,
) -> Result<Json<Page<Movimiento>>, AppError> {
    let dates = crate::http::kit::lenient::period(query.fecha_inicio, query.fecha_fin)?;
    let page = page_index(query.page.unwrap_or(0))?;
    let size = page_size(query.size, PAGE_SIZE)?;
    let local_id = caller.branch_seen(None);
    let mut found = read::movements_page(&state.pool, local_id, Some(dates), caller.viewer(), page, size).await?;
    with_codes(&state, &caller, &mut found.content);
    Ok(Json(found))
}
