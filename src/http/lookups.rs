//! The six lookup APIs of the contract (section 4.1): list, create, update, delete.
//! One generic implementation; per kind only the paths, the answer key and the texts differ.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use optica_command::lookup::{self, Kind, Lookup, LookupCommand, LookupError};
use optica_command::{lookups, CommandError};
use optica_events::{LookupData, LookupKind};
use optica_query::lookups::LookupItem;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::auth::Admin;
use crate::dispatch::{self, RequestMeta};
use crate::error::AppError;
use crate::state::AppState;

/// The body of a create or update. Unknown fields (an `id`, back-references) are ignored:
/// the id comes from the path or the server, never from the body.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct LookupBody {
    pub nombre: Option<String>,
    pub direccion: Option<String>,
    pub celular: Option<String>,
}

/// The per-kind words of the API.
pub struct Texts {
    /// Key of the entity in create/update answers.
    pub key: &'static str,
    pub created: &'static str,
    pub updated: &'static str,
    pub deleted: &'static str,
    /// "la marca", "el local": used in the not-found messages.
    pub article: &'static str,
    /// Why a referenced item cannot be deleted (the web app's text for this kind).
    pub referenced: &'static str,
}

pub fn texts(kind: LookupKind) -> Texts {
    match kind {
        LookupKind::Categoria => Texts {
            key: "categoria",
            created: "La categoria ha sido creada con éxito!",
            updated: "la categoria ha sido actualizada!",
            deleted: "La categoria ha sido eliminada",
            article: "la categoria",
            referenced: "Existen productos con esta categoría. Por favor elimine esos productos para continuar",
        },
        LookupKind::Marca => Texts {
            key: "marca",
            created: "La marca ha sido creada con éxito!",
            updated: "la marca ha sido actualizada!",
            deleted: "La marca ha sido eliminada",
            article: "la marca",
            referenced: "Existen Productos con la marca. Por favor elimine esos productos para continuar",
        },
        LookupKind::Material => Texts {
            key: "materialProducto",
            created: "El material ha sido creado con éxito!",
            updated: "El material ha sido actualizado!",
            deleted: "El material ha sido eliminado",
            article: "el material",
            referenced: "Existen producto con este material. Por favor elimine esos productos para continuar",
        },
        LookupKind::MetodoPago => Texts {
            key: "metodoPago",
            created: "El método de pago ha sido creado con éxito!",
            updated: "El método de pago ha sido actualizado!",
            deleted: "El método de pago ha sido eliminado",
            article: "el método de pago",
            referenced: "Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar",
        },
        LookupKind::Local => Texts {
            key: "local",
            created: "El local ha sido creado con éxito!",
            updated: "El local ha sido actualizado!",
            deleted: "El local ha sido eliminado",
            article: "el local",
            referenced: "Existen Movimientos en la Caja o productos que poseen este local. Por favor elimine esos movimientos o productos para continuar",
        },
        LookupKind::Proveedor => Texts {
            key: "proveedor",
            created: "El proveedor ha sido creado con éxito!",
            updated: "El proveedor ha sido actualizado!",
            deleted: "El proveedor ha sido eliminado",
            article: "el proveedor",
            referenced: "Existen productos con este proveedor. Por favor elimine esos productos para continuar",
        },
    }
}

/// An item as its kind is serialized: `{id, nombre}`, branches with `direccion` and `celular`,
/// suppliers with `celular`.
pub fn item_json(kind: LookupKind, id: i64, data: &LookupData) -> Value {
    match kind {
        LookupKind::Local => {
            json!({"id": id, "nombre": data.nombre, "direccion": data.direccion, "celular": data.celular})
        }
        LookupKind::Proveedor => json!({"id": id, "nombre": data.nombre, "celular": data.celular}),
        _ => json!({"id": id, "nombre": data.nombre}),
    }
}

fn row_data(row: LookupItem) -> (i64, LookupData) {
    (
        row.id,
        LookupData {
            nombre: row.nombre,
            direccion: row.direccion,
            celular: row.celular,
        },
    )
}

fn body_data(body: LookupBody) -> LookupData {
    LookupData {
        nombre: body.nombre.unwrap_or_default(),
        direccion: body.direccion,
        celular: body.celular,
    }
}

fn domain_error(kind: LookupKind, id: i64, verb: &str, e: CommandError<LookupError>) -> AppError {
    match e {
        CommandError::Domain(LookupError::Invalid(rules)) => AppError::Validation(crate::error::texts(&rules)),
        CommandError::Domain(LookupError::NotFound) => AppError::NotFound(format!(
            "Error: No se pudo {verb} {} ID: {id} no existe en la base de datos!",
            texts(kind).article
        )),
        CommandError::InUse { by } => AppError::Conflict(in_use(kind, &by).into()),
        other => dispatch::store_failure(other),
    }
}

