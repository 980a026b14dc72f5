//! Transfers between branches. The sending branch's staff (or an admin) sends units
//! that leave its stock at once; the receiving branch's staff receives all or part (a shortfall
//! needs its reason); the sending branch cancels while in transit. Staff see the transfers of
//! their branch; admins all. A request reads: handler → `optica_command::transfers` (one unit
//! over the transfer and every product stream) → read-your-writes wait → the transfer.

mod errors;

use axum::extract::State;
use axum::Json;
use optica_command::transfers::{self, Envio, Paso};
use optica_events::transfers::Cantidad;
use optica_query::transfers::{self as read, Filtro, Transferencia};
use optica_query::Page;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Caller, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath, Query};
use crate::http::kit::lenient::{branch, opt_i64};
use crate::http::kit::references::{Missing, Referenced};
use crate::http::kit::{may_see_record, page_index, page_size, read_or_committed, Created, Endpoints};
use crate::http::kit::{paged_query, record_step, staff_endpoints};
use crate::state::AppState;
use errors::{command_error, not_found};

pub fn endpoints() -> Endpoints {
    staff_endpoints!(list, send; get; receive; cancel)
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineaBody {
    pub producto_id: i64,
    pub cantidad: i64,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnvioBody {
    pub origen_id: i64,
    pub destino_id: i64,
    pub lineas: Vec<LineaBody>,
    pub nota: Option<String>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecepcionBody {
    /// What arrived per product; a product not named arrived whole.
    #[serde(default)]
    pub recibidas: Vec<LineaBody>,
    /// Needed when less arrived than was sent.
    pub motivo: Option<String>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelacionBody {
    pub motivo: Option<String>,
}

/// The answer of a step: its message and the transfer as it stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct TransferenciaGuardada {
    pub mensaje: String,
    pub transferencia: Option<Transferencia>,
}

fn cantidades(lineas: &[LineaBody]) -> Vec<Cantidad> {
    lineas
        .iter()
        .map(|l| Cantidad {
            producto_id: l.producto_id,
            cantidad: l.cantidad,
        })
        .collect()
}

/// The answer with the transfer from its read model, or, when that is late (`caught` false),
/// as its stream has it.
async fn answer(state: &AppState, id: i64, caught: bool, mensaje: &str) -> Result<TransferenciaGuardada, AppError> {
    let committed = async {
        tracing::warn!(
            id,
            "la vista de transferencias está atrasada: se responde lo registrado"
        );
        read::committed(&state.pool, id).await
    };
    let transferencia = read_or_committed(caught, read::by_id(&state.pool, id), committed).await?;
    Ok(TransferenciaGuardada {
        mensaje: mensaje.into(),
        transferencia,
    })
}

/// Sends units from a branch to another: they leave the sending branch now, never below zero.
#[utoipa::path(post, path = "/api/transferencias", tag = "stock", operation_id = "transferencia_enviar",
    request_body = EnvioBody,
    responses((status = 201, body = TransferenciaGuardada), (status = 400, description = "errors")))]
pub async fn send(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiJson(body): ApiJson<EnvioBody>,
) -> Result<Created<TransferenciaGuardada>, AppError> {
    if !caller.works_at(body.origen_id) {
        return Err(AppError::Forbidden);
    }
    let branches = [body.origen_id, body.destino_id].map(|id| (optica_events::LookupKind::Local, id));
    let known = Referenced::load(&state.pool, branches).await?;
    if branches.iter().any(|(kind, id)| !known.exists(*kind, *id)) {
        return Err(AppError::Validation(vec![Missing::Local.to_string()]));
    }
    let envio = Envio {
        origen: body.origen_id,
        destino: body.destino_id,
        lineas: cantidades(&body.lineas),
        nota: body.nota,
        fecha: state.now(),
    };
    let metadata = meta.metadata(caller.actor());
    let outcome = transfers::send(&state.store, envio, &metadata)
        .await
        .map_err(|e| command_error(0, e))?;
    let replay = outcome.appended.is_none();
    let (id, mut caught) = dispatch::settled_in_time(&state, outcome).await?;
    if replay {
        // A repeated request: its first one's transfer, once the read model has it.
        caught = dispatch::caught_up(&state).await?;
    }
    Ok(Created(
        answer(&state, id, caught, "La transferencia ha sido enviada!").await?,
    ))
}

paged_query! {
    #[derive(Debug, Deserialize, utoipa::IntoParams)]
    #[serde(rename_all = "camelCase")]
    pub struct TransferenciasQuery {
        /// ENVIADA, RECIBIDA, RECIBIDA_CON_FALTANTE or CANCELADA.
        pub estado: Option<String>,
        /// Sent from or to this branch (admins; a seller always gets their own).
        #[serde(default, deserialize_with = "opt_i64")]
                pub local_id: Option<i64>,
    }
}

const ESTADOS: [&str; 4] = ["ENVIADA", "RECIBIDA", "RECIBIDA_CON_FALTANTE", "CANCELADA"];

/// The transfers, newest first.
#[utoipa::path(get, path = "/api/transferencias", tag = "stock", operation_id = "transferencias",
    params(TransferenciasQuery), responses((status = 200, body = Page<Transferencia>), (status = 400, description = "errors")))]
