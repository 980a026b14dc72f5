//! `actualizar-precios`: a price or cost change over every product matching the filters.
//!
//! porcentaje: new = old + old × valor / 100 (valor 0..100); fijo: new = valor. Exact decimal
//! arithmetic rounded to cents (in the aggregate); `products::change_amounts` appends one event
//! per product whose amount changes, all in one transaction.

use optica_command::products;
use optica_command::products::{Cambio, Campo, ProductoError};
use optica_command::CommandError;
use optica_events::money::parse_scaled;
use optica_events::{EventMetadata, Money};
use optica_query::products::Filters;
use serde::Deserialize;
use serde_json::Value;

use crate::dispatch;
use crate::error::{texts, AppError};
use crate::http::kit::lenient::opt_i64;
use crate::state::AppState;

/// The mass-update body (contract section 5.7); filter ids may arrive as strings.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MassUpdateBody {
    /// `precio` or `costo`.
    pub tipo: Option<String>,
    /// `porcentaje` or `fijo`.
    pub tipo_cambio: Option<String>,
    #[schema(value_type = Option<f64>)]
    pub valor: Option<Value>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub categoria: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub proveedor: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub material: Option<i64>,
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub marca: Option<i64>,
}

/// The value as decimal text: a JSON number or a numeric string.
fn valor_text(valor: &Option<Value>) -> Option<String> {
    match valor {
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::String(s)) => Some(s.clone()),
        _ => None,
    }
}

/// Reads and checks the body: which amount, how it changes, which products.
pub fn parse(body: &MassUpdateBody) -> Result<(Campo, Cambio, Filters), AppError> {
    let bad = |m: &str| AppError::BadRequest(m.to_string());
    let campo = match body.tipo.as_deref().map(str::to_lowercase).as_deref() {
        Some("precio") => Campo::Precio,
        Some("costo") => Campo::Costo,
        _ => return Err(bad("El tipo debe ser precio o costo")),
    };
    let text = valor_text(&body.valor).ok_or_else(|| bad("Valor inválido"))?;
    let cambio = match body.tipo_cambio.as_deref().map(str::to_lowercase).as_deref() {
        Some("porcentaje") => {
            let millionths = parse_scaled(&text, 6).ok_or_else(|| bad("Valor inválido"))?;
            if !(0..=100_000_000).contains(&millionths) {
                return Err(bad("El porcentaje debe estar entre 0 y 100."));
            }
            Cambio::Porcentaje { millionths }
        }
        Some("fijo") => {
            let amount = Money::parse(&text).ok_or_else(|| bad("Valor inválido"))?;
            if amount.is_negative() {
                return Err(bad("El valor no puede ser negativo"));
            }
            Cambio::Fijo(amount)
        }
        _ => return Err(bad("El tipo de cambio debe ser porcentaje o fijo")),
    };
    let filters = Filters {
        categoria: body.categoria.filter(|id| *id > 0),
        proveedor: body.proveedor.filter(|id| *id > 0),
        material: body.material.filter(|id| *id > 0),
        marca: body.marca.filter(|id| *id > 0),
    };
    Ok((campo, cambio, filters))
}

/// Applies the change to every matching product; returns how many changed.
pub async fn apply(state: &AppState, body: &MassUpdateBody, metadata: &EventMetadata) -> Result<usize, AppError> {
    let (campo, cambio, filters) = parse(body)?;
    let ids = optica_query::products::matching(&state.pool, filters).await?;
    match products::change_amounts(&state.store, &ids, campo, cambio, state.today(), metadata).await {
        Ok(outcome) => Ok(dispatch::settled(state, outcome).await?.len()),
        Err(CommandError::Domain(ProductoError::Invalid(rules))) => Err(AppError::Rejected(texts(&rules))),
        Err(other) => Err(dispatch::store_failure(other)),
    }
}
