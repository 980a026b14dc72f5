//! The cash-box API (contract §4.4): register, read, edit and delete movements.
//!
//! Staff register movements at their own branch (admins at any); a seller reads only their
//! branch's movements; deleting is for admins. Lists, totals, reports and the public status
//! are in `lists.rs`. A request reads: this handler → `body.rs` (the body as movement data,
//! checked against the read models) → `optica_command::movements` (the unit of work) → the read-your-
//! writes wait → the answer; `errors.rs` maps the unit's refusals.

pub mod body;
mod collect;
mod errors;
mod lenses;
pub mod lists;
mod returns;

use std::net::IpAddr;

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use optica_command::{jobs, movements};
use optica_events::movements::{EstadoMovimiento, MovimientoDatos};
use optica_events::LookupKind;
use optica_query::movements::{self as read, Movimiento};
use serde::Serialize;

use crate::auth::order_code;
use crate::auth::{Admin, Caller, Staff, StaffOrNobody};
use crate::dispatch::{self, RequestMeta};
use crate::error::{texts, AppError};
use crate::http::kit::extract::{ApiJson, ApiPath, ClientAddress};
use crate::http::kit::references::{Missing, Referenced};
use crate::http::kit::staff_endpoints;
use crate::http::kit::{branches_of, may_see, read_or_committed, Created, Endpoints};
use crate::state::AppState;
use body::{prepare, product_ids, MovimientoBody};
use errors::{command_error, not_found};
use utoipa::ToSchema;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(create; get, update, delete; collect::collect; collect::receipt_pdf; lenses::recognize; returns::devolver)
        .merge(lists::endpoints())
}

/// The body as movement data, checked against everything outside the movement: the caller's
/// branch, and the branch, payment methods and patient it names.
async fn checked(state: &AppState, caller: &Caller, body: MovimientoBody) -> Result<MovimientoDatos, AppError> {
    let facts = optica_query::products::sale_facts(&state.pool, &product_ids(&body)).await?;
    let datos = prepare(body, &facts).map_err(AppError::Validation)?;
    may_see(caller, &[datos.local_id])?;
    let pool = &state.pool;
    let wanted = datos.pagos.iter().map(|p| (LookupKind::MetodoPago, p.metodo_pago_id));
    let known = Referenced::load(pool, wanted.chain([(LookupKind::Local, datos.local_id)])).await?;
    let mut problems = Vec::new();
    if datos.local_id > 0 {
        problems.extend(known.require(LookupKind::Local, datos.local_id).err());
    }
    let metodos = datos
        .pagos
        .iter()
        .map(|p| known.require(LookupKind::MetodoPago, p.metodo_pago_id));
    problems.extend(metodos.filter_map(Result::err).take(1));
    if let Some(paciente_id) = datos.paciente_id {
        if !optica_query::patients::exists(pool, paciente_id).await? {
            problems.push(Missing::Paciente);
        }
    }
    if problems.is_empty() {
        Ok(datos)
    } else {
        Err(AppError::Validation(texts(&problems)))
    }
}

/// The movement with its public status code, which staff copy into the customer's link.
fn with_code(state: &AppState, mut m: Movimiento) -> Movimiento {
    m.codigo_estado = Some(order_code::code(&state.auth.signing_key, m.id));
    m
}

/// Who records a movement's payments, now (see `optica_command::movements::payment_days`).
fn cajero(state: &AppState, caller: &Caller) -> optica_command::movements::payment_days::Cajero {
    optica_command::movements::payment_days::Cajero {
        admin: caller.is_admin(),
        ahora: state.now(),
        descuento_maximo: state.shop.descuento_maximo(),
    }
}

/// A movement as `caller` may read it: whole at their own branch (or for an admin), and as a
/// collector sees it at another (a seller who took a payment on another branch's sale).
pub(super) fn as_read_by(state: &AppState, caller: &Caller, m: Movimiento) -> Movimiento {
    match m.local.as_ref().is_some_and(|l| caller.works_at(l.id)) {
        true => with_code(state, m),
        false => m.for_collector(),
    }
}

