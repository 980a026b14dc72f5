//! `POST /api/movimientos/{id}/devoluciones`: a return. Some units of a sale's products
//! or whole additional lines come back: into the stock of the branch that takes them, and their
//! value, after cancelling what the sale still owed, is refunded from that branch's cash today
//! (a SALIDA linked to the sale). The sale itself is never rewritten.

use axum::extract::State;
use optica_command::movements::Pedido;
use optica_command::movements::{self, Return};
use optica_events::LookupKind;
use serde::Deserialize;
use utoipa::ToSchema;

use super::errors::command_error;
use super::{answer, MovimientoGuardado};
use crate::auth::Staff;
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath};
use crate::http::kit::references::Referenced;
use crate::http::kit::Created;
use crate::state::AppState;

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevolucionBody {
    /// Units per product of the sale.
    #[serde(default)]
    pub lineas: Vec<LineaDevueltaBody>,
    /// Positions (from 0) of the sale's additional lines returned whole.
    #[serde(default)]
    pub adicionales: Vec<u32>,
    /// How the money goes back; needed when something is refunded.
    pub metodo_pago_id: Option<i64>,
    /// The branch that takes the units and pays the refund (admins; default the sale's).
    /// Sellers return their own branch's sales, into it.
    pub local_id: Option<i64>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineaDevueltaBody {
    pub producto_id: i64,
    pub cantidad: i64,
}

/// Registers a return of a sale; answers the refund's SALIDA.
#[utoipa::path(post, path = "/api/movimientos/{id}/devoluciones", tag = "movimientos",
    operation_id = "movimiento_devolver", params(("id" = i64, Path)), request_body = DevolucionBody,
    responses((status = 201, body = MovimientoGuardado), (status = 400, description = "errors"),
    (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje, description = "the returning branch's day is closed")))]
pub async fn devolver(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<DevolucionBody>,
) -> Result<Created<MovimientoGuardado>, AppError> {
    const CREATED: &str = "La devolución ha sido registrada!";
    let metadata = meta.metadata(caller.actor());
    let sale_branch = super::branch_of(&state, id).await?;
    // A seller returns their own branch's sales, into it: the refusals name the sale's lines,
    // which another branch's seller may not read. An admin chooses the branch (a customer
    // returning elsewhere), the sale's by default.
    let local_id = match body.local_id {
        _ if !caller.works_at(sale_branch) => return Err(AppError::Forbidden),
        Some(asked) if caller.works_at(asked) => asked,
        Some(_) => return Err(AppError::Forbidden),
        None => sale_branch,
    };
    let metodo = body.metodo_pago_id;
    let wanted = metodo.map(|m| (LookupKind::MetodoPago, m)).into_iter();
    let known = Referenced::load(&state.pool, wanted.chain([(LookupKind::Local, local_id)])).await?;
    if let Some(metodo) = metodo {
        known.require(LookupKind::MetodoPago, metodo)?;
    }
    known.require(LookupKind::Local, local_id)?;
    let request = Return {
        venta_id: id,
        pedido: Pedido {
            productos: body.lineas.iter().map(|l| (l.producto_id, l.cantidad)).collect(),
            adicionales: body.adicionales,
        },
        local_id,
        metodo_pago_id: metodo,
        fecha: state.now(),
    };
    let outcome = movements::return_lines(&state.store, request, &metadata).await;
    let (done, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e, "devolver")).await?;
    answer(&state, &caller, done, CREATED, !caught).await
}
