//! The transfers' unit of work: the transfer's event and every product's stock change
//! in ONE transaction, each product stream written at the version it was loaded at. A transfer
//! racing a sale for the last unit at the sending branch therefore cannot both commit: the loser
//! re-runs against the new stock and is refused when there is none.

use chrono::NaiveDateTime;
use optica_events::transfers::{Cantidad, LineaTransferida, TRANSFER_ID_SEQUENCE};
use optica_events::{EventMetadata, MotivoStock, Origen};

use crate::products::{Ajuste, Producto, ProductoCommand, ProductoError};
use crate::transfers::{Estado, Transferencia, TransferenciaCommand, TransferenciaError};
use crate::{CommandError, EventStore, Outcome, UnitOfWork};

/// Why a transfer's unit was refused, whichever stream refused it.
#[derive(Debug, thiserror::Error)]
pub enum TransferError {
    #[error(transparent)]
    Transferencia(TransferenciaError),
    #[error("product {0}: {1}")]
    Producto(i64, ProductoError),
    /// The caller does not work at the branch this step belongs to.
    #[error("the transfer's step belongs to another branch")]
    OtroLocal,
}

/// A transfer as the sending branch asks for it.
#[derive(Clone, Debug)]
pub struct Envio {
    pub origen: i64,
    pub destino: i64,
    /// Units per product.
    pub lineas: Vec<Cantidad>,
    pub nota: Option<String>,
    pub fecha: NaiveDateTime,
}

fn domain(e: CommandError<TransferenciaError>) -> CommandError<TransferError> {
    e.map_domain(TransferError::Transferencia)
}

/// Moves each product's units: `(local_id, cantidad)` per product (negative: out; 0 only opens
/// the branch for the product), naming the transfer.
async fn move_units(
    unit: &mut UnitOfWork<'_>,
    transferencia_id: i64,
    cambios: impl Iterator<Item = (i64, Vec<(i64, i64)>)>,
) -> Result<Vec<(i64, Producto)>, CommandError<TransferError>> {
    let mut productos = Vec::new();
    for (producto_id, por_local) in cambios {
        let command = ProductoCommand::AdjustMany {
            ajustes: por_local
                .into_iter()
                .map(|(local_id, cantidad)| Ajuste {
                    local_id,
                    cantidad,
                    motivo: MotivoStock::Transferencia,
                })
                .collect(),
            origen: Origen {
                transferencia_id: Some(transferencia_id),
                ..Origen::default()
            },
        };
        let producto = unit
            .handle::<Producto>(&producto_id.to_string(), command, &())
            .await
            .map_err(|e| e.map_domain(|inner| TransferError::Producto(producto_id, inner)))?;
        productos.push((producto_id, producto));
    }
    Ok(productos)
}

/// Sends a transfer: the units leave the sending branch now (never below zero) and are in transit.
/// A request repeated with its `Idempotency-Key` answers the first transfer and sends nothing.
pub async fn send(
    store: &EventStore,
    envio: Envio,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<TransferError>> {
    crate::transfers::pre_check(&envio.lineas).map_err(|e| CommandError::Domain(TransferError::Transferencia(e)))?;
    let id = store.next_id(TRANSFER_ID_SEQUENCE).await?;
    let key = id.to_string();
    let (key, envio) = (key.as_str(), &envio);
    store
        .run(metadata, "transferencia", move || async move {
            let mut unit = store.unit();
            // Out of the origin, and the destination opened for the product (its stock unchanged).
            let cambios = (envio.lineas.iter().filter(|l| l.cantidad > 0))
                .map(|l| (l.producto_id, vec![(envio.origen, -l.cantidad), (envio.destino, 0)]));
            let productos = move_units(&mut unit, id, cambios).await?;
            // Each line with the product's model of the moment (a line of 0 units has no product
            // loaded; the transfer refuses it).
            let lineas = envio
                .lineas
                .iter()
                .map(|l| LineaTransferida {
                    producto_id: l.producto_id,
                    modelo: productos
                        .iter()
                        .find(|(id, _)| *id == l.producto_id)
                        .map_or_else(|| l.producto_id.to_string(), |(_, p)| p.datos().modelo.clone()),
                    cantidad: l.cantidad,
                })
                .collect();
            let command = TransferenciaCommand::Enviar {
                origen: envio.origen,
                destino: envio.destino,
                lineas,
                nota: envio.nota.clone(),
                fecha: envio.fecha,
            };
            unit.handle_loaded(key, Transferencia::default(), 0, command, &())
                .await
                .map_err(domain)?;
            Ok((unit, id))
        })
        .await
}

/// What a step after sending does.
#[derive(Clone, Debug)]
pub enum Paso {
    /// At the receiving branch: what arrived (a product not named arrived whole).
    Recibir {
        recibidas: Vec<Cantidad>,
        motivo: Option<String>,
    },
    /// At the sending branch, while in transit: the units go back.
    Cancelar { motivo: Option<String> },
}

/// Receives or cancels a transfer. `may_touch(local_id)`: whether the caller works at the branch
/// the step belongs to (receiving: the destination; cancelling: the origin).
pub async fn step(
    store: &EventStore,
    id: i64,
    paso: Paso,
    fecha: NaiveDateTime,
    may_touch: impl Fn(i64) -> bool,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<TransferError>> {
    let key = id.to_string();
    let (key, paso, may_touch) = (key.as_str(), &paso, &may_touch);
    let operation = match paso {
        Paso::Recibir { .. } => format!("recepcion:{id}"),
        Paso::Cancelar { .. } => format!("cancelacion:{id}"),
    };
    store
        .run(metadata, &operation, move || async move {
            let (before, base) = store.load::<Transferencia>(key).await?;
            if before.estado() == Estado::Nueva {
                return Err(CommandError::Domain(TransferError::Transferencia(
                    TransferenciaError::NotFound,
                )));
            }
            let (local_id, command) = match paso.clone() {
                Paso::Recibir { recibidas, motivo } => (
                    before.destino(),
                    TransferenciaCommand::Recibir {
                        recibidas,
                        motivo,
                        fecha,
                    },
                ),
                Paso::Cancelar { motivo } => (before.origen(), TransferenciaCommand::Cancelar { motivo, fecha }),
            };
            if !may_touch(local_id) {
                return Err(CommandError::Domain(TransferError::OtroLocal));
            }
            let mut unit = store.unit();
            let lineas = before.lineas().to_vec();
            let after = unit
                .handle_loaded(key, before, base, command, &())
                .await
                .map_err(domain)?;
            // The units that now enter a branch: what arrived at the destination, or everything
            // back at the origin.
            let entering: Vec<(i64, i64)> = match (paso, after.recibidas()) {
                (Paso::Recibir { .. }, Some(recibidas)) => {
                    recibidas.iter().map(|r| (r.producto_id, r.cantidad)).collect()
                }
                _ => lineas.iter().map(|l| (l.producto_id, l.cantidad)).collect(),
            };
            let cambios = (entering.into_iter().filter(|(_, c)| *c > 0))
                .map(|(producto_id, c)| (producto_id, vec![(local_id, c)]));
            move_units(&mut unit, id, cambios).await?;
            Ok((unit, id))
        })
        .await
}
