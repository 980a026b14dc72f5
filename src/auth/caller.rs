//! Extractors that authenticate the caller from its bearer token and check its role.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use optica_events::users::ROLE_ADMIN;
use optica_events::Actor;

use super::jwt;
use crate::error::AppError;
use crate::state::AppState;

/// An authenticated staff member or customer account (any valid token).
#[derive(Clone, Debug)]
pub struct Caller {
    pub username: String,
    pub roles: Vec<String>,
    pub local_id: Option<i64>,
}

impl Caller {
    pub fn is_admin(&self) -> bool {
        self.roles.iter().any(|r| r == ROLE_ADMIN)
    }

    /// Whether the caller may work with a branch's records: admins everywhere, other staff at
    /// their own branch only.
    pub fn works_at(&self, local_id: i64) -> bool {
        self.is_admin() || self.local_id == Some(local_id)
    }

    /// The branch whose records the caller sees when asking for `asked` (none: every branch):
    /// an admin's choice; for anyone else their own branch, whatever they asked. A seller
    /// without a branch sees nothing rather than everything (-1 matches no branch).
    pub fn branch_seen(&self, asked: Option<i64>) -> Option<i64> {
        if self.is_admin() {
            asked
        } else {
            Some(self.local_id.unwrap_or(-1))
        }
    }

    /// The caller as the catalogue reads need it (costs for admins only).
    pub fn viewer(&self) -> optica_query::products::Viewer {
        optica_query::products::Viewer { admin: self.is_admin() }
    }

    pub fn actor(&self) -> Actor {
        Actor {
            username: self.username.clone(),
            roles: self.roles.clone(),
            local_id: self.local_id,
        }
    }
}

fn bearer(parts: &Parts) -> Option<&str> {
    let value = parts.headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then_some(token.trim())
}

impl<S> FromRequestParts<S> for Caller
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if let Some(caller) = parts.extensions.get::<Caller>() {
            return Ok(caller.clone());
        }
        let token = bearer(parts).ok_or(AppError::Unauthorized)?;
        let state = AppState::from_ref(state);
        let claims = jwt::verify(token, &state.auth.signing_key).map_err(|_| AppError::InvalidToken)?;
        if claims.user_name.is_empty() {
            return Err(AppError::InvalidToken);
        }
        // The account as it is now: disabled, changed or gone since the token was issued ends it.
        if !state
            .accounts
            .admits(&state.pool, &claims.user_name, claims.epoch)
            .await?
        {
            return Err(AppError::InvalidToken);
        }
        let caller = Caller {
            username: claims.user_name,
            roles: claims.authorities,
            local_id: claims.local_id,
        };
        parts.extensions.insert(caller.clone());
        Ok(caller)
    }
}

/// Extractors for a caller who must pass a role check: 403 when the check fails (401 without a
/// valid token).
macro_rules! role_extractor {
    ($(#[$doc:meta])* $name:ident, $allowed:expr) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name(pub Caller);

        impl<S> FromRequestParts<S> for $name
        where
            S: Send + Sync,
            AppState: FromRef<S>,
        {
            type Rejection = AppError;

            async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
                let caller = Caller::from_request_parts(parts, state).await?;
                let allowed: fn(&Caller) -> bool = $allowed;
                if allowed(&caller) {
                    Ok($name(caller))
                } else {
                    Err(AppError::Forbidden)
                }
            }
        }
    };
}

role_extractor!(
    /// A staff member: a caller with at least one role (accounts without roles are visitors).
    Staff,
    |c| !c.roles.is_empty()
);
role_extractor!(
    /// A caller with `ROLE_ADMIN`.
    Admin,
    Caller::is_admin
);

/// A staff member, or nobody: a request without any `Authorization` header. A header that is
/// there but does not carry a valid staff token is refused as everywhere else (401/403).
#[derive(Clone, Debug)]
pub enum StaffOrNobody {
    Staff(Caller),
    Nobody,
}

impl<S> FromRequestParts<S> for StaffOrNobody
where
    S: Send + Sync,
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if parts.headers.contains_key(AUTHORIZATION) {
            let Staff(caller) = Staff::from_request_parts(parts, state).await?;
            Ok(StaffOrNobody::Staff(caller))
        } else {
            Ok(StaffOrNobody::Nobody)
        }
    }
}
