//! Liquidaciones (admins): the covered sales of a month an obra social has not been presented
//! yet, presenting them, its payments by bank with what it rejected (débitos) and why, billing
//! a débito to the patient, and the liquidación's workbook and PDF for the obra social.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use chrono::NaiveDate;
use optica_command::settlements::{self, CobroBanco, LiquidacionError};
use optica_command::CommandError;
use optica_events::settlements::Debito;
use optica_events::Money;
use optica_query::settlements::{self as read, Liquidacion, LiquidacionDetalle, VentaCubierta};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::Admin;
use crate::dispatch::{self, RequestMeta};
use crate::error::{texts, AppError};
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::{checked_date, opt_i64, NumText};
use crate::http::kit::{pdf_download, staff_endpoints, xlsx_download, Created, Endpoints, Mensaje};
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(pending; list, present; get; collect; bill; excel; pdf)
}

fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("La liquidación {id} no existe."))
}

fn command_error(id: i64, e: CommandError<LiquidacionError>) -> AppError {
    match e {
        CommandError::Domain(LiquidacionError::Invalid(rules)) => AppError::Validation(texts(&rules)),
        CommandError::Domain(_) => not_found(id),
        other => dispatch::store_failure(other),
    }
}

/// A month typed `aaaa-mm` (or a day of it), from 2000 on.
fn month(text: Option<&str>) -> Result<NaiveDate, AppError> {
    let text = text.map(str::trim).unwrap_or_default();
    let day = NaiveDate::parse_from_str(&format!("{text}-01"), "%Y-%m-%d")
        .or_else(|_| NaiveDate::parse_from_str(text, "%Y-%m-%d"))
        .ok()
        .filter(|d| (2000..=2100).contains(&chrono::Datelike::year(d)));
    day.map(optica_events::settlements::mes_de).ok_or_else(|| {
        AppError::BadRequest(format!(
            "El mes '{text}' no es válido (formato aaaa-mm, por ejemplo 2026-11)."
        ))
    })
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct PendientesQuery {
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = i64)]
    pub obra_social_id: Option<i64>,
    /// `aaaa-mm`
    pub mes: Option<String>,
}

/// The covered sales of an obra social in a month that no liquidación presented yet: what a
/// new liquidación would present, with what the obra social requires of each.
#[utoipa::path(get, path = "/api/liquidaciones/pendientes", tag = "liquidaciones", operation_id = "liquidaciones_pendientes",
    params(PendientesQuery),
    responses((status = 200, body = Vec<VentaCubierta>), (status = 400, body = Mensaje)))]
pub async fn pending(
    State(state): State<AppState>,
    _admin: Admin,
    Query(q): Query<PendientesQuery>,
) -> Result<Json<Vec<VentaCubierta>>, AppError> {
    let Some(obra_social_id) = q.obra_social_id else {
        return Err(AppError::BadRequest("Elegí la obra social.".into()));
    };
    let mes = month(q.mes.as_deref())?;
    Ok(Json(read::pending(&state.pool, obra_social_id, mes).await?))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ListaQuery {
    /// One obra social's; none: every one's.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub obra_social_id: Option<i64>,
}

/// The liquidaciones, the latest month first, with what each still waits for.
#[utoipa::path(get, path = "/api/liquidaciones", tag = "liquidaciones", operation_id = "liquidaciones",
    params(ListaQuery), responses((status = 200, body = Vec<Liquidacion>)))]
pub async fn list(
    State(state): State<AppState>,
    _admin: Admin,
    Query(q): Query<ListaQuery>,
) -> Result<Json<Vec<Liquidacion>>, AppError> {
    Ok(Json(
        read::list(&state.pool, q.obra_social_id.filter(|id| *id != 0)).await?,
    ))
}

#[utoipa::path(get, path = "/api/liquidaciones/{id}", tag = "liquidaciones", operation_id = "liquidacion",
    params(("id" = i64, Path)),
    responses((status = 200, body = LiquidacionDetalle), (status = 404, body = Mensaje)))]
