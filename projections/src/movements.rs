//! Movements into `movements`, `movement_lines`, `movement_extras` and `movement_payments`, and
//! the references that keep a sold product or a served patient from being deleted.

use async_trait::async_trait;
use optica_events::movement::{EstadoMovimiento, MovimientoDatos, MovimientoEvent, MOVEMENT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

/// The row changes one event makes.
#[derive(Debug, PartialEq)]
pub enum MovementChange {
    /// A movement registered or edited: its rows are written anew.
    Write {
        id: i64,
        datos: Box<MovimientoDatos>,
    },
    Estado {
        id: i64,
        estado: EstadoMovimiento,
    },
    Delete {
        id: i64,
    },
}

/// The wire name of a state or type (`PEDIDO_CRISTALES`, `ENTRADA`).
fn wire<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Pure: the row change of an event (`None` for other aggregates).
pub fn movement_change(event: &StoredEvent) -> Result<Option<MovementChange>, ProjectionError> {
    if event.aggregate_type != MOVEMENT_AGGREGATE {
        return Ok(None);
    }
    let id = event.numeric_id()?;
    Ok(Some(match event.decode::<MovimientoEvent>()? {
        MovimientoEvent::MovimientoRegistrado { datos } | MovimientoEvent::MovimientoEditado { datos } => {
            MovementChange::Write {
                id,
                datos: Box::new(datos),
            }
        }
        MovimientoEvent::EstadoCambiado { nuevo, .. } => MovementChange::Estado { id, estado: nuevo },
        MovimientoEvent::MovimientoEliminado => MovementChange::Delete { id },
    }))
}

pub struct MovementsProjection;

#[async_trait]
impl Projection for MovementsProjection {
    fn name(&self) -> &'static str {
        "movements"
    }

    fn tables(&self) -> &'static [&'static str] {
        &[
            "movements",
            "movement_lines",
            "movement_extras",
            "movement_payments",
            "product_references",
            "patient_references",
            "stats_cash_day",
            "stats_sales_day",
            "stats_product_day",
            "stats_cristal_day",
            "stats_payment_day",
        ]
    }

    /// A rebuild skips the per-event statistics (see `optica_stats_changed`): every day is
    /// recomputed once here.
    async fn finish_rebuild(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        sqlx::query(
            "select optica_refresh_stats(b.dia, b.local_id)
             from (select distinct fecha::date as dia, local_id from movements) b",
        )
        .execute(&mut *conn)
        .await?;
        Ok(())
    }

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(change) = movement_change(event)? else {
            return Ok(());
        };
        // The day and branch the movement counted in before this event, for the statistics.
        let before: Option<(chrono::NaiveDate, i64)> = match &change {
            MovementChange::Estado { .. } => None,
            MovementChange::Write { id, .. } | MovementChange::Delete { id } => {
                sqlx::query_as("select fecha::date, local_id from movements where id = $1")
                    .bind(id)
                    .fetch_optional(&mut *conn)
                    .await?
            }
        };
        let after = match &change {
            MovementChange::Write { datos, .. } => Some((datos.fecha.date(), datos.local_id)),
            _ => None,
        };
        match change {
            MovementChange::Write { id, datos } => write(conn, id, &datos, event.sequence).await?,
            MovementChange::Estado { id, estado } => {
                sqlx::query("update movements set estado = $2, version = $3 where id = $1")
                    .bind(id)
                    .bind(wire(&estado))
                    .bind(event.sequence)
                    .execute(&mut *conn)
                    .await?;
            }
            MovementChange::Delete { id } => {
                sqlx::query("delete from movements where id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
                clear_references(conn, id).await?;
            }
        }
        let mut days: Vec<_> = [before, after].into_iter().flatten().collect();
        days.dedup();
        for (dia, local_id) in days {
            refresh_stats(conn, dia, local_id).await?;
        }
        Ok(())
    }
}

