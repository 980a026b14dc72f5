//! Staff accounts, for admins: the list, a new account (role and branch), a role or branch
//! change, disabling and enabling, a new password. Each change moves the account's epoch, so its
//! older tokens stop at their next request (`auth::accounts`); the shop never loses its last
//! enabled admin (`optica_command::users`). A write reads: the form's rules (`rules.rs`) →
//! `optica_command::users` → the read-your-writes wait → the account as it now stands.

mod errors;
pub mod rules;

use axum::extract::State;
use axum::Json;
use optica_command::users::{self, NewUser, UserCommand};
use optica_query::users::{self as read, Usuario};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{password, Admin};
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::http::kit::extract::{ApiJson, ApiPath};
use crate::http::kit::{read_or_committed, staff_endpoints, Created, Endpoints};
use crate::state::AppState;
use errors::command_error;
use rules::{problemas, Cuenta};

pub fn endpoints() -> Endpoints {
    staff_endpoints!(list, create; update; enable; change_password)
}

/// A new account. The username is taken as typed, without the spaces around it.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsuarioBody {
    pub username: Option<String>,
    pub contrasena: Option<String>,
    /// ROLE_ADMIN or ROLE_VENDEDOR.
    pub rol: Option<String>,
    /// The branch; a seller needs one.
    pub local_id: Option<i64>,
}

/// A role or branch change.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RolBody {
    /// ROLE_ADMIN or ROLE_VENDEDOR.
    pub rol: Option<String>,
    pub local_id: Option<i64>,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct HabilitadoBody {
    pub habilitado: bool,
}

#[derive(Clone, Debug, Deserialize, ToSchema)]
pub struct ContrasenaBody {
    pub contrasena: Option<String>,
}

/// A change's answer: its message and the account as it now stands.
#[derive(Debug, Serialize, ToSchema)]
pub struct UsuarioGuardado {
    pub mensaje: String,
    pub usuario: Option<Usuario>,
}

fn refuse_problems(cuenta: Cuenta<'_>) -> Result<(), AppError> {
    let found = problemas(cuenta);
    if found.is_empty() {
        Ok(())
    } else {
        Err(AppError::Validation(found.iter().map(ToString::to_string).collect()))
    }
}

/// The password's hash, off the async workers (argon2 is CPU-heavy by design).
async fn hashed(contrasena: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || password::hash(&contrasena))
        .await
        .map_err(AppError::internal)?
        .map_err(AppError::Internal)
}

/// The account after a change; its cached standing in this process is dropped, so its older
/// tokens stop at once here (elsewhere within `auth::accounts::FRESH_FOR`).
async fn answer(state: &AppState, id: i64, caught: bool, mensaje: &str) -> Result<UsuarioGuardado, AppError> {
    let usuario = read_or_committed(caught, read::by_id(&state.pool, id), read::committed(&state.pool, id)).await?;
    if let Some(u) = &usuario {
        state.accounts.forget(&u.username);
    }
    Ok(UsuarioGuardado {
        mensaje: mensaje.into(),
        usuario,
    })
}

/// Every account, the enabled first, by name.
#[utoipa::path(get, path = "/api/usuarios", tag = "usuarios", operation_id = "usuarios",
    responses((status = 200, body = Vec<Usuario>)))]
pub async fn list(State(state): State<AppState>, Admin(_caller): Admin) -> Result<Json<Vec<Usuario>>, AppError> {
    Ok(Json(read::list(&state.pool).await?))
}

/// Creates an account with its role, branch and first password.
#[utoipa::path(post, path = "/api/usuarios", tag = "usuarios", operation_id = "usuario_crear",
    request_body = UsuarioBody,
    responses((status = 201, body = UsuarioGuardado), (status = 400, body = crate::http::kit::Errores)))]
