//! The catalogue's stock summaries: per branch, per material, and a branch's stock sheet.

use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::IN_TRANSIT;

/// Σ stock per branch.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StockPorLocal {
    pub local_id: i64,
    pub local_nombre: String,
    pub stock_total: i64,
}

/// Σ stock per branch over every product offered there, by branch id; branches without products
/// are absent. Read from the kept totals (migration 0031): a row per branch, however large the
/// catalogue.
pub async fn stock_per_branch(pool: &PgPool) -> Result<Vec<StockPorLocal>, sqlx::Error> {
    sqlx::query_as(
        "select s.local_id, coalesce(l.nombre, '') as local_nombre, s.stock_total
         from stock_branch_totals s left join lookup_items l on l.kind = 'Local' and l.id = s.local_id
         order by s.local_id",
    )
    .fetch_all(pool)
    .await
}

/// Σ stock per material at one branch.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StockPorMaterial {
    pub material_nombre: String,
    pub stock_total: i64,
}

/// Σ stock per material name at a branch, by name; products without material are left out.
pub async fn stock_per_material(pool: &PgPool, local_id: i64) -> Result<Vec<StockPorMaterial>, sqlx::Error> {
    sqlx::query_as(
        "select m.nombre as material_nombre, sum(s.stock)::bigint as stock_total
         from product_stock s
         join products p on p.id = s.producto_id
         join lookup_items m on m.kind = 'MaterialProducto' and m.id = p.material_id
         where s.local_id = $1
         group by m.nombre order by m.nombre collate optica_es",
    )
    .bind(local_id)
    .fetch_all(pool)
    .await
}

/// A row of the branch stock sheet.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct StockSheetRow {
    pub modelo: String,
    pub marca: String,
    pub costo_cents: Option<i64>,
    pub precio_cents: i64,
    pub stock: i64,
    /// Units on their way to the branch (transfers not yet received).
    pub en_transito: i64,
}

/// Products with stock at the branch or on their way to it, by model (case-insensitive).
pub async fn stock_sheet(pool: &PgPool, local_id: i64) -> Result<Vec<StockSheetRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select p.modelo, p.marca_nombre as marca, p.costo_cents, p.precio_cents, s.stock, s.en_transito
         from (select ps.producto_id, ps.stock, {IN_TRANSIT}::bigint as en_transito from product_stock ps
               where ps.local_id = $1) s
         join products p on p.id = s.producto_id
         where s.stock > 0 or s.en_transito > 0
         order by p.modelo collate optica_es, p.marca_nombre collate optica_es, p.id"
    ))
    .bind(local_id)
    .fetch_all(pool)
    .await
}
