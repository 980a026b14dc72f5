//! What the OpenAPI document says beyond the handlers' own annotations: its title, the schemas
//! no handler names, and the answers every operation gives. `http::document()` puts it together
//! with the endpoints and serves it at `/api/openapi.json` (the web app generates its request and
//! response types from it).

use utoipa::openapi::OpenApi as Document;
use utoipa::{Modify, OpenApi};

use crate::auth::oauth::TokenResponse;
use crate::error::OAuthError;
use crate::http::kit::{Errores, Mensaje};
use crate::http::lookups;

/// What the document says beyond the endpoints (which `http::api()` collects from the
/// handlers): its title, and the schemas no handler names directly.
#[derive(OpenApi)]
#[openapi(
    info(title = "optica", description = "Caja e inventario para ópticas con varios locales"),
    components(schemas(lookups::LookupBody, Mensaje, Errores, TokenResponse, OAuthError))
)]
struct ApiDoc;

/// The document's start, before the endpoints are added.
pub fn base() -> Document {
    ApiDoc::openapi()
}

/// Adds the answers of the token check to every operation of `staff`: 401 without a valid
/// token, 403 without the role or branch.
pub fn access_errors(staff: &mut Document) {
    use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
    let oauth_error = || {
        ResponseBuilder::new()
            .description("")
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("OAuthError")))
                    .build(),
            )
            .build()
    };
    for item in staff.paths.paths.values_mut() {
        let operations = [&mut item.get, &mut item.post, &mut item.put, &mut item.delete];
        for operation in operations.into_iter().flatten() {
            let responses = &mut operation.responses.responses;
            responses.insert("401".into(), oauth_error().into());
            responses.insert("403".into(), oauth_error().into());
        }
    }
}

/// Answers every operation gives that no handler states: 400 (`Mensaje`) for a path or query
/// value of the wrong type or out of range (`http::extract`), 400 `Mensaje` beside `Errores` for
/// a body that is not JSON, and 413 for a body over 1 MB. The
/// fuzz test found 65 such 400s the document did not list. Added here once rather than on each
/// handler.
pub struct ParameterErrors;

impl Modify for ParameterErrors {
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
                    // operation's own refusal (the fields' `errors`, a batch's `errores`) can be
                    // made.
                    if let Some(RefOr::T(refused)) = responses.get_mut("400") {
                        for content in refused.content.values_mut() {
                            let own = match &content.schema {
                                Some(RefOr::Ref(r)) if !r.ref_location.ends_with("/Mensaje") => r.clone(),
                                _ => continue,
                            };
                            let either = utoipa::openapi::schema::OneOfBuilder::new()
                                .item(own)
                                .item(Ref::from_schema_name("Mensaje"));
                            content.schema = Some(RefOr::T(either.into()));
                        }
                    }
                }
            }
        }
    }
}
