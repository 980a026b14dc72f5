//! The statistics page's figures and reports (contract §4.4, §4.5, §5.6, §6.1): cash per payment
//! method, units sold and sales per day over a period, lenses and patients per branch, and the
//! two sales workbooks: what was sold, by the sale's day and net of returns. Beside them, what
//! came in (`ingresos`), by the day and branch of the money, equal to the cash closings. All of
//! it is for admins but the per-branch counts, which any staff member may read.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use optica_query::lookups;
use optica_query::statistics::{self as read, EntradaSalida, Ingreso, Periodo, VentasDelDia};
use serde::{Deserialize, Serialize};

use crate::auth::{Admin, Staff};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, Query};
use crate::http::kit::lenient::opt_i64;
use crate::http::kit::lenient::{branch, period};
use crate::http::kit::staff_endpoints;
use crate::reports::sales_excel as excel;
use crate::state::AppState;

use crate::http::kit::Endpoints;

/// The sales figures, the daily chart and the sales workbooks.
pub fn endpoints() -> Endpoints {
    staff_endpoints!(earned; sold; lenses; patients; sales_per_day; income; sales_excel; brands_excel)
}

/// A period of movement dates at a branch (`local` 0 = all), as the statistics page sends it.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PeriodoBody {
    /// Branch id; 0 = all.
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub local: Option<i64>,
    /// `yyyy-MM-dd`
    pub fecha_inicio: Option<String>,
    /// `yyyy-MM-dd`, included.
    pub fecha_fin: Option<String>,
}

impl PeriodoBody {
    pub(crate) fn periodo(self) -> Result<Periodo, AppError> {
        let (desde, hasta) = period(self.fecha_inicio, self.fecha_fin)?;
        Ok(Periodo {
            local_id: branch(self.local),
            desde,
            hasta,
        })
    }
}

