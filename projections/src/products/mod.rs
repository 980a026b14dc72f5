//! Products into `products`, `product_categorias`, `product_proveedores` and `product_stock`.
//! Brand renames (lookup events) refresh the denormalised brand name the lists order by.

use std::collections::BTreeMap;

use async_trait::async_trait;
use chrono::NaiveDate;
use optica_events::products::PRODUCT_AGGREGATE;
use optica_events::{LookupEvent, LookupKind, ProductoDatos, ProductoEvent};
use sqlx::PgConnection;

use crate::{Prepared, Preparer, Projection, ProjectionError, StoredEvent};
use rows::ProductRows;

mod rows;

/// The row changes one event makes.
#[derive(Debug, PartialEq, Eq)]
pub enum ProductChange {
    Insert {
        id: i64,
        datos: ProductoDatos,
        fecha: NaiveDate,
    },
    Update {
        id: i64,
        datos: ProductoDatos,
        fecha: NaiveDate,
    },
    Precio {
        id: i64,
        cents: i64,
        fecha: NaiveDate,
    },
    Costo {
        id: i64,
        cents: i64,
        fecha: NaiveDate,
    },
    AddLocal {
        id: i64,
        local_id: i64,
    },
    RemoveLocal {
        id: i64,
        local_id: i64,
    },
    Stock {
        id: i64,
        local_id: i64,
        stock: i64,
    },
    /// A branch's reorder point set or cleared.
    Minimo {
        id: i64,
        local_id: i64,
        minimo: Option<i64>,
    },
    Delete {
        id: i64,
    },
    /// A brand was renamed.
    BrandName {
        marca_id: i64,
        nombre: String,
    },
}

/// Pure: the row change of an event (`None` for events this projection ignores).
pub fn product_change(event: &StoredEvent) -> Result<Option<ProductChange>, ProjectionError> {
    if event.aggregate_type == LookupKind::Marca.aggregate_type() {
        return Ok(match event.decode::<LookupEvent>()? {
            LookupEvent::ItemActualizado(data) => Some(ProductChange::BrandName {
                marca_id: event.numeric_id()?,
                nombre: data.nombre,
            }),
            _ => None,
        });
    }
    let Some(id) = event.id_in(PRODUCT_AGGREGATE)? else {
        return Ok(None);
    };
    Ok(Some(match event.decode::<ProductoEvent>()? {
        ProductoEvent::ProductoCreado { datos, fecha } => ProductChange::Insert { id, datos, fecha },
        ProductoEvent::ProductoEditado { datos, fecha } => ProductChange::Update { id, datos, fecha },
        ProductoEvent::PrecioActualizado { nuevo, fecha, .. } => ProductChange::Precio {
            id,
            cents: nuevo.cents(),
            fecha,
        },
        ProductoEvent::CostoActualizado { nuevo, fecha, .. } => ProductChange::Costo {
            id,
            cents: nuevo.cents(),
            fecha,
        },
        ProductoEvent::LocalAgregado { local_id } => ProductChange::AddLocal { id, local_id },
        ProductoEvent::LocalQuitado { local_id } => ProductChange::RemoveLocal { id, local_id },
        ProductoEvent::StockAjustado {
            local_id,
            stock_resultante,
            ..
        } => ProductChange::Stock {
            id,
            local_id,
            stock: stock_resultante,
        },
        ProductoEvent::PuntoDePedidoFijado { local_id, minimo } => ProductChange::Minimo { id, local_id, minimo },
        ProductoEvent::ProductoEliminado => ProductChange::Delete { id },
    }))
}

pub struct ProductsProjection;

#[async_trait]
impl Projection for ProductsProjection {
    identity!(
        "products",
        [
            "products",
            "product_categorias",
            "product_proveedores",
            "product_stock",
            "stock_branch_totals",
            "catalog_totals"
        ]
    );

