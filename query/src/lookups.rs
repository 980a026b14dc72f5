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

/// The names of the `(kind, id)` items that exist, in one round trip for checks across kinds.
pub async fn named(pool: &PgPool, items: &[(&str, i64)]) -> Result<Vec<(String, i64, String)>, sqlx::Error> {
    let (kinds, ids): (Vec<&str>, Vec<i64>) = items.iter().copied().unzip();
    sqlx::query_as(
        "select l.kind, l.id, l.nombre from lookup_items l
         join (select distinct * from unnest($1::text[], $2::bigint[])) as w(kind, id)
           on l.kind = w.kind and l.id = w.id",
    )
    .bind(&kinds)
    .bind(&ids)
    .fetch_all(pool)
    .await
}