pub async fn list<K: Kind>(state: &AppState) -> Result<Json<Vec<Value>>, AppError> {
    let rows = optica_query::lookups::list(&state.pool, K::TYPE).await?;
    Ok(Json(
        rows.into_iter()
            .map(|row| {
                let (id, data) = row_data(row);
                item_json(K::KIND, id, &data)
            })
            .collect(),
    ))
}

pub async fn create<K: Kind>(
    state: &AppState,
    admin: Admin,
    meta: RequestMeta,
    body: LookupBody,
) -> Result<Response, AppError> {
    // Validate before allocating an id, so refused requests leave no gaps and no trace.
    let data = lookup::validate(K::KIND, body_data(body))
        .map_err(|e| domain_error(K::KIND, 0, "crear", CommandError::Domain(e)))?;
    let metadata = meta.metadata(admin.0.actor());
    let outcome = lookups::create::<K>(&state.store, data.clone(), &metadata)
        .await
        .map_err(|e| domain_error(K::KIND, 0, "crear", e))?;
    let id = dispatch::settled(state, outcome).await;
    let texts = texts(K::KIND);
    let item = item_json(K::KIND, id, &data);
    let mut answer = json!({ "mensaje": texts.created, texts.key: item });
    if K::KIND == LookupKind::Categoria {
        // The original answered the new category under `category`; keep both keys.
        answer["category"] = item;
    }
    Ok((StatusCode::CREATED, Json(answer)).into_response())
}

pub async fn update<K: Kind>(
    state: &AppState,
    admin: Admin,
    meta: RequestMeta,
    id: i64,
    body: LookupBody,
) -> Result<Response, AppError> {
    let metadata = meta.metadata(admin.0.actor());
    let outcome = lookups::run::<K>(&state.store, id, LookupCommand::Update(body_data(body)), &metadata)
        .await
        .map_err(|e| domain_error(K::KIND, id, "editar", e))?;
    dispatch::settled(state, outcome).await;
    let (aggregate, _) = state.store.load::<Lookup<K>>(&id.to_string()).await?;
    let texts = texts(K::KIND);
    // 201 on update, as the existing web app expects.
    Ok((
        StatusCode::CREATED,
        Json(json!({ "mensaje": texts.updated, texts.key: item_json(K::KIND, id, aggregate.data()) })),
    )
        .into_response())
}

/// Why an item still used by records of the kinds `by` (aggregate types) cannot be deleted.
fn in_use(kind: LookupKind, by: &[String]) -> &'static str {
    let used_by = |t: &str| by.iter().any(|b| b == t);
    if used_by(optica_events::user::USER_AGGREGATE) {
        "Existen usuarios asignados a este local. Por favor asigne esos usuarios a otro local para continuar"
    } else if used_by(optica_events::patient::PATIENT_AGGREGATE) {
        "Existen pacientes registrados en este local. Por favor asigne esos pacientes a otro local para continuar"
    } else {
        texts(kind).referenced
    }
}

pub async fn delete<K: Kind>(state: &AppState, admin: Admin, meta: RequestMeta, id: i64) -> Result<Response, AppError> {
    let metadata = meta.metadata(admin.0.actor());
    let outcome = lookups::run::<K>(&state.store, id, LookupCommand::Delete, &metadata)
        .await
        .map_err(|e| domain_error(K::KIND, id, "eliminar", e))?;
    dispatch::settled(state, outcome).await;
    Ok(Json(json!({ "mensaje": texts(K::KIND).deleted })).into_response())
}

