//! The row a unit writes for its request's `Idempotency-Key` (see `store/keys.rs`).

use super::{AppendError, Appended};

/// The key a unit records with its events.
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

    /// Records where the events landed, for the repeated request's read-your-writes wait.
    pub(crate) async fn landed(&self, tx: &mut sqlx::PgConnection, at: Appended) -> Result<(), AppendError> {
        sqlx::query("update idempotency_keys set tx_id = $2, position = $3 where key = $1")
            .bind(&self.key)
            .bind(at.tx_id)
            .bind(at.position)
            .execute(tx)
            .await?;
        Ok(())
    }
}