/// Per payment method, what came in and went out through the movements of the period.
#[utoipa::path(post, path = "/api/movimientos/total-ganado", tag = "movimientos", operation_id = "movimiento_earned",
    request_body = PeriodoBody,
    responses((status = 200, body = BTreeMap<String, EntradaSalida>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn earned(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<PeriodoBody>,
) -> Result<Json<BTreeMap<String, EntradaSalida>>, AppError> {
    Ok(Json(read::earned(&state.pool, body.periodo()?).await?))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Cantidad {
    pub total: i64,
}

/// Units sold in the period (product lines of sales; additional lines do not count).
#[utoipa::path(post, path = "/api/movimientos/total-vendido", tag = "movimientos", operation_id = "movimiento_sold",
    request_body = PeriodoBody,
    responses((status = 200, body = Cantidad), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn sold(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<PeriodoBody>,
) -> Result<Json<Cantidad>, AppError> {
    let total = read::units_sold(&state.pool, body.periodo()?, false).await?;
    Ok(Json(Cantidad { total }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct BranchQuery {
    /// Branch; 0 or absent = all.
    #[serde(default, deserialize_with = "opt_i64")]
    pub local: Option<i64>,
}

/// Lenses sold at a branch, all time (lines whose product was a lens at the sale).
#[utoipa::path(get, path = "/api/movimientos/cantidad-lentes", tag = "movimientos", operation_id = "movimiento_lenses",
    params(BranchQuery),
    responses((status = 200, body = Cantidad)))]
pub async fn lenses(
    State(state): State<AppState>,
    _staff: Staff,
    Query(query): Query<BranchQuery>,
) -> Result<Json<Cantidad>, AppError> {
    let total = read::units_sold(&state.pool, Periodo::always(branch(query.local)), true).await?;
    Ok(Json(Cantidad { total }))
}

/// Patients registered at a branch.
#[utoipa::path(get, path = "/api/movimientos/cantidad-pacientes", tag = "movimientos",
    operation_id = "movimiento_patients", params(BranchQuery),
    responses((status = 200, body = Cantidad)))]
pub async fn patients(
    State(state): State<AppState>,
    _staff: Staff,
    Query(query): Query<BranchQuery>,
) -> Result<Json<Cantidad>, AppError> {
    let total = optica_query::movements::lists::patients_at(&state.pool, branch(query.local)).await?;
    Ok(Json(Cantidad { total }))
}

/// Sales per day over the period (the statistics chart), oldest first; days without sales are
/// left out.
#[utoipa::path(post, path = "/api/estadisticas/ventas-por-dia", tag = "estadisticas",
    operation_id = "estadisticas_sales_per_day", request_body = PeriodoBody,
    responses((status = 200, body = Vec<VentasDelDia>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn sales_per_day(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<PeriodoBody>,
) -> Result<Json<Vec<VentasDelDia>>, AppError> {
    Ok(Json(read::sales_per_day(&state.pool, body.periodo()?).await?))
}

/// What came in and went out per payment method over the period, by the day and branch where
/// the money moved: what the cash closings of those days expect, less their floats.
#[utoipa::path(post, path = "/api/estadisticas/ingresos", tag = "estadisticas",
    operation_id = "estadisticas_income", request_body = PeriodoBody,
    responses((status = 200, body = Vec<Ingreso>), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn income(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<PeriodoBody>,
) -> Result<Json<Vec<Ingreso>>, AppError> {
    Ok(Json(read::income(&state.pool, body.periodo()?).await?))
}

/// The period and the name its files carry: the branch's name (lower case, spaces to `_`) or
/// 'todos los locales', then the two days.
async fn named_period(state: &AppState, body: PeriodoBody) -> Result<(Periodo, String), AppError> {
    let periodo = body.periodo()?;
    let branch = match periodo.local_id {
        None => "todos los locales".to_string(),
        Some(id) => lookups::get(&state.pool, "Local", id)
            .await?
            .ok_or_else(|| AppError::BadRequest(crate::http::kit::references::Missing::Local.to_string()))?
            .nombre
            .trim()
            .to_lowercase()
            .replace(' ', "_"),
    };
    let name = format!(
        "{branch}_{}_hasta_{}.xlsx",
        periodo.desde.format("%Y-%m-%d"),
        periodo.hasta.format("%Y-%m-%d")
    );
    Ok((periodo, name))
}

fn workbook(bytes: Vec<u8>, name: &str) -> Response {
    crate::http::kit::xlsx_download(bytes, name)
}

/// The products sold in the period, with lenses sold as additional lines (sheet
/// `Productos Vendidos`).
#[utoipa::path(post, path = "/api/excel/ventas", tag = "estadisticas", operation_id = "excel_sales",
    request_body = PeriodoBody,
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    description = "the workbook"), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn sales_excel(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<PeriodoBody>,
) -> Result<Response, AppError> {
    let (periodo, name) = named_period(&state, body).await?;
    let products = read::products_sold(&state.pool, periodo).await?;
    let lenses = read::lenses_sold(&state.pool, periodo).await?;
    let bytes = excel::sales_workbook(&products, &lenses).map_err(AppError::internal)?;
    Ok(workbook(bytes, &format!("ventas_{name}")))
}

/// The product sales of the period per brand (sheet `Resumen por Marca`).
#[utoipa::path(post, path = "/api/excel/ventas/marcas", tag = "estadisticas", operation_id = "excel_brands",
    request_body = PeriodoBody,
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    description = "the workbook"), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn brands_excel(
    State(state): State<AppState>,
    _admin: Admin,
    ApiJson(body): ApiJson<PeriodoBody>,
) -> Result<Response, AppError> {
    let (periodo, name) = named_period(&state, body).await?;
    let brands = read::brands_sold(&state.pool, periodo).await?;
    let bytes = excel::brands_workbook(&brands).map_err(AppError::internal)?;
    Ok(workbook(bytes, &format!("marcas_vendidas_{name}")))
}
