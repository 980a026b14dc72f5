//! Stock outside sales (issue 23): an admin's manual adjustment with its reason and note, and a
//! branch's reorder point. Transfers are in `transfers.rs`.

use optica_events::movement::IDEMPOTENCY_SCOPE;
use optica_events::{EventMetadata, MotivoStock};

use crate::product::{Producto, ProductoCommand, ProductoError};
use crate::{with_retries, CommandError, EventStore, Outcome};

/// Runs one command on a product in its own unit (re-run when the stream moved meanwhile). With
/// an `Idempotency-Key` (claimed with the events, as `ajuste:user:key`), a repeated request
/// changes nothing: a write-off retried after a lost answer is not written off twice.
async fn on_product(
    store: &EventStore,
    producto_id: i64,
    command: ProductoCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ProductoError>> {
    let claim = crate::sale::idempotency_key(metadata).map(|k| format!("ajuste:{k}"));
    if let Some(k) = &claim {
        if store.holder(IDEMPOTENCY_SCOPE, k).await?.is_some() {
            return Ok(Outcome {
                id: producto_id,
                appended: None,
            });
        }
    }
    let key = producto_id.to_string();
    let (key, command, claim) = (key.as_str(), &command, &claim);
    let appended = with_retries(move || async move {
        let mut unit = store.unit();
        unit.handle::<Producto>(key, command.clone(), &()).await?;
        if let Some(k) = claim {
            unit.claim(IDEMPOTENCY_SCOPE, k, key);
        }
        unit.commit(metadata).await
    })
    .await;
    let appended = match (appended, claim) {
        // The same request raced in and won (its claim, or the stock it took, refused this
        // one): nothing more to do.
        (Err(e), Some(k)) => match store.holder(IDEMPOTENCY_SCOPE, k).await? {
            Some(_) => None,
            None => return Err(e),
        },
        (appended, _) => appended?,
    };
    Ok(Outcome {
        id: producto_id,
        appended,
    })
}

/// A manual adjustment: `cantidad` units in (positive) or out (negative) of the branch's stock,
/// for a reason of `MotivoStock::MANUALES`; never below zero.
pub async fn adjust(
    store: &EventStore,
    producto_id: i64,
    local_id: i64,
    cantidad: i64,
    motivo: MotivoStock,
    nota: Option<String>,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ProductoError>> {
    let command = ProductoCommand::AdjustManually {
        local_id,
        cantidad,
        motivo,
        nota,
    };
    on_product(store, producto_id, command, metadata).await
}

/// Sets (or clears) the stock at or below which the branch should reorder the product.
pub async fn set_minimo(
    store: &EventStore,
    producto_id: i64,
    local_id: i64,
    minimo: Option<i64>,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ProductoError>> {
    on_product(
        store,
        producto_id,
        ProductoCommand::SetMinimo { local_id, minimo },
        metadata,
    )
    .await
}
