//! Obras sociales: staff read them (a patient's form and a sale's coverage choose from them);
//! admins keep them, each with its CUIT and plans (coverage of lenses and frames, whether a
//! prescription is required and how long one stays valid).

use axum::extract::State;
use axum::Json;
use optica_command::insurers::{self, ObraSocial as Aggregate, ObraSocialCommand, ObraSocialError};
use optica_command::CommandError;
use optica_events::insurers::{Cobertura, ObraSocialDatos, PlanObraSocial};
use optica_events::{Medida, Money};
use optica_query::insurers::{self as read, ObraSocial};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::auth::{Admin, Caller, Staff};
use crate::dispatch::{self, RequestMeta};
use crate::error::{texts, AppError};
use crate::http::kit::extract::{ApiJson, ApiPath};
use crate::http::kit::lenient::{opt_i64, NumText};
use crate::http::kit::{read_or_committed, staff_endpoints, Created, Endpoints, Mensaje};
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    staff_endpoints!(list, create; owed; get, update, delete)
}

fn not_found(id: i64) -> AppError {
    AppError::NotFound(format!("La obra social {id} no existe."))
}

fn command_error(id: i64, e: CommandError<ObraSocialError>) -> AppError {
    match e {
        CommandError::Domain(ObraSocialError::Invalid(rules)) => AppError::Validation(texts(&rules)),
        CommandError::Domain(_) => not_found(id),
        CommandError::Duplicate { .. } => {
            AppError::Validation(vec!["Ya existe una obra social con ese nombre.".into()])
        }
        CommandError::InUse { .. } => {
            AppError::Conflict("Hay pacientes o ventas con esta obra social: no se puede eliminar.".into())
        }
        other => dispatch::store_failure(other),
    }
}

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct CoberturaBody {
    /// Percent, as typed ('40', '12,5') or a number; blank: none.
    #[schema(value_type = Option<String>)]
    pub porcentaje: Option<NumText>,
    /// Pesos; blank: no cap.
    #[schema(value_type = Option<f64>)]
    pub tope: Option<NumText>,
}

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanBody {
    pub nombre: Option<String>,
    #[serde(default)]
    pub cristales: CoberturaBody,
    #[serde(default)]
    pub armazones: CoberturaBody,
    #[serde(default)]
    pub requiere_receta: bool,
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub validez_receta_dias: Option<i64>,
}

#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct ObraSocialBody {
    pub nombre: Option<String>,
    /// Eleven digits; dashes and spaces are ignored.
    pub cuit: Option<String>,
    #[serde(default)]
    pub planes: Vec<PlanBody>,
}

/// The body as data; numbers that cannot be read are named in Spanish.
fn datos(body: ObraSocialBody) -> Result<ObraSocialDatos, AppError> {
    let mut errors = Vec::new();
    let mut planes = Vec::new();
    for p in body.planes {
        let nombre = p.nombre.unwrap_or_default();
        let mut cobertura = |c: CoberturaBody, que: &str| {
            let mut read = |text: Option<&NumText>, what: String, pesos: bool| {
                let read = text.map(|t| match pesos {
                    true => t.pesos(&what).map(|m| m.map(|m| m.cents())),
                    false => t.percent(&what).map(|p| p.map(Medida::hundredths)),
                });
                match read {
                    Some(Ok(units)) => units,
                    Some(Err(reason)) => {
                        errors.push(reason);
                        None
                    }
                    None => None,
                }
            };
            let porcentaje = read(
                c.porcentaje.as_ref(),
                format!("El porcentaje de {que} del plan {nombre}"),
                false,
            );
            let tope = read(c.tope.as_ref(), format!("El tope de {que} del plan {nombre}"), true);
            Cobertura {
                porcentaje: porcentaje.map(Medida::from_hundredths),
                tope: tope.map(Money::from_cents),
            }
        };
        let cristales = cobertura(p.cristales, "cristales");
        let armazones = cobertura(p.armazones, "armazones");
        // A negative or absurd number of days reads as 0, which the rules refuse by name.
        let validez_receta_dias = p.validez_receta_dias.map(|d| u32::try_from(d).unwrap_or(0));
        planes.push(PlanObraSocial {
            nombre,
            cristales,
            armazones,
            requiere_receta: p.requiere_receta,
            validez_receta_dias,
        });
    }
    let datos = ObraSocialDatos {
        nombre: body.nombre.unwrap_or_default(),
        cuit: body.cuit.unwrap_or_default(),
        planes,
    };
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    insurers::validate(datos).map_err(|e| command_error(0, CommandError::Domain(e)))
}

/// A change's answer: its message and the obra social as it is now.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObraSocialGuardada {
    pub mensaje: String,
    pub obra_social: Option<ObraSocial>,
}

