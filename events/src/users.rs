//! Staff accounts. Passwords travel and rest only as argon2 hashes.

use serde::{Deserialize, Serialize};

pub const USER_AGGREGATE: &str = "Usuario";
pub const ROLE_ADMIN: &str = "ROLE_ADMIN";
pub const ROLE_VENDEDOR: &str = "ROLE_VENDEDOR";

/// The unique-claim scope of usernames.
pub const USERNAME_SCOPE: &str = "usuario.username";

/// The one form of a username that login, the login throttle and the uniqueness claim compare:
/// Unicode case folding. `lower()` in PostgreSQL and `to_lowercase` in Rust disagreed on a dotted
/// capital I, so `admİn` was throttled apart from `admin` yet logged in as it.
pub fn username_key(username: &str) -> String {
    unicase::UniCase::new(username.trim()).to_folded_case()
}

#[cfg(test)]
mod tests {
    use super::username_key;

    #[test]
    fn usernames_compare_by_their_case_folding() {
        assert_eq!(username_key(" Vera "), "vera");
        assert_eq!(username_key("MARÍA"), username_key("maría"));
        assert_eq!(username_key("Straße"), username_key("STRASSE"));
        assert_ne!(
            username_key("admİn"),
            username_key("admin"),
            "a dotted capital I is another letter"
        );
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UserEvent {
    UsuarioCreado {
        username: String,
        password_hash: String,
        roles: Vec<String>,
        local_id: Option<i64>,
    },
    RolesAsignados {
        roles: Vec<String>,
        local_id: Option<i64>,
    },
    ContrasenaCambiada {
        password_hash: String,
    },
    UsuarioHabilitado,
    UsuarioDeshabilitado,
}

event_types!(
    UserEvent:
    UsuarioCreado, RolesAsignados, ContrasenaCambiada, UsuarioHabilitado, UsuarioDeshabilitado
);
