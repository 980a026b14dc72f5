//! `POST /api/movimientos/{id}/cobros`: a payment on a sale's balance (cuenta corriente),
//! received now in the cash of the branch that collects it, which may be another than the
//! sale's: a customer pays an old debt wherever they are. The collecting branch's day must be
//! open; the payment counts in that day's closing.

use axum::extract::State;
use optica_command::movements;
use optica_events::movements::Pago;
use optica_events::{LookupKind, Money};
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
pub struct CobroBody {
    pub metodo_pago_id: i64,
    /// What the payment takes off the balance.
    #[schema(value_type = f64)]
    pub monto: Money,
    /// What was charged, surcharge included (default: `monto`).
    #[schema(value_type = Option<f64>)]
    pub monto_impuesto: Option<Money>,
    /// The collecting branch (admins; default the sale's). Sellers always collect at their own.
    pub local_id: Option<i64>,
}

/// Records a payment on a sale's balance, dated now, at the collecting branch.
#[utoipa::path(post, path = "/api/movimientos/{id}/cobros", tag = "movimientos", operation_id = "movimiento_cobrar",
    params(("id" = i64, Path)), request_body = CobroBody,
    responses((status = 201, body = MovimientoGuardado), (status = 400, description = "errors"),
    (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje, description = "the collecting branch's day is closed")))]
pub async fn collect(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<CobroBody>,
) -> Result<Created<MovimientoGuardado>, AppError> {
    let sale_branch = super::branch_of(&state, id).await?;
    let local_id = if caller.is_admin() {
        body.local_id.unwrap_or(sale_branch)
    } else {
        match (caller.local_id, body.local_id) {
            (Some(own), None) => own,
            (Some(own), Some(asked)) if asked == own => own,
            _ => return Err(AppError::Forbidden),
        }
    };
    let wanted = [
        (LookupKind::MetodoPago, body.metodo_pago_id),
        (LookupKind::Local, local_id),
    ];
    let known = Referenced::load(&state.pool, wanted).await?;
    known.require(LookupKind::MetodoPago, body.metodo_pago_id)?;
    known.require(LookupKind::Local, local_id)?;
    // Whole seconds: an edit matches the payment by its time.
    let now = state.now();
    let pago = Pago {
        id: 0,
        metodo_pago_id: body.metodo_pago_id,
        monto: body.monto,
        monto_impuesto: body.monto_impuesto.unwrap_or(body.monto),
        fecha: now,
        local_id: (local_id != sale_branch).then_some(local_id),
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = movements::collect(&state.store, id, pago, &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e, "cobrar")).await?;
    answer(&state, &caller, id, "El pago ha sido registrado!", !caught).await
}
