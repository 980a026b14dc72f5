//! Staff accounts. The service hashes passwords (argon2) before a command is built, so the
//! aggregate only ever sees hashes.

use cqrs_es::event_sink::EventSink;
use optica_events::users::{ROLE_ADMIN, ROLE_VENDEDOR, USER_AGGREGATE};
use optica_events::UserEvent;
use serde::{Deserialize, Serialize};

mod admins;
mod service;
pub use service::*;

/// The claim scope that keeps usernames unique (case-insensitive).
pub use optica_events::users::USERNAME_SCOPE;
pub const MAX_USERNAME: usize = 20;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserCommand {
    Create {
        username: String,
        password_hash: String,
        roles: Vec<String>,
        local_id: Option<i64>,
    },
    SetRoles {
        roles: Vec<String>,
        local_id: Option<i64>,
    },
    ChangePassword {
        password_hash: String,
    },
    Enable,
    Disable,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UserError {
    #[error("el usuario ya existe")]
    AlreadyExists,
    #[error("el usuario no existe")]
    NotFound,
    #[error("el nombre de usuario debe tener entre 1 y {MAX_USERNAME} caracteres, sin espacios")]
    InvalidUsername,
    #[error("rol desconocido: {0} (roles válidos: ROLE_ADMIN, ROLE_VENDEDOR)")]
    UnknownRole(String),
    #[error("un vendedor debe tener un local asignado")]
    SellerWithoutBranch,
    /// The account is the only enabled admin: disabling it or making it a seller would leave
    /// nobody able to manage accounts.
    #[error("es el único administrador habilitado; habilite o cree otro antes")]
    LastAdmin,
}

impl UserCommand {
    /// Whether the command takes the admin role away from an account that holds it (disabling
    /// it, or giving it roles without ROLE_ADMIN).
    pub fn removes_admin(&self) -> bool {
        match self {
            UserCommand::Disable => true,
            UserCommand::SetRoles { roles, .. } => !roles.iter().any(|r| r == ROLE_ADMIN),
            _ => false,
        }
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
pub struct User {
    created: bool,
    roles: Vec<String>,
    local_id: Option<i64>,
    enabled: bool,
}

impl User {
    /// An enabled account with the admin role.
    pub fn active_admin(&self) -> bool {
        self.created && self.enabled && self.roles.iter().any(|r| r == ROLE_ADMIN)
    }
}

fn check_roles(roles: &[String], local_id: Option<i64>) -> Result<(), UserError> {
    if let Some(bad) = roles.iter().find(|r| *r != ROLE_ADMIN && *r != ROLE_VENDEDOR) {
        return Err(UserError::UnknownRole(bad.clone()));
    }
    // A seller works in one branch; without one the server could not confine them.
    if roles.iter().any(|r| r == ROLE_VENDEDOR) && !roles.iter().any(|r| r == ROLE_ADMIN) && local_id.is_none() {
        return Err(UserError::SellerWithoutBranch);
    }
    Ok(())
}

pub fn valid_username(username: &str) -> bool {
    !username.is_empty() && username.chars().count() <= MAX_USERNAME && !username.chars().any(char::is_whitespace)
}

aggregate!(User: USER_AGGREGATE, UserCommand => UserEvent, UserError);

impl User {
    async fn decide(&mut self, command: UserCommand, sink: &EventSink<Self>) -> Result<(), UserError> {
        if !self.created && !matches!(command, UserCommand::Create { .. }) {
            return Err(UserError::NotFound);
        }
        let event = match command {
            UserCommand::Create {
                username,
                password_hash,
                roles,
                local_id,
            } => {
                if self.created {
                    return Err(UserError::AlreadyExists);
                }
                if !valid_username(&username) {
                    return Err(UserError::InvalidUsername);
                }
                check_roles(&roles, local_id)?;
                UserEvent::UsuarioCreado {
                    username,
                    password_hash,
                    roles,
                    local_id,
                }
            }
            UserCommand::SetRoles { roles, local_id } => {
                check_roles(&roles, local_id)?;
                UserEvent::RolesAsignados { roles, local_id }
            }
            UserCommand::ChangePassword { password_hash } => UserEvent::ContrasenaCambiada { password_hash },
            UserCommand::Enable if self.enabled => return Ok(()),
            UserCommand::Enable => UserEvent::UsuarioHabilitado,
            UserCommand::Disable if !self.enabled => return Ok(()),
            UserCommand::Disable => UserEvent::UsuarioDeshabilitado,
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn evolve(&mut self, event: UserEvent) {
        match event {
            UserEvent::UsuarioCreado { roles, local_id, .. } => {
                self.created = true;
                self.enabled = true;
                self.roles = roles;
                self.local_id = local_id;
            }
            UserEvent::RolesAsignados { roles, local_id } => {
                self.roles = roles;
                self.local_id = local_id;
            }
            UserEvent::ContrasenaCambiada { .. } => {}
            UserEvent::UsuarioHabilitado => self.enabled = true,
            UserEvent::UsuarioDeshabilitado => self.enabled = false,
        }
    }
}

impl crate::store::links::Linked for User {
    fn targets(&self) -> std::collections::BTreeSet<crate::store::links::Target> {
        let branch = self.local_id.filter(|_| self.created);
        branch
            .map(|id| crate::store::links::lookup(optica_events::LookupKind::Local, id))
            .into_iter()
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Given as _;
    use cqrs_es::test::TestFramework;

    fn create(roles: &[&str], local_id: Option<i64>) -> UserCommand {
        UserCommand::Create {
            username: "ana".into(),
            password_hash: "$argon2id$x".into(),
            roles: roles.iter().map(|r| r.to_string()).collect(),
            local_id,
        }
    }

    #[test]
    fn a_seller_is_created_with_a_branch() {
        TestFramework::<User>::fresh()
            .when(create(&[ROLE_VENDEDOR], Some(2)))
            .then_expect_events(vec![UserEvent::UsuarioCreado {
                username: "ana".into(),
                password_hash: "$argon2id$x".into(),
                roles: vec![ROLE_VENDEDOR.into()],
                local_id: Some(2),
            }]);
    }

    #[test]
    fn a_seller_without_branch_is_refused() {
        TestFramework::<User>::fresh()
            .when(create(&[ROLE_VENDEDOR], None))
            .then_expect_error(UserError::SellerWithoutBranch);
    }

    #[test]
    fn unknown_roles_are_refused() {
        TestFramework::<User>::fresh()
            .when(create(&["ROLE_ROOT"], None))
            .then_expect_error(UserError::UnknownRole("ROLE_ROOT".into()));
    }

    #[test]
    fn disabling_twice_records_one_event() {
        let created = UserEvent::UsuarioCreado {
            username: "ana".into(),
            password_hash: "h".into(),
            roles: vec![ROLE_ADMIN.into()],
            local_id: None,
        };
        TestFramework::<User>::after(vec![created, UserEvent::UsuarioDeshabilitado])
            .when(UserCommand::Disable)
            .then_expect_events(vec![]);
    }

    #[test]
    fn commands_on_a_missing_user_are_refused() {
        TestFramework::<User>::fresh()
            .when(UserCommand::Enable)
            .then_expect_error(UserError::NotFound);
    }
}
