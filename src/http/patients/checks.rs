//! The patients' command services: registering with a safe ficha number and the duplicate rules,
//! editing by merge, recording crystals, deleting.
//!
//! Duplicate rules (contract §4.3, on create and edit): a document belongs to one patient; a
//! patient without document may not share a phone with another patient. Both are unique claims
//! taken in the transaction that appends the events, so concurrent requests cannot both pass;
//! the read-model check in front gives the common case its answer without a write.

pub mod body;

use optica_command::patient::{Paciente, PacienteCommand, PacienteError};
use optica_command::{with_retries, CommandError};
use optica_events::patient::{
    celular_key, documento_key, CELULAR_SCOPE, DOCUMENTO_SCOPE, FICHA_NUMBER_SEQUENCE, FICHA_SCOPE, PATIENT_ID_SEQUENCE,
};
use optica_events::{EventMetadata, PacienteDatos};
use optica_query::patients as read;

use crate::dispatch;
use crate::error::AppError;
use crate::state::AppState;
use body::Prepared;

/// Automatic ficha numbers tried before giving up (each collision is a concurrent registration
/// or a number typed by hand).
const FICHA_ATTEMPTS: usize = 20;

pub const DUPLICATE_DOCUMENTO: &str = "Ya existe un paciente con el mismo documento";
pub const DUPLICATE_CELULAR: &str = "Ya existe un paciente con el mismo celular y sin documento";

/// The identity claim of a patient: its document, or its phone when it has none.
fn identity_claim(datos: &PacienteDatos) -> (&'static str, String) {
    match datos.documento.as_deref().map(documento_key).filter(|k| !k.is_empty()) {
        Some(key) => (DOCUMENTO_SCOPE, key),
        None => (CELULAR_SCOPE, celular_key(&datos.celular)),
    }
}

/// The read-model side of the duplicate rules, for patient `except` (0 on create).
async fn check_duplicates(state: &AppState, datos: &PacienteDatos, except: i64) -> Result<(), AppError> {
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

/// Maps a command failure; `id` names the patient in not-found texts.
pub fn command_error(id: i64, e: CommandError<PacienteError>, editing: bool) -> AppError {
    match e {
        CommandError::Domain(PacienteError::Invalid(problems)) => AppError::Rejected(problems),
        CommandError::Domain(PacienteError::NotFound) if editing => AppError::NotFound(format!(
            "Error: No se pudo editar el paciente ID: {id} porque no existe en la base de datos."
        )),
        CommandError::Domain(PacienteError::NotFound) => not_found(id),
        CommandError::Domain(PacienteError::Stale { .. }) => AppError::Conflict(
            "La versión del paciente enviada no corresponde a sus datos. Vuelva a cargar el formulario.".into(),
        ),
        CommandError::Domain(PacienteError::UnicaFicha) => {
            AppError::BadRequest("El paciente debe conservar al menos una ficha".into())
        }
        CommandError::InUse { .. } => AppError::Conflict(
            "No se puede eliminar el paciente porque tiene movimientos en la caja. \
             Por favor elimine esos movimientos para continuar"
                .into(),
        ),
        CommandError::Duplicate { scope, key } if scope == FICHA_SCOPE => {
            AppError::BadRequest(format!("Ya existe un paciente con la ficha {key}"))
        }
        CommandError::Duplicate { scope, .. } if scope == DOCUMENTO_SCOPE => {
            AppError::BadRequest(DUPLICATE_DOCUMENTO.into())
        }
        CommandError::Duplicate { scope, .. } if scope == CELULAR_SCOPE => {
            AppError::BadRequest(DUPLICATE_CELULAR.into())
        }
        other => dispatch::store_failure(other),
    }
}

pub fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("El paciente ID: {id} no existe en la base de datos!"))
}

/// Keeps automatic ficha numbers above a number typed by hand. (A registration racing this
/// bump may get a number already taken; its claim then fails and it takes the next one.)
async fn skip_past(state: &AppState, ficha: i64) -> Result<(), AppError> {
    sqlx::query("select setval($1::regclass, greatest($2, coalesce(pg_sequence_last_value($1::regclass), 0)))")
        .bind(FICHA_NUMBER_SEQUENCE)
        .bind(ficha)
        .execute(&state.pool)
        .await?;
    Ok(())
}

const UNKNOWN_LOCAL: &str = "El local seleccionado no existe";

