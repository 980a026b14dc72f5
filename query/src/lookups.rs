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

/// How a kind's list is ordered: brands, materials and suppliers by name (as the original's
/// queries did); the rest in creation order.
pub fn ordered_by_name(kind: &str) -> bool {
    matches!(kind, "Marca" | "MaterialProducto" | "Proveedor")
}

pub async fn list(pool: &PgPool, kind: &str) -> Result<Vec<LookupItem>, sqlx::Error> {
    let order = if ordered_by_name(kind) {
        "lower(nombre), id"
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

/// Which of `ids` name an item of the kind.
pub async fn existing(pool: &PgPool, kind: &str, ids: &[i64]) -> Result<Vec<i64>, sqlx::Error> {
    sqlx::query_scalar("select id from lookup_items where kind = $1 and id = any($2)")
        .bind(kind)
        .bind(ids)
        .fetch_all(pool)
        .await
}

/// Which of the `(kind, id)` pairs name an item, in one round trip for checks across kinds.
pub async fn existing_items(pool: &PgPool, items: &[(&str, i64)]) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let (kinds, ids): (Vec<&str>, Vec<i64>) = items.iter().copied().unzip();
    sqlx::query_as(
        "select l.kind, l.id from lookup_items l
         join unnest($1::text[], $2::bigint[]) as w(kind, id) on l.kind = w.kind and l.id = w.id",
    )
    .bind(&kinds)
    .bind(&ids)
    .fetch_all(pool)
    .await
}

/// What keeps an item from being deleted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reference {
    /// Staff accounts assigned to the branch.
    Users,
    /// Products of the brand, material, category or supplier, or offered at the branch.
    Products,
    /// Patients registered at the branch.
    Patients,
}

/// Whether any record uses the item, so deleting it would leave that record pointing nowhere.
/// Each feature adds its references here (movements: branch, payment method; patients: branch).
pub async fn reference(pool: &PgPool, kind: &str, id: i64) -> Result<Option<Reference>, sqlx::Error> {
    if kind == "Local" {
        let used: bool = sqlx::query_scalar("select exists(select 1 from users where local_id = $1)")
            .bind(id)
            .fetch_one(pool)
            .await?;
        if used {
            return Ok(Some(Reference::Users));
        }
        let used: bool = sqlx::query_scalar("select exists(select 1 from patients where local_id = $1)")
            .bind(id)
            .fetch_one(pool)
            .await?;
        if used {
            return Ok(Some(Reference::Patients));
        }
    }
    let products = match kind {
        "Marca" => Some("select exists(select 1 from products where marca_id = $1)"),
        "MaterialProducto" => Some("select exists(select 1 from products where material_id = $1)"),
        "Categoria" => Some("select exists(select 1 from product_categorias where categoria_id = $1)"),
        "Proveedor" => Some("select exists(select 1 from product_proveedores where proveedor_id = $1)"),
        "Local" => Some("select exists(select 1 from product_stock where local_id = $1)"),
        _ => None,
    };
    if let Some(sql) = products {
        let used: bool = sqlx::query_scalar(sql).bind(id).fetch_one(pool).await?;
        if used {
            return Ok(Some(Reference::Products));
        }
    }
    Ok(None)
}
