//! `crearVarios`: several products created all together or not at all.
//!
//! Every body is checked first and every problem reported (bad fields, a model repeated in the
//! batch, a model that exists for its brand); then `products::create_all` appends all products
//! and their model + brand claims in one transaction, so a concurrent create of the same model
//! makes the whole batch fail cleanly instead of half-saving it.

use std::collections::{BTreeMap, HashSet};

use optica_command::products::ProductoError;
use optica_command::products::{self, NewProduct};
use optica_command::CommandError;
use optica_events::products::model_brand_key;
use optica_events::{EventMetadata, LookupKind};

use super::body::{prepare, references, Prepared, ProductoBody};
use crate::dispatch;
use crate::error::{texts, AppError};
use crate::http::kit::references::Referenced;
use crate::state::AppState;

/// Most products one bulk request may create.
pub const MAX_BATCH: usize = 200;

/// Why a batch was refused: one Spanish line per offending model.
#[derive(Debug)]
pub enum BulkError {
    Refused(Vec<String>),
    Failed(AppError),
}

impl From<AppError> for BulkError {
    fn from(e: AppError) -> Self {
        BulkError::Failed(e)
    }
}

fn exists_message(modelo: &str, marca: &str) -> String {
    format!("Ya existe un producto con el modelo '{modelo}' para la marca '{marca}'.")
}

/// Creates every product or none; returns how many were saved.
pub async fn create_all(
    state: &AppState,
    bodies: Vec<ProductoBody>,
    metadata: &EventMetadata,
) -> Result<usize, BulkError> {
    if bodies.is_empty() {
        return Err(BulkError::Refused(vec!["No hay productos para guardar.".into()]));
    }
    if bodies.len() > MAX_BATCH {
        return Err(BulkError::Refused(vec![format!(
            "No se pueden crear más de {MAX_BATCH} productos a la vez."
        )]));
    }
    let lookups = Referenced::load(&state.pool, bodies.iter().flat_map(references)).await?;
    let today = state.today();
    let mut errores = Vec::new();
    let mut ready: Vec<Prepared> = Vec::new();
    let mut seen = HashSet::new();
    for body in bodies {
        let modelo = body.modelo.clone().unwrap_or_default().trim().to_string();
        match prepare(body, &lookups) {
            Err(problems) => errores.push(format!("Error al guardar modelo '{modelo}': {}", problems.join(". "))),
            Ok(prepared) => {
                let key = model_brand_key(prepared.datos.marca_id, &prepared.datos.modelo);
                if !seen.insert(key) {
                    errores.push(format!("El modelo '{modelo}' está repetido en la lista."));
                } else {
                    ready.push(prepared);
                }
            }
        }
    }
    let brand = |p: &Prepared| {
        lookups
            .name(LookupKind::Marca, p.datos.marca_id)
            .unwrap_or("")
            .to_string()
    };
    // One query per brand, not per product.
    let mut by_brand: BTreeMap<i64, Vec<String>> = BTreeMap::new();
    for p in &ready {
        by_brand
            .entry(p.datos.marca_id)
            .or_default()
            .push(p.datos.modelo.clone());
    }
    let mut taken = HashSet::new();
    for (marca_id, modelos) in by_brand {
        for modelo in optica_query::products::existing_models(&state.pool, marca_id, &modelos)
            .await
            .map_err(AppError::from)?
        {
            taken.insert(model_brand_key(marca_id, &modelo));
        }
    }
    for p in &ready {
        if taken.contains(&model_brand_key(p.datos.marca_id, &p.datos.modelo)) {
            errores.push(exists_message(&p.datos.modelo, &brand(p)));
        }
    }
    // A repeated request finds its first one's models: the store answers that one.
    let repeated = || async {
        state
            .store
            .repeated(metadata)
            .await
            .map_err(|e| BulkError::Failed(e.into()))
    };
    if !errores.is_empty() && !repeated().await? {
        return Err(BulkError::Refused(errores));
    }

    let products: Vec<NewProduct> = ready.iter().cloned().map(Prepared::new_product).collect();
    match products::create_all(&state.store, &products, today, metadata).await {
        Ok(outcome) => Ok(dispatch::settled(state, outcome).await?.len()),
        Err(CommandError::Duplicate { key, .. }) => {
            // Another request created one of these models meanwhile.
            let taken = ready
                .iter()
                .find(|p| model_brand_key(p.datos.marca_id, &p.datos.modelo) == key)
                .map(|p| exists_message(&p.datos.modelo, &brand(p)))
                .unwrap_or_else(|| "Ya existe un producto con el mismo modelo y marca.".into());
            Err(BulkError::Refused(vec![taken]))
        }
        Err(CommandError::Domain(ProductoError::Invalid(rules))) => Err(BulkError::Refused(texts(&rules))),
        Err(other) => Err(BulkError::Failed(dispatch::store_failure(other))),
    }
}
