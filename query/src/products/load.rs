//! Whole products as the API answers them: their rows with their categories, suppliers and
//! branches' stock, for one product or for a list.

use std::collections::HashMap;

use chrono::NaiveDate;
use sqlx::types::Json;
use sqlx::PgPool;

use super::{Producto, ProductoLocal, Viewer, IN_TRANSIT};
use crate::lookups::{Local, Nombrado, Proveedor};

#[derive(sqlx::FromRow)]
pub(super) struct ProductRow {
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

pub(super) fn pesos(cents: i64) -> f64 {
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

pub(super) const PRODUCT_COLUMNS: &str =
    "p.id, p.modelo, p.marca_id, p.marca_nombre, p.material_id, m.nombre as material_nombre,
     p.genero, p.costo_cents, p.precio_cents, p.descripcion, p.creado_en, p.ultima_actualizacion, p.version";
pub(super) const PRODUCT_FROM: &str =
    "from products p left join lookup_items m on m.kind = 'MaterialProducto' and m.id = p.material_id";

/// The full products of `ids`, in that order. One product (a command's answer, a product's
/// page) is one statement, its children nested as JSON: the round trips cost more than the
/// rows. Several (lists, searches of up to 500) are one statement per table: building and
/// parsing JSON for hundreds of products costs more than the three extra round trips.
pub(super) async fn load(pool: &PgPool, ids: &[i64], viewer: Viewer) -> Result<Vec<Producto>, sqlx::Error> {
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
pub(super) async fn complete(
    pool: &PgPool,
    rows: Vec<ProductRow>,
    viewer: Viewer,
) -> Result<Vec<Producto>, sqlx::Error> {
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