/// The patient's data checked by the aggregate's rules and against the branches that exist,
/// with every problem in one answer.
async fn validated(state: &AppState, datos: PacienteDatos) -> Result<PacienteDatos, AppError> {
    let local_id = datos.local_id;
    let known = local_id <= 0
        || !optica_query::lookups::existing(&state.pool, "Local", &[local_id])
            .await?
            .is_empty();
    match (optica_command::patient::validate(datos), known) {
        (Ok(datos), true) => Ok(datos),
        (Ok(_), false) => Err(AppError::Rejected(vec![UNKNOWN_LOCAL.into()])),
        (Err(PacienteError::Invalid(mut problems)), known) => {
            if !known {
                problems.push(UNKNOWN_LOCAL.into());
            }
            Err(AppError::Rejected(problems))
        }
        (Err(other), _) => Err(AppError::internal(other)),
    }
}

/// Registers a patient; answers its id.
pub async fn register(state: &AppState, prepared: Prepared, metadata: &EventMetadata) -> Result<i64, AppError> {
    let datos = validated(state, prepared.datos.clone()).await?;
    check_duplicates(state, &datos, 0).await?;
    let id = state.store.next_id(PATIENT_ID_SEQUENCE).await?;
    let key = id.to_string();
    let (scope, identity) = identity_claim(&datos);
    for _ in 0..FICHA_ATTEMPTS {
        let ficha = match prepared.ficha {
            Some(n) => n,
            None => state.store.next_id(FICHA_NUMBER_SEQUENCE).await?,
        };
        let command = PacienteCommand::Register {
            ficha,
            datos: datos.clone(),
            fichas: prepared.fichas.clone().unwrap_or_default(),
            fecha: state.today(),
        };
        let mut unit = state.store.unit();
        let attempt = async {
            unit.handle::<Paciente>(&key, command, &()).await?;
            unit.claim(FICHA_SCOPE, &ficha.to_string(), &key);
            unit.claim(scope, &identity, &key);
            unit.commit(metadata).await
        };
        match attempt.await {
            Ok(appended) => {
                if prepared.ficha.is_some() {
                    skip_past(state, ficha).await?;
                }
                if let Some(at) = appended {
                    dispatch::settle(state, at).await;
                }
                return Ok(id);
            }
            // Another registration took the number first: take the next one.
            Err(CommandError::Duplicate { scope, .. }) if scope == FICHA_SCOPE && prepared.ficha.is_none() => {}
            Err(e) => return Err(command_error(id, e, false)),
        }
    }
    Err(AppError::Conflict(
        "No se pudo asignar un número de ficha. Intente nuevamente.".into(),
    ))
}

/// Runs a command on a patient loaded in the same attempt. `identity_after`: the patient's data
/// after the command (its identity claim moves with it), or `None` to release the claim (delete);
/// commands that do not touch the data pass `Keep`. Waits for the read models.
pub async fn run_on_patient(
    state: &AppState,
    id: i64,
    command: PacienteCommand,
    identity_after: Identity<'_>,
    metadata: &EventMetadata,
) -> Result<(), CommandError<PacienteError>> {
    let key = id.to_string();
    let (key, command, identity_after) = (key.as_str(), &command, &identity_after);
    let appended = with_retries(move || async move {
        let (before, base) = state.store.load::<Paciente>(key).await?;
        let held = before.exists().then(|| identity_claim(before.datos()));
        let mut unit = state.store.unit();
        unit.handle_loaded(key, before, base, command.clone(), &()).await?;
        let wanted = match identity_after {
            Identity::Keep => held.clone(),
            Identity::Becomes(datos) => Some(identity_claim(datos)),
            Identity::Released => None,
        };
        if wanted != held {
            if let Some((scope, value)) = &held {
                unit.release(scope, value, key);
            }
            if let Some((scope, value)) = &wanted {
                unit.claim(scope, value, key);
            }
        }
        unit.commit(metadata).await
    })
    .await?;
    if let Some(at) = appended {
        dispatch::settle(state, at).await;
    }
    Ok(())
}

/// What happens to a patient's identity claim (document, or phone without document).
pub enum Identity<'a> {
    Keep,
    Becomes(&'a PacienteDatos),
    Released,
}

/// Edits a patient by merging the form into its history.
pub async fn edit(state: &AppState, id: i64, prepared: Prepared, metadata: &EventMetadata) -> Result<(), AppError> {
    let datos = validated(state, prepared.datos).await?;
    let current = read::contact(&state.pool, id).await?;
    let unchanged = current.is_some_and(|(documento, celular)| {
        let now = PacienteDatos {
            documento,
            celular,
            ..Default::default()
        };
        identity_claim(&now) == identity_claim(&datos)
    });
    // A patient keeps the identity it has, even one an older rule let two patients share.
    if !unchanged {
        check_duplicates(state, &datos, id).await?;
    }
    let command = PacienteCommand::Edit {
        datos: datos.clone(),
        fichas: prepared.fichas,
        expected_version: prepared.version,
        fecha: state.today(),
    };
    run_on_patient(state, id, command, Identity::Becomes(&datos), metadata)
        .await
        .map_err(|e| command_error(id, e, true))
}
