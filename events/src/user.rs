//! Staff accounts. Passwords travel and rest only as argon2 hashes.

use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

pub const USER_AGGREGATE: &str = "Usuario";
pub const ROLE_ADMIN: &str = "ROLE_ADMIN";
pub const ROLE_VENDEDOR: &str = "ROLE_VENDEDOR";

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

impl DomainEvent for UserEvent {
    fn event_type(&self) -> String {
        match self {
            UserEvent::UsuarioCreado { .. } => "UsuarioCreado",
            UserEvent::RolesAsignados { .. } => "RolesAsignados",
            UserEvent::ContrasenaCambiada { .. } => "ContrasenaCambiada",
            UserEvent::UsuarioHabilitado => "UsuarioHabilitado",
            UserEvent::UsuarioDeshabilitado => "UsuarioDeshabilitado",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1".to_string()
    }
}
