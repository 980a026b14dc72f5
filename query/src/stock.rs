//! Stock beyond the catalogue: the 'Reponer' list of a branch, the products at or
//! below their reorder point, with what is missing to reach it and their suppliers.

use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::Page;

/// The most rows a whole list (the Excel) carries: far above a branch's catalogue.
pub const MAX_ROWS: i64 = 10_000;

/// A product to reorder at a branch.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AReponer {
    pub producto_id: i64,
    pub modelo: String,
    pub marca: String,
    pub stock: i64,
    /// Units on their way to the branch (transfers not yet received).
    pub en_transito: i64,
    pub minimo: i64,
    /// Units to reach the reorder point, counting what is in transit (at least 1: at the point
    /// itself one more is wanted).
    pub faltan: i64,
    /// The suppliers' names, as Spanish sorts them, joined by ', '.
    pub proveedores: String,
    /// Admins only (null for anyone else).
    pub costo_cents: Option<i64>,
}

const FROM: &str = "from (select ps.producto_id, ps.stock, ps.minimo,
                         (select coalesce(sum(tl.cantidad), 0) from transfer_lines tl
                          join transfers t on t.id = tl.transferencia_id and t.estado = 'ENVIADA'
                          where tl.producto_id = ps.producto_id and t.destino = ps.local_id)::bigint as en_transito
                  from product_stock ps where ps.local_id = $1 and ps.minimo is not null) s
     join products p on p.id = s.producto_id
     where s.stock + s.en_transito <= s.minimo";

/// The branch's products at or below their reorder point (stock plus what is on its way), by
/// brand and model. Every row of the list is one product: the list grows with what it lists.
/// Costs only when `admin`.
pub async fn reponer(
    pool: &PgPool,
    local_id: i64,
    admin: bool,
    number: i64,
    size: i64,
) -> Result<Page<AReponer>, sqlx::Error> {
    let count: i64 = sqlx::query_scalar(&format!("select count(*) {FROM}"))
        .bind(local_id)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query_as(&format!(
        "select p.id as producto_id, p.modelo, p.marca_nombre as marca, s.stock, s.en_transito, s.minimo,
                greatest(s.minimo - s.stock - s.en_transito, 0) + 1 as faltan,
                coalesce((select string_agg(l.nombre, ', ' order by l.nombre collate optica_es)
                          from product_proveedores pp join lookup_items l on l.kind = 'Proveedor' and l.id = pp.proveedor_id
                          where pp.producto_id = p.id), '') as proveedores,
                case when $4 then p.costo_cents end as costo_cents
         {FROM}
         order by p.marca_nombre collate optica_es, p.modelo collate optica_es, p.id
         limit $2 offset $3"
    ))
    .bind(local_id)
    .bind(size)
    .bind(number * size)
    .bind(admin)
    .fetch_all(pool)
    .await?;
    Ok(Page::new(rows, number, size, count))
}