pub async fn get(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<LiquidacionDetalle>, AppError> {
    read::by_id(&state.pool, id)
        .await?
        .map(Json)
        .ok_or_else(|| not_found(id))
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PresentarBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = i64)]
    pub obra_social_id: Option<i64>,
    /// `aaaa-mm`
    pub mes: Option<String>,
    /// The sales to present (ids), as the pending list showed them.
    #[serde(default)]
    pub ventas: Vec<i64>,
}

/// A command's answer: its message and the liquidación as it is now (none while the read
/// model is late: read it again).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LiquidacionGuardada {
    pub mensaje: String,
    pub id: i64,
    pub liquidacion: Option<LiquidacionDetalle>,
}

async fn answer(state: &AppState, id: i64, caught: bool, mensaje: String) -> Result<LiquidacionGuardada, AppError> {
    let liquidacion = match caught {
        true => read::by_id(&state.pool, id).await?,
        false => None,
    };
    Ok(LiquidacionGuardada {
        mensaje,
        id,
        liquidacion,
    })
}

/// Presents the chosen covered sales of a month to their obra social.
#[utoipa::path(post, path = "/api/liquidaciones", tag = "liquidaciones", operation_id = "liquidacion_presentar",
    request_body = PresentarBody,
    responses((status = 201, body = LiquidacionGuardada), (status = 400, description = "errors")))]
pub async fn present(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<PresentarBody>,
) -> Result<Created<LiquidacionGuardada>, AppError> {
    let Some(obra_social_id) = body.obra_social_id else {
        return Err(AppError::Validation(vec!["Elegí la obra social.".into()]));
    };
    let mes = month(body.mes.as_deref())?;
    let metadata = meta.metadata(caller.actor());
    let outcome = settlements::present(&state.store, obra_social_id, mes, body.ventas, state.today(), &metadata).await;
    let (id, caught) = dispatch::committed(&state, outcome, |e| command_error(0, e)).await?;
    let mensaje = format!("La liquidación N.º {id} fue presentada.");
    Ok(Created(answer(&state, id, caught, mensaje).await?))
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DebitoLiquidacionBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = i64)]
    pub movimiento_id: Option<i64>,
    /// Pesos: a number, or a text as typed ('1.234,56', '1234.56').
    #[schema(value_type = f64)]
    pub monto: Option<NumText>,
    pub motivo: Option<String>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CobroLiquidacionBody {
    /// `aaaa-mm-dd`, the day the transfer arrived; default today.
    pub fecha: Option<String>,
    /// The transfer's or the receipt's number.
    pub referencia: Option<String>,
    /// Pesos received: a number, or a text as typed; blank: 0 (a payment that only records débitos).
    #[schema(value_type = Option<f64>)]
    pub monto: Option<NumText>,
    #[serde(default)]
    pub debitos: Vec<DebitoLiquidacionBody>,
}

/// Pesos as typed; blank is 0.
fn amount(text: Option<&NumText>, what: &str) -> Result<Money, String> {
    Ok(text
        .map(|t| t.pesos(what))
        .transpose()?
        .flatten()
        .unwrap_or(Money::ZERO))
}

/// Records a payment the obra social made by bank (never into a drawer), with each item it
/// rejected and why.
#[utoipa::path(post, path = "/api/liquidaciones/{id}/cobros", tag = "liquidaciones", operation_id = "liquidacion_cobrar",
    params(("id" = i64, Path)), request_body = CobroLiquidacionBody,
    responses((status = 201, body = LiquidacionGuardada), (status = 400, description = "errors"),
              (status = 404, body = Mensaje)))]
