//! The six lookup APIs of the contract (section 4.1), and the labs: list, create, update, delete.
//! One generic implementation; per kind only the paths, the item's shape, the answer's key and
//! the texts (`texts.rs`) differ. A write reads: the handler → `optica_command::lookups` → the
//! read-your-writes wait → a typed answer; `errors.rs` maps the refusals.

mod errors;
mod texts;

use axum::Json;
use optica_command::lookups::{self, Kind, Lookup, LookupCommand};
use optica_command::CommandError;
use optica_events::LookupData;
use optica_query::lookups::{Categoria, Laboratorio, Local, LookupItem, Nombrado, Proveedor};
use serde::{Deserialize, Serialize};

use crate::auth::Admin;
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::state::AppState;
use errors::domain_error;
pub use texts::texts;

/// The body of a create or update. Unknown fields (an `id`, back-references) are ignored:
/// the id comes from the path or the server, never from the body.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct LookupBody {
    pub nombre: Option<String>,
    pub direccion: Option<String>,
    pub celular: Option<String>,
    /// A category only: whether its products are lenses. Left out on an edit, it stays as it
    /// was; never set, the name decides ('cristal').
    pub cristales: Option<bool>,
}

/// A kind's item as its answers carry it: `{id, nombre}`, branches with `direccion` and
/// `celular`, suppliers with `celular`.
pub trait Item: Serialize {
    fn of(id: i64, data: &LookupData) -> Self;
}

impl Item for Nombrado {
    fn of(id: i64, data: &LookupData) -> Self {
        Nombrado {
            id,
            nombre: data.nombre.clone(),
        }
    }
}

impl Item for Categoria {
    fn of(id: i64, data: &LookupData) -> Self {
        Categoria {
            id,
            nombre: data.nombre.clone(),
            cristales: data.son_cristales(),
        }
    }
}

impl Item for Local {
    fn of(id: i64, data: &LookupData) -> Self {
        Local {
            id,
            nombre: data.nombre.clone(),
            direccion: data.direccion.clone(),
            celular: data.celular.clone(),
        }
    }
}

impl Item for Proveedor {
    fn of(id: i64, data: &LookupData) -> Self {
        Proveedor {
            id,
            nombre: data.nombre.clone(),
            celular: data.celular.clone(),
        }
    }
}

impl Item for Laboratorio {
    fn of(id: i64, data: &LookupData) -> Self {
        Laboratorio {
            id,
            nombre: data.nombre.clone(),
            celular: data.celular.clone(),
        }
    }
}

fn row_data(row: LookupItem) -> (i64, LookupData) {
    (
        row.id,
        LookupData {
            nombre: row.nombre,
            direccion: row.direccion,
            celular: row.celular,
            cristales: row.cristales,
        },
    )
}

fn body_data(body: LookupBody) -> LookupData {
    LookupData {
        nombre: body.nombre.unwrap_or_default(),
        direccion: body.direccion,
        celular: body.celular,
        cristales: body.cristales,
    }
}

pub async fn list<K: Kind, I: Item>(state: &AppState) -> Result<Json<Vec<I>>, AppError> {
    let rows = optica_query::lookups::list(&state.pool, K::TYPE).await?;
    let items = rows.into_iter().map(row_data).map(|(id, data)| I::of(id, &data));
    Ok(Json(items.collect()))
}

/// Creates an item; answers its id and data as stored.
pub async fn create<K: Kind>(
    state: &AppState,
    admin: Admin,
    meta: RequestMeta,
    body: LookupBody,
) -> Result<(i64, LookupData), AppError> {
    // Validate before allocating an id, so refused requests leave no gaps and no trace.
    let data = lookups::validate(K::KIND, body_data(body))
        .map_err(|e| domain_error(K::KIND, 0, "crear", CommandError::Domain(e)))?;
    let metadata = meta.metadata(admin.0.actor());
    let outcome = lookups::create::<K>(&state.store, data.clone(), &metadata)
        .await
        .map_err(|e| domain_error(K::KIND, 0, "crear", e))?;
    Ok((dispatch::settled(state, outcome).await?, data))
}

