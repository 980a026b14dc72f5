//! Reads of `lookup_items`, in each list's contract order.

use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;

/// One lookup row; the HTTP layer shows only the fields of its kind.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LookupItem {
    pub id: i64,
    pub nombre: String,
    pub direccion: Option<String>,
    pub celular: Option<String>,
}

/// A category, brand, material or payment method.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Nombrado {
    pub id: i64,
    pub nombre: String,
}

/// A branch.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Local {
    pub id: i64,
    pub nombre: String,
    pub direccion: Option<String>,
    pub celular: Option<String>,
}

/// A supplier.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Proveedor {
    pub id: i64,
    pub nombre: String,
    pub celular: Option<String>,
}

/// A lookup item's kind, id, name, address and phone, as the answers of late read models read
/// them (issue 27).
pub(crate) type NameRow = (String, i64, String, Option<String>, Option<String>);

/// A lab that makes the lenses of the shop's jobs (issue 24).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Laboratorio {
    pub id: i64,
    pub nombre: String,
    pub celular: Option<String>,
}

/// How a kind's list is ordered: brands, materials, suppliers and labs by name (as the original's
/// queries did); the rest in creation order.
pub fn ordered_by_name(kind: &str) -> bool {
    matches!(kind, "Marca" | "MaterialProducto" | "Proveedor" | "Laboratorio")
}

pub async fn list(pool: &PgPool, kind: &str) -> Result<Vec<LookupItem>, sqlx::Error> {
    let order = if ordered_by_name(kind) {
        "nombre collate optica_es, id"
    } else {
        "id"
    };
    sqlx::query_as(&format!(
        "select id, nombre, direccion, celular from lookup_items where kind = $1 order by {order}"
    ))
    .bind(kind)
    .fetch_all(pool)
    .await
}

pub async fn get(pool: &PgPool, kind: &str, id: i64) -> Result<Option<LookupItem>, sqlx::Error> {
    sqlx::query_as("select id, nombre, direccion, celular from lookup_items where kind = $1 and id = $2")
        .bind(kind)
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// Every item of `kind` that exists, as a subquery with `lookup_items`' columns: the projected
/// ones and those committed but not yet projected (issue 27), for an answer after a command that
/// lists a whole kind (a cash day lists every payment method).
pub fn all_of_kind(kind: optica_events::LookupKind) -> String {
    // An enum's own name, never the caller's text, goes into the SQL.
    let kind = kind.aggregate_type();
    format!(
        "(select kind, id, nombre, direccion, celular from lookup_items where kind = '{kind}'
          union all
          select e.aggregate_type, e.aggregate_id::bigint, e.d ->> 'nombre', e.d ->> 'direccion', e.d ->> 'celular'
          from (select distinct on (aggregate_id) aggregate_type, aggregate_id, event_type,
                       payload::jsonb -> event_type as d
                from events where aggregate_type = '{kind}' order by aggregate_id, sequence desc) e
          where e.event_type <> 'ItemEliminado'
            and not exists (select 1 from lookup_items l where l.kind = '{kind}' and l.id = e.aggregate_id::bigint))"
    )
}

/// The names of the `(kind, id)` items that exist, in one round trip for checks across kinds
/// (committed items not yet projected included, as `rows`).
pub async fn named(pool: &PgPool, items: &[(&str, i64)]) -> Result<Vec<(String, i64, String)>, sqlx::Error> {
    Ok(rows(pool, items)
        .await?
        .into_iter()
        .map(|(k, id, nombre, _, _)| (k, id, nombre))
        .collect())
}

/// The `(kind, id)` items that exist, ordered by kind, name (as Spanish sorts) and id. An item
/// missing from `lookup_items` is looked for in its stream too: one the admin just created can
/// be named at once, even while the projector is behind (issue 27). It then reads as its last
/// event has it, unless that event deleted it.
pub(crate) async fn rows(pool: &PgPool, items: &[(&str, i64)]) -> Result<Vec<NameRow>, sqlx::Error> {
    let (kinds, ids): (Vec<&str>, Vec<i64>) = items.iter().copied().unzip();
    sqlx::query_as(
        "with w(kind, id) as (select distinct * from unnest($1::text[], $2::bigint[])),
         projected as (select l.kind, l.id, l.nombre, l.direccion, l.celular
                       from lookup_items l join w on l.kind = w.kind and l.id = w.id),
         unprojected as (
             select w.kind, w.id, e.d ->> 'nombre' as nombre, e.d ->> 'direccion' as direccion,
                    e.d ->> 'celular' as celular from w
             cross join lateral (
                 select event_type, payload::jsonb -> event_type as d from events
                 where aggregate_type = w.kind and aggregate_id = w.id::text
                 order by sequence desc limit 1) e
             where e.event_type <> 'ItemEliminado'
               and not exists (select 1 from projected p where p.kind = w.kind and p.id = w.id))
         select * from (select * from projected union all select * from unprojected) r
         order by kind, nombre collate optica_es, id",
    )
    .bind(&kinds)
    .bind(&ids)
    .fetch_all(pool)
    .await
}
