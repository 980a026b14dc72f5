//! The cash day's bodies: amounts per payment method and the reasons.

use optica_command::card_plans::Regla;
use optica_events::closings::PorMetodo;
use optica_events::Money;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::error::AppError;

/// An amount for one payment method.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MontoBody {
    pub metodo_pago_id: i64,
    #[schema(value_type = f64)]
    pub monto: Money,
    /// A count of a card's payments in this many cuotas (its plan's line of the day); none for
    /// the method's payments without a plan. A card counted whole leaves its plans out.
    #[serde(default, deserialize_with = "crate::http::kit::lenient::opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub cuotas: Option<i64>,
}

/// Opening a day: the float per method (methods left out start at zero).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct AperturaBody {
    #[serde(default)]
    pub fondo: Vec<MontoBody>,
}

/// A count: what the drawers hold per method (methods left out count zero), and why it differs
/// from the expected figures when it does.
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct CierreBody {
    #[serde(default)]
    pub contado: Vec<MontoBody>,
    pub motivo: Option<String>,
}

/// Reopening a closed day (admins).
#[derive(Clone, Debug, Default, Deserialize, ToSchema)]
pub struct ReaperturaBody {
    pub motivo: Option<String>,
}

/// The amounts as the day's lines; cuotas out of range refused with the plans' rule.
pub fn amounts(list: &[MontoBody]) -> Result<Vec<PorMetodo>, AppError> {
    let line = |m: &MontoBody| {
        let cuotas = match m.cuotas {
            None => None,
            Some(c) => Some(optica_events::card_plans::cuotas(c).ok_or_else(|| Regla::CuotasFueraDeRango.to_string())?),
        };
        Ok(PorMetodo {
            metodo_pago_id: m.metodo_pago_id,
            monto: m.monto,
            cuotas,
        })
    };
    list.iter()
        .map(line)
        .collect::<Result<_, String>>()
        .map_err(|e| AppError::Validation(vec![e]))
}
