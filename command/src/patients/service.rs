//! The patient registry's command services: registering with a safe ficha number, and running
//! edits, lens records and deletes with the patient's identity claim moving along.
//!
//! Duplicate rules (contract §4.3, on create and edit): a document belongs to one patient; a
//! patient without document may not share a phone with another patient. Both are unique claims
//! taken in the transaction that appends the events, so concurrent requests cannot both pass
//! (the HTTP layer's read-model check in front gives the common case its answer without a
//! write). A ficha number is a claim too.

use chrono::NaiveDate;
use optica_events::patients::{
    celular_key, documento_key, CELULAR_SCOPE, DOCUMENTO_SCOPE, FICHA_NUMBER_SEQUENCE, FICHA_SCOPE, PATIENT_ID_SEQUENCE,
};
use optica_events::{EventMetadata, PacienteDatos};

use crate::patients::{FichaEntrada, Paciente, PacienteCommand, PacienteError};
use crate::{CommandError, EventStore, Outcome, StoreError};

/// Automatic ficha numbers tried before giving up (each collision is a concurrent registration
/// or a number typed by hand).
const FICHA_ATTEMPTS: usize = 20;

/// The identity claim of a patient: its document, or its phone when it has none.
pub fn identity_claim(datos: &PacienteDatos) -> (&'static str, String) {
    match datos.documento.as_deref().map(documento_key).filter(|k| !k.is_empty()) {
        Some(key) => (DOCUMENTO_SCOPE, key),
        None => (CELULAR_SCOPE, celular_key(&datos.celular)),
    }
}

/// A patient to register: checked data, its fichas, and the ficha number typed by hand if any.
#[derive(Clone, Debug)]
pub struct NewPatient {
    pub datos: PacienteDatos,
    pub fichas: Vec<FichaEntrada>,
    pub ficha: Option<i64>,
}

/// Registers a patient under a free ficha number (the typed one, or the next automatic one;
/// automatic numbers are retried past concurrent registrations). `FichaNoAsignada` when
/// every attempt collided.
pub async fn register(
    store: &EventStore,
    patient: &NewPatient,
    fecha: NaiveDate,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<PacienteError>> {
    let id = store.next_id(PATIENT_ID_SEQUENCE).await?;
    let key = id.to_string();
    let (scope, identity) = identity_claim(&patient.datos);
    for _ in 0..FICHA_ATTEMPTS {
        let ficha = match patient.ficha {
            Some(n) => n,
            None => store.next_id(FICHA_NUMBER_SEQUENCE).await?,
        };
        let command = PacienteCommand::Register {
            ficha,
            datos: patient.datos.clone(),
            fichas: patient.fichas.clone(),
            fecha,
        };
        let (key, command, identity) = (&key, &command, &identity);
        let attempt = store.run(metadata, "paciente", move || async move {
            let mut unit = store.unit();
            unit.handle::<Paciente>(key, command.clone(), &()).await?;
            unit.claim(FICHA_SCOPE, &ficha.to_string(), key);
            unit.claim(scope, identity, key);
            Ok((unit, id))
        });
        match attempt.await {
            Ok(outcome) => {
                if patient.ficha.is_some() {
                    skip_past(store, ficha).await?;
                }
                return Ok(outcome);
            }
            // Another registration took the number first: take the next one.
            Err(CommandError::Duplicate { scope, .. }) if scope == FICHA_SCOPE && patient.ficha.is_none() => {}
            Err(e) => return Err(e),
        }
    }
    Err(CommandError::Domain(PacienteError::FichaNoAsignada))
}

/// Keeps automatic ficha numbers above a number typed by hand. (A registration racing this
/// bump may get a number already taken; its claim then fails and it takes the next one.)
async fn skip_past(store: &EventStore, ficha: i64) -> Result<(), StoreError> {
    sqlx::query("select setval($1::regclass, greatest($2, coalesce(pg_sequence_last_value($1::regclass), 0)))")
        .bind(FICHA_NUMBER_SEQUENCE)
        .bind(ficha)
        .execute(store.pool())
        .await?;
    Ok(())
}

/// What happens to a patient's identity claim (document, or phone without document).
pub enum Identity<'a> {
    Keep,
    Becomes(&'a PacienteDatos),
    Released,
}

/// Runs a command on a patient loaded in the same attempt. `identity_after`: the patient's data
/// after the command (its identity claim moves with it), `Released` to give the claim up
/// (delete), `Keep` for commands that do not touch the data.
pub async fn run_on_patient(
    store: &EventStore,
    id: i64,
    command: PacienteCommand,
    identity_after: Identity<'_>,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<PacienteError>> {
    let key = id.to_string();
    let (key, command, identity_after) = (key.as_str(), &command, &identity_after);
    // A registration's id is new each time: its key names the operation, not the record.
    let operation = match command {
        PacienteCommand::Register { .. } => "paciente".to_string(),
        _ => format!("paciente:{id}"),
    };
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Paciente>(key).await?;
            let held = before.exists().then(|| identity_claim(before.datos()));
            let mut unit = store.unit();
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
            Ok((unit, id))
        })
        .await
}
