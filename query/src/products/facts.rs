//! What every sale checks of its products (model, brand, whether a lens), from the read model,
//! or from their streams for products committed but not yet projected.

use optica_events::products::CRISTAL;
use sqlx::PgPool;

/// What a sale records of a product: its model, brand name and whether it is a lens.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct SaleFacts {
    pub id: i64,
    pub modelo: String,
    pub marca: String,
    pub cristal: bool,
}

/// What every sale checks of its products. A sale of one product (the usual one) binds its id as
/// a scalar, so PostgreSQL keeps a generic plan; with an array it would plan every call anew (a
/// custom plan always looks cheaper for the array it is given), at more cost than the query.
/// A product committed but not yet projected is read from its stream.
pub async fn sale_facts(pool: &PgPool, ids: &[i64]) -> Result<Vec<SaleFacts>, sqlx::Error> {
    let mut facts = projected_sale_facts(pool, ids).await?;
    let mut missing: Vec<i64> = ids
        .iter()
        .copied()
        .filter(|id| !facts.iter().any(|f| f.id == *id))
        .collect();
    missing.sort_unstable();
    missing.dedup();
    if !missing.is_empty() {
        facts.extend(unprojected_sale_facts(pool, &missing).await?);
    }
    Ok(facts)
}

async fn projected_sale_facts(pool: &PgPool, ids: &[i64]) -> Result<Vec<SaleFacts>, sqlx::Error> {
    const SELECT: &str = "select p.id, p.modelo, p.marca_nombre as marca,
                exists(select 1 from product_categorias pc
                       join lookup_items c on c.kind = 'Categoria' and c.id = pc.categoria_id
                       where pc.producto_id = p.id and coalesce(c.cristales, lower(trim(c.nombre)) = $2)) as cristal
         from products p";
    match ids {
        [] => Ok(Vec::new()),
        [id] => {
            sqlx::query_as(&format!("{SELECT} where p.id = $1"))
                .bind(id)
                .bind(CRISTAL)
                .fetch_all(pool)
                .await
        }
        _ => {
            sqlx::query_as(&format!("{SELECT} where p.id = any($1)"))
                .bind(ids)
                .bind(CRISTAL)
                .fetch_all(pool)
                .await
        }
    }
}

/// What a sale checks of products missing from the read model, from their streams: a product
/// the admin just created can be sold at once, even while the projector is behind. It exists as
/// the commands know it (`live_streams`); its data are its last create's or edit's; names as
/// `lookups::named`, lens categories as `lookups::lens_categories`.
async fn unprojected_sale_facts(pool: &PgPool, ids: &[i64]) -> Result<Vec<SaleFacts>, sqlx::Error> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "select w.id, e.datos from unnest($1::bigint[]) w(id)
         join live_streams s on s.stream_type = 'Producto' and s.stream_id = w.id::text
         cross join lateral (
             select (payload::jsonb -> event_type -> 'datos')::text as datos from events
             where aggregate_type = 'Producto' and aggregate_id = w.id::text
               and event_type in ('ProductoCreado', 'ProductoEditado')
             order by sequence desc limit 1) e",
    )
    .bind(ids)
    .fetch_all(pool)
    .await?;
    let datos = rows
        .into_iter()
        .map(|(id, d)| Ok((id, crate::late::decode::<optica_events::ProductoDatos>(&d)?)))
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    let marcas: Vec<(&str, i64)> = datos.iter().map(|(_, d)| ("Marca", d.marca_id)).collect();
    let names = crate::lookups::named(pool, &marcas).await?;
    let categorias: Vec<i64> = datos
        .iter()
        .flat_map(|(_, d)| d.categoria_ids.iter().copied())
        .collect();
    let lentes = crate::lookups::lens_categories(pool, &categorias).await?;
    let name = |kind: &str, id: i64| names.iter().find(|n| n.0 == kind && n.1 == id).map(|n| n.2.as_str());
    Ok(datos
        .into_iter()
        .map(|(id, d)| SaleFacts {
            id,
            marca: name("Marca", d.marca_id).unwrap_or_default().to_string(),
            cristal: d.categoria_ids.iter().any(|c| lentes.contains(c)),
            modelo: d.modelo,
        })
        .collect())
}
