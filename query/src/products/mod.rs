//! Reads of the product read models: pages, searches, stock sums and the stock sheet.
//!
//! Who sees what: every member of staff sees every product with every branch's stock; only
//! admins see the cost. Searches ignore case and accents; lists sort as Spanish does.

use std::collections::HashMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::lookups::{Local, Nombrado, Proveedor};
use crate::{contains_pattern, Page};

mod committed;
mod facts;

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

#[derive(sqlx::FromRow)]
struct ProductRow {
    id: i64,
    modelo: String,
    marca_id: i64,
    marca_nombre: String,
    material_id: Option<i64>,
    material_nombre: Option<String>,
    genero: String,
    costo_cents: Option<i64>,
    precio_cents: i64,
    descripcion: Option<String>,
    creado_en: NaiveDate,
    ultima_actualizacion: NaiveDate,
    version: i64,
}

/// A product's row with its categories, suppliers and branches nested as JSON arrays.
#[derive(sqlx::FromRow)]
struct NestedRow {
    #[sqlx(flatten)]
    row: ProductRow,
    categorias: Json<Vec<Nombrado>>,
    proveedores: Json<Vec<Proveedor>>,
    locales: Json<Vec<ProductoLocal>>,
}

#[derive(sqlx::FromRow)]
struct StockRow {
    producto_id: i64,
    id: i64,
    nombre: String,
    direccion: Option<String>,
    celular: Option<String>,
    stock: i64,
    minimo: Option<i64>,
    en_transito: i64,
}

fn pesos(cents: i64) -> f64 {
    cents as f64 / 100.0
}

impl ProductRow {
    fn producto(self, viewer: Viewer) -> Producto {
        Producto {
            id: self.id,
            marca: Some(Nombrado {
                id: self.marca_id,
                nombre: self.marca_nombre,
            }),
            producto_locales: Vec::new(),
            modelo: self.modelo,
            descripcion: self.descripcion,
            precio: pesos(self.precio_cents),
            costo: self.costo_cents.map(pesos).filter(|_| viewer.admin),
            material: self
                .material_id
                .zip(self.material_nombre)
                .map(|(id, nombre)| Nombrado { id, nombre }),
            genero: self.genero,
            categorias: Vec::new(),
            proveedores: Vec::new(),
            creado_en: self.creado_en,
            ultima_actualizacion: self.ultima_actualizacion,
            version: self.version,
        }
    }
}

const PRODUCT_COLUMNS: &str = "p.id, p.modelo, p.marca_id, p.marca_nombre, p.material_id, m.nombre as material_nombre,
     p.genero, p.costo_cents, p.precio_cents, p.descripcion, p.creado_en, p.ultima_actualizacion, p.version";
const PRODUCT_FROM: &str =
    "from products p left join lookup_items m on m.kind = 'MaterialProducto' and m.id = p.material_id";

/// The full products of `ids`, in that order. One product (a command's answer, a product's
/// page) is one statement, its children nested as JSON: the round trips cost more than the
/// rows. Several (lists, searches of up to 500) are one statement per table: building and
/// parsing JSON for hundreds of products costs more than the three extra round trips.
async fn load(pool: &PgPool, ids: &[i64], viewer: Viewer) -> Result<Vec<Producto>, sqlx::Error> {
    match ids {
        [] => Ok(Vec::new()),
        [id] => Ok(load_one(pool, *id, viewer).await?.into_iter().collect()),
        _ => load_many(pool, ids, viewer).await,
    }
}

async fn load_one(pool: &PgPool, id: i64, viewer: Viewer) -> Result<Option<Producto>, sqlx::Error> {
    let row: Option<NestedRow> = sqlx::query_as(&format!(
        "select {PRODUCT_COLUMNS},
                coalesce((select json_agg(json_build_object('id', c.id, 'nombre', c.nombre) order by c.id)
                          from product_categorias pc
                          join lookup_items c on c.kind = 'Categoria' and c.id = pc.categoria_id
                          where pc.producto_id = p.id), '[]') as categorias,
                coalesce((select json_agg(json_build_object('id', s.id, 'nombre', s.nombre, 'celular', s.celular)
                                          order by s.nombre collate optica_es, s.id)
                          from product_proveedores pp
                          join lookup_items s on s.kind = 'Proveedor' and s.id = pp.proveedor_id
                          where pp.producto_id = p.id), '[]') as proveedores,
                coalesce((select json_agg(json_build_object('local', json_build_object('id', l.id, 'nombre', l.nombre,
                                                                                     'direccion', l.direccion,
                                                                                     'celular', l.celular),
                                                            'stock', ps.stock, 'minimo', ps.minimo,
                                                            'enTransito', {IN_TRANSIT}) order by l.id)
                          from product_stock ps
                          join lookup_items l on l.kind = 'Local' and l.id = ps.local_id
                          where ps.producto_id = p.id), '[]') as locales
         {PRODUCT_FROM} where p.id = $1"
    ))
    .bind(id)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| Producto {
        categorias: r.categorias.0,
        proveedores: r.proveedores.0,
        producto_locales: r.locales.0,
        ..r.row.producto(viewer)
    }))
}

