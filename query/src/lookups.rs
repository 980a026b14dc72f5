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
    pub cristales: Option<bool>,
}

/// A category, and whether its products are lenses (a lens sale goes to the patient's record
/// and may be ordered from a lab): as the admin set it, or, where the admin never said, by its
/// name ('cristal').
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Categoria {
    pub id: i64,
    pub nombre: String,
    pub cristales: bool,
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
/// them.
pub(crate) type NameRow = (String, i64, String, Option<String>, Option<String>);

/// A lab that makes the lenses of the shop's jobs.
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
        "select id, nombre, direccion, celular, cristales from lookup_items where kind = $1 order by {order}"
    ))
    .bind(kind)
    .fetch_all(pool)
    .await
}

pub async fn get(pool: &PgPool, kind: &str, id: i64) -> Result<Option<LookupItem>, sqlx::Error> {
    sqlx::query_as("select id, nombre, direccion, celular, cristales from lookup_items where kind = $1 and id = $2")
        .bind(kind)
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// The lookup items that exist among the `live_streams` rows `s` of `streams`, with
/// `lookup_items`' columns. Existence is `live_streams`' (the commands write it with their
/// events); an item is read from `lookup_items`, or, while the projector has not got there, from
/// its stream's last event: what the admin just created can be named at once, and
/// what was just deleted no longer can.
/// `id`: the item's id as a number (cast from `s.stream_id` only where `s` holds one kind's).
fn existing(streams: &str, id: &str) -> String {
    format!(
        "select s.stream_type as kind, {id} as id, coalesce(l.nombre, e.d ->> 'nombre', '') as nombre,
                case when l.id is null then e.d ->> 'direccion' else l.direccion end as direccion,
                case when l.id is null then e.d ->> 'celular' else l.celular end as celular,
                case when l.id is null then (e.d ->> 'cristales')::boolean else l.cristales end as cristales
         from {streams}
         left join lookup_items l on l.kind = s.stream_type and l.id = {id}
         left join lateral (
             select payload::jsonb -> event_type as d from events
             where l.id is null and aggregate_type = s.stream_type and aggregate_id = s.stream_id
             order by sequence desc limit 1) e on true"
    )
}

/// Every item of `kind` that exists, as a subquery in place of `lookup_items` (as `existing`):
/// for an answer that lists a whole kind right after a command (a cash day lists every payment
/// method, its fund in one just created among them).
pub fn all_of_kind(kind: optica_events::LookupKind) -> String {
    // `aggregate_type()` is a fixed name of the enum's, never the caller's text.
    let streams = format!("live_streams s where s.stream_type = '{}'", kind.aggregate_type());
    // The filter must follow the joins: `existing` ends with them, so it goes in a subquery.
    format!(
        "({})",
        existing(&format!("(select * from {streams}) s"), "s.stream_id::bigint")
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

/// The `(kind, id)` items that exist (as `existing`), ordered by kind, name (as Spanish sorts)
/// and id.
pub(crate) async fn rows(pool: &PgPool, items: &[(&str, i64)]) -> Result<Vec<NameRow>, sqlx::Error> {
    let (kinds, ids): (Vec<&str>, Vec<i64>) = items.iter().copied().unzip();
    let streams = "(select distinct * from unnest($1::text[], $2::bigint[])) w(kind, id)
                   join live_streams s on s.stream_type = w.kind and s.stream_id = w.id::text";
    sqlx::query_as(&format!(
        "select kind, id, nombre, direccion, celular from ({}) r order by kind, nombre collate optica_es, id",
        existing(streams, "w.id")
    ))
    .bind(&kinds)
    .bind(&ids)
    .fetch_all(pool)
    .await
}

/// Which of the categories `ids` exist and hold lenses (as `existing`: one the admin just
/// created or changed counts at once): as the admin set it, else by the name.
pub async fn lens_categories(pool: &PgPool, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    let streams = "(select distinct id from unnest($1::bigint[]) id) w
                   join live_streams s on s.stream_type = 'Categoria' and s.stream_id = w.id::text";
    sqlx::query_scalar(&format!(
        "select id from ({}) r where coalesce(cristales, lower(trim(nombre)) = $2) order by id",
        existing(streams, "w.id")
    ))
    .bind(ids)
    .bind(optica_events::products::CRISTAL)
    .fetch_all(pool)
    .await
}
