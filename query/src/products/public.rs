//! The visitors' catalogue: what anyone may see of the products, by category.

use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::products::{page_ids, PAGE_SIZE};
use crate::Page;

fn pesos(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// A product as anyone sees it in the public catalogue: what it is and its price; no cost, no
/// stock.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
pub struct ProductoPublico {
    pub id: i64,
    pub modelo: String,
    pub marca: String,
    pub precio: f64,
    pub descripcion: Option<String>,
}

/// Page `number` of the public catalogue (of one category when given), in the staff list's
/// order.
pub async fn public_page(
    pool: &PgPool,
    categoria: Option<i64>,
    number: i64,
) -> Result<Page<ProductoPublico>, sqlx::Error> {
    let (ids, total) = page_ids(pool, categoria, number).await?;
    let rows: Vec<(i64, String, String, i64, Option<String>)> =
        sqlx::query_as("select id, modelo, marca_nombre, precio_cents, descripcion from products where id = any($1)")
            .bind(&ids)
            .fetch_all(pool)
            .await?;
    let mut content: Vec<ProductoPublico> = rows
        .into_iter()
        .map(|(id, modelo, marca, precio, descripcion)| ProductoPublico {
            id,
            modelo,
            marca,
            precio: pesos(precio),
            descripcion,
        })
        .collect();
    content.sort_by_key(|p| ids.iter().position(|id| *id == p.id));
    Ok(Page::new(content, number, PAGE_SIZE, total))
}
