//! `Idempotency-Key`: a request sent again (a lost answer, a double click, a proxy's retry) has
//! the effect of the first one only, and gets its answer.
//!
//! The key is a row of `idempotency_keys`, written as the first row of the transaction that
//! appends the command's events, so it exists exactly when the effect does. A twin request that
//! reaches its own commit meanwhile waits on the row's primary key for the first transaction to
//! end; when the first committed, the twin's insert fails, its unit is discarded and the next
//! round of `EventStore::run` reads the recorded answer. A request repeated after its first one
//! committed meets the key's row the same way: every round but the first looks for the key before
//! it runs the command, and so does a round that a rule refused (the twin's effect may be why)
//! and a unit with nothing to append.
//!
//! A key belongs to a user (`username:key`) and to one operation on one record (`command`):
//! reused for another one it is refused, so a client bug cannot turn a collection into the answer
//! of an adjustment.

use optica_events::EventMetadata;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::store::unit::KeyWrite;
use crate::store::{Appended, CommandError, EventStore, Outcome, StoreError, UnitOfWork, MAX_ATTEMPTS};

/// How many times a command ended by the database (not by another writer) is run again.
const TRANSIENT_ATTEMPTS: usize = 4;

/// The command used for keys recorded before this table existed: they answer any operation.
const ANY_COMMAND: &str = "*";

/// The key of a request: its user's, so one user's key never answers another's.
fn key_of(metadata: &EventMetadata) -> Option<String> {
    metadata
        .idempotency_key
        .as_ref()
        .map(|k| format!("{}:{k}", metadata.actor.username))
}

impl EventStore {
    /// Runs a command once per `Idempotency-Key`: `attempt` loads what it needs and answers its
    /// unit of work (not committed) with what the command answers; `run` records the key and the
    /// answer with the unit's events and commits. It runs `attempt` again while another writer
    /// appended to a stream it read (bounded); a request whose key was recorded, by an earlier
    /// request or by a twin that won meanwhile, answers the recorded answer without running.
    /// `command` names the operation and its record ("cobro:42"): one key, one operation.
    pub async fn run<'s, T, E, F, Fut>(
        &'s self,
        metadata: &EventMetadata,
        command: &str,
        mut attempt: F,
    ) -> Result<Outcome<T>, CommandError<E>>
    where
        T: Serialize + DeserializeOwned,
        E: std::error::Error,
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Result<(UnitOfWork<'s>, T), CommandError<E>>>,
    {
        let key = key_of(metadata);
        let mut round = 0;
        // The lanes of the streams the last attempt lost on: the next one holds them.
        let mut lost_on: Vec<usize> = Vec::new();
        loop {
            round += 1;
            let mut turn = Vec::with_capacity(lost_on.len());
            for lane in &lost_on {
                turn.push(self.lanes[*lane].lock().await);
            }
            // The first round does not look: a recorded key makes its commit fail on the key's
            // row, and the next round reads it (a sale's round trip fewer; a repeated request,
            // rare, runs its command once for nothing).
            if let (Some(k), true) = (&key, round > 1) {
                if let Some(done) = self.recorded(k, command).await? {
                    return Ok(done);
                }
            }
            let result = match attempt().await {
                Ok((mut unit, answer)) => {
                    lost_on = unit.lanes();
                    if let Some(k) = &key {
                        // A unit without events records no key, so its commit could not tell
                        // a repeated request: it looks before writing its other rows (a later
                        // round looked already, before running).
                        if unit.streams() == 0 && round == 1 {
                            if let Some(done) = self.recorded(k, command).await? {
                                return Ok(done);
                            }
                        }
                        unit.record_key(KeyWrite {
                            key: k.clone(),
                            command: command.to_string(),
                            answer: serde_json::to_value(&answer).map_err(StoreError::Corrupt)?,
                        });
                    }
                    unit.commit(metadata)
                        .await
                        .map(|appended| Outcome { id: answer, appended })
                }
                Err(e) => Err(e),
            };
            match result {
                // Lost the race for a stream: the next attempt waits for its turn on the lanes of
                // the streams it writes (no sleep needed: the turn is the pause).
                Err(CommandError::Conflict) if round < MAX_ATTEMPTS => drop(turn),
                // PostgreSQL ended the attempt's transaction and wrote nothing (a frozen
                // process's, say): the command is run again, a few times.
                Err(CommandError::Store(e)) if crate::store::transient(&e) && round < TRANSIENT_ATTEMPTS => {
                    tracing::warn!(error = %e, round, "command ended by the database; running it again");
                    drop(turn);
                    tokio::time::sleep(crate::store::backoff(round)).await
                }
                // Refused, perhaps because a twin with the key changed what this one read.
                Err(e) => {
                    return match &key {
                        Some(k) => match self.recorded(k, command).await? {
                            Some(done) => Ok(done),
                            None => Err(e),
                        },
                        None => Err(e),
                    }
                }
                // Nothing to write: perhaps because a twin with the key did it first, whose
                // answer (and its wait for the read models) is then this one's too.
                Ok(Outcome { appended: None, id }) => {
                    if let Some(k) = &key {
                        if let Some(done) = self.recorded(k, command).await? {
                            return Ok(done);
                        }
                    }
                    return Ok(Outcome { appended: None, id });
                }
                done => return done,
            }
        }
    }

    /// Whether the request's `Idempotency-Key` was recorded already: a caller that checks the
    /// request against the read models before the command (a duplicate name, say) skips those
    /// checks for a repeated request, which the first one's effect would refuse; `run` answers it.
    pub async fn repeated(&self, metadata: &EventMetadata) -> Result<bool, StoreError> {
        let Some(key) = key_of(metadata) else {
            return Ok(false);
        };
        let found: Option<i32> = sqlx::query_scalar("select 1 from idempotency_keys where key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        Ok(found.is_some())
    }

    /// What the request that recorded `key` answered, if one did.
    async fn recorded<T, E>(&self, key: &str, command: &str) -> Result<Option<Outcome<T>>, CommandError<E>>
    where
        T: DeserializeOwned,
        E: std::error::Error,
    {
        let row: Option<(String, serde_json::Value, Option<i64>, Option<i64>)> =
            sqlx::query_as("select command, answer, tx_id, position from idempotency_keys where key = $1")
                .bind(key)
                .fetch_optional(&self.pool)
                .await
                .map_err(StoreError::from)?;
        let Some((recorded, answer, tx_id, position)) = row else {
            return Ok(None);
        };
        if recorded != command && recorded != ANY_COMMAND {
            return Err(CommandError::KeyReused);
        }
        let id = serde_json::from_value(answer).map_err(|_| CommandError::KeyReused)?;
        let appended = tx_id
            .zip(position)
            .map(|(tx_id, position)| Appended { tx_id, position });
        Ok(Some(Outcome { id, appended }))
    }
}
