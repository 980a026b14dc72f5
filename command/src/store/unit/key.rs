//! The row a unit writes for its request's `Idempotency-Key` (see `store/keys.rs`).

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
        let taken = sqlx::query(
            "insert into idempotency_keys (key, command, answer) values ($1, $2, $3)
             on conflict (key) do nothing",
        )
        .bind(&self.key)
        .bind(&self.command)
        .bind(&self.answer)
        .execute(tx)
        .await?;
        match taken.rows_affected() {
            0 => Err(AppendError::KeyTaken),
            _ => Ok(()),
        }
    }
}
