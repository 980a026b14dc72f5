//! Authentication: OAuth2 password grant issuing HS256 JWTs, and the extractors that check a
//! caller's token and role on every protected handler.

pub mod accounts;
pub mod caller;
pub mod jwt;
pub mod oauth;
pub mod order_code;
pub mod password;
pub mod throttle;

pub use caller::{Admin, Caller, Staff, StaffOrNobody};

/// A client allowed to call `POST /oauth/token` (HTTP Basic).
#[derive(Clone, Debug)]
pub struct OAuthClient {
    pub id: String,
    pub secret: String,
}

/// The client of our own web app. A browser app cannot keep a secret (the original shipped its
/// "secret" in the public bundle), so it is a public client with an empty secret: it proves
/// nothing, and the password grant still needs the user's credentials.
pub const WEBAPP_CLIENT_ID: &str = "optica.webapp";

/// Parses `id:secret,id:secret`.
pub fn parse_clients(spec: &str) -> Result<Vec<OAuthClient>, String> {
    spec.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|pair| match pair.split_once(':') {
            Some((id, secret)) if !id.is_empty() && !secret.is_empty() => Ok(OAuthClient {
                id: id.to_string(),
                secret: secret.to_string(),
            }),
            _ => Err(format!("cliente OAuth inválido: {pair:?} (se espera id:secreto)")),
        })
        .collect()
}

pub struct AuthConfig {
    /// HMAC key of the tokens; from the environment or generated once and stored in the database.
    pub signing_key: Vec<u8>,
    pub clients: Vec<OAuthClient>,
    pub token_lifetime_secs: i64,
}

impl AuthConfig {
    /// The configured clients plus the web app's public client.
    pub fn new(signing_key: Vec<u8>, mut clients: Vec<OAuthClient>) -> Self {
        clients.push(OAuthClient {
            id: WEBAPP_CLIENT_ID.to_string(),
            secret: String::new(),
        });
        AuthConfig {
            signing_key,
            clients,
            token_lifetime_secs: 5 * 60 * 60,
        }
    }
}
