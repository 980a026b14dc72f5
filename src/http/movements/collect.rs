//! `POST /api/movimientos/{id}/cobros`: a payment on a sale's balance (cuenta corriente),
//! received now in the cash of the branch that collects it, which may be another than the
//! sale's: a customer pays an old debt wherever they are. The collecting branch's day must be
//! open; the payment counts in that day's closing. Each collection gets a receipt numbered in
//! the collecting branch's own series (`GET /api/recibos/{localId}/{numero}`), which the
//! collecting branch's staff may print even when the sale is another branch's.

use axum::extract::State;
use axum::response::Response;
use optica_command::movements;
use optica_events::movements::numero_comprobante;
use optica_events::movements::Pago;
use optica_events::{LookupKind, Money};
use optica_query::movements::collections;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::errors::command_error;
use super::{answer, MovimientoGuardado};
use crate::auth::Staff;
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath};
use crate::http::kit::references::Referenced;
use crate::http::kit::{pdf_download, Created};
use crate::reports::receipt_pdf::Tienda;
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
    /// Paid by card in this many cuotas (see the movement's payments).
    #[serde(default, deserialize_with = "crate::http::kit::lenient::opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub cuotas: Option<i64>,
}

/// A collection's receipt, as its answer names it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReciboRef {
    /// The collecting branch and the number in its series (`GET /api/recibos/{localId}/{numero}`).
    pub local_id: i64,
    pub numero: i64,
    /// As printed: `0002-00000003`.
    pub comprobante: String,
}

/// A collection's answer: the sale as the caller may read it, and the payment's receipt.
#[derive(Debug, Serialize, ToSchema)]
pub struct CobroGuardado {
    #[serde(flatten)]
    pub guardado: MovimientoGuardado,
    pub recibo: Option<ReciboRef>,
}

/// Records a payment on a sale's balance, dated now, at the collecting branch, with its receipt.
#[utoipa::path(post, path = "/api/movimientos/{id}/cobros", tag = "movimientos", operation_id = "movimiento_cobrar",
    params(("id" = i64, Path)), request_body = CobroBody,
    responses((status = 201, body = CobroGuardado), (status = 400, description = "errors"),
    (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje, description = "the collecting branch's day is closed")))]
pub async fn collect(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<CobroBody>,
) -> Result<Created<CobroGuardado>, AppError> {
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
    let mut problems = Vec::new();
    let plan = super::body::plan_pedido(body.cuotas, 1, &mut problems);
    if !problems.is_empty() {
        return Err(AppError::Validation(problems));
    }
    let pago = Pago {
        id: 0,
        metodo_pago_id: body.metodo_pago_id,
        monto: body.monto,
        monto_impuesto: body.monto_impuesto.unwrap_or(body.monto),
        fecha: now,
        local_id: (local_id != sale_branch).then_some(local_id),
        plan,
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = movements::collect(&state.store, id, pago, &metadata).await;
    let (cobrado, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e, "cobrar")).await?;
    let recibo = collections::of_payment(&state.pool, id, cobrado.pago_id)
        .await?
        .map(|(local_id, numero)| ReciboRef {
            local_id,
            numero,
            comprobante: numero_comprobante(local_id, numero),
        });
    let Created(guardado) = answer(&state, &caller, id, "El pago ha sido registrado!", !caught).await?;
    Ok(Created(CobroGuardado { guardado, recibo }))
}

/// A collection's receipt as PDF, for admins and the collecting branch's staff.
#[utoipa::path(get, path = "/api/recibos/{localId}/{numero}", tag = "movimientos", operation_id = "recibo_cobro_pdf",
    params(("localId" = i64, Path), ("numero" = i64, Path)),
    responses((status = 200, content_type = "application/pdf", description = "the receipt"),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn receipt_pdf(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath((local_id, numero)): ApiPath<(i64, i64)>,
) -> Result<Response, AppError> {
    if !caller.works_at(local_id) {
        return Err(AppError::Forbidden);
    }
    let missing = || AppError::NotFound(format!("No existe el recibo {}.", numero_comprobante(local_id, numero)));
    let mut recibo = collections::by_number(&state.pool, local_id, numero).await?;
    if recibo.is_none() && dispatch::caught_up(&state).await? {
        // Asked right after the collection: once the read model has caught up.
        recibo = collections::by_number(&state.pool, local_id, numero).await?;
    }
    let recibo = recibo.ok_or_else(missing)?;
    let tienda = Tienda::of(&state.shop);
    pdf_download(&format!("recibo_{}.pdf", recibo.numero), move || {
        crate::reports::collection_pdf::collection_receipt(&recibo, &tienda)
    })
    .await
}
