//! What each sale's products cost when they were sold, for the owner's margin (the
//! 'Rentabilidad' report): `product_costs` holds each product's cost as the log has reached it,
//! and `sale_costs` the cost of a product at the moment a sale took it from the stock (the sale's
//! `StockAjustado`, appended with the sale). Events are folded in the log's order, so a cost
//! changed after a sale never reaches it, in a live batch or in a replay.

use std::collections::{BTreeMap, HashMap};

use async_trait::async_trait;
use optica_events::products::PRODUCT_AGGREGATE;
use optica_events::{MotivoStock, ProductoEvent};
use sqlx::PgConnection;

use crate::{Prepared, Preparer, Projection, ProjectionError, StoredEvent};

pub struct SaleCostsProjection;

#[async_trait]
impl Projection for SaleCostsProjection {
    identity!("sale_costs", ["product_costs", "sale_costs"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        self.apply_batch(conn, std::slice::from_ref(event)).await
    }

    fn preparer(&self) -> Option<Preparer> {
        Some(|events| Ok(Prepared::new(changes(events)?)))
    }

    async fn apply_prepared(
        &self,
        conn: &mut PgConnection,
        _events: &[StoredEvent],
        prepared: Prepared,
    ) -> Result<(), ProjectionError> {
        write(conn, prepared.take()?).await
    }
}

/// The batch's product events as the changes they make here, in the log's order.
fn changes(events: &[StoredEvent]) -> Result<Vec<Change>, ProjectionError> {
    let mut changes = Vec::new();
    for event in events.iter().filter(|e| e.aggregate_type == PRODUCT_AGGREGATE) {
        let id = event.numeric_id()?;
        match event.decode::<ProductoEvent>()? {
            ProductoEvent::ProductoCreado { datos, .. } | ProductoEvent::ProductoEditado { datos, .. } => {
                changes.push(Change::Costo(id, datos.costo.map(|c| c.cents())));
            }
            ProductoEvent::CostoActualizado { nuevo, .. } => changes.push(Change::Costo(id, Some(nuevo.cents()))),
            ProductoEvent::StockAjustado {
                motivo: MotivoStock::Venta | MotivoStock::VentaEditada,
                origen,
                ..
            } => {
                if let Some(venta) = origen.movimiento_id {
                    changes.push(Change::Vendido(id, venta));
                }
            }
            _ => {}
        }
    }
    Ok(changes)
}

async fn write(conn: &mut PgConnection, changes: Vec<Change>) -> Result<(), ProjectionError> {
    if changes.is_empty() {
        return Ok(());
    }
    // The batch's products' costs as the table has them, then the batch in order.
    let mut ids: Vec<i64> = changes.iter().map(Change::producto).collect();
    ids.sort_unstable();
    ids.dedup();
    let known: Vec<(i64, Option<i64>)> =
        sqlx::query_as("select producto_id, costo_cents from product_costs where producto_id = any($1)")
            .bind(&ids)
            .fetch_all(&mut *conn)
            .await?;
    let mut costs: HashMap<i64, Option<i64>> = known.into_iter().collect();
    let mut changed: BTreeMap<i64, Option<i64>> = BTreeMap::new();
    // A sale's first cost of a product stands: an edit that takes more units of it later
    // does not re-price the units sold before.
    let mut sold: BTreeMap<(i64, i64), Option<i64>> = BTreeMap::new();
    for change in changes {
        match change {
            Change::Costo(id, cents) => {
                costs.insert(id, cents);
                changed.insert(id, cents);
            }
            Change::Vendido(id, venta) => {
                let cost = costs.get(&id).copied().flatten();
                sold.entry((venta, id)).or_insert(cost);
            }
        }
    }
    if !changed.is_empty() {
        let (ids, cents): (Vec<i64>, Vec<Option<i64>>) = changed.into_iter().unzip();
        execute!(
            conn,
            "insert into product_costs (producto_id, costo_cents) select * from unnest($1::bigint[], $2::bigint[])
             on conflict (producto_id) do update set costo_cents = excluded.costo_cents";
            &ids, &cents
        )?;
    }
    if !sold.is_empty() {
        let (keys, cents): (Vec<(i64, i64)>, Vec<Option<i64>>) = sold.into_iter().unzip();
        let (ventas, productos): (Vec<i64>, Vec<i64>) = keys.into_iter().unzip();
        execute!(
            conn,
            "insert into sale_costs (movimiento_id, producto_id, costo_cents)
             select * from unnest($1::bigint[], $2::bigint[], $3::bigint[])
             on conflict (movimiento_id, producto_id) do nothing";
            &ventas, &productos, &cents
        )?;
    }
    Ok(())
}

/// What a product event changes here.
enum Change {
    /// The product's cost from now on (none: not recorded).
    Costo(i64, Option<i64>),
    /// Sale `.1` took units of product `.0` from the stock.
    Vendido(i64, i64),
}

impl Change {
    fn producto(&self) -> i64 {
        match self {
            Change::Costo(id, _) | Change::Vendido(id, _) => *id,
        }
    }
}