/// The answer of a create or an edit: the movement as the caller reads it now.
#[derive(Debug, Serialize, ToSchema)]
pub struct MovimientoGuardado {
    pub mensaje: String,
    pub movimiento: Option<Movimiento>,
}

/// `late`: the read model did not take the command within the wait, so the answer is what the
/// command committed (never a 201 without its movement, nor an edit's older row).
pub(super) async fn answer(
    state: &AppState,
    caller: &Caller,
    id: i64,
    mensaje: &str,
    late: bool,
) -> Result<Created<MovimientoGuardado>, AppError> {
    let read = read::by_id(&state.pool, id, caller.viewer());
    let movimiento = read_or_committed(!late, read, committed(state, caller, id)).await?;
    Ok(Created(MovimientoGuardado {
        mensaje: mensaje.into(),
        movimiento: movimiento.map(|m| as_read_by(state, caller, m)),
    }))
}

/// The branch of a movement, for the caller's branch check: as its read model has it, or, while
/// that is late, as its stream does (a sale just saved can be paid or returned at once).
async fn branch_of(state: &AppState, id: i64) -> Result<i64, AppError> {
    let known = read::branch_of(&state.pool, id).await?.map(|local_id| vec![local_id]);
    let branches = branches_of(state, id, known, |m: &optica_command::movements::Movimiento| {
        m.datos().map(|d| vec![d.local_id])
    });
    let branches = branches.await?.ok_or_else(|| not_found(id))?;
    Ok(branches[0])
}

/// The movement as its stream has it (none if it does not exist).
async fn committed(state: &AppState, caller: &Caller, id: i64) -> Result<Option<Movimiento>, AppError> {
    tracing::warn!(id, "la vista de movimientos está atrasada: se responde lo registrado");
    Ok(read::committed(&state.pool, id, state.today(), caller.viewer()).await?)
}

/// Registers a sale, income or expense. A sale takes its products' stock at its branch in the
/// same transaction; with an `Idempotency-Key` a repeated request answers the first movement.
#[utoipa::path(post, path = "/api/movimientos", tag = "movimientos", operation_id = "movimiento_create",
    request_body = MovimientoBody,
    responses((status = 201, body = MovimientoGuardado),
    (status = 400, description = "errors (validation) or mensaje + error (stock)")))]
pub async fn create(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiJson(body): ApiJson<MovimientoBody>,
) -> Result<Created<MovimientoGuardado>, AppError> {
    const CREATED: &str = "El movimiento ha sido creado!";
    let metadata = meta.metadata(caller.actor());
    let cobertura = body::cobertura(&body).map_err(AppError::Validation)?;
    let datos = checked(&state, &caller, body).await?;
    let quien = cajero(&state, &caller);
    let outcome = movements::register(&state.store, datos, &cobertura, quien, &metadata).await;
    let (id, caught) = dispatch::committed(&state, outcome, |e| command_error(0, e, "crear")).await?;
    answer(&state, &caller, id, CREATED, !caught).await
}

/// Edits a movement. A sale's stock goes back where it was taken and is taken again for the new
/// lines; sellers edit only their branch's movements, and only within it.
#[utoipa::path(put, path = "/api/movimientos/{id}", tag = "movimientos", operation_id = "movimiento_update",
    params(("id" = i64, Path)), request_body = MovimientoBody,
    responses((status = 201, body = MovimientoGuardado),
    (status = 400, description = "errors (validation) or mensaje + error (stock)"), (status = 404, body = crate::http::kit::Mensaje),
    (status = 409, body = crate::http::kit::Mensaje, description = "the movement changed since `version`")))]
