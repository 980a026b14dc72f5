//! The owner's true margin ('Rentabilidad', admins): a period's income at the price charged
//! after the discount and net of returns, against what the products cost when they were sold,
//! grouped as asked; the card surcharges apart; the lines sold at $ 0. As JSON for the screen
//! and as a workbook. The contract's 'Ganancia' (`total-ganado`) stays as it was.

use axum::extract::State;
use axum::response::Response;
use axum::Json;
use optica_query::profitability::{self as read, Agrupar, Filtro, Rentabilidad};
use serde::Deserialize;

use crate::auth::Admin;
use crate::error::AppError;
use crate::http::kit::extract::Query;
use crate::http::kit::lenient::{branch, opt_i64, period, text};
use crate::http::kit::{staff_endpoints, xlsx_download, Endpoints};
use crate::reports::profitability_excel;
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(report; excel)
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct RentabilidadQuery {
    /// `aaaa-mm-dd`
    pub fecha_inicio: Option<String>,
    /// `aaaa-mm-dd`, included.
    pub fecha_fin: Option<String>,
    /// A branch; none or 0: every branch.
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub local_id: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub marca_id: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[param(value_type = Option<i64>)]
    pub categoria_id: Option<i64>,
    /// The seller's name as the sales record it (case and outer spaces aside).
    pub vendedor: Option<String>,
    /// marca (default), categoria, local, vendedor or mes.
    pub agrupar: Option<String>,
}

/// What the groups are, as a column's title.
fn titulo(a: Agrupar) -> &'static str {
    match a {
        Agrupar::Marca => "Marca",
        Agrupar::Categoria => "Categoría",
        Agrupar::Local => "Local",
        Agrupar::Vendedor => "Vendedor",
        Agrupar::Mes => "Mes",
    }
}

impl RentabilidadQuery {
    fn filtro(self) -> Result<Filtro, AppError> {
        let agrupar = match text(self.agrupar) {
            None => Agrupar::Marca,
            Some(a) => Agrupar::ALL
                .into_iter()
                .find(|(name, _)| name.eq_ignore_ascii_case(&a))
                .map(|(_, a)| a)
                .ok_or_else(|| {
                    AppError::BadRequest(format!(
                        "No se puede agrupar por '{a}': elegí marca, categoria, local, vendedor o mes."
                    ))
                })?,
        };
        let (desde, hasta) = period(self.fecha_inicio, self.fecha_fin)?;
        Ok(Filtro {
            desde,
            hasta,
            local_id: branch(self.local_id),
            marca_id: self.marca_id.filter(|id| *id != 0),
            categoria_id: self.categoria_id.filter(|id| *id != 0),
            vendedor: text(self.vendedor),
            agrupar,
        })
    }
}

/// The margin of a period, grouped as asked.
#[utoipa::path(get, path = "/api/rentabilidad", tag = "rentabilidad", operation_id = "rentabilidad",
    params(RentabilidadQuery),
    responses((status = 200, body = Rentabilidad), (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn report(
    State(state): State<AppState>,
    _admin: Admin,
    Query(q): Query<RentabilidadQuery>,
) -> Result<Json<Rentabilidad>, AppError> {
    Ok(Json(read::report(&state.pool, &q.filtro()?).await?))
}

/// The same as a workbook.
#[utoipa::path(get, path = "/api/rentabilidad/excel", tag = "rentabilidad", operation_id = "rentabilidad_excel",
    params(RentabilidadQuery),
    responses((status = 200, content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
               description = "the workbook"),
              (status = 400, body = crate::http::kit::Mensaje)))]
pub async fn excel(
    State(state): State<AppState>,
    _admin: Admin,
    Query(q): Query<RentabilidadQuery>,
) -> Result<Response, AppError> {
    let filtro = q.filtro()?;
    let report = read::report(&state.pool, &filtro).await?;
    let bytes = profitability_excel::workbook(&report, titulo(filtro.agrupar))
        .map_err(|e| AppError::internal(format!("rentabilidad workbook: {e}")))?;
    let name = format!("rentabilidad_{}_{}.xlsx", filtro.desde, filtro.hasta);
    Ok(xlsx_download(bytes, &name))
}
