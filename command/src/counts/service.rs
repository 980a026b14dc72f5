//! The physical counts' units of work. One count open per branch at a time (a unique
//! claim, given up when it closes or is cancelled). Closing appends the count's differences and
//! each product's `StockAjustado` (reason `Conteo`) in ONE transaction, so the stock and the
//! count never disagree.

use chrono::NaiveDateTime;
use optica_events::counts::{Contado, Esperado, COUNT_ID_SEQUENCE, OPEN_COUNT_SCOPE};
use optica_events::EventMetadata;

use crate::counts::{Conteo, ConteoCommand, ConteoError, Estado};
use crate::products::{Producto, ProductoCommand, ProductoError};
use crate::{CommandError, EventStore, Outcome};

/// Why a count's unit was refused.
#[derive(Debug, thiserror::Error)]
pub enum CountError {
    #[error(transparent)]
    Conteo(ConteoError),
    #[error("product {0}: {1}")]
    Producto(i64, ProductoError),
    /// The caller does not work at the count's branch.
    #[error("the count belongs to another branch")]
    OtroLocal,
}

fn domain(e: CommandError<ConteoError>) -> CommandError<CountError> {
    e.map_domain(CountError::Conteo)
}

/// What a new count covers.
#[derive(Clone, Debug)]
pub struct Inicio {
    pub local_id: i64,
    pub categoria_id: Option<i64>,
    pub marca_id: Option<i64>,
    /// The sheet: each product with the stock it has now.
    pub productos: Vec<Esperado>,
    pub fecha: NaiveDateTime,
}

/// Starts a count; `Duplicate` when the branch has one open.
pub async fn start(
    store: &EventStore,
    inicio: Inicio,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<CountError>> {
    let id = store.next_id(COUNT_ID_SEQUENCE).await?;
    let key = id.to_string();
    let (key, inicio) = (key.as_str(), &inicio);
    store
        .run(metadata, "conteo", move || async move {
            let mut unit = store.unit();
            let command = ConteoCommand::Iniciar {
                local_id: inicio.local_id,
                categoria_id: inicio.categoria_id,
                marca_id: inicio.marca_id,
                productos: inicio.productos.clone(),
                fecha: inicio.fecha,
            };
            unit.handle_loaded(key, Conteo::default(), 0, command, &())
                .await
                .map_err(domain)?;
            unit.claim(OPEN_COUNT_SCOPE, &inicio.local_id.to_string(), key);
            Ok((unit, id))
        })
        .await
}

/// What a step on an open count does.
#[derive(Clone, Debug)]
pub enum Paso {
    Cargar(Vec<Contado>),
    Cerrar,
    Cancelar,
}

/// Types in quantities, closes or cancels a count. `may_touch(local_id)`: whether the caller
/// works at the count's branch.
pub async fn step(
    store: &EventStore,
    id: i64,
    paso: Paso,
    fecha: NaiveDateTime,
    may_touch: impl Fn(i64) -> bool,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<CountError>> {
    let key = id.to_string();
    let (key, paso, may_touch) = (key.as_str(), &paso, &may_touch);
    let operation = match paso {
        Paso::Cargar(_) => format!("contados:{id}"),
        Paso::Cerrar => format!("cierre-conteo:{id}"),
        Paso::Cancelar => format!("cancelacion-conteo:{id}"),
    };
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Conteo>(key).await?;
            if before.estado() == Estado::Nuevo {
                return Err(domain(CommandError::Domain(ConteoError::NotFound)));
            }
            let local_id = before.local_id();
            if !may_touch(local_id) {
                return Err(CommandError::Domain(CountError::OtroLocal));
            }
            let command = match paso {
                Paso::Cargar(contados) => ConteoCommand::Cargar {
                    contados: contados.clone(),
                },
                Paso::Cerrar => ConteoCommand::Cerrar { fecha },
                Paso::Cancelar => ConteoCommand::Cancelar { fecha },
            };
            let mut unit = store.unit();
            let after = unit
                .handle_loaded(key, before, base, command, &())
                .await
                .map_err(domain)?;
            if matches!(paso, Paso::Cerrar) {
                for d in after.diferencias() {
                    let command = ProductoCommand::AdjustCount {
                        local_id,
                        diferencia: d.contado - d.esperado,
                        conteo_id: id,
                    };
                    match unit.handle::<Producto>(&d.producto_id.to_string(), command, &()).await {
                        // Deleted since the count started: nothing to adjust.
                        Err(CommandError::Domain(ProductoError::NotFound)) => {}
                        Err(e) => return Err(e.map_domain(|inner| CountError::Producto(d.producto_id, inner))),
                        Ok(_) => {}
                    }
                }
            }
            if !matches!(paso, Paso::Cargar(_)) {
                unit.release(OPEN_COUNT_SCOPE, &local_id.to_string(), key);
            }
            Ok((unit, id))
        })
        .await
}
