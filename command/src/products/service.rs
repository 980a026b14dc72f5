//! The catalogue's command services: a product's create, edit and delete with its model + brand
//! claim moving along, a batch created all together or not at all, and a price or cost change
//! over many products in one transaction. The HTTP layer checks bodies against the read models
//! (lookups exist, models free) before; the claims here are what holds under races.

use chrono::NaiveDate;
use optica_events::products::{model_brand_key, MODEL_BRAND_SCOPE, PRODUCT_ID_SEQUENCE};
use optica_events::{EventMetadata, ProductoDatos};

use crate::products::{Cambio, Campo, LocalStock, Producto, ProductoCommand, ProductoError};
use crate::{CommandError, EventStore, Outcome};

/// A product to create: its checked data and its initial stock per branch.
#[derive(Clone, Debug)]
pub struct NewProduct {
    pub datos: ProductoDatos,
    pub locales: Vec<LocalStock>,
}

impl NewProduct {
    fn claim(&self) -> String {
        model_brand_key(self.datos.marca_id, &self.datos.modelo)
    }

    fn command(&self, fecha: NaiveDate) -> ProductoCommand {
        ProductoCommand::Create {
            datos: self.datos.clone(),
            locales: self.locales.clone(),
            fecha,
        }
    }
}

/// Creates a product and claims its model + brand.
pub async fn create(
    store: &EventStore,
    product: &NewProduct,
    fecha: NaiveDate,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ProductoError>> {
    let id = store.next_id(PRODUCT_ID_SEQUENCE).await?;
    let key = id.to_string();
    let (key, command) = (key.as_str(), &product.command(fecha));
    store
        .run(metadata, "producto", move || async move {
            let mut unit = store.unit();
            unit.handle::<Producto>(key, command.clone(), &()).await?;
            unit.claim(MODEL_BRAND_SCOPE, &product.claim(), key);
            Ok((unit, id))
        })
        .await
}

/// Runs a command on a product loaded in the same attempt and moves its model + brand claim from
/// the loaded key to `claim_after` (`None`: the claim is given up, as on delete). Loading and
/// claiming in one attempt keeps the claim in step with a concurrent rename; a stream that moved
/// re-runs the attempt.
pub async fn run_on_product(
    store: &EventStore,
    id: i64,
    command: ProductoCommand,
    claim_after: Option<String>,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<ProductoError>> {
    let key = id.to_string();
    let (key, command, claim_after) = (key.as_str(), &command, claim_after.as_deref());
    // A creation's id is new each time: its key names the operation, not the record.
    let operation = match command {
        ProductoCommand::Create { .. } => "producto".to_string(),
        _ => format!("producto:{id}"),
    };
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Producto>(key).await?;
            let held = model_brand_key(before.datos().marca_id, &before.datos().modelo);
            let mut unit = store.unit();
            unit.handle_loaded(key, before, base, command.clone(), &()).await?;
            if claim_after != Some(held.as_str()) {
                unit.release(MODEL_BRAND_SCOPE, &held, key);
                if let Some(new) = claim_after {
                    unit.claim(MODEL_BRAND_SCOPE, new, key);
                }
            }
            Ok((unit, id))
        })
        .await
}

/// Creates every product with its claim in one transaction, or none: a concurrent create of one
/// of the models fails the whole batch with `Duplicate` (its key says which). Answers the ids.
pub async fn create_all(
    store: &EventStore,
    products: &[NewProduct],
    fecha: NaiveDate,
    metadata: &EventMetadata,
) -> Result<Outcome<Vec<i64>>, CommandError<ProductoError>> {
    let ids = store.next_ids(PRODUCT_ID_SEQUENCE, products.len()).await?;
    let ids_ref = &ids;
    store
        .run(metadata, "productos", move || async move {
            let mut unit = store.unit();
            for (product, id) in products.iter().zip(ids_ref) {
                let id = id.to_string();
                unit.handle::<Producto>(&id, product.command(fecha), &()).await?;
                unit.claim(MODEL_BRAND_SCOPE, &product.claim(), &id);
            }
            Ok((unit, ids_ref.clone()))
        })
        .await
}

/// Changes the price or cost of the given products, all in one transaction (a concurrent edit of
/// any of them re-runs the whole change). A product deleted since it was chosen is skipped, and
/// one whose amount does not change gets no event. Answers the ids that changed.
pub async fn change_amounts(
    store: &EventStore,
    ids: &[i64],
    campo: Campo,
    cambio: Cambio,
    fecha: NaiveDate,
    metadata: &EventMetadata,
) -> Result<Outcome<Vec<i64>>, CommandError<ProductoError>> {
    store
        .run(metadata, "precios", move || async move {
            let mut unit = store.unit();
            let mut changed = Vec::new();
            for id in ids {
                let command = ProductoCommand::ChangeAmount { campo, cambio, fecha };
                let before = unit.streams();
                match unit.handle::<Producto>(&id.to_string(), command, &()).await {
                    Err(CommandError::Domain(ProductoError::NotFound)) => continue,
                    Err(e) => return Err(e),
                    Ok(_) if unit.streams() > before => changed.push(*id),
                    Ok(_) => {}
                }
            }
            Ok((unit, changed))
        })
        .await
}
