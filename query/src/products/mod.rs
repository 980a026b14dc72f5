//! Reads of the product read models: pages, searches, stock sums and the stock sheet.
//!
//! Who sees what: every member of staff sees every product with every branch's stock; only
//! admins see the cost. Searches ignore case and accents; lists sort as Spanish does.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::lookups::{Local, Nombrado, Proveedor};
use crate::{contains_pattern, Page};

mod committed;
mod facts;
mod load;

use load::{complete, load, pesos, ProductRow, PRODUCT_COLUMNS, PRODUCT_FROM};

pub use committed::committed;
pub use facts::{sale_facts, SaleFacts};

pub mod public;
mod stock;

pub use stock::{stock_per_branch, stock_per_material, stock_sheet, StockPorLocal, StockPorMaterial, StockSheetRow};

pub const PAGE_SIZE: i64 = 12;
/// Searches answer at most this many products (ordered like the pages).
pub const SEARCH_LIMIT: i64 = 500;

/// The caller as the product reads need it: every member of staff sees the whole catalogue
/// with every branch's stock (a seller sends a customer to the branch that has the frame); only
/// admins see costs.
#[derive(Clone, Copy, Debug)]
pub struct Viewer {
    pub admin: bool,
}

/// A branch's stock of a product.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct ProductoLocal {
    pub local: Local,
    pub stock: i64,
    /// The branch's reorder point, when set.
    #[serde(default)]
    pub minimo: Option<i64>,
    /// Units sent to this branch and not yet received: in no branch's stock, never sold.
    #[serde(default, rename = "enTransito")]
    pub en_transito: i64,
}

/// Units of a product sent to a branch and not yet received, by branch (SQL over
/// `transfer_lines` of transfers still ENVIADA, for the `ps` row of `product_stock`).
pub(super) const IN_TRANSIT: &str = "(select coalesce(sum(tl.cantidad), 0) from transfer_lines tl
      join transfers t on t.id = tl.transferencia_id and t.estado = 'ENVIADA'
      where tl.producto_id = ps.producto_id and t.destino = ps.local_id)";

/// A product as the API serializes it (contract section 3.2). `costo` is null for non-admins.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Producto {
    pub id: i64,
    pub marca: Option<Nombrado>,
    pub producto_locales: Vec<ProductoLocal>,
    pub modelo: String,
    pub descripcion: Option<String>,
    pub precio: f64,
    pub costo: Option<f64>,
    pub material: Option<Nombrado>,
    pub genero: String,
    pub categorias: Vec<Nombrado>,
    pub proveedores: Vec<Proveedor>,
    #[schema(value_type = String, format = Date)]
    pub creado_en: NaiveDate,
    #[schema(value_type = String, format = Date)]
    pub ultima_actualizacion: NaiveDate,
    /// Send it back with an edit: a product changed since answers 409.
    pub version: i64,
}

/// Brand, then model, as Spanish sorts them (the `optica_es` collation, migration 0018).
const LIST_ORDER: &str = "order by p.marca_nombre collate optica_es, p.modelo collate optica_es, p.id";
/// Offered at branch $1 (stock may be 0); a null branch: everywhere.
const OFFERED: &str =
    "($1::bigint is null or exists (select 1 from product_stock s where s.producto_id = p.id and s.local_id = $1))";

/// In category $1; a null category: any.
const IN_CATEGORY: &str =
    "($1::bigint is null or exists (select 1 from product_categorias c where c.producto_id = p.id and c.categoria_id = $1))";

/// The ids of page `number` (zero-based, 12 per page, by brand name then model) of the
/// catalogue or of one category, and how many there are.
pub(crate) async fn page_ids(
    pool: &PgPool,
    categoria: Option<i64>,
    number: i64,
) -> Result<(Vec<i64>, i64), sqlx::Error> {
    // Kept by the projector (migration 0038): counting the catalogue was most of a page's time.
    let total: i64 = sqlx::query_scalar(
        "select coalesce((select productos from catalog_totals where categoria_id = coalesce($1, 0)), 0)",
    )
    .bind(categoria)
    .fetch_one(pool)
    .await?;
    let ids: Vec<i64> = sqlx::query_scalar(&format!(
        "select p.id from products p where {IN_CATEGORY} {LIST_ORDER} limit $2 offset $3"
    ))
    .bind(categoria)
    .bind(PAGE_SIZE)
    .bind(number.saturating_mul(PAGE_SIZE))
    .fetch_all(pool)
    .await?;
    Ok((ids, total))
}

