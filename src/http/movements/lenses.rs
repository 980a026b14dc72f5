//! `POST /api/movimientos/{id}/cristales`: an admin records the lenses of a sale saved before its
//! products' category was marked as lenses: its lines of products that are lenses now are marked,
//! and reach the patient's record (and the lab) as the sale would have taken them.

use axum::extract::State;
use optica_command::movements;

use super::errors::command_error;
use super::{answer, MovimientoGuardado};
use crate::auth::Admin;
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::ApiPath;
use crate::http::kit::Created;
use crate::state::AppState;

/// Marks as lenses the sale's lines whose product's category holds lenses now.
#[utoipa::path(post, path = "/api/movimientos/{id}/cristales", tag = "movimientos",
    operation_id = "movimiento_cristales", params(("id" = i64, Path)),
    responses((status = 201, body = MovimientoGuardado), (status = 400, description = "errors"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn recognize(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
) -> Result<Created<MovimientoGuardado>, AppError> {
    let venta = optica_query::movements::by_id(&state.pool, id, caller.viewer())
        .await?
        .ok_or_else(|| super::errors::not_found(id))?;
    let productos: Vec<i64> = venta
        .detalles
        .iter()
        .filter_map(|d| d.producto.as_ref().map(|p| p.id))
        .collect();
    let lentes = optica_query::products::sale_facts(&state.pool, &productos)
        .await?
        .into_iter()
        .filter(|f| f.cristal)
        .map(|f| f.id)
        .collect();
    let outcome = movements::recognize_lenses(&state.store, id, lentes, &meta.metadata(caller.actor())).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e, "actualizar")).await?;
    answer(
        &state,
        &caller,
        id,
        "Los cristales de la venta quedaron en la ficha del paciente.",
        !caught,
    )
    .await
}
