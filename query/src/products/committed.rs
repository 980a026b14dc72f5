//! A product as its stream has it, for the answer of a create or an edit whose read model is
//! late, in `by_id`'s shape.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use sqlx::PgPool;

use optica_events::products::{ProductoEvent as E, PRODUCT_AGGREGATE};

use super::{pesos, Producto, ProductoLocal, Viewer};
use crate::late;
use crate::lookups::{Local, Nombrado, Proveedor};

/// The product as its stream holds it (None if it was never created, or was deleted), in
/// `by_id`'s shape.
pub async fn committed(
    pool: &PgPool,
    id: i64,
    today: NaiveDate,
    viewer: Viewer,
) -> Result<Option<Producto>, sqlx::Error> {
    let (mut datos, mut version, mut deleted) = (None, 0, false);
    let (mut stock, mut minimos) = (BTreeMap::new(), BTreeMap::new());
    for (sequence, payload) in late::stream(pool, PRODUCT_AGGREGATE, id).await? {
        version = sequence;
        match late::decode::<E>(&payload)? {
            E::ProductoCreado { datos: d, .. } | E::ProductoEditado { datos: d, .. } => datos = Some(d),
            E::PrecioActualizado { nuevo, .. } => {
                if let Some(d) = datos.as_mut() {
                    d.precio = nuevo;
                }
            }
            E::CostoActualizado { nuevo, .. } => {
                if let Some(d) = datos.as_mut() {
                    d.costo = Some(nuevo);
                }
            }
            E::LocalAgregado { local_id } => {
                stock.insert(local_id, 0);
            }
            E::LocalQuitado { local_id } => {
                stock.remove(&local_id);
                minimos.remove(&local_id);
            }
            E::PuntoDePedidoFijado {
                local_id,
                minimo: Some(m),
            } => {
                minimos.insert(local_id, m);
            }
            E::PuntoDePedidoFijado { local_id, minimo: None } => {
                minimos.remove(&local_id);
            }
            E::StockAjustado {
                local_id,
                stock_resultante,
                ..
            } => {
                stock.insert(local_id, stock_resultante);
            }
            E::ProductoEliminado => deleted = true,
        }
    }
    let Some(datos) = datos.filter(|_| !deleted) else {
        return Ok(None);
    };
    let guardado = Guardado {
        datos: &datos,
        stock: &stock,
        minimos: &minimos,
        version,
    };
    Ok(Some(shaped(pool, id, guardado, today, viewer).await?))
}

/// What a product's stream holds.
struct Guardado<'a> {
    datos: &'a optica_events::ProductoDatos,
    /// Units per branch.
    stock: &'a std::collections::BTreeMap<i64, i64>,
    /// Reorder point per branch, where one is set.
    minimos: &'a std::collections::BTreeMap<i64, i64>,
    version: i64,
}

/// A product as its command just committed it, in `by_id`'s shape: for the answer of a create
/// or an edit whose read model is late. Names and units in transit (other streams,
/// whose read models may be behind too) are read as they stand; the dates come from the stream.
async fn shaped(
    pool: &PgPool,
    id: i64,
    g: Guardado<'_>,
    today: NaiveDate,
    viewer: Viewer,
) -> Result<Producto, sqlx::Error> {
    let (d, stock, version) = (g.datos, g.stock, g.version);
    let mut locales: Vec<i64> = stock.keys().chain(g.minimos.keys()).copied().collect();
    locales.sort_unstable();
    locales.dedup();
    let transit: Vec<(i64, i64)> = sqlx::query_as(
        "select t.destino, sum(tl.cantidad)::bigint from transfer_lines tl
         join transfers t on t.id = tl.transferencia_id and t.estado = 'ENVIADA'
         where tl.producto_id = $1 group by t.destino",
    )
    .bind(id)
    .fetch_all(pool)
    .await?;
    let wanted: Vec<(&str, i64)> = [("Marca", d.marca_id)]
        .into_iter()
        .chain(d.material_id.map(|m| ("MaterialProducto", m)))
        .chain(d.categoria_ids.iter().map(|c| ("Categoria", *c)))
        .chain(d.proveedor_ids.iter().map(|p| ("Proveedor", *p)))
        .chain(locales.iter().map(|l| ("Local", *l)))
        .collect();
    let names = crate::lookups::rows(pool, &wanted).await?;
    // As the projection dates a product: created by its first event, updated by its last
    // create, edit, price or cost change (stock and reorder points leave the date alone).
    let dates: (Option<NaiveDate>, Option<NaiveDate>) = sqlx::query_as(
        "select (array_agg(fecha order by sequence))[1], (array_agg(fecha order by sequence desc))[1]
         from (select sequence, (payload::jsonb -> event_type ->> 'fecha')::date as fecha from events
               where aggregate_type = 'Producto' and aggregate_id = $1
                 and event_type in ('ProductoCreado', 'ProductoEditado', 'PrecioActualizado', 'CostoActualizado')) e",
    )
    .bind(id.to_string())
    .fetch_one(pool)
    .await?;
    let of = |kind: &'static str| names.iter().filter(move |n| n.0 == kind);
    let nombrado = |n: &crate::lookups::NameRow| Nombrado {
        id: n.1,
        nombre: n.2.clone(),
    };
    let mut categorias: Vec<Nombrado> = of("Categoria").map(nombrado).collect();
    categorias.sort_by_key(|c| c.id);
    // by branch id, as the read model lists them
    let mut branches: Vec<&crate::lookups::NameRow> = of("Local").collect();
    branches.sort_by_key(|l| l.1);
    Ok(Producto {
        id,
        marca: of("Marca").next().map(nombrado),
        producto_locales: branches
            .into_iter()
            .map(|l| ProductoLocal {
                local: Local {
                    id: l.1,
                    nombre: l.2.clone(),
                    direccion: l.3.clone(),
                    celular: l.4.clone(),
                },
                stock: stock.get(&l.1).copied().unwrap_or(0),
                minimo: g.minimos.get(&l.1).copied(),
                en_transito: transit.iter().find(|t| t.0 == l.1).map_or(0, |t| t.1),
            })
            .collect(),
        modelo: d.modelo.clone(),
        descripcion: d.descripcion.clone(),
        precio: pesos(d.precio.cents()),
        costo: d.costo.map(|c| pesos(c.cents())).filter(|_| viewer.admin),
        material: of("MaterialProducto").next().map(nombrado),
        genero: d.genero.clone(),
        categorias,
        proveedores: of("Proveedor")
            .map(|p| Proveedor {
                id: p.1,
                nombre: p.2.clone(),
                celular: p.4.clone(),
            })
            .collect(),
        creado_en: dates.0.unwrap_or(today),
        ultima_actualizacion: dates.1.unwrap_or(today),
        version,
    })
}