async fn load_many(pool: &PgPool, ids: &[i64], viewer: Viewer) -> Result<Vec<Producto>, sqlx::Error> {
    let rows: Vec<ProductRow> =
        sqlx::query_as(&format!("select {PRODUCT_COLUMNS} {PRODUCT_FROM} where p.id = any($1)"))
            .bind(ids)
            .fetch_all(pool)
            .await?;
    let mut by_id: HashMap<i64, ProductRow> = rows.into_iter().map(|r| (r.id, r)).collect();
    let rows = ids.iter().filter_map(|id| by_id.remove(id)).collect();
    complete(pool, rows, viewer).await
}

/// The products of `rows`, in that order, with their categories, suppliers and branches: one
/// statement per table for all of them.
async fn complete(pool: &PgPool, rows: Vec<ProductRow>, viewer: Viewer) -> Result<Vec<Producto>, sqlx::Error> {
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let categorias = sqlx::query_as::<_, (i64, i64, String)>(
        "select pc.producto_id, c.id, c.nombre from product_categorias pc
         join lookup_items c on c.kind = 'Categoria' and c.id = pc.categoria_id
         where pc.producto_id = any($1) order by c.id",
    )
    .bind(&ids)
    .fetch_all(pool);
    let proveedores = sqlx::query_as::<_, (i64, i64, String, Option<String>)>(
        "select pp.producto_id, s.id, s.nombre, s.celular from product_proveedores pp
         join lookup_items s on s.kind = 'Proveedor' and s.id = pp.proveedor_id
         where pp.producto_id = any($1) order by s.nombre collate optica_es, s.id",
    )
    .bind(&ids)
    .fetch_all(pool);
    // What is in transit is summed once for all the products, not once per stock row, and the
    // rows are put in branch order here: for a search's 1,500 rows the per-row sums and the sort
    // were most of the statement's time.
    let stock = sqlx::query_as::<_, StockRow>(
        "select ps.producto_id, l.id, l.nombre, l.direccion, l.celular, ps.stock, ps.minimo,
                coalesce(tr.cantidad, 0)::bigint as en_transito
         from product_stock ps
         join lookup_items l on l.kind = 'Local' and l.id = ps.local_id
         left join (select tl.producto_id, t.destino, sum(tl.cantidad) as cantidad
                    from transfer_lines tl
                    join transfers t on t.id = tl.transferencia_id and t.estado = 'ENVIADA'
                    where tl.producto_id = any($1)
                    group by tl.producto_id, t.destino) tr
           on tr.producto_id = ps.producto_id and tr.destino = ps.local_id
         where ps.producto_id = any($1)",
    )
    .bind(&ids)
    .fetch_all(pool);
    // The three reads are independent: on three of the pool's connections at once, a search of
    // 500 products waits for the longest of them, not for their sum.
    let (categorias, proveedores, mut stock) = tokio::try_join!(categorias, proveedores, stock)?;
    stock.sort_unstable_by_key(|row| (row.producto_id, row.id));
    let mut by_id: HashMap<i64, Producto> = rows.into_iter().map(|r| (r.id, r.producto(viewer))).collect();
    for (pid, id, nombre) in categorias {
        if let Some(p) = by_id.get_mut(&pid) {
            p.categorias.push(Nombrado { id, nombre });
        }
    }
    for (pid, id, nombre, celular) in proveedores {
        if let Some(p) = by_id.get_mut(&pid) {
            p.proveedores.push(Proveedor { id, nombre, celular });
        }
    }
    for row in stock {
        if let Some(p) = by_id.get_mut(&row.producto_id) {
            let local = Local {
                id: row.id,
                nombre: row.nombre,
                direccion: row.direccion,
                celular: row.celular,
            };
            p.producto_locales.push(ProductoLocal {
                local,
                stock: row.stock,
                minimo: row.minimo,
                en_transito: row.en_transito,
            });
        }
    }
    Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
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