/// Updates an item; answers its data as stored.
pub async fn update<K: Kind>(
    state: &AppState,
    admin: Admin,
    meta: RequestMeta,
    id: i64,
    body: LookupBody,
) -> Result<LookupData, AppError> {
    let metadata = meta.metadata(admin.0.actor());
    let outcome = lookups::run::<K>(&state.store, id, LookupCommand::Update(body_data(body)), &metadata)
        .await
        .map_err(|e| domain_error(K::KIND, id, "editar", e))?;
    dispatch::settled(state, outcome).await?;
    let (aggregate, _) = state.store.load::<Lookup<K>>(&id.to_string()).await?;
    Ok(aggregate.data().clone())
}

pub async fn delete<K: Kind>(state: &AppState, admin: Admin, meta: RequestMeta, id: i64) -> Result<(), AppError> {
    let metadata = meta.metadata(admin.0.actor());
    let outcome = lookups::run::<K>(&state.store, id, LookupCommand::Delete, &metadata)
        .await
        .map_err(|e| domain_error(K::KIND, id, "eliminar", e))?;
    dispatch::settled(state, outcome).await?;
    Ok(())
}

/// Thin, documented handlers per kind (utoipa needs one function per path), and the kind's
/// typed answer `$saved` with the item under `$key` (and under `$alias` too on a create, where
/// the original answered categories as `category`). `$access`: who may list the kind (`public`
/// or `staff`); writing is for admins.
// rustfmt re-indents attributes inside macro bodies on every run; keep it out.
#[rustfmt::skip]
macro_rules! lookup_api {
    ($module:ident, $kind:ident, $path:tt, $path_id:tt, $item:ident, $access:ident,
     $saved:ident, $key:tt $(, $alias:tt)?) => {
        /// A create's or an update's answer.
        #[derive(Debug, serde::Serialize, utoipa::ToSchema)]
        pub struct $saved {
            pub mensaje: String,
            #[serde(rename = $key)]
            pub item: $item,
            $(
            /// The same item, on a create, under the original's key.
            #[serde(rename = $alias, skip_serializing_if = "Option::is_none")]
            #[schema(nullable = false)]
            pub alias: Option<$item>,
            )?
        }

        pub mod $module {
            use axum::extract::State;
            use axum::Json;
            use optica_command::lookups::$kind as ThisKind;
            use utoipa_axum::routes;

            use super::{$saved, Item, LookupBody};
            use crate::auth::Admin;
            use crate::dispatch::RequestMeta;
            use crate::error::AppError;
            use crate::http::kit::extract::{ApiJson, ApiPath};
            use crate::http::kit::{Created, Endpoints, Mensaje};
            use crate::state::AppState;
            use optica_command::lookups::Kind;
            use optica_query::lookups::$item;

            pub fn endpoints() -> Endpoints {
                Endpoints::default()
                    .$access(routes!(list))
                    .staff(routes!(create))
                    .staff(routes!(update, delete))
            }

            lookup_api!(@list $access, $module, $path, $item);

            /// Creates an item (admins).
            #[utoipa::path(post, path = $path, tag = "lookups",
                operation_id = concat!(stringify!($module), "_create"), request_body = LookupBody,
                responses((status = 201, body = $saved), (status = 400, body = crate::http::kit::Errores)))]
            pub async fn create(
                State(state): State<AppState>,
                admin: Admin,
                meta: RequestMeta,
                ApiJson(body): ApiJson<LookupBody>,
            ) -> Result<Created<$saved>, AppError> {
                let (id, data) = super::create::<ThisKind>(&state, admin, meta, body).await?;
                let item = $item::of(id, &data);
                Ok(Created($saved {
                    mensaje: super::texts(ThisKind::KIND).created.into(),
                    $(alias: { let _ = $alias; Some(item.clone()) },)?
                    item,
                }))
            }

            /// Updates an item (admins); answers 201 like the original.
            #[utoipa::path(put, path = $path_id, tag = "lookups",
                operation_id = concat!(stringify!($module), "_update"), request_body = LookupBody,
                params(("id" = i64, Path)),
                responses((status = 201, body = $saved), (status = 400, body = crate::http::kit::Errores),
                (status = 404, body = crate::http::kit::Mensaje)))]
            pub async fn update(
                State(state): State<AppState>,
                admin: Admin,
                meta: RequestMeta,
                ApiPath(id): ApiPath<i64>,
                ApiJson(body): ApiJson<LookupBody>,
            ) -> Result<Created<$saved>, AppError> {
                let data = super::update::<ThisKind>(&state, admin, meta, id, body).await?;
                Ok(Created($saved {
                    mensaje: super::texts(ThisKind::KIND).updated.into(),
                    item: $item::of(id, &data),
                    $(alias: { let _ = $alias; None },)?
                }))
            }

            /// Deletes an item (admins); refused with 409 while other records use it.
            #[utoipa::path(delete, path = $path_id, tag = "lookups",
                operation_id = concat!(stringify!($module), "_delete"), params(("id" = i64, Path)),
                responses((status = 200, body = crate::http::kit::Mensaje), (status = 404, body = crate::http::kit::Mensaje),
                (status = 409, body = crate::http::kit::Mensaje, description = "still referenced")))]
            pub async fn delete(
                State(state): State<AppState>,
                admin: Admin,
                meta: RequestMeta,
                ApiPath(id): ApiPath<i64>,
            ) -> Result<Json<Mensaje>, AppError> {
                super::delete::<ThisKind>(&state, admin, meta, id).await?;
                Ok(Mensaje::new(super::texts(ThisKind::KIND).deleted))
            }
        }
    };
    (@list staff, $module:ident, $path:tt, $item:ident) => {
        /// Lists every item (staff only).
        #[utoipa::path(get, path = $path, tag = "lookups",
            operation_id = concat!(stringify!($module), "_list"),
            responses((status = 200, body = Vec<$item>)))]
        pub async fn list(
            State(state): State<AppState>,
            _caller: crate::auth::Caller,
        ) -> Result<Json<Vec<$item>>, AppError> {
            super::list::<ThisKind, $item>(&state).await
        }
    };
    (@list public, $module:ident, $path:tt, $item:ident) => {
        /// Lists every item to anyone: the header menu of anonymous visitors reads them.
        #[utoipa::path(get, path = $path, tag = "lookups",
            operation_id = concat!(stringify!($module), "_list"),
            responses((status = 200, body = Vec<$item>)))]
        pub async fn list(State(state): State<AppState>) -> Result<Json<Vec<$item>>, AppError> {
            super::list::<ThisKind, $item>(&state).await
        }
    };
}