pub async fn list(
    State(state): State<AppState>,
    Staff(caller): Staff,
    Query(q): Query<TransferenciasQuery>,
) -> Result<Json<Page<Transferencia>>, AppError> {
    let estado = q.estado.map(|e| e.trim().to_uppercase()).filter(|e| !e.is_empty());
    if estado.as_deref().is_some_and(|e| !ESTADOS.contains(&e)) {
        return Err(AppError::Validation(vec![
            "El estado debe ser ENVIADA, RECIBIDA, RECIBIDA_CON_FALTANTE o CANCELADA.".into(),
        ]));
    }
    let filtro = Filtro {
        estado,
        local_id: caller.branch_seen(branch(q.local_id)),
    };
    let number = page_index(q.page.unwrap_or(0))?;
    let size = page_size(q.size, 20)?;
    Ok(Json(read::page(&state.pool, &filtro, number, size).await?))
}

/// Whether the caller may see a transfer: admins, and staff of either branch.
async fn visible(state: &AppState, caller: &Caller, id: i64) -> Result<(), AppError> {
    let known = read::branches_of(&state.pool, id)
        .await?
        .map(|(origen, destino)| vec![origen, destino]);
    let from_stream = |t: &optica_command::transfers::Transferencia| {
        (t.estado() != optica_command::transfers::Estado::Nueva).then(|| vec![t.origen(), t.destino()])
    };
    may_see_record(state, caller, id, known, from_stream, not_found).await
}

/// One transfer with its lines.
#[utoipa::path(get, path = "/api/transferencias/{id}", tag = "stock", operation_id = "transferencia_get",
    params(("id" = i64, Path)), responses((status = 200, body = Transferencia), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn get(
    State(state): State<AppState>,
    Staff(caller): Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Transferencia>, AppError> {
    visible(&state, &caller, id).await?;
    read::by_id(&state.pool, id)
        .await?
        .map(Json)
        .ok_or_else(|| not_found(id))
}

record_step!(transfers::step, Paso);

/// Receives a transfer at its destination: what arrived enters the branch's stock; a shortfall
/// is written off with its reason.
#[utoipa::path(post, path = "/api/transferencias/{id}/recepcion", tag = "stock", operation_id = "transferencia_recibir",
    params(("id" = i64, Path)), request_body = RecepcionBody,
    responses((status = 200, body = TransferenciaGuardada), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn receive(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RecepcionBody>,
) -> Result<Json<TransferenciaGuardada>, AppError> {
    let paso = Paso::Recibir {
        recibidas: cantidades(&body.recibidas),
        motivo: body.motivo,
    };
    let (id, caught) = step(&state, &caller, meta, id, paso).await?;
    Ok(Json(
        answer(&state, id, caught, "La transferencia ha sido recibida!").await?,
    ))
}

/// Cancels a transfer in transit at its origin: every unit goes back.
#[utoipa::path(post, path = "/api/transferencias/{id}/cancelacion", tag = "stock", operation_id = "transferencia_cancelar",
    params(("id" = i64, Path)), request_body = CancelacionBody,
    responses((status = 200, body = TransferenciaGuardada), (status = 400, description = "errors"), (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn cancel(
    State(state): State<AppState>,
    Staff(caller): Staff,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<CancelacionBody>,
) -> Result<Json<TransferenciaGuardada>, AppError> {
    let (id, caught) = step(&state, &caller, meta, id, Paso::Cancelar { motivo: body.motivo }).await?;
    Ok(Json(
        answer(&state, id, caught, "La transferencia ha sido cancelada!").await?,
    ))
}
