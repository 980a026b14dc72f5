//! A card's plans through the store: each change is one event on the payment method's stream,
//! run once per `Idempotency-Key` like every command that moves money's rules.

use optica_events::EventMetadata;

use crate::card_plans::{PlanesCommand, PlanesError, PlanesTarjeta};
use crate::{CommandError, EventStore, Outcome};

/// Sets a plan's rate from a date on, or stops offering it, on method `metodo_pago_id`'s plans.
/// The method's existence is the caller's to check (the read model of payment methods).
pub async fn change(
    store: &EventStore,
    metodo_pago_id: i64,
    command: PlanesCommand,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<PlanesError>> {
    let key = metodo_pago_id.to_string();
    let (key, command) = (key.as_str(), &command);
    let operation = format!("planes-tarjeta:{metodo_pago_id}");
    store
        .run(metadata, &operation, move || async move {
            let mut unit = store.unit();
            unit.handle::<PlanesTarjeta>(key, command.clone(), &()).await?;
            Ok((unit, metodo_pago_id))
        })
        .await
}
