//! `POST /oauth/token`: the password grant, with HTTP Basic client authentication.

use std::sync::Arc;

use axum::extract::State;
use axum::http::header::AUTHORIZATION;

use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Json;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use serde::Deserialize;

use super::{jwt, password, throttle, AuthConfig, OAuthClient};
use crate::error::AppError;
use crate::http::kit::extract::{ApiForm, ClientAddress};
use crate::state::AppState;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct TokenRequest {
    pub grant_type: Option<String>,
    pub username: Option<String>,
    pub password: Option<String>,
}

fn authenticate_client<'a>(headers: &HeaderMap, auth: &'a AuthConfig) -> Result<&'a OAuthClient, AppError> {
    let value = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .ok_or(AppError::BadClient)?;
    let (scheme, encoded) = value.split_once(' ').ok_or(AppError::BadClient)?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return Err(AppError::BadClient);
    }
    let decoded = STANDARD.decode(encoded.trim()).map_err(|_| AppError::BadClient)?;
    let decoded = String::from_utf8(decoded).map_err(|_| AppError::BadClient)?;
    let (id, secret) = decoded.split_once(':').ok_or(AppError::BadClient)?;
    auth.clients
        .iter()
        .find(|c| c.id == id && constant_time_eq(c.secret.as_bytes(), secret.as_bytes()))
        .ok_or(AppError::BadClient)
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Issues an access token for a staff account.
#[utoipa::path(
    post, path = "/oauth/token", tag = "auth",
    request_body(content = TokenRequest, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "access_token (JWT HS256, 5 h) and its details",
            body = TokenResponse),
        (status = 400, description = "invalid_grant: usuario o contraseña incorrectos",
            body = crate::error::OAuthError),
        (status = 401, description = "client credentials missing or wrong", body = crate::error::OAuthError),
        (status = 429, description = "too many failed logins for the account or the address: wait Retry-After seconds",
            body = crate::error::OAuthError),
    )
)]
pub async fn token(
    State(state): State<AppState>,
    headers: HeaderMap,
    ClientAddress(address): ClientAddress,
    ApiForm(form): ApiForm<TokenRequest>,
) -> Result<impl IntoResponse, AppError> {
    let auth: Arc<AuthConfig> = state.auth.clone();
    let client = authenticate_client(&headers, &auth)?;
    if form.grant_type.as_deref() != Some("password") {
        return Err(AppError::UnsupportedGrant);
    }
    const BAD: &str = "Usuario o contraseña incorrectos";
    let (Some(username), Some(pass)) = (form.username, form.password) else {
        return Err(AppError::InvalidGrant(BAD));
    };
    // No account name holds a NUL character, and PostgreSQL could not even look one up.
    if username.contains('\0') {
        return Err(AppError::InvalidGrant(BAD));
    }
    let account = optica_events::users::username_key(&username);
    let keys = throttle::Keys::new(&account, address);
    if let Some(seconds) = throttle::attempt(&state.pool, &keys).await? {
        tracing::info!(seconds, "login refused: too many failures");
        return Err(AppError::TooManyAttempts(seconds));
    }
    let user =
        optica_query::users::by_username_key(&state.pool, optica_events::users::USERNAME_SCOPE, &account).await?;
    let Some(user) = user else {
        password::verify_dummy(&pass);
        tracing::info!("login refused: unknown user");
        throttle::failed(&state.pool, &keys).await?;
        return Err(AppError::InvalidGrant(BAD));
    };
    // argon2 is CPU-heavy: keep it off the async workers.
    let hash = user.password_hash.clone();
    let ok = tokio::task::spawn_blocking(move || password::verify(&pass, &hash))
        .await
        .map_err(AppError::internal)?;
    if !ok {
        tracing::info!(user_id = user.id, "login refused: wrong password");
        throttle::failed(&state.pool, &keys).await?;
        return Err(AppError::InvalidGrant(BAD));
    }
    throttle::succeeded(&state.pool, &keys).await?;
    if !user.enabled {
        return Err(AppError::InvalidGrant("El usuario está deshabilitado"));
    }
    let now = chrono::Utc::now().timestamp();
    let exp = now + auth.token_lifetime_secs;
    let jti = uuid::Uuid::new_v4().to_string();
    let access_token = jwt::issue(
        &jwt::NewToken {
            username: &user.username,
            roles: &user.roles,
            local_id: user.local_id,
            client_id: &client.id,
            exp,
            jti: &jti,
            epoch: user.epoch,
        },
        &auth.signing_key,
    )
    .map_err(AppError::internal)?;
    Ok(Json(TokenResponse {
        access_token,
        token_type: "bearer".into(),
        expires_in: exp - now - 1,
        scope: jwt::CLIENT_SCOPES.join(" "),
        jti,
        local_id: user.local_id,
        // The existing front end reads an admin without branch by this null.
        local_nombre: user.local_id.is_none().then_some(None),
    }))
}

/// The answer of `POST /oauth/token`.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct TokenResponse {
    /// JWT (HS256); its payload carries `user_name`, `authorities`, `local_id` and `exp`.
    pub access_token: String,
    pub token_type: String,
    pub expires_in: i64,
    pub scope: String,
    pub jti: String,
    pub local_id: Option<i64>,
    /// Present, and null, for a user without branch.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub local_nombre: Option<Option<String>>,
}