    /// A rebuild writes the stock and the catalogue without the kept totals: they are added up
    /// once here.
    async fn finish_rebuild(&self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        execute!(conn, "select optica_rebuild_branch_stock(), optica_rebuild_catalog_totals()";)?;
        Ok(())
    }

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

/// The batch's product events as row changes, each with its event's sequence, in log order.
fn changes(events: &[StoredEvent]) -> Result<Vec<(i64, ProductChange)>, ProjectionError> {
    let mut changes = Vec::new();
    for event in events {
        if let Some(change) = product_change(event)? {
            changes.push((event.sequence, change));
        }
    }
    Ok(changes)
}

async fn write(conn: &mut PgConnection, changes: Vec<(i64, ProductChange)>) -> Result<(), ProjectionError> {
    if changes.is_empty() {
        return Ok(());
    }
    if changes.iter().all(|(_, c)| matches!(c, ProductChange::Stock { .. })) {
        return write_stock(conn, &changes).await;
    }
    // A create or an edit takes the brand's name from the lookups projection, which runs
    // first in every pass; a replay of this projection alone reads today's name, which later
    // rename events would set anyway.
    let mut rows = ProductRows::load(conn, &changes).await?;
    for (sequence, change) in changes {
        rows.apply(sequence, change);
    }
    rows.write(conn).await
}

/// A batch of stock changes only, what sales make: the stock rows and the products' versions
/// are updated in place with one statement, which is what `ProductRows` would write for them
/// with fourteen (it reloads and rewrites whole products).
async fn write_stock(conn: &mut PgConnection, changes: &[(i64, ProductChange)]) -> Result<(), ProjectionError> {
    // The batch is in log order, so the last change per row wins.
    let mut stock: BTreeMap<(i64, i64), i64> = BTreeMap::new();
    let mut versions: BTreeMap<i64, i64> = BTreeMap::new();
    for (sequence, change) in changes {
        if let ProductChange::Stock { id, local_id, stock: s } = change {
            stock.insert((*id, *local_id), *s);
            versions.insert(*id, *sequence);
        }
    }
    let ((ids, locals), values): ((Vec<i64>, Vec<i64>), Vec<i64>) = stock.into_iter().unzip();
    let (products, sequences): (Vec<i64>, Vec<i64>) = versions.into_iter().unzip();
    // Like `ProductChange::Stock` in `ProductRows`: only a branch the product is offered at has
    // a row to update, and a deleted product has none.
    execute!(
        conn,
        "with stock as (
             update product_stock s set stock = u.stock
             from unnest($1::bigint[], $2::bigint[], $3::bigint[]) as u(producto_id, local_id, stock)
             where s.producto_id = u.producto_id and s.local_id = u.local_id)
         update products p set version = v.version
         from unnest($4::bigint[], $5::bigint[]) as v(id, version)
         where p.id = v.id";
        &ids, &locals, &values, &products, &sequences
    )?;
    Ok(())
}

impl ProductChange {
    /// The product the change is about (`None` for a brand rename).
    pub fn product_id(&self) -> Option<i64> {
        match self {
            ProductChange::Insert { id, .. }
            | ProductChange::Update { id, .. }
            | ProductChange::Precio { id, .. }
            | ProductChange::Costo { id, .. }
            | ProductChange::AddLocal { id, .. }
            | ProductChange::RemoveLocal { id, .. }
            | ProductChange::Stock { id, .. }
            | ProductChange::Minimo { id, .. }
            | ProductChange::Delete { id } => Some(*id),
            ProductChange::BrandName { .. } => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lookups::tests::stored;
    use optica_events::{LookupData, Money, MotivoStock};

    #[test]
    fn a_stock_adjustment_sets_the_resulting_stock() {
        let event = ProductoEvent::StockAjustado {
            local_id: 2,
            motivo: MotivoStock::Venta,
            cantidad: -1,
            stock_resultante: 3,
            origen: optica_events::Origen::movimiento(5),
        };
        let stored = stored("Producto", "9", serde_json::to_value(event).unwrap());
        assert_eq!(
            product_change(&stored).unwrap(),
            Some(ProductChange::Stock {
                id: 9,
                local_id: 2,
                stock: 3
            })
        );
    }

    #[test]
    fn a_price_update_keeps_exact_cents() {
        let fecha = NaiveDate::from_ymd_opt(2026, 1, 2).unwrap();
        let event = ProductoEvent::PrecioActualizado {
            anterior: Money::from_cents(100),
            nuevo: Money::from_cents(110),
            fecha,
        };
        let stored = stored("Producto", "1", serde_json::to_value(event).unwrap());
        assert_eq!(
            product_change(&stored).unwrap(),
            Some(ProductChange::Precio {
                id: 1,
                cents: 110,
                fecha
            })
        );
    }

    #[test]
    fn a_brand_rename_refreshes_product_rows() {
        let data = LookupData {
            nombre: "Vulk".into(),
            ..Default::default()
        };
        let stored = stored(
            "Marca",
            "4",
            serde_json::to_value(LookupEvent::ItemActualizado(data)).unwrap(),
        );
        assert_eq!(
            product_change(&stored).unwrap(),
            Some(ProductChange::BrandName {
                marca_id: 4,
                nombre: "Vulk".into()
            })
        );
    }

    #[test]
    fn other_lookups_are_ignored() {
        let stored = stored("Local", "4", serde_json::to_value(LookupEvent::ItemEliminado).unwrap());
        assert_eq!(product_change(&stored).unwrap(), None);
    }
}
