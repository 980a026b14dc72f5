//! Stock outside sales: an admin's manual adjustment with its reason, a branch's
//! reorder point, and the branch's 'Reponer' list (also as an Excel to send a supplier).
//! Transfers are in `http/transfers`.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use optica_command::stock;
use optica_events::MotivoStock;
use optica_query::products::Producto;
use optica_query::stock::{self as read, AReponer};
use optica_query::Page;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Admin, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::{branch, opt_i64};
use crate::http::kit::{page_index, page_size, read_or_committed, Endpoints};
use crate::http::kit::{paged_query, staff_endpoints};
use crate::http::products::errors::{command_error, not_found};
use crate::reports::reorder_excel;
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(reasons; adjust; set_minimo; reorder; reorder_xlsx)
}

/// A reason of a manual adjustment, as the form lists it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MotivoAjuste {
    /// What the body sends (`Rotura`, `RoboOPerdida`...).
    pub motivo: String,
    pub nombre: String,
    /// Whether it only takes units out (the quantity must be negative).
    pub resta: bool,
}

/// The reasons of a manual adjustment, in the form's order.
#[utoipa::path(get, path = "/api/stock/motivos", tag = "stock", operation_id = "stock_motivos",
    responses((status = 200, body = Vec<MotivoAjuste>)))]
pub async fn reasons(_staff: Staff) -> Json<Vec<MotivoAjuste>> {
    Json(
        MotivoStock::MANUALES
            .iter()
            .map(|m| MotivoAjuste {
                motivo: serde_json::to_value(m)
                    .ok()
                    .and_then(|v| v.as_str().map(String::from))
                    .unwrap_or_default(),
                nombre: m.label().into(),
                resta: m.only_out(),
            })
            .collect(),
    )
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AjusteBody {
    pub local_id: i64,
    /// Units in (positive) or out (negative).
    pub cantidad: i64,
    /// One of `GET /api/stock/motivos`.
    #[schema(value_type = String)]
    pub motivo: MotivoStock,
    pub nota: Option<String>,
}

/// The product as it stands after a stock change.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductoAjustado {
    pub mensaje: String,
    pub producto: Option<Producto>,
}

/// The answer with the product from its read model, or, when that is late (`caught` false),
/// as its stream has it.
async fn answer(state: &AppState, id: i64, caught: bool, mensaje: &str) -> Result<Json<ProductoAjustado>, AppError> {
    let viewer = optica_query::products::Viewer { admin: true };
    let read = optica_query::products::by_id(&state.pool, id, viewer);
    let committed = optica_query::products::committed(&state.pool, id, state.today(), viewer);
    let producto = read_or_committed(caught, read, committed).await?;
    Ok(Json(ProductoAjustado {
        mensaje: mensaje.into(),
        producto,
    }))
}

/// A manual stock adjustment with its reason and note (admins).
#[utoipa::path(post, path = "/api/productos/{id}/ajustes", tag = "stock", operation_id = "stock_ajustar",
    params(("id" = i64, Path)), request_body = AjusteBody,
    responses((status = 200, body = ProductoAjustado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn adjust(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<AjusteBody>,
) -> Result<Json<ProductoAjustado>, AppError> {
    let metadata = meta.metadata(caller.actor());
    let outcome = stock::adjust(
        &state.store,
        id,
        body.local_id,
        body.cantidad,
        body.motivo,
        body.nota,
        &metadata,
    )
    .await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| stock_error(id, body.local_id, e)).await?;
    answer(&state, id, caught, "El stock ha sido ajustado!").await
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MinimoBody {
    pub local_id: i64,
    /// The stock at or below which to reorder; null clears it.
    pub minimo: Option<i64>,
}

/// Sets or clears a branch's reorder point of the product (admins).
#[utoipa::path(put, path = "/api/productos/{id}/minimo", tag = "stock", operation_id = "stock_minimo",
    params(("id" = i64, Path)), request_body = MinimoBody,
    responses((status = 200, body = ProductoAjustado), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn set_minimo(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<MinimoBody>,
) -> Result<Json<ProductoAjustado>, AppError> {
    let metadata = meta.metadata(caller.actor());
    let outcome = stock::set_minimo(&state.store, id, body.local_id, body.minimo, &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| stock_error(id, body.local_id, e)).await?;
    answer(&state, id, caught, "El punto de pedido ha sido guardado!").await
}

fn stock_error(
    id: i64,
    local_id: i64,
    e: optica_command::CommandError<optica_command::products::ProductoError>,
) -> AppError {
    use optica_command::products::ProductoError;
    use optica_command::CommandError;
    match e {
        CommandError::Domain(ProductoError::LocalAusente(_)) => AppError::Validation(vec![format!(
            "El producto no se ofrece en el local {local_id}: agregalo al local desde el formulario del producto."
        )]),
        CommandError::Domain(ProductoError::StockInsuficiente { modelo }) => {
            AppError::Validation(vec![format!("El ajuste dejaría el stock de {modelo} por debajo de 0.")])
        }
        CommandError::Domain(ProductoError::Invalid(rules)) => AppError::Validation(crate::error::texts(&rules)),
        CommandError::Domain(ProductoError::NotFound) => not_found(id),
        other => command_error(id, other, true),
    }
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    #[serde(rename_all = "camelCase")]
    pub struct ReponerQuery {
        /// The branch (admins; a seller always gets their own).
        #[serde(default, deserialize_with = "opt_i64")]
                pub local_id: Option<i64>,
    }
}

/// The branch to list for the caller: a seller's own; an admin must name one.
fn branch_for(caller: &crate::auth::Caller, asked: Option<i64>) -> Result<i64, AppError> {
    caller
        .branch_seen(branch(asked))
        .ok_or_else(|| AppError::Validation(vec!["Elegí el local.".into()]))
}

/// The branch's products at or below their reorder point, by brand and model.
#[utoipa::path(get, path = "/api/reponer", tag = "stock", operation_id = "stock_reponer",
    params(ReponerQuery), responses((status = 200, body = Page<AReponer>), (status = 400, description = "errors")))]
pub async fn reorder(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<ReponerQuery>,
) -> Result<Json<Page<AReponer>>, AppError> {
    let local_id = branch_for(&caller, q.local_id)?;
    let number = page_index(q.page.unwrap_or(0))?;
    let size = page_size(q.size, 50)?;
    Ok(Json(
        read::reponer(&state.pool, local_id, caller.is_admin(), number, size).await?,
    ))
}

/// The 'Reponer' list as an Excel sheet, to send a supplier (every row, by brand and model).
#[utoipa::path(get, path = "/api/reponer/excel", tag = "stock", operation_id = "stock_reponer_excel",
    params(ReponerQuery),
    responses((status = 200, description = "xlsx file", content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn reorder_xlsx(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<ReponerQuery>,
) -> Result<Response, AppError> {
    let local_id = branch_for(&caller, q.local_id)?;
    let nombre = optica_query::lookups::get(&state.pool, "Local", local_id)
        .await?
        .map(|l| l.nombre)
        .ok_or_else(|| AppError::NotFound(format!("El local ID: {local_id} no existe en la base de datos!")))?;
    let rows = read::reponer(&state.pool, local_id, caller.is_admin(), 0, read::MAX_ROWS)
        .await?
        .content;
    let bytes = reorder_excel::workbook(&nombre, &rows, caller.is_admin()).map_err(AppError::internal)?;
    let name = reorder_excel::file_name(&nombre, state.today());
    Ok(crate::http::kit::xlsx_download(bytes, &name))
}