/// The obra social as the read model has it, or, while that is late, as its stream does.
async fn answer(state: &AppState, id: i64, caught: bool, mensaje: &str) -> Result<ObraSocialGuardada, AppError> {
    let committed = async {
        tracing::warn!(
            id,
            "la vista de obras sociales está atrasada: se responde lo registrado"
        );
        let (os, base) = state.store.load::<Aggregate>(&id.to_string()).await?;
        Ok::<_, AppError>(os.exists().then(|| {
            let d = os.datos();
            ObraSocial {
                id,
                nombre: d.nombre.clone(),
                cuit: d.cuit.clone(),
                planes: d.planes.iter().map(Into::into).collect(),
                version: base as i64,
            }
        }))
    };
    let obra_social = read_or_committed(caught, read::by_id(&state.pool, id), committed).await?;
    Ok(ObraSocialGuardada {
        mensaje: mensaje.into(),
        obra_social,
    })
}

/// What each obra social owes the shop (its part of the covered sales) and since when (admins).
#[utoipa::path(get, path = "/api/obrasSociales/deudas", tag = "obras sociales", operation_id = "obras_sociales_deudas",
    responses((status = 200, body = Vec<read::Deuda>)))]
pub async fn owed(State(state): State<AppState>, _admin: Admin) -> Result<Json<Vec<read::Deuda>>, AppError> {
    Ok(Json(read::owed(&state.pool).await?))
}

/// Every obra social with its plans, by name.
#[utoipa::path(get, path = "/api/obrasSociales", tag = "obras sociales", operation_id = "obras_sociales",
    responses((status = 200, body = Vec<ObraSocial>)))]
pub async fn list(State(state): State<AppState>, _staff: Staff) -> Result<Json<Vec<ObraSocial>>, AppError> {
    Ok(Json(read::list(&state.pool).await?))
}

#[utoipa::path(get, path = "/api/obrasSociales/{id}", tag = "obras sociales", operation_id = "obra_social",
    params(("id" = i64, Path)), responses((status = 200, body = ObraSocial), (status = 404, body = Mensaje)))]
pub async fn get(
    State(state): State<AppState>,
    _staff: Staff,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<ObraSocial>, AppError> {
    read::by_id(&state.pool, id)
        .await?
        .map(Json)
        .ok_or_else(|| not_found(id))
}

/// Creates an obra social (admins).
#[utoipa::path(post, path = "/api/obrasSociales", tag = "obras sociales", operation_id = "obra_social_crear",
    request_body = ObraSocialBody,
    responses((status = 201, body = ObraSocialGuardada), (status = 400, description = "errors")))]
pub async fn create(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiJson(body): ApiJson<ObraSocialBody>,
) -> Result<Created<ObraSocialGuardada>, AppError> {
    let datos = datos(body)?;
    let metadata = meta.metadata(caller.actor());
    let outcome = insurers::create(&state.store, datos, &metadata).await;
    let (id, caught) = dispatch::committed(&state, outcome, |e| command_error(0, e)).await?;
    Ok(Created(
        answer(&state, id, caught, "La obra social ha sido creada!").await?,
    ))
}

/// Changes an obra social's name, CUIT or plans (admins). A sale already covered keeps the
/// coverage it was recorded with.
#[utoipa::path(put, path = "/api/obrasSociales/{id}", tag = "obras sociales", operation_id = "obra_social_editar",
    params(("id" = i64, Path)), request_body = ObraSocialBody,
    responses((status = 200, body = ObraSocialGuardada), (status = 400, description = "errors"),
    (status = 404, body = Mensaje)))]
pub async fn update(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<ObraSocialBody>,
) -> Result<Json<ObraSocialGuardada>, AppError> {
    let datos = datos(body)?;
    let outcome = change(&state, &caller, meta, id, ObraSocialCommand::Actualizar(datos)).await?;
    Ok(Json(
        answer(&state, id, outcome, "La obra social ha sido actualizada!").await?,
    ))
}

/// Deletes an obra social no patient or sale names (admins).
#[utoipa::path(delete, path = "/api/obrasSociales/{id}", tag = "obras sociales", operation_id = "obra_social_eliminar",
    params(("id" = i64, Path)),
    responses((status = 200, body = Mensaje), (status = 404, body = Mensaje), (status = 409, body = Mensaje)))]
pub async fn delete(
    State(state): State<AppState>,
    Admin(caller): Admin,
    meta: RequestMeta,
    ApiPath(id): ApiPath<i64>,
) -> Result<Json<Mensaje>, AppError> {
    change(&state, &caller, meta, id, ObraSocialCommand::Eliminar).await?;
    Ok(Mensaje::new("La obra social ha sido eliminada"))
}

/// Runs an admin's change on obra social `id`; whether the read model took it in time.
async fn change(
    state: &AppState,
    caller: &Caller,
    meta: RequestMeta,
    id: i64,
    command: ObraSocialCommand,
) -> Result<bool, AppError> {
    let metadata = meta.metadata(caller.actor());
    let outcome = insurers::run(&state.store, id, command, &metadata).await;
    let (_, caught) = dispatch::committed(state, outcome, |e| command_error(id, e)).await?;
    Ok(caught)
}
