//! Stock outside sales: an admin's manual adjustment with its reason and note, and a
//! branch's reorder point. Transfers are in `crate::transfers`.

use optica_events::{EventMetadata, MotivoStock};

use crate::products::{Producto, ProductoCommand, ProductoError};
use crate::{CommandError, EventStore, Outcome};

/// Runs one command on a product in its own unit (re-run when the stream moved meanwhile; once
/// per `Idempotency-Key`, so a write-off retried after a lost answer is not written off twice).
async fn on_product(
    store: &EventStore,
    producto_id: i64,
    operation: &str,
    command: ProductoCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ProductoError>> {
    let key = producto_id.to_string();
    let (key, command) = (key.as_str(), &command);
    let operation = format!("{operation}:{producto_id}");
    store
        .run(metadata, &operation, move || async move {
            let mut unit = store.unit();
            unit.handle::<Producto>(key, command.clone(), &()).await?;
            Ok((unit, producto_id))
        })
        .await
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
    on_product(store, producto_id, "ajuste", command, metadata).await
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
        "minimo",
        ProductoCommand::SetMinimo { local_id, minimo },
        metadata,
    )
    .await
}