pub async fn update(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<MovimientoBody>,
) -> Result<Created<MovimientoGuardado>, AppError> {
    let expected_version = body.version;
    let cobertura = body::cobertura(&body).map_err(AppError::Validation)?;
    let datos = checked(&state, &caller, body).await?;
    let metadata = meta.metadata(caller.actor());
    let may_touch = |local_id: i64| caller.works_at(local_id);
    let ctx = state.job_context(&caller);
    let quien = cajero(&state, &caller);
    let edicion = movements::Edicion {
        datos,
        expected_version,
        cobertura,
    };
    let job = jobs::SaleJob(&ctx);
    let outcome = movements::edit(&state.store, id, edicion, may_touch, &job, quien, &metadata).await;
    let (_, caught) = dispatch::committed(&state, outcome, |e| command_error(id, e, "actualizar")).await?;
    answer(&state, &caller, id, "El movimiento ha sido actualizado!", !caught).await
}

/// What a request without a token learns of an order from its number (the existing front end's
/// status link): which order it is and its state, nothing else.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EstadoPorNumero {
    pub id: i64,
    pub estado_movimiento: EstadoMovimiento,
}

/// A movement as `GET /api/movimientos/{id}` answers it: whole for staff, its state for nobody.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum MovimientoLeido {
    Completo(Box<Movimiento>),
    Estado(EstadoPorNumero),
}

/// One movement with its lines, payments, patient and products (staff of its branch). Without
/// any token, the existing front end's status link: only the order's number and state, a few
/// dozen times a minute per address, unless the shop turned numeric links off.
#[utoipa::path(get, path = "/api/movimientos/{id}", tag = "movimientos", operation_id = "movimiento_get",
    params(("id" = i64, Path)),
    responses((status = 200, body = MovimientoLeido), (status = 404, body = crate::http::kit::Mensaje),
    (status = 429, body = crate::http::kit::Mensaje, description = "too many reads without a token from this address")))]
pub async fn get(
    State(state): State<AppState>,
    caller: StaffOrNobody,
    ClientAddress(address): ClientAddress,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<MovimientoLeido>, AppError> {
    let caller = match caller {
        StaffOrNobody::Staff(caller) => caller,
        StaffOrNobody::Nobody => return by_number(&state, address, id).await.map(Json),
    };
    let local_id = read::branch_of(&state.pool, id).await?.ok_or_else(|| not_found(id))?;
    may_see(&caller, &[local_id])?;
    read::by_id(&state.pool, id, caller.viewer())
        .await?
        .map(|m| Json(MovimientoLeido::Completo(Box::new(with_code(&state, m)))))
        .ok_or_else(|| not_found(id))
}

/// The state of an order by its number, for a request without a token.
async fn by_number(state: &AppState, address: Option<IpAddr>, id: i64) -> Result<MovimientoLeido, AppError> {
    let limit = state.numeric_links.as_ref().ok_or(AppError::Unauthorized)?;
    limit.admit(address).map_err(AppError::RateLimited)?;
    // An expense (no state) is no customer's order: to nobody it does not exist.
    let estado = read::estado_of(&state.pool, id)
        .await?
        .flatten()
        .ok_or_else(|| not_found(id))?;
    Ok(MovimientoLeido::Estado(EstadoPorNumero {
        id,
        estado_movimiento: estado,
    }))
}

/// Deletes a movement (admins); a sale's stock goes back to its branch.
#[utoipa::path(delete, path = "/api/movimientos/{id}", tag = "movimientos", operation_id = "movimiento_delete",
    params(("id" = i64, Path)),
    responses((status = 204, description = "deleted"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn delete(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
) -> Result<StatusCode, AppError> {
    let metadata = meta.metadata(caller.actor());
    let ctx = state.job_context(&caller);
    let outcome = movements::delete(&state.store, id, &jobs::SaleJob(&ctx), &metadata)
        .await
        .map_err(|e| command_error(id, e, "eliminar"))?;
    dispatch::settled(&state, outcome).await?;
    Ok(StatusCode::NO_CONTENT)
}
