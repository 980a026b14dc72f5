//! Issuing and verifying access tokens.
//!
//! The existing web app decodes the payload with the browser's plain `atob`, which rejects the
//! base64url characters `-` and `_`. For ASCII input those come only from a byte `>`, `?`, `~` or
//! DEL in the last position of a 3-byte group. JSON syntax never uses them, so the payload is
//! written with every non-ASCII character and those four escaped as `\uXXXX` inside strings:
//! its encoding then never contains `-` or `_`, whatever the username.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::Deserialize;
use serde_json::value::RawValue;
use serde_json::{json, Value};

pub const CLIENT_SCOPES: [&str; 2] = ["read", "write"];

/// The claims the server reads back from a token.
#[derive(Clone, Debug, Deserialize)]
pub struct Claims {
    pub user_name: String,
    #[serde(default)]
    pub authorities: Vec<String>,
    pub local_id: Option<i64>,
    pub exp: i64,
    #[serde(default)]
    pub jti: String,
    #[serde(default)]
    pub client_id: String,
    /// The account's epoch when the token was issued (absent in tokens of older servers).
    #[serde(default)]
    pub epoch: Option<i64>,
}

/// What goes into a new token.
pub struct NewToken<'a> {
    pub username: &'a str,
    pub roles: &'a [String],
    pub local_id: Option<i64>,
    pub client_id: &'a str,
    pub exp: i64,
    pub jti: &'a str,
    pub epoch: i64,
}

/// JSON text with non-ASCII characters and `>`, `?`, `~`, DEL escaped as `\uXXXX` (they can
/// only occur inside strings, where the escape means the same character).
fn ascii_json(value: &Value) -> String {
    let text = value.to_string();
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() && !matches!(c, '>' | '?' | '~' | '\x7f') {
            out.push(c);
        } else {
            let mut units = [0u16; 2];
            for unit in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

fn atob_safe(json: &str) -> bool {
    !URL_SAFE_NO_PAD.encode(json).contains(['-', '_'])
}

/// The payload JSON of a token: ASCII, and encoding without `-` or `_`.
pub fn payload_json(token: &NewToken) -> String {
    let mut claims = json!({
        "user_name": token.username,
        "scope": CLIENT_SCOPES,
        "exp": token.exp,
        // always present: the web app reads its length
        "authorities": token.roles,
        "jti": token.jti,
        "client_id": token.client_id,
        "local_id": token.local_id,
        "epoch": token.epoch,
    });
    if token.local_id.is_none() {
        claims["local_nombre"] = Value::Null;
    }
    let payload = ascii_json(&claims);
    debug_assert!(atob_safe(&payload));
    payload
}

pub fn issue(token: &NewToken, key: &[u8]) -> Result<String, jsonwebtoken::errors::Error> {
    let payload = RawValue::from_string(payload_json(token)).map_err(jsonwebtoken::errors::Error::from)?;
    jsonwebtoken::encode(&Header::new(Algorithm::HS256), &payload, &EncodingKey::from_secret(key))
}

/// Checks signature and expiry.
pub fn verify(token: &str, key: &[u8]) -> Result<Claims, jsonwebtoken::errors::Error> {
    let mut validation = Validation::new(Algorithm::HS256);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp"]);
    jsonwebtoken::decode::<Claims>(token, &DecodingKey::from_secret(key), &validation).map(|d| d.claims)
}

#[cfg(test)]
mod tests {
    use super::*;
    use base64::engine::general_purpose::STANDARD;

    fn new_token<'a>(name: &'a str, roles: &'a [String], jti: &'a str) -> NewToken<'a> {
        NewToken {
            username: name,
            roles,
            local_id: Some(3),
            client_id: "angularapp.optica",
            exp: 1_900_000_000,
            jti,
            epoch: 1,
        }
    }

    /// What the browser does: atob on the middle segment (standard alphabet), then JSON.parse.
    fn atob_decode(token: &str) -> Value {
        let middle = token.split('.').nth(1).unwrap();
        let padded = format!("{middle}{}", "=".repeat((4 - middle.len() % 4) % 4));
        serde_json::from_slice(&STANDARD.decode(padded).expect("atob accepts it")).unwrap()
    }

    #[test]
    fn payloads_decode_with_plain_atob_for_many_names() {
        let roles = vec!["ROLE_ADMIN".to_string()];
        for i in 0..2000 {
            let name = format!("usuario{i}ñ>?~");
            let jti = uuid::Uuid::new_v4().to_string();
            let token = issue(&new_token(&name, &roles, &jti), b"k").unwrap();
            let claims = atob_decode(&token);
            assert_eq!(claims["user_name"], name.as_str());
            assert_eq!(claims["authorities"][0], "ROLE_ADMIN");
        }
    }

    #[test]
    fn a_token_without_roles_still_carries_an_empty_authorities_list() {
        let token = issue(&new_token("x", &[], "j"), b"k").unwrap();
        assert_eq!(atob_decode(&token)["authorities"], json!([]));
    }

    #[test]
    fn verification_checks_the_key_and_expiry() {
        let roles = vec![];
        let token = issue(&new_token("ana", &roles, "j"), b"key").unwrap();
        assert_eq!(verify(&token, b"key").unwrap().user_name, "ana");
        assert!(verify(&token, b"other").is_err());
        let mut expired = new_token("ana", &roles, "j");
        expired.exp = 1_000;
        assert!(verify(&issue(&expired, b"key").unwrap(), b"key").is_err());
    }
}
