//! The patient checks that need the read models: the branch exists, and the duplicate rules'
//! common case answered without a write. The patients' claims (`optica_command::patients`) are
//! what holds under races.

use optica_command::patients::identity_claim;
use optica_command::patients::PacienteError;
use optica_events::patients::{CELULAR_SCOPE, DOCUMENTO_SCOPE};
use optica_events::{LookupKind, PacienteDatos};
use optica_query::patients as read;

use crate::error::{texts, AppError};
use crate::http::kit::references::{Missing, Referenced};
use crate::state::AppState;

use super::errors::{DUPLICATE_CELULAR, DUPLICATE_DOCUMENTO};

/// The read-model side of the duplicate rules, for patient `except` (0 on create).
pub async fn check_duplicates(state: &AppState, datos: &PacienteDatos, except: i64) -> Result<(), AppError> {
    match identity_claim(datos) {
        (DOCUMENTO_SCOPE, key) if read::holder_of_documento(&state.pool, &key, except).await? => {
            Err(AppError::BadRequest(DUPLICATE_DOCUMENTO.into()))
        }
        (CELULAR_SCOPE, key) if read::holder_of_celular(&state.pool, &key, except).await? => {
            Err(AppError::BadRequest(DUPLICATE_CELULAR.into()))
        }
        _ => Ok(()),
    }
}

/// The patient's data checked by the aggregate's rules and against the branches that exist,
/// with every problem in one answer.
pub async fn validated(state: &AppState, datos: PacienteDatos) -> Result<PacienteDatos, AppError> {
    let local_id = datos.local_id;
    let known = local_id <= 0
        || Referenced::load(&state.pool, [(LookupKind::Local, local_id)])
            .await?
            .exists(LookupKind::Local, local_id);
    match (optica_command::patients::validate(datos), known) {
        (Ok(datos), true) => Ok(datos),
        (Ok(_), false) => Err(AppError::Rejected(vec![Missing::Local.to_string()])),
        (Err(PacienteError::Invalid(rules)), known) => {
            let mut problems = texts(&rules);
            if !known {
                problems.push(Missing::Local.to_string());
            }
            Err(AppError::Rejected(problems))
        }
        (Err(other), _) => Err(AppError::internal(other)),
    }
}

/// Whether an edit keeps the identity the patient has (even one an older rule let two patients
/// share: a patient keeps it).
pub async fn keeps_identity(state: &AppState, id: i64, datos: &PacienteDatos) -> Result<bool, AppError> {
    let current = read::contact(&state.pool, id).await?;
    Ok(current.is_some_and(|(documento, celular)| {
        let now = PacienteDatos {
            documento,
            celular,
            ..Default::default()
        };
        identity_claim(&now) == identity_claim(datos)
    }))
}

/// The patient's obra social checked against the ones the shop keeps, its plan written as the
/// obra social names it, and the free text `obra_social` the existing front end shows made to
/// say the same ('OSDE 210'). An edit that did not send it (`enviada` false) keeps the one the
/// patient has, read from its stream.
pub async fn afiliacion(
    state: &AppState,
    id: Option<i64>,
    datos: &mut PacienteDatos,
    enviada: bool,
) -> Result<(), AppError> {
    if let (Some(id), false) = (id, enviada) {
        let (current, _) = state
            .store
            .load::<optica_command::patients::Paciente>(&id.to_string())
            .await?;
        datos.afiliacion = current.datos().afiliacion.clone();
    }
    let Some(a) = datos.afiliacion.as_mut() else {
        return Ok(());
    };
    let Some(os) = optica_query::insurers::by_id(&state.pool, a.obra_social_id).await? else {
        return Err(AppError::Rejected(vec![format!(
            "La obra social {} no existe.",
            a.obra_social_id
        )]));
    };
    let key = optica_events::lookups::name_key(&a.plan);
    match os
        .planes
        .iter()
        .find(|p| optica_events::lookups::name_key(&p.nombre) == key)
    {
        Some(plan) => a.plan = plan.nombre.clone(),
        None if os.planes.is_empty() && a.plan.trim().is_empty() => a.plan = String::new(),
        None => {
            let planes: Vec<&str> = os.planes.iter().map(|p| p.nombre.as_str()).collect();
            return Err(AppError::Rejected(vec![format!(
                "El plan '{}' no es de {}: elegí uno de {}.",
                a.plan.trim(),
                os.nombre,
                planes.join(", ")
            )]));
        }
    }
    datos.obra_social = Some(format!("{} {}", os.nombre, a.plan).trim().to_string());
    Ok(())
}