pub async fn create(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<UsuarioBody>,
) -> Result<Created<UsuarioGuardado>, AppError> {
    let username = body.username.as_deref().unwrap_or_default().trim();
    let contrasena = body.contrasena.unwrap_or_default();
    let rol = body.rol.unwrap_or_default();
    refuse_problems(Cuenta {
        username: Some(username),
        contrasena: Some(&contrasena),
        rol: Some((&rol, body.local_id)),
    })?;
    let user = NewUser {
        username,
        password_hash: hashed(contrasena).await?,
        roles: vec![rol],
        local_id: body.local_id,
    };
    let outcome = users::add(&state.store, user, &meta.metadata(caller.actor()))
        .await
        .map_err(|e| command_error(0, e))?;
    let (id, caught) = dispatch::settled_in_time(&state, outcome).await?;
    Ok(Created(answer(&state, id, caught, "El usuario ha sido creado!").await?))
}

/// Runs a change on account `id` and answers it as it now stands.
async fn change(
    state: &AppState,
    caller: &crate::auth::Caller,
    meta: RequestMeta,
    id: i64,
    command: UserCommand,
    mensaje: &str,
) -> Result<UsuarioGuardado, AppError> {
    let outcome = users::run_on_user(&state.store, id, command, &meta.metadata(caller.actor())).await;
    let (id, caught) = dispatch::committed(state, outcome, |e| command_error(id, e)).await?;
    answer(state, id, caught, mensaje).await
}

/// Changes an account's role and branch.
#[utoipa::path(put, path = "/api/usuarios/{id}", tag = "usuarios", operation_id = "usuario_rol",
    params(("id" = i64, Path)), request_body = RolBody,
    responses((status = 200, body = UsuarioGuardado), (status = 400, body = crate::http::kit::Errores),
    (status = 404, body = crate::http::kit::Mensaje), (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn update(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<RolBody>,
) -> Result<Json<UsuarioGuardado>, AppError> {
    let rol = body.rol.unwrap_or_default();
    refuse_problems(Cuenta {
        rol: Some((&rol, body.local_id)),
        ..Cuenta::default()
    })?;
    let command = UserCommand::SetRoles {
        roles: vec![rol],
        local_id: body.local_id,
    };
    let answer = change(&state, &caller, meta, id, command, "El usuario ha sido actualizado!").await?;
    Ok(Json(answer))
}

/// Disables an account (its tokens stop; it cannot log in) or enables it again.
#[utoipa::path(put, path = "/api/usuarios/{id}/habilitado", tag = "usuarios", operation_id = "usuario_habilitado",
    params(("id" = i64, Path)), request_body = HabilitadoBody,
    responses((status = 200, body = UsuarioGuardado), (status = 404, body = crate::http::kit::Mensaje),
    (status = 409, body = crate::http::kit::Mensaje)))]
pub async fn enable(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<HabilitadoBody>,
) -> Result<Json<UsuarioGuardado>, AppError> {
    let (command, mensaje) = match body.habilitado {
        true => (UserCommand::Enable, "El usuario ha sido habilitado!"),
        false => (UserCommand::Disable, "El usuario ha sido deshabilitado!"),
    };
    Ok(Json(change(&state, &caller, meta, id, command, mensaje).await?))
}

/// Sets a new password (the account's older tokens stop).
#[utoipa::path(put, path = "/api/usuarios/{id}/contrasena", tag = "usuarios", operation_id = "usuario_contrasena",
    params(("id" = i64, Path)), request_body = ContrasenaBody,
    responses((status = 200, body = UsuarioGuardado), (status = 400, body = crate::http::kit::Errores),
    (status = 404, body = crate::http::kit::Mensaje)))]
pub async fn change_password(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ContrasenaBody>,
) -> Result<Json<UsuarioGuardado>, AppError> {
    let contrasena = body.contrasena.unwrap_or_default();
    refuse_problems(Cuenta {
        contrasena: Some(&contrasena),
        ..Cuenta::default()
    })?;
    let command = UserCommand::ChangePassword {
        password_hash: hashed(contrasena).await?,
    };
    let answer = change(&state, &caller, meta, id, command, "La contraseña ha sido cambiada!").await?;
    Ok(Json(answer))
}