/// Recomputes the statistics of one day at one branch (migrations/0006_statistics.sql).
async fn refresh_stats(conn: &mut PgConnection, dia: chrono::NaiveDate, local_id: i64) -> Result<(), ProjectionError> {
    sqlx::query("select optica_stats_changed($1, $2)")
        .bind(dia)
        .bind(local_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

async fn clear_references(conn: &mut PgConnection, id: i64) -> Result<(), ProjectionError> {
    sqlx::query("delete from product_references where movimiento_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("delete from patient_references where movimiento_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

async fn write(conn: &mut PgConnection, id: i64, d: &MovimientoDatos, version: i64) -> Result<(), ProjectionError> {
    sqlx::query(
        "insert into movements (id, tipo, fecha, local_id, paciente_id, vendedor, descripcion, descuento_hundredths,
                                total_cents, total_impuesto_cents, estado, version)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (id) do update
         set tipo = excluded.tipo, fecha = excluded.fecha, local_id = excluded.local_id,
             paciente_id = excluded.paciente_id, vendedor = excluded.vendedor, descripcion = excluded.descripcion,
             descuento_hundredths = excluded.descuento_hundredths, total_cents = excluded.total_cents,
             total_impuesto_cents = excluded.total_impuesto_cents, estado = excluded.estado,
             version = excluded.version",
    )
    .bind(id)
    .bind(wire(&d.tipo))
    .bind(d.fecha)
    .bind(d.local_id)
    .bind(d.paciente_id)
    .bind(&d.vendedor)
    .bind(&d.descripcion)
    .bind(d.descuento.map(|m| m.hundredths()))
    .bind(d.total.cents())
    .bind(d.total_impuesto.cents())
    .bind(d.estado.as_ref().map(wire))
    .bind(version)
    .execute(&mut *conn)
    .await?;
    for table in ["movement_lines", "movement_extras", "movement_payments"] {
        sqlx::query(&format!("delete from {table} where movimiento_id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    clear_references(conn, id).await?;
    for (n, l) in d.lineas.iter().enumerate() {
        sqlx::query(
            "insert into movement_lines (movimiento_id, linea, producto_id, modelo, marca, cristal, cantidad,
                                         precio_cents, subtotal_cents)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
        )
        .bind(id)
        .bind(n as i32)
        .bind(l.producto_id)
        .bind(&l.modelo)
        .bind(&l.marca)
        .bind(l.cristal)
        .bind(l.cantidad)
        .bind(l.precio_unitario.cents())
        .bind(l.subtotal.cents())
        .execute(&mut *conn)
        .await?;
        sqlx::query(
            "insert into product_references (producto_id, movimiento_id) values ($1, $2) on conflict do nothing",
        )
        .bind(l.producto_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    }
    for (n, a) in d.adicionales.iter().enumerate() {
        sqlx::query(
            "insert into movement_extras (movimiento_id, linea, descripcion, subtotal_cents) values ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(n as i32)
        .bind(&a.descripcion)
        .bind(a.subtotal.cents())
        .execute(&mut *conn)
        .await?;
    }
    for p in &d.pagos {
        sqlx::query(
            "insert into movement_payments (movimiento_id, pago_id, metodo_pago_id, monto_cents, monto_impuesto_cents,
                                            fecha, local_id, tipo)
             values ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(id)
        .bind(p.id)
        .bind(p.metodo_pago_id)
        .bind(p.monto.cents())
        .bind(p.monto_impuesto.cents())
        .bind(p.fecha)
        .bind(d.local_id)
        .bind(wire(&d.tipo))
        .execute(&mut *conn)
        .await?;
    }
    if let Some(paciente_id) = d.paciente_id {
        sqlx::query(
            "insert into patient_references (paciente_id, movimiento_id) values ($1, $2) on conflict do nothing",
        )
        .bind(paciente_id)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lookups::tests::stored;

    #[test]
    fn a_state_change_is_written_with_its_wire_name() {
        let event = MovimientoEvent::EstadoCambiado {
            anterior: None,
            nuevo: EstadoMovimiento::AnteojoTerminado,
        };
        let stored = stored("Movimiento", "8", serde_json::to_value(event).unwrap());
        let change = movement_change(&stored).unwrap();
        assert_eq!(
            change,
            Some(MovementChange::Estado {
                id: 8,
                estado: EstadoMovimiento::AnteojoTerminado
            })
        );
        assert_eq!(wire(&EstadoMovimiento::AnteojoTerminado), "ANTEOJO_TERMINADO");
    }
}