/// Thin, documented handlers per kind (utoipa needs one function per path). `$access`: who may
/// list the kind (`public` or `staff`); writing is for admins.
// rustfmt re-indents attributes inside macro bodies on every run; keep it out.
#[rustfmt::skip]
macro_rules! lookup_api {
    ($module:ident, $kind:ident, $path:tt, $path_id:tt, $schema:ident, $access:ident) => {
        pub mod $module {
            use axum::extract::State;
            use axum::response::Response;
            use axum::Json;
            use optica_command::lookup::$kind as ThisKind;
            use serde_json::Value;
            use utoipa_axum::routes;

            use super::LookupBody;
            use crate::auth::Admin;
            use crate::dispatch::RequestMeta;
            use crate::error::AppError;
            use crate::http::extract::{ApiJson, ApiPath};
            use crate::http::Endpoints;
            #[allow(unused_imports)]
            use crate::openapi::{Errores, Mensaje};
            use crate::state::AppState;
            #[allow(unused_imports)]
            use optica_query::lookups::$schema;

            pub fn endpoints() -> Endpoints {
                Endpoints::default()
                    .$access(routes!(list))
                    .staff(routes!(create))
                    .staff(routes!(update, delete))
            }

            lookup_api!(@list $access, $module, $path, $schema);

            /// Creates an item (admins).
            #[utoipa::path(post, path = $path, tag = "lookups",
                operation_id = concat!(stringify!($module), "_create"), request_body = LookupBody,
                responses((status = 201, description = "mensaje + item under the kind's key"),
                (status = 400, body = Errores)))]
            pub async fn create(
                State(state): State<AppState>,
                admin: Admin,
                meta: RequestMeta,
                ApiJson(body): ApiJson<LookupBody>,
            ) -> Result<Response, AppError> {
                super::create::<ThisKind>(&state, admin, meta, body).await
            }

            /// Updates an item (admins); answers 201 like the original.
            #[utoipa::path(put, path = $path_id, tag = "lookups",
                operation_id = concat!(stringify!($module), "_update"), request_body = LookupBody,
                params(("id" = i64, Path)),
                responses((status = 201, description = "mensaje + item under the kind's key"),
                (status = 400, body = Errores), (status = 404, body = Mensaje)))]
            pub async fn update(
                State(state): State<AppState>,
                admin: Admin,
                meta: RequestMeta,
                ApiPath(id): ApiPath<i64>,
                ApiJson(body): ApiJson<LookupBody>,
            ) -> Result<Response, AppError> {
                super::update::<ThisKind>(&state, admin, meta, id, body).await
            }

            /// Deletes an item (admins); refused with 409 while other records use it.
            #[utoipa::path(delete, path = $path_id, tag = "lookups",
                operation_id = concat!(stringify!($module), "_delete"), params(("id" = i64, Path)),
                responses((status = 200, body = Mensaje), (status = 404, body = Mensaje),
                (status = 409, body = Mensaje, description = "still referenced")))]
            pub async fn delete(
                State(state): State<AppState>,
                admin: Admin,
                meta: RequestMeta,
                ApiPath(id): ApiPath<i64>,
            ) -> Result<Response, AppError> {
                super::delete::<ThisKind>(&state, admin, meta, id).await
            }
        }
    };
    (@list staff, $module:ident, $path:tt, $schema:ident) => {
        /// Lists every item (staff only).
        #[utoipa::path(get, path = $path, tag = "lookups",
            operation_id = concat!(stringify!($module), "_list"),
            responses((status = 200, body = Vec<$schema>)))]
        pub async fn list(
            State(state): State<AppState>,
            _caller: crate::auth::Caller,
        ) -> Result<Json<Vec<Value>>, AppError> {
            super::list::<ThisKind>(&state).await
        }
    };
    (@list public, $module:ident, $path:tt, $schema:ident) => {
        /// Lists every item to anyone: the header menu of anonymous visitors reads them.
        #[utoipa::path(get, path = $path, tag = "lookups",
            operation_id = concat!(stringify!($module), "_list"),
            responses((status = 200, body = Vec<$schema>)))]
        pub async fn list(State(state): State<AppState>) -> Result<Json<Vec<Value>>, AppError> {
            super::list::<ThisKind>(&state).await
        }
    };
}

lookup_api!(
    categoria,
    Categoria,
    "/api/categoria",
    "/api/categoria/{id}",
    Nombrado,
    public
);
lookup_api!(marca, Marca, "/api/marca", "/api/marca/{id}", Nombrado, staff);
lookup_api!(
    material,
    Material,
    "/api/materialProducto",
    "/api/materialProducto/{id}",
    Nombrado,
    staff
);
lookup_api!(
    metodo_pago,
    MetodoPago,
    "/api/metodoPago",
    "/api/metodoPago/{id}",
    Nombrado,
    staff
);
lookup_api!(local, Local, "/api/local", "/api/local/{id}", Local, staff);
lookup_api!(
    proveedor,
    Proveedor,
    "/api/proveedor",
    "/api/proveedor/{id}",
    Proveedor,
    staff
);

/// The six kinds' endpoints.
pub fn endpoints() -> crate::http::Endpoints {
    [
        categoria::endpoints(),
        marca::endpoints(),
        material::endpoints(),
        metodo_pago::endpoints(),
        local::endpoints(),
        proveedor::endpoints(),
    ]
    .into_iter()
    .fold(crate::http::Endpoints::default(), crate::http::Endpoints::merge)
}
