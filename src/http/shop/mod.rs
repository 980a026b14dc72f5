//! `GET /api/tienda`: the shop's public face, for anyone: its name and contact details from the
//! settings (`OPTICA_SHOP_*`), and its branches with their addresses and a map link each.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::routes;

use crate::error::AppError;
use crate::http::kit::Endpoints;
use crate::state::AppState;

pub fn endpoints() -> Endpoints {
    Endpoints::default().public(routes!(tienda))
}

/// The shop as its customers see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tienda {
    pub nombre: String,
    pub telefono: Option<String>,
    /// Digits only, country code first, as `https://wa.me/` wants it.
    pub whatsapp: Option<String>,
    pub instagram: Option<String>,
    pub facebook: Option<String>,
    pub locales: Vec<Sucursal>,
    /// The most cuotas a card takes without surcharge today (more than one), from the plans
    /// the admin keeps; none when no card offers them.
    pub cuotas_sin_interes: Option<i32>,
}

/// A branch as its customers find it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Sucursal {
    pub nombre: String,
    pub direccion: Option<String>,
    /// A map search for the shop at this address.
    pub mapa: String,
}

/// The shop's name, contact details and branches (public).
#[utoipa::path(get, path = "/api/tienda", tag = "tienda", operation_id = "tienda",
    responses((status = 200, body = Tienda)))]
pub async fn tienda(State(state): State<AppState>) -> Result<Json<Tienda>, AppError> {
    let settings = &state.shop;
    let branches = optica_query::lookups::list(&state.pool, "Local").await?;
    let cuotas_sin_interes = optica_query::card_plans::sin_interes(&state.pool, state.today()).await?;
    let locales = branches
        .into_iter()
        .map(|b| {
            let place = [
                settings.nombre.as_str(),
                b.nombre.as_str(),
                b.direccion.as_deref().unwrap_or(""),
            ]
            .join(" ");
            Sucursal {
                mapa: format!(
                    "https://www.google.com/maps/search/?api=1&query={}",
                    query_text(place.trim())
                ),
                nombre: b.nombre,
                direccion: b.direccion,
            }
        })
        .collect();
    let given = |v: &Option<String>| v.as_ref().map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
    Ok(Json(Tienda {
        nombre: settings.nombre.clone(),
        telefono: given(&settings.telefono),
        whatsapp: given(&settings.whatsapp)
            .map(|w| w.chars().filter(char::is_ascii_digit).collect::<String>())
            .filter(|w| !w.is_empty()),
        instagram: given(&settings.instagram),
        facebook: given(&settings.facebook),
        locales,
        cuotas_sin_interes,
    }))
}

/// Text as a URL query value: unreserved characters as they are, everything else %-encoded.
fn query_text(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_place_is_encoded_for_a_map_search() {
        assert_eq!(super::query_text("Óptica La Cruz"), "%C3%93ptica%20La%20Cruz");
    }
}
