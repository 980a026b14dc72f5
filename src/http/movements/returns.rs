//! `POST /api/movimientos/{id}/devoluciones`: a return. Some units of a sale's products
//! or whole additional lines come back: into the stock of the branch that takes them, and their
//! value, after cancelling what the sale still owed, is refunded from that branch's cash today
//! (a SALIDA linked to the sale). The sale itself is never rewritten.

use axum::extract::State;
use optica_command::movements::Pedido;
use optica_command::movements::SaleError;
use optica_command::movements::{self, Return};
use optica_command::CommandError;
use optica_events::closings::PorMetodo;
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

/// Most methods one refund is split across.
const MAX_REINTEGROS: usize = 8;

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DevolucionBody {
    /// Units per product of the sale.
    #[serde(default)]
    pub lineas: Vec<LineaDevueltaBody>,
    /// Positions (from 0) of the sale's additional lines returned whole.
    #[serde(default)]
    pub adicionales: Vec<u32>,
    /// How the money goes back, wholly; needed when something is refunded and `reintegros` is
    /// empty.
    pub metodo_pago_id: Option<i64>,
    /// The refund split across methods: what each gives back, summing the refund.
    #[serde(default)]
    pub reintegros: Vec<ReintegroBody>,
    /// The cashier confirmed a refund larger than what the drawer should hold (asked by a 409
    /// with `confirmar`).
    #[serde(default)]
    pub confirmado: bool,
    /// The branch that takes the units and pays the refund (admins; default the sale's).
    /// Sellers return their own branch's sales, into it.
    pub local_id: Option<i64>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReintegroBody {
    pub metodo_pago_id: i64,
    #[schema(value_type = f64)]
    pub monto: Money,
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
    if body.reintegros.len() > MAX_REINTEGROS {
        return Err(AppError::Validation(vec![format!(
            "Un reintegro puede repartirse en hasta {MAX_REINTEGROS} medios de pago."
        )]));
    }
    let metodo = body.metodo_pago_id;
    let metodos: Vec<i64> = metodo
        .into_iter()
        .chain(body.reintegros.iter().map(|r| r.metodo_pago_id))
        .collect();
    let wanted = metodos.iter().map(|m| (LookupKind::MetodoPago, *m));
    let known = Referenced::load(&state.pool, wanted.chain([(LookupKind::Local, local_id)])).await?;
    for m in &metodos {
        known.require(LookupKind::MetodoPago, *m)?;
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
        reintegros: body
            .reintegros
            .iter()
            .map(|r| PorMetodo::of(r.metodo_pago_id, r.monto))
            .collect(),
        confirmado: body.confirmado,
        fecha: state.now(),
    };
    let outcome = movements::return_lines(&state.store, request, &metadata).await;
    let refused = |e| match e {
        CommandError::Domain(SaleError::CajaInsuficiente { metodo_pago_id }) => {
            let metodo = known
                .name(LookupKind::MetodoPago, metodo_pago_id)
                .unwrap_or("ese medio");
            AppError::ConfirmationNeeded(format!(
                "El reintegro en {metodo} es mayor que lo que la caja de hoy debería tener. \
                 Revisalo, o confirmá que el dinero sale igual."
            ))
        }
        other => command_error(id, other, "devolver"),
    };
    let (done, caught) = dispatch::committed(&state, outcome, refused).await?;
    answer(&state, &caller, done, CREATED, !caught).await
}
