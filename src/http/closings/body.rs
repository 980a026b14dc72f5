//! The cash day's bodies: amounts per payment method and the reasons.

use optica_events::closings::PorMetodo;
use optica_events::Money;
use serde::Deserialize;
use utoipa::ToSchema;

/// An amount for one payment method.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MontoBody {
    pub metodo_pago_id: i64,
    #[schema(value_type = f64)]
    pub monto: Money,
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

pub fn amounts(list: &[MontoBody]) -> Vec<PorMetodo> {
    list.iter()
        .map(|m| PorMetodo {
            metodo_pago_id: m.metodo_pago_id,
            monto: m.monto,
        })
        .collect()
}
