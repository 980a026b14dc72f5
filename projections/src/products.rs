//! Products into `products`, `product_categorias`, `product_proveedores` and `product_stock`.
//! Brand renames (lookup events) refresh the denormalised brand name the lists order by.

use async_trait::async_trait;
use chrono::NaiveDate;
use optica_events::product::PRODUCT_AGGREGATE;
use optica_events::{LookupEvent, LookupKind, ProductoDatos, ProductoEvent};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

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
    if event.aggregate_type != PRODUCT_AGGREGATE {
        return Ok(None);
    }
    let id = event.numeric_id()?;
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
        ProductoEvent::ProductoEliminado => ProductChange::Delete { id },
    }))
}

pub struct ProductsProjection;

#[async_trait]
impl Projection for ProductsProjection {
    fn name(&self) -> &'static str {
        "products"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["products", "product_categorias", "product_proveedores", "product_stock"]
    }

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(change) = product_change(event)? else {
            return Ok(());
        };
        match change {
            ProductChange::Insert { id, datos, fecha } | ProductChange::Update { id, datos, fecha } => {
                // One statement for both: a create inserts (creadoEn = its date), an edit updates
                // everything but creadoEn. The brand's name comes from the lookups projection,
                // which runs first in every pass; a replay of this projection alone reads today's
                // name, which later rename events would set anyway.
                sqlx::query(
                    "insert into products (id, modelo, marca_id, marca_nombre, material_id, genero, costo_cents,
                                           precio_cents, descripcion, creado_en, ultima_actualizacion, version)
                     values ($1, $2, $3,
                             coalesce((select nombre from lookup_items where kind = 'Marca' and id = $3), ''),
                             $4, $5, $6, $7, $8, $9, $9, $10)
                     on conflict (id) do update
                     set modelo = excluded.modelo, marca_id = excluded.marca_id,
                         marca_nombre = excluded.marca_nombre, material_id = excluded.material_id,
                         genero = excluded.genero, costo_cents = excluded.costo_cents,
                         precio_cents = excluded.precio_cents, descripcion = excluded.descripcion,
                         ultima_actualizacion = excluded.ultima_actualizacion",
                )
                .bind(id)
                .bind(&datos.modelo)
                .bind(datos.marca_id)
                .bind(datos.material_id)
                .bind(&datos.genero)
                .bind(datos.costo.map(|c| c.cents()))
                .bind(datos.precio.cents())
                .bind(&datos.descripcion)
                .bind(fecha)
                .bind(event.sequence)
                .execute(&mut *conn)
                .await?;
                write_links(conn, id, &datos).await?;
            }
            ProductChange::Precio { id, cents, fecha } => {
                sqlx::query("update products set precio_cents = $2, ultima_actualizacion = $3 where id = $1")
                    .bind(id)
                    .bind(cents)
                    .bind(fecha)
                    .execute(&mut *conn)
                    .await?;
            }
            ProductChange::Costo { id, cents, fecha } => {
                sqlx::query("update products set costo_cents = $2, ultima_actualizacion = $3 where id = $1")
                    .bind(id)
                    .bind(cents)
                    .bind(fecha)
                    .execute(&mut *conn)
                    .await?;
            }
            ProductChange::AddLocal { id, local_id } => {
                sqlx::query(
                    "insert into product_stock (producto_id, local_id, stock) values ($1, $2, 0)
                     on conflict do nothing",
                )
                .bind(id)
                .bind(local_id)
                .execute(&mut *conn)
                .await?;
            }
            ProductChange::RemoveLocal { id, local_id } => {
                sqlx::query("delete from product_stock where producto_id = $1 and local_id = $2")
                    .bind(id)
                    .bind(local_id)
                    .execute(&mut *conn)
                    .await?;
            }
            ProductChange::Stock { id, local_id, stock } => {
                sqlx::query("update product_stock set stock = $3 where producto_id = $1 and local_id = $2")
                    .bind(id)
                    .bind(local_id)
                    .bind(stock)
                    .execute(&mut *conn)
                    .await?;
            }
            ProductChange::Delete { id } => {
                sqlx::query("delete from products where id = $1")
                    .bind(id)
                    .execute(&mut *conn)
                    .await?;
            }
            ProductChange::BrandName { marca_id, nombre } => {
                sqlx::query("update products set marca_nombre = $2 where marca_id = $1")
                    .bind(marca_id)
                    .bind(&nombre)
                    .execute(&mut *conn)
                    .await?;
                return Ok(());
            }
        }
        // Every product event moves the version the next edit must send back.
        sqlx::query("update products set version = $2 where id = $1")
            .bind(event.numeric_id()?)
            .bind(event.sequence)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }
}

/// Categories and suppliers of a created or edited product.
async fn write_links(conn: &mut PgConnection, id: i64, datos: &ProductoDatos) -> Result<(), ProjectionError> {
    sqlx::query("delete from product_categorias where producto_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("insert into product_categorias (producto_id, categoria_id) select $1, unnest($2::bigint[])")
        .bind(id)
        .bind(&datos.categoria_ids)
        .execute(&mut *conn)
        .await?;
    sqlx::query("delete from product_proveedores where producto_id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("insert into product_proveedores (producto_id, proveedor_id) select $1, unnest($2::bigint[])")
        .bind(id)
        .bind(&datos.proveedor_ids)
        .execute(&mut *conn)
        .await?;
    Ok(())
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
            movimiento_id: Some(5),
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
