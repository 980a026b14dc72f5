//! Physical counts: the list per branch, one count's sheet (the expected stock
//! hidden while it is open), and the sheet a new count starts with.

use chrono::NaiveDateTime;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::Page;

/// Where a count stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema, sqlx::Type)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoConteo {
    Abierto,
    Cerrado,
    Cancelado,
}

/// A count as the list shows it.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Conteo {
    pub id: i64,
    pub local_id: i64,
    pub local: String,
    pub estado: EstadoConteo,
    pub categoria: Option<String>,
    pub marca: Option<String>,
    #[schema(value_type = String)]
    pub iniciado: NaiveDateTime,
    #[schema(value_type = Option<String>)]
    pub cerrado: Option<NaiveDateTime>,
    pub productos: i64,
    pub contados: i64,
    /// Once closed: the products whose count differed.
    pub con_diferencia: Option<i64>,
}

/// A product on a count's sheet. `esperado` and `diferencia` are null while the count is open
/// (a blind count); `costo` only for admins.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct LineaConteo {
    pub producto_id: i64,
    pub modelo: String,
    pub marca: String,
    pub contado: Option<i64>,
    pub esperado: Option<i64>,
    pub diferencia: Option<i64>,
    pub costo: Option<f64>,
}

#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Planilla {
    pub conteo: Conteo,
    pub lineas: Vec<LineaConteo>,
    /// Once closed, for admins: Σ difference × cost.
    pub valor_diferencia: Option<f64>,
}

const SELECT: &str = "select c.id, c.local_id, coalesce(l.nombre, '') as local, c.estado, cat.nombre as categoria,
        m.nombre as marca, c.iniciado, c.cerrado,
        (select count(*) from count_lines x where x.conteo_id = c.id) as productos,
        (select count(x.contado) from count_lines x where x.conteo_id = c.id) as contados,
        case when c.estado = 'CERRADO' then
            (select count(*) from count_lines x where x.conteo_id = c.id and x.contado <> x.esperado) end as con_diferencia
     from counts c
     left join lookup_items l on l.kind = 'Local' and l.id = c.local_id
     left join lookup_items cat on cat.kind = 'Categoria' and cat.id = c.categoria_id
     left join lookup_items m on m.kind = 'Marca' and m.id = c.marca_id";

/// A page of a branch's counts (every branch: `None`), newest first.
pub async fn page(pool: &PgPool, local_id: Option<i64>, number: i64, size: i64) -> Result<Page<Conteo>, sqlx::Error> {
    let count: i64 = sqlx::query_scalar("select count(*) from counts where $1::bigint is null or local_id = $1")
        .bind(local_id)
        .fetch_one(pool)
        .await?;
    let rows = sqlx::query_as(&format!(
        "{SELECT} where $1::bigint is null or c.local_id = $1 order by c.id desc limit $2 offset $3"
    ))
    .bind(local_id)
    .bind(size)
    .bind(number * size)
    .fetch_all(pool)
    .await?;
    Ok(Page::new(rows, number, size, count))
}

