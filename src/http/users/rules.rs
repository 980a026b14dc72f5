//! What an account's form must hold before anything is hashed or written. The web app checks
//! the same before it sends (`webapp/src/users/rules.ts`); both read the cases of
//! `tests/cases/user_account.json`.

use optica_command::users::valid_username;
use optica_events::users::{ROLE_ADMIN, ROLE_VENDEDOR};

use crate::users::{password_fits, MAX_PASSWORD, MIN_PASSWORD};

/// Why an account's form is refused, in the order the form shows its fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problema {
    #[error("El nombre de usuario debe tener entre 1 y 20 caracteres, sin espacios.")]
    NombreInvalido,
    #[error("La contraseña debe tener entre {MIN_PASSWORD} y {MAX_PASSWORD} caracteres.")]
    ContrasenaInvalida,
    #[error("Elija el rol: Administrador o Vendedor.")]
    RolDesconocido,
    #[error("Un vendedor debe tener un local asignado.")]
    VendedorSinLocal,
}

/// The parts of a form; a part the request does not carry is `None` and not judged (a role
/// change carries no password, a new password no role).
#[derive(Clone, Copy, Debug, Default)]
pub struct Cuenta<'a> {
    pub username: Option<&'a str>,
    pub contrasena: Option<&'a str>,
    /// With the branch it needs (`Some(None)`: a role without a branch).
    pub rol: Option<(&'a str, Option<i64>)>,
}

pub fn problemas(cuenta: Cuenta<'_>) -> Vec<Problema> {
    let mut found = Vec::new();
    if cuenta.username.is_some_and(|u| !valid_username(u)) {
        found.push(Problema::NombreInvalido);
    }
    if cuenta.contrasena.is_some_and(|p| !password_fits(p)) {
        found.push(Problema::ContrasenaInvalida);
    }
    match cuenta.rol {
        Some((rol, _)) if rol != ROLE_ADMIN && rol != ROLE_VENDEDOR => found.push(Problema::RolDesconocido),
        Some((rol, None)) if rol == ROLE_VENDEDOR => found.push(Problema::VendedorSinLocal),
        _ => {}
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize)]
    struct Case {
        nombre: String,
        username: Option<String>,
        contrasena: Option<String>,
        rol: Option<String>,
        #[serde(rename = "localId")]
        local_id: Option<i64>,
        errores: Vec<String>,
    }

    #[derive(serde::Deserialize)]
    struct Cases {
        casos: Vec<Case>,
    }

    #[test]
    fn the_shared_cases_hold() {
        let cases: Cases = serde_json::from_str(include_str!("../../../tests/cases/user_account.json")).unwrap();
        assert!(cases.casos.len() >= 8);
        for case in cases.casos {
            let cuenta = Cuenta {
                username: case.username.as_deref(),
                contrasena: case.contrasena.as_deref(),
                rol: case.rol.as_deref().map(|r| (r, case.local_id)),
            };
            let texts: Vec<String> = problemas(cuenta).iter().map(ToString::to_string).collect();
            assert_eq!(texts, case.errores, "{}", case.nombre);
        }
    }
}
