//! Liquidaciones into `settlements`, `settlement_items`, `settlement_receipts` and
//! `settlement_debits`. A presentation writes its items in one statement; a payment adds its
//! receipt (numbered in order within the liquidación) and its débitos; a billing marks them.

use async_trait::async_trait;
use optica_events::settlements::{LiquidacionEvent, SETTLEMENT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct SettlementsProjection;

#[async_trait]
impl Projection for SettlementsProjection {
    identity!(
        "settlements",
        [
            "settlements",
            "settlement_items",
            "settlement_receipts",
            "settlement_debits"
        ]
    );

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(id) = event.id_in(SETTLEMENT_AGGREGATE)? else {
            return Ok(());
        };
        match event.decode::<LiquidacionEvent>()? {
            LiquidacionEvent::LiquidacionPresentada {
                obra_social_id,
                mes,
                fecha,
                items,
            } => {
                let ventas: Vec<i64> = items.iter().map(|i| i.movimiento_id).collect();
                let montos: Vec<i64> = items.iter().map(|i| i.monto.cents()).collect();
                let total: i64 = montos.iter().sum();
                execute!(
                    conn,
                    "insert into settlements (id, obra_social_id, mes, fecha, ventas, total_cents, version)
                     values ($1, $2, $3, $4, $5, $6, $7)";
                    id, obra_social_id, mes, fecha, ventas.len() as i32, total, event.sequence
                )?;
                execute!(
                    conn,
                    "insert into settlement_items (liquidacion_id, movimiento_id, monto_cents)
                     select $1, * from unnest($2::bigint[], $3::bigint[])";
                    id, &ventas, &montos
                )?;
            }
            LiquidacionEvent::CobroRegistrado {
                fecha,
                referencia,
                monto,
                debitos,
            } => {
                let numero: i32 = sqlx::query_scalar(
                    "select coalesce(max(numero), 0) + 1 from settlement_receipts where liquidacion_id = $1",
                )
                .bind(id)
                .fetch_one(&mut *conn)
                .await?;
                execute!(
                    conn,
                    "insert into settlement_receipts (liquidacion_id, numero, fecha, referencia, monto_cents)
                     values ($1, $2, $3, $4, $5)";
                    id, numero, fecha, referencia, monto.cents()
                )?;
                let ventas: Vec<i64> = debitos.iter().map(|d| d.movimiento_id).collect();
                let montos: Vec<i64> = debitos.iter().map(|d| d.monto.cents()).collect();
                let motivos: Vec<&str> = debitos.iter().map(|d| d.motivo.as_str()).collect();
                if !ventas.is_empty() {
                    execute!(
                        conn,
                        "insert into settlement_debits (liquidacion_id, cobro, movimiento_id, monto_cents, motivo, fecha)
                         select $1, $2, * , $6 from unnest($3::bigint[], $4::bigint[], $5::text[])";
                        id, numero, &ventas, &montos, &motivos, fecha
                    )?;
                    execute!(
                        conn,
                        "update settlement_items i set debitado_cents = i.debitado_cents + d.monto
                         from unnest($2::bigint[], $3::bigint[]) d(venta, monto)
                         where i.liquidacion_id = $1 and i.movimiento_id = d.venta";
                        id, &ventas, &montos
                    )?;
                }
                execute!(
                    conn,
                    "update settlements set cobrado_cents = cobrado_cents + $2, debitado_cents = debitado_cents + $3,
                            version = $4
                     where id = $1";
                    id, monto.cents(), montos.iter().sum::<i64>(), event.sequence
                )?;
            }
            LiquidacionEvent::DebitoFacturado { movimiento_id, monto } => {
                execute!(
                    conn,
                    "update settlement_items set facturado_cents = facturado_cents + $3
                     where liquidacion_id = $1 and movimiento_id = $2";
                    id, movimiento_id, monto.cents()
                )?;
                execute!(
                    conn,
                    "update settlement_debits set facturado = true where liquidacion_id = $1 and movimiento_id = $2";
                    id, movimiento_id
                )?;
                execute!(
                    conn,
                    "update settlements set facturado_cents = facturado_cents + $2, version = $3 where id = $1";
                    id, monto.cents(), event.sequence
                )?;
            }
        }
        Ok(())
    }
}