/// The branch a count belongs to, if it exists.
pub async fn branch_of(pool: &PgPool, id: i64) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("select local_id from counts where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// One count with its sheet, by brand and model as Spanish sorts them.
pub async fn planilla(pool: &PgPool, id: i64, admin: bool) -> Result<Option<Planilla>, sqlx::Error> {
    let Some(conteo) = sqlx::query_as::<_, Conteo>(&format!("{SELECT} where c.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await?
    else {
        return Ok(None);
    };
    // Blind until closed (a cancelled count shows nothing either).
    let shown = conteo.estado == EstadoConteo::Cerrado;
    let lineas: Vec<LineaConteo> = sqlx::query_as(
        "select x.producto_id, x.modelo, coalesce(p.marca_nombre, '') as marca, x.contado,
                case when $2 then x.esperado end as esperado,
                case when $2 then x.contado - x.esperado end as diferencia,
                case when $3 then p.costo_cents / 100.0::float8 end as costo
         from count_lines x left join products p on p.id = x.producto_id
         where x.conteo_id = $1
         order by p.marca_nombre collate optica_es, x.modelo collate optica_es, x.producto_id",
    )
    .bind(id)
    .bind(shown)
    .bind(admin)
    .fetch_all(pool)
    .await?;
    Ok(Some(sheet(conteo, lineas, shown && admin)))
}

/// The sheet with its value: Σ difference × cost, in whole cents (the cost came from cents),
/// then pesos; for admins once closed.
fn sheet(conteo: Conteo, lineas: Vec<LineaConteo>, valued: bool) -> Planilla {
    let valor_diferencia = valued.then(|| {
        let cents: i64 = lineas
            .iter()
            .map(|l| l.diferencia.unwrap_or(0) * (l.costo.unwrap_or(0.0) * 100.0).round() as i64)
            .sum();
        cents as f64 / 100.0
    });
    Planilla {
        conteo,
        lineas,
        valor_diferencia,
    }
}

/// A count as its stream has it, for an answer whose read model is late: folded from
/// its events, with names, brands and costs as they stand. None when it does not exist.
pub async fn committed(pool: &PgPool, id: i64, admin: bool) -> Result<Option<Planilla>, sqlx::Error> {
    use optica_events::counts::{ConteoEvent as E, COUNT_AGGREGATE};
    let events = crate::late::stream(pool, COUNT_AGGREGATE, id).await?;
    // (local, category, brand, started), state, closed; lines: product, model, expected, counted
    let mut head: Option<(i64, Option<i64>, Option<i64>, NaiveDateTime)> = None;
    let (mut estado, mut cerrado) = (EstadoConteo::Abierto, None);
    let mut lineas: Vec<(i64, String, i64, Option<i64>)> = Vec::new();
    for (_, payload) in events {
        match crate::late::decode(&payload)? {
            E::ConteoIniciado {
                local_id,
                categoria_id,
                marca_id,
                productos,
                fecha,
            } => {
                head = Some((local_id, categoria_id, marca_id, fecha));
                lineas = productos
                    .into_iter()
                    .map(|p| (p.producto_id, p.modelo, p.esperado, None))
                    .collect();
            }
            // the last value typed for a product wins, with the stock it had then
            E::ConteoCargado { contados } => {
                for c in contados {
                    for l in lineas.iter_mut().filter(|l| l.0 == c.producto_id) {
                        (l.2, l.3) = (c.stock, Some(c.contado));
                    }
                }
            }
            E::ConteoCerrado { fecha, .. } => (estado, cerrado) = (EstadoConteo::Cerrado, Some(fecha)),
            E::ConteoCancelado { fecha } => (estado, cerrado) = (EstadoConteo::Cancelado, Some(fecha)),
        }
    }
    let Some((local_id, categoria_id, marca_id, iniciado)) = head else {
        return Ok(None);
    };
    let wanted: Vec<(&str, i64)> = [
        ("Local", Some(local_id)),
        ("Categoria", categoria_id),
        ("Marca", marca_id),
    ]
    .into_iter()
    .filter_map(|(kind, id)| Some((kind, id?)))
    .collect();
    // As they exist now, those created just before the count included.
    let names = crate::lookups::named(pool, &wanted).await?;
    let name = |kind: &str, id: Option<i64>| {
        names
            .iter()
            .find(|n| n.0 == kind && Some(n.1) == id)
            .map(|n| n.2.clone())
    };
    let shown = estado == EstadoConteo::Cerrado;
    let conteo = Conteo {
        id,
        local_id,
        local: name("Local", Some(local_id)).unwrap_or_default(),
        estado,
        categoria: name("Categoria", categoria_id),
        marca: name("Marca", marca_id),
        iniciado,
        cerrado,
        productos: lineas.len() as i64,
        contados: lineas.iter().filter(|l| l.3.is_some()).count() as i64,
        con_diferencia: shown.then(|| lineas.iter().filter(|l| l.3.is_some_and(|c| c != l.2)).count() as i64),
    };
    let productos: Vec<i64> = lineas.iter().map(|l| l.0).collect();
    let modelos: Vec<&str> = lineas.iter().map(|l| l.1.as_str()).collect();
    let esperados: Vec<i64> = lineas.iter().map(|l| l.2).collect();
    let contados: Vec<Option<i64>> = lineas.iter().map(|l| l.3).collect();
    let lineas: Vec<LineaConteo> = sqlx::query_as(
        "select x.producto_id, x.modelo, coalesce(p.marca_nombre, '') as marca, x.contado,
                case when $5 then x.esperado end as esperado,
                case when $5 then x.contado - x.esperado end as diferencia,
                case when $6 then p.costo_cents / 100.0::float8 end as costo
         from unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[]) as x(producto_id, modelo, esperado, contado)
         left join products p on p.id = x.producto_id
         order by p.marca_nombre collate optica_es, x.modelo collate optica_es, x.producto_id",
    )
    .bind(&productos)
    .bind(&modelos)
    .bind(&esperados)
    .bind(&contados)
    .bind(shown)
    .bind(admin)
    .fetch_all(pool)
    .await?;
    Ok(Some(sheet(conteo, lineas, shown && admin)))
}

/// The branch's stock of each product now (0 for one it no longer carries).
pub async fn stock_of(pool: &PgPool, local_id: i64, productos: &[i64]) -> Result<Vec<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select p.id, coalesce(s.stock, 0) from unnest($2::bigint[]) as p(id)
         left join product_stock s on s.producto_id = p.id and s.local_id = $1",
    )
    .bind(local_id)
    .bind(productos)
    .fetch_all(pool)
    .await
}

/// A new count's sheet: the products offered at the branch (of the category and brand, when
/// given) with their stock now, by id.
pub async fn sheet_for(
    pool: &PgPool,
    local_id: i64,
    categoria_id: Option<i64>,
    marca_id: Option<i64>,
    limit: i64,
) -> Result<Vec<(i64, String, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select p.id, p.modelo, s.stock from product_stock s join products p on p.id = s.producto_id
         where s.local_id = $1
           and ($2::bigint is null or exists (select 1 from product_categorias pc
                                              where pc.producto_id = p.id and pc.categoria_id = $2))
           and ($3::bigint is null or p.marca_id = $3)
         order by p.id limit $4",
    )
    .bind(local_id)
    .bind(categoria_id)
    .bind(marca_id)
    .bind(limit)
    .fetch_all(pool)
    .await
}
