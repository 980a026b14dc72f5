//! The OpenAPI document, generated from the handlers' annotations and served at
//! `/api/openapi.json` (the web app generates its request and response types from it).

use axum::Json;
use utoipa::OpenApi;

use crate::http::movements::{self, lists as cashbox};
use crate::http::{audit, lookups, patients, products, statistics};

#[derive(OpenApi)]
#[openapi(
    modifiers(&ParameterErrors),
    info(title = "optica", description = "Caja e inventario para ópticas con varios locales"),
    paths(
        crate::http::health::health,
        serve,
        crate::auth::oauth::token,
        lookups::list_categorias_public,
        lookups::categoria::create,
        lookups::categoria::update,
        lookups::categoria::delete,
        lookups::marca::list,
        lookups::marca::create,
        lookups::marca::update,
        lookups::marca::delete,
        lookups::material::list,
        lookups::material::create,
        lookups::material::update,
        lookups::material::delete,
        lookups::metodo_pago::list,
        lookups::metodo_pago::create,
        lookups::metodo_pago::update,
        lookups::metodo_pago::delete,
        lookups::local::list,
        lookups::local::create,
        lookups::local::update,
        lookups::local::delete,
        lookups::proveedor::list,
        lookups::proveedor::create,
        lookups::proveedor::update,
        lookups::proveedor::delete,
        products::page,
        products::get,
        products::by_model,
        products::model_contains,
        products::brand_contains,
        products::at_branch,
        products::stock_per_branch,
        products::stock_per_material,
        products::existing_models,
        products::create,
        products::create_many,
        products::update,
        products::delete,
        products::mass_update,
        products::stock_excel,
        patients::get,
        patients::page,
        patients::by_name,
        patients::by_document,
        patients::by_ficha,
        patients::count_per_branch,
        patients::create,
        patients::update,
        patients::delete,
        patients::add_cristal,
        movements::create,
        movements::get,
        movements::update,
        movements::delete,
        cashbox::filter,
        cashbox::filter_all,
        cashbox::page,
        cashbox::between_dates,
        cashbox::totals,
        statistics::earned,
        statistics::sold,
        statistics::lenses,
        statistics::patients,
        statistics::sales_per_day,
        audit::log,
        audit::history,
        audit::stock,
        audit::state_at,
        statistics::sales_excel,
        statistics::brands_excel,
        cashbox::public_status,
        cashbox::customer_pdf,
        cashbox::shop_pdf,
    ),
    components(schemas(
        lookups::LookupBody,
        Mensaje,
        Errores,
        TokenResponse,
        OAuthError,
        optica_query::lookups::Nombrado,
        optica_query::lookups::Local,
        optica_query::lookups::Proveedor,
        optica_query::products::Producto,
        optica_query::products::ProductoLocal,
        optica_query::products::StockPorLocal,
        optica_query::products::StockPorMaterial,
        crate::http::products::body::ProductoBody,
        crate::http::products::body::ProductoLocalBody,
        crate::http::products::prices::MassUpdateBody,
        crate::http::lenient::IdRef,
        optica_query::patients::Paciente,
        optica_query::patients::Ficha,
        optica_query::patients::Graduacion,
        optica_query::patients::Ojo,
        optica_query::patients::TipoVision,
        optica_query::patients::Cristal,
        optica_query::patients::PacientesPorLocal,
        crate::http::patients::body::PacienteBody,
        crate::http::patients::body::FichaBody,
        crate::http::patients::body::GraduacionBody,
        crate::http::patients::body::CristalBody,
        patients::NuevoCristalBody,
        optica_query::movements::Movimiento,
        optica_query::movements::Detalle,
        optica_query::movements::DetalleAdicional,
        optica_query::movements::CajaMovimiento,
        crate::http::movements::body::MovimientoBody,
        crate::http::movements::body::DetalleBody,
        crate::http::movements::body::AdicionalBody,
        crate::http::movements::body::PagoBody,
        optica_query::statistics::EntradaSalida,
        optica_query::statistics::VentasDelDia,
        optica_query::audit::EventoAuditoria,
        optica_query::audit::AsientoStock,
        statistics::PeriodoBody,
        statistics::Cantidad,
        cashbox::EstadoCompra,
    ))
)]
pub struct ApiDoc;

/// Answers every operation gives that no handler states: 400 (`Mensaje`) for a path or query
/// value of the wrong type or out of range (`http::extract`), 400 `Mensaje` beside `Errores` for
/// a body that is not JSON, and 413 for a body over 1 MB. The
/// fuzz test found 65 such 400s the document did not list. Added here once rather than on each
/// handler.
struct ParameterErrors;

impl utoipa::Modify for ParameterErrors {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};
        let mensaje = |description: &str| {
            RefOr::T(
                ResponseBuilder::new()
                    .description(description)
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(Ref::from_schema_name("Mensaje")))
                            .build(),
                    )
                    .build(),
            )
        };
        for item in openapi.paths.paths.values_mut() {
            let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.delete];
            for operation in operations.into_iter().flatten() {
                let has_parameters = operation.parameters.as_ref().is_some_and(|p| !p.is_empty());
                let responses = &mut operation.responses.responses;
                if has_parameters && !responses.contains_key("400") {
                    responses.insert(
                        "400".into(),
                        mensaje("a path or query value of the wrong type or out of range"),
                    );
                }
                if operation.request_body.is_some() {
                    responses.insert("413".into(), mensaje("a body over 1 MB"));
                    // A body that is not JSON at all is refused with a `mensaje`, before the
                    // fields' `errors` list can be made.
                    if let Some(RefOr::T(refused)) = responses.get_mut("400") {
                        for content in refused.content.values_mut() {
                            let lists_errors = matches!(&content.schema,
                                Some(RefOr::Ref(r)) if r.ref_location.ends_with("/Errores"));
                            if lists_errors {
                                let either = utoipa::openapi::schema::OneOfBuilder::new()
                                    .item(Ref::from_schema_name("Errores"))
                                    .item(Ref::from_schema_name("Mensaje"));
                                content.schema = Some(RefOr::T(either.into()));
                            }
                        }
                    }
                }
            }
        }
    }
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "operación", operation_id = "openapi",
    responses((status = 200, description = "the OpenAPI document")))]
pub async fn serve() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// The document as committed in `webapp/openapi.json` (pretty, newline-terminated), from which
/// the web app's types are generated; a test fails when the committed copy is stale.
pub fn document_json() -> String {
    let mut text = ApiDoc::openapi().to_pretty_json().unwrap_or_default();
    text.push('\n');
    text
}

/// A message answer: deletes, not-found and refusals.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct Mensaje {
    pub mensaje: String,
}

/// A validation failure: one Spanish message per field problem.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct Errores {
    pub errors: Vec<String>,
}

/// The answer of `POST /oauth/token`.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct TokenResponse {
    /// JWT (HS256); its payload carries `user_name`, `authorities`, `local_id` and `exp`.
    pub access_token: String,
    pub token_type: String,
    pub expires_in: i64,
    pub scope: String,
    pub jti: String,
    pub local_id: Option<i64>,
}

/// An OAuth-style error: failed logins, missing or invalid tokens, missing roles.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct OAuthError {
    pub error: String,
    pub error_description: String,
}