pub async fn collect(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<CobroLiquidacionBody>,
) -> Result<Created<LiquidacionGuardada>, AppError> {
    let mut errors = Vec::new();
    let fecha = match body.fecha.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => Some(state.today()),
        Some(t) => checked_date(t, "fecha del cobro").map_err(|e| errors.push(e)).ok(),
    };
    let monto = amount(body.monto.as_ref(), "El monto cobrado")
        .map_err(|e| errors.push(e))
        .ok();
    let mut debitos = Vec::new();
    for d in body.debitos {
        let Some(movimiento_id) = d.movimiento_id else {
            errors.push("Cada débito necesita su venta.".into());
            continue;
        };
        let what = format!("El débito de la venta N.º {movimiento_id}");
        match amount(d.monto.as_ref(), &what) {
            Ok(monto) => debitos.push(Debito {
                movimiento_id,
                monto,
                motivo: d.motivo.unwrap_or_default(),
            }),
            Err(e) => errors.push(e),
        }
    }
    let (Some(fecha), Some(monto), true) = (fecha, monto, errors.is_empty()) else {
        return Err(AppError::Validation(errors));
    };
    let cobro = CobroBanco {
        fecha,
        referencia: body.referencia.unwrap_or_default(),
        monto,
        debitos,
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = settlements::collect(&state.store, id, cobro, state.today(), &metadata).await;
    let (id, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e)).await?;
    Ok(Created(
        answer(&state, id, caught, "El cobro fue registrado.".into()).await?,
    ))
}

/// Bills the patient what the obra social rejected of sale `movimientoId` in this liquidación:
/// the sale's balance grows by it, and the shop no longer loses it.
#[utoipa::path(post, path = "/api/liquidaciones/{id}/debitos/{movimientoId}/facturar", tag = "liquidaciones",
    operation_id = "liquidacion_facturar_debito",
    params(("id" = i64, Path), ("movimientoId" = i64, Path)),
    responses((status = 200, body = LiquidacionGuardada), (status = 400, description = "errors"),
              (status = 404, body = Mensaje)))]
pub async fn bill(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath((id, movimiento_id)): ApiPath<(i64, i64)>,
) -> Result<Json<LiquidacionGuardada>, AppError> {
    let metadata = meta.metadata(caller.actor());
    let outcome = settlements::bill_debit(&state.store, id, movimiento_id, &metadata).await;
    let (monto, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e)).await?;
    let mensaje = format!(
        "Se facturó al paciente {} de la venta N.º {movimiento_id}.",
        monto.es_ar()
    );
    Ok(Json(answer(&state, id, caught, mensaje).await?))
}

/// The liquidación as a workbook.
#[utoipa::path(get, path = "/api/liquidaciones/{id}/excel", tag = "liquidaciones", operation_id = "liquidacion_excel",
    params(("id" = i64, Path)),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
               description = "the workbook"), (status = 404, body = Mensaje)))]
pub async fn excel(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, AppError> {
    let l = read::by_id(&state.pool, id).await?.ok_or_else(|| not_found(id))?;
    let bytes = crate::reports::settlement_excel::workbook(&l)
        .map_err(|e| AppError::internal(format!("liquidación workbook: {e}")))?;
    Ok(xlsx_download(
        bytes,
        &format!("liquidacion_{id}_{}.xlsx", l.liquidacion.mes),
    ))
}

/// The liquidación as the PDF handed to the obra social.
#[utoipa::path(get, path = "/api/liquidaciones/{id}/pdf", tag = "liquidaciones", operation_id = "liquidacion_pdf",
    params(("id" = i64, Path)),
    responses((status = 200, content_type = "application/pdf", description = "the PDF"), (status = 404, body = Mensaje)))]
pub async fn pdf(
    State(state): State<AppState>,
    _admin: Admin,
    ApiPath(id): ApiPath<i64>,
) -> Result<Response, AppError> {
    let l = read::by_id(&state.pool, id).await?.ok_or_else(|| not_found(id))?;
    let name = format!("liquidacion_{id}_{}.pdf", l.liquidacion.mes);
    pdf_download(&name, move || crate::reports::settlement_pdf::settlement(&l)).await
}
