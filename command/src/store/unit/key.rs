//! The row a unit writes for its request's `Idempotency-Key` (see `store/keys.rs`).

use std::collections::HashSet;

use super::AppendError;

/// The key a unit records with its events; the events' statement records where they landed
/// (`insert_events`).
pub(crate) struct KeyWrite {
    pub(crate) key: String,
    pub(crate) command: String,
    pub(crate) answer: serde_json::Value,
}

impl KeyWrite {
    /// Takes the key: the transaction's first row. Waits while a twin's transaction holds it.
    pub(crate) async fn take(&self, tx: &mut sqlx::PgConnection) -> Result<(), AppendError> {
        match KeyWrite::take_all(&[self], tx).await?.is_empty() {
            true => Err(AppendError::KeyTaken),
            false => Ok(()),
        }
    }

    /// Takes the keys of several units in one statement, in the keys' order (two batches that
    /// share keys never wait on each other in a cycle); answers the ones taken, not those another
    /// request recorded. The keys must differ.
    pub(crate) async fn take_all(
        keys: &[&KeyWrite],
        tx: &mut sqlx::PgConnection,
    ) -> Result<HashSet<String>, sqlx::Error> {
        let (mut names, mut commands, mut answers) = (Vec::new(), Vec::new(), Vec::new());
        for k in keys {
            names.push(k.key.as_str());
            commands.push(k.command.as_str());
            answers.push(&k.answer);
        }
        let taken: Vec<String> = sqlx::query_scalar(
            "insert into idempotency_keys (key, command, answer)
             select * from unnest($1::text[], $2::text[], $3::jsonb[]) as k(key, command, answer)
             order by key
             on conflict (key) do nothing
             returning key",
        )
        .bind(&names)
        .bind(&commands)
        .bind(&answers)
        .fetch_all(tx)
        .await?;
        Ok(taken.into_iter().collect())
    }
}