/// Page `number` of the catalogue (of one category when given), 12 per page, by brand name then
/// model.
pub async fn page(
    pool: &PgPool,
    viewer: Viewer,
    categoria: Option<i64>,
    number: i64,
) -> Result<Page<Producto>, sqlx::Error> {
    let (ids, total) = page_ids(pool, categoria, number).await?;
    Ok(Page::new(load(pool, &ids, viewer).await?, number, PAGE_SIZE, total))
}

pub async fn by_id(pool: &PgPool, id: i64, viewer: Viewer) -> Result<Option<Producto>, sqlx::Error> {
    Ok(load(pool, &[id], viewer).await?.pop())
}

/// The products of `ids` that exist, in that order.
pub async fn by_ids(pool: &PgPool, ids: &[i64], viewer: Viewer) -> Result<Vec<Producto>, sqlx::Error> {
    load(pool, ids, viewer).await
}

/// How a search matches.
#[derive(Clone, Copy, Debug)]
pub enum Search<'a> {
    /// The model, ignoring case and accents.
    ModelIs(&'a str),
    ModelContains(&'a str),
    BrandContains(&'a str),
    /// Model contains the text, and the product is offered at the branch (stock may be 0).
    ModelAtBranch(&'a str, i64),
}

pub async fn search(pool: &PgPool, viewer: Viewer, search: Search<'_>) -> Result<Vec<Producto>, sqlx::Error> {
    // The bare `optica_fold($2)`, unlike the patients' search: folded once in a sub-select, the
    // text has no estimate, and the planner traded the walk in list order for sorting every
    // match (a brand search over 55,000 products went from 6 to 33 ms).
    let (condition, text, branch) = match search {
        Search::ModelIs(t) => ("p.modelo_busqueda = optica_fold($2)", t.trim().to_string(), None),
        Search::ModelContains(t) => (
            "p.modelo_busqueda like optica_fold($2)",
            contains_pattern(t.trim()),
            None,
        ),
        Search::BrandContains(t) => (
            "p.marca_busqueda like optica_fold($2)",
            contains_pattern(t.trim()),
            None,
        ),
        Search::ModelAtBranch(t, local) => (
            "p.modelo_busqueda like optica_fold($2)",
            contains_pattern(t.trim()),
            Some(local),
        ),
    };
    // The rows themselves, not their ids: the walk in list order reads each row to test the
    // condition anyway, and reading them again by id cost a second statement.
    let rows: Vec<ProductRow> = sqlx::query_as(&format!(
        "select {PRODUCT_COLUMNS} {PRODUCT_FROM} where {OFFERED} and {condition} {LIST_ORDER} limit $3"
    ))
    .bind(branch)
    .bind(text)
    .bind(SEARCH_LIMIT)
    .fetch_all(pool)
    .await?;
    complete(pool, rows, viewer).await
}

/// Which of `models` (lower-cased) already exist for the brand.
pub async fn existing_models(pool: &PgPool, marca_id: i64, models: &[String]) -> Result<Vec<String>, sqlx::Error> {
    let lowered: Vec<String> = models.iter().map(|m| m.trim().to_lowercase()).collect();
    sqlx::query_scalar(
        "select distinct lower(modelo) from products where marca_id = $1 and lower(modelo) = any($2) order by 1",
    )
    .bind(marca_id)
    .bind(&lowered)
    .fetch_all(pool)
    .await
}

/// The filters of a mass price update; `None` matches everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Filters {
    pub categoria: Option<i64>,
    pub proveedor: Option<i64>,
    pub material: Option<i64>,
    pub marca: Option<i64>,
}

/// Ids of the products matching every given filter.
pub async fn matching(pool: &PgPool, f: Filters) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "select p.id from products p
         where ($1::bigint is null or exists (select 1 from product_categorias c where c.producto_id = p.id and c.categoria_id = $1))
           and ($2::bigint is null or exists (select 1 from product_proveedores s where s.producto_id = p.id and s.proveedor_id = $2))
           and ($3::bigint is null or p.material_id = $3)
           and ($4::bigint is null or p.marca_id = $4)
         order by p.id",
    )
    .bind(f.categoria)
    .bind(f.proveedor)
    .bind(f.material)
    .bind(f.marca)
    .fetch_all(pool)
    .await
}
