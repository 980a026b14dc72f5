//! Physical counts into `counts` and `count_lines`: where each stands and its sheet.

use async_trait::async_trait;
use optica_events::counts::{ConteoEvent, COUNT_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct CountsProjection;

#[async_trait]
impl Projection for CountsProjection {
    identity!("counts", ["counts", "count_lines"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(id) = event.id_in(COUNT_AGGREGATE)? else {
            return Ok(());
        };
        let closed = |estado: &'static str, fecha| (estado, fecha);
        let close = match event.decode::<ConteoEvent>()? {
            ConteoEvent::ConteoIniciado {
                local_id,
                categoria_id,
                marca_id,
                productos,
                fecha,
            } => {
                execute!(
                    conn,
                    "insert into counts (id, local_id, estado, categoria_id, marca_id, iniciado, version)
                     values ($1, $2, 'ABIERTO', $3, $4, $5, $6)";
                    id, local_id, categoria_id, marca_id, fecha, event.sequence
                )?;
                let ids: Vec<i64> = productos.iter().map(|p| p.producto_id).collect();
                let modelos: Vec<&str> = productos.iter().map(|p| p.modelo.as_str()).collect();
                let esperados: Vec<i64> = productos.iter().map(|p| p.esperado).collect();
                execute!(
                    conn,
                    "insert into count_lines (conteo_id, producto_id, modelo, esperado)
                     select $1, * from unnest($2::bigint[], $3::text[], $4::bigint[])";
                    id, &ids, &modelos, &esperados
                )?;
                None
            }
            ConteoEvent::ConteoCargado { contados } => {
                let ids: Vec<i64> = contados.iter().map(|c| c.producto_id).collect();
                let values: Vec<i64> = contados.iter().map(|c| c.contado).collect();
                let stocks: Vec<i64> = contados.iter().map(|c| c.stock).collect();
                // The last value typed for a product wins (unnest keeps the order; the update takes
                // one row per product, the last), with the stock it had then as the expected one.
                execute!(
                    conn,
                    "update count_lines l set contado = c.contado, esperado = c.stock
                     from (select distinct on (producto_id) producto_id, contado, stock
                           from unnest($2::bigint[], $3::bigint[], $4::bigint[])
                                with ordinality as u(producto_id, contado, stock, n)
                           order by producto_id, n desc) c
                     where l.conteo_id = $1 and l.producto_id = c.producto_id";
                    id, &ids, &values, &stocks
                )?;
                execute!(conn, "update counts set version = $2 where id = $1"; id, event.sequence)?;
                None
            }
            ConteoEvent::ConteoCerrado { fecha, .. } => Some(closed("CERRADO", fecha)),
            ConteoEvent::ConteoCancelado { fecha } => Some(closed("CANCELADO", fecha)),
        };
        if let Some((estado, fecha)) = close {
            execute!(
                conn,
                "update counts set estado = $2, cerrado = $3, version = $4 where id = $1";
                id, estado, fecha, event.sequence
            )?;
        }
        Ok(())
    }
}
