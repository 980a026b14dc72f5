//! Transfers into `transfers` and `transfer_lines`: where each stands and what it carries. A
//! few events per transfer, applied one by one.

use async_trait::async_trait;
use optica_events::transfers::{TransferenciaEvent, TRANSFER_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct TransfersProjection;

#[async_trait]
impl Projection for TransfersProjection {
    identity!("transfers", ["transfers", "transfer_lines"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(id) = event.id_in(TRANSFER_AGGREGATE)? else {
            return Ok(());
        };
        match event.decode::<TransferenciaEvent>()? {
            TransferenciaEvent::TransferenciaEnviada {
                origen,
                destino,
                lineas,
                nota,
                fecha,
            } => {
                execute!(
                    conn,
                    "insert into transfers (id, origen, destino, estado, nota, enviada, version)
                     values ($1, $2, $3, 'ENVIADA', $4, $5, $6)";
                    id, origen, destino, nota, fecha, event.sequence
                )?;
                let productos: Vec<i64> = lineas.iter().map(|l| l.producto_id).collect();
                let modelos: Vec<&str> = lineas.iter().map(|l| l.modelo.as_str()).collect();
                let cantidades: Vec<i64> = lineas.iter().map(|l| l.cantidad).collect();
                execute!(
                    conn,
                    "insert into transfer_lines (transferencia_id, producto_id, modelo, cantidad)
                     select $1, * from unnest($2::bigint[], $3::text[], $4::bigint[])";
                    id, &productos, &modelos, &cantidades
                )?;
            }
            TransferenciaEvent::TransferenciaRecibida {
                recibidas,
                faltantes,
                motivo,
                fecha,
            } => {
                let estado = if faltantes.is_empty() {
                    "RECIBIDA"
                } else {
                    "RECIBIDA_CON_FALTANTE"
                };
                close(conn, id, estado, motivo, fecha, event.sequence).await?;
                let productos: Vec<i64> = recibidas.iter().map(|r| r.producto_id).collect();
                let cantidades: Vec<i64> = recibidas.iter().map(|r| r.cantidad).collect();
                execute!(
                    conn,
                    "update transfer_lines l set recibidas = r.cantidad
                     from unnest($2::bigint[], $3::bigint[]) as r(producto_id, cantidad)
                     where l.transferencia_id = $1 and l.producto_id = r.producto_id";
                    id, &productos, &cantidades
                )?;
            }
            TransferenciaEvent::TransferenciaCancelada { motivo, fecha } => {
                close(conn, id, "CANCELADA", motivo, fecha, event.sequence).await?;
            }
        }
        Ok(())
    }
}

async fn close(
    conn: &mut PgConnection,
    id: i64,
    estado: &str,
    motivo: Option<String>,
    fecha: chrono::NaiveDateTime,
    version: i64,
) -> Result<(), ProjectionError> {
    execute!(
        conn,
        "update transfers set estado = $2, motivo = $3, cerrada = $4, version = $5 where id = $1";
        id, estado, motivo, fecha, version
    )?;
    Ok(())
}
