//! Transfers into `transfers` and `transfer_lines`: where each stands and what it carries. A
//! few events per transfer, applied one by one.

use async_trait::async_trait;
use optica_events::transfers::{TransferenciaEvent, TRANSFER_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct TransfersProjection;

#[async_trait]
impl Projection for TransfersProjection {
    fn name(&self) -> &'static str {
        "transfers"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["transfers", "transfer_lines"]
    }

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        if event.aggregate_type != TRANSFER_AGGREGATE {
            return Ok(());
        }
        let id = event.numeric_id()?;
        match event.decode::<TransferenciaEvent>()? {
            TransferenciaEvent::TransferenciaEnviada {
                origen,
                destino,
                lineas,
                nota,
                fecha,
            } => {
                sqlx::query(
                    "insert into transfers (id, origen, destino, estado, nota, enviada, version)
                     values ($1, $2, $3, 'ENVIADA', $4, $5, $6)",
                )
                .bind(id)
                .bind(origen)
                .bind(destino)
                .bind(nota)
                .bind(fecha)
                .bind(event.sequence)
                .execute(&mut *conn)
                .await?;
                let productos: Vec<i64> = lineas.iter().map(|l| l.producto_id).collect();
                let modelos: Vec<&str> = lineas.iter().map(|l| l.modelo.as_str()).collect();
                let cantidades: Vec<i64> = lineas.iter().map(|l| l.cantidad).collect();
                sqlx::query(
                    "insert into transfer_lines (transferencia_id, producto_id, modelo, cantidad)
                     select $1, * from unnest($2::bigint[], $3::text[], $4::bigint[])",
                )
                .bind(id)
                .bind(&productos)
                .bind(&modelos)
                .bind(&cantidades)
                .execute(&mut *conn)
                .await?;
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
                sqlx::query(
                    "update transfer_lines l set recibidas = r.cantidad
                     from unnest($2::bigint[], $3::bigint[]) as r(producto_id, cantidad)
                     where l.transferencia_id = $1 and l.producto_id = r.producto_id",
                )
                .bind(id)
                .bind(&productos)
                .bind(&cantidades)
                .execute(&mut *conn)
                .await?;
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
    sqlx::query("update transfers set estado = $2, motivo = $3, cerrada = $4, version = $5 where id = $1")
        .bind(id)
        .bind(estado)
        .bind(motivo)
        .bind(fecha)
        .bind(version)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