lookup_api!(
    categoria,
    Categoria,
    "/api/categoria",
    "/api/categoria/{id}",
    Categoria,
    public,
    CategoriaGuardada,
    "categoria",
    "category"
);
lookup_api!(
    marca,
    Marca,
    "/api/marca",
    "/api/marca/{id}",
    Nombrado,
    staff,
    MarcaGuardada,
    "marca"
);
lookup_api!(
    material,
    Material,
    "/api/materialProducto",
    "/api/materialProducto/{id}",
    Nombrado,
    staff,
    MaterialGuardado,
    "materialProducto"
);
lookup_api!(
    metodo_pago,
    MetodoPago,
    "/api/metodoPago",
    "/api/metodoPago/{id}",
    Nombrado,
    staff,
    MetodoPagoGuardado,
    "metodoPago"
);
lookup_api!(
    local,
    Local,
    "/api/local",
    "/api/local/{id}",
    Local,
    staff,
    LocalGuardado,
    "local"
);
lookup_api!(
    proveedor,
    Proveedor,
    "/api/proveedor",
    "/api/proveedor/{id}",
    Proveedor,
    staff,
    ProveedorGuardado,
    "proveedor"
);

lookup_api!(
    laboratorio,
    Laboratorio,
    "/api/laboratorio",
    "/api/laboratorio/{id}",
    Laboratorio,
    staff,
    LaboratorioGuardado,
    "laboratorio"
);

/// The seven kinds' endpoints.
pub fn endpoints() -> crate::http::kit::Endpoints {
    [
        categoria::endpoints(),
        marca::endpoints(),
        material::endpoints(),
        metodo_pago::endpoints(),
        local::endpoints(),
        proveedor::endpoints(),
        laboratorio::endpoints(),
    ]
    .into_iter()
    .fold(
        crate::http::kit::Endpoints::default(),
        crate::http::kit::Endpoints::merge,
    )
}
