//! The movement body the web apps send (contract §4.4), read leniently, and its conversion into
//! the movement's data with the product facts of the moment.

use chrono::{Datelike, NaiveDateTime};
use optica_events::card_plans::MAX_CUOTAS;
use optica_events::movements::{EstadoMovimiento, Linea, LineaAdicional, MovimientoDatos, Pago, Plan, TipoMovimiento};
use optica_events::{Medida, Money};
use optica_query::products::SaleFacts;
use serde::Deserialize;

use crate::http::kit::lenient::{checked_date, opt_i64, present, IdRef, NumText};
use optica_command::movements::{CoberturaPedida, PedidoCobertura};

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MovimientoBody {
    /// ENTRADA or SALIDA.
    pub tipo_movimiento: Option<String>,
    /// `yyyy-MM-ddTHH:mm`, the shop's local time.
    pub fecha: Option<String>,
    #[schema(value_type = Option<f64>)]
    pub total: Option<Money>,
    #[schema(value_type = Option<f64>)]
    pub total_impuesto: Option<Money>,
    /// Percentage 0..100.
    #[schema(value_type = Option<f64>)]
    pub descuento: Option<NumText>,
    pub descripcion: Option<String>,
    pub vendedor: Option<String>,
    pub paciente: Option<IdRef>,
    pub detalles: Option<Vec<DetalleBody>>,
    pub detalles_adicionales: Option<Vec<AdicionalBody>>,
    pub caja_movimientos: Option<Vec<PagoBody>>,
    pub local: Option<IdRef>,
    /// PEDIDO_CRISTALES, ARMANDO_PEDIDO, ANTEOJO_TERMINADO or ENTREGADO; null for SALIDA.
    pub estado_movimiento: Option<String>,
    /// On an edit: the version the form loaded (409 when the movement changed since).
    pub version: Option<u64>,
    /// Why an admin sells a product below the lowest price a seller may reach: GARANTIA,
    /// CORTESIA, CAMBIO, PROMOCION or ERROR_DE_LISTA.
    pub motivo_precio: Option<String>,
    /// The part an obra social pays; `null`: none; left out, an edit keeps the sale's (the
    /// existing front end knows nothing of it).
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<CoberturaVentaBody>)]
    pub cobertura: Option<Option<CoberturaVentaBody>>,
}

/// A sale's coverage by an obra social, as the form sends it.
#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoberturaVentaBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub obra_social_id: Option<i64>,
    pub plan: Option<String>,
    pub afiliado: Option<String>,
    pub medico: Option<String>,
    pub matricula: Option<String>,
    /// `aaaa-mm-dd`.
    pub fecha_receta: Option<String>,
    /// The obra social's part as the form computed it: when given, it must be the plan's.
    #[schema(value_type = Option<f64>)]
    pub monto: Option<Money>,
}

/// What the body says of the sale's coverage, or why it cannot be read.
pub fn cobertura(body: &MovimientoBody) -> Result<PedidoCobertura, Vec<String>> {
    let c = match &body.cobertura {
        None => return Ok(PedidoCobertura::Mantener),
        Some(None) => return Ok(PedidoCobertura::Ninguna),
        Some(Some(c)) => c,
    };
    let mut errors = Vec::new();
    let obra_social_id = c.obra_social_id.filter(|id| *id > 0);
    if obra_social_id.is_none() {
        errors.push("Elegí la obra social de la venta.".to_string());
    }
    let fecha_receta = match c.fecha_receta.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some(t) => checked_date(t, "fecha de la receta").map_err(|e| errors.push(e)).ok(),
    };
    match (errors.is_empty(), obra_social_id) {
        (true, Some(obra_social_id)) => Ok(PedidoCobertura::Usar(CoberturaPedida {
            obra_social_id,
            plan: c.plan.clone().unwrap_or_default(),
            afiliado: c.afiliado.clone().unwrap_or_default(),
            medico: c.medico.clone(),
            matricula: c.matricula.clone(),
            fecha_receta,
            monto: c.monto,
        })),
        _ => Err(errors),
    }
}

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetalleBody {
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub cantidad: Option<i64>,
    #[schema(value_type = Option<f64>)]
    pub precio_unitario: Option<Money>,
    #[schema(value_type = Option<f64>)]
    pub subtotal: Option<Money>,
    pub producto: Option<IdRef>,
}

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
pub struct AdicionalBody {
    pub descripcion: Option<String>,
    #[schema(value_type = Option<f64>)]
    pub subtotal: Option<Money>,
}

#[derive(Clone, Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PagoBody {
    #[schema(value_type = Option<f64>)]
    pub monto: Option<Money>,
    #[schema(value_type = Option<f64>)]
    pub monto_impuesto: Option<Money>,
    pub metodo_pago: Option<IdRef>,
    pub fecha: Option<String>,
    /// Paid by card in this many cuotas, on the plan the payment method has that day: then
    /// `montoImpuesto` must be `monto` with the plan's surcharge (`GET /api/planesTarjeta`).
    #[serde(default, deserialize_with = "opt_i64")]
    #[schema(value_type = Option<i64>)]
    pub cuotas: Option<i64>,
}

/// The plan a payment asks for: its cuotas (the surcharge is the store's to find, see
/// `optica_command::movements::cuotas`); an unreadable number named in Spanish.
pub fn plan_pedido(cuotas: Option<i64>, n: usize, errors: &mut Vec<String>) -> Option<Plan> {
    let cuotas = cuotas?;
    match optica_events::card_plans::cuotas(cuotas) {
        Some(cuotas) => Some(Plan {
            cuotas,
            recargo: Medida::ZERO,
        }),
        None => {
            errors.push(format!(
                "Las cuotas del pago {n} deben ser un número entero entre 1 y {MAX_CUOTAS}."
            ));
            None
        }
    }
}

/// A local date-time as the contract reads it (§1.2): minutes, seconds or a fraction, and a
/// trailing `Z` ignored.
/// Outside the years `lenient::in_window` accepts it is not read.
pub fn lenient_datetime(text: &str) -> Option<NaiveDateTime> {
    let text = text.trim().trim_end_matches('Z');
    NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.f")
        .or_else(|_| NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M"))
        .ok()
        .filter(|d| crate::http::kit::lenient::in_window(d.date()))
}

fn estado(text: &str) -> Option<EstadoMovimiento> {
    serde_json::from_value(serde_json::Value::String(text.trim().to_uppercase())).ok()
}

/// The product ids the body's lines name (to look their facts up).
pub fn product_ids(body: &MovimientoBody) -> Vec<i64> {
    let mut ids: Vec<i64> = body
        .detalles
        .iter()
        .flatten()
        .filter_map(|d| d.producto.as_ref().and_then(IdRef::get))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// The body as movement data, with the sold products' facts; every unreadable or missing value
/// named in Spanish. The arithmetic is the aggregate's to check.
pub fn prepare(body: MovimientoBody, facts: &[SaleFacts]) -> Result<MovimientoDatos, Vec<String>> {
    let mut errors = Vec::new();
    let tipo = match body
        .tipo_movimiento
        .as_deref()
        .map(|t| t.trim().to_uppercase())
        .as_deref()
    {
        Some("ENTRADA") => TipoMovimiento::Entrada,
        Some("SALIDA") => TipoMovimiento::Salida,
        _ => {
            errors.push("El tipo de movimiento debe ser ENTRADA o SALIDA".to_string());
            TipoMovimiento::Entrada
        }
    };
    let fecha = body.fecha.as_deref().and_then(lenient_datetime);
    if fecha.is_none() {
        errors.push("La fecha del movimiento es obligatoria (aaaa-mm-ddThh:mm)".into());
    }
    let fecha = fecha.unwrap_or_default();
    let descuento = match body.descuento.as_ref().filter(|d| !d.0.is_empty()) {
        None => None,
        Some(text) => {
            let parsed = Medida::parse(&text.0);
            if parsed.is_none() {
                errors.push("El descuento debe ser un número con hasta dos decimales".into());
            }
            parsed
        }
    };
    let estado = match body.estado_movimiento.as_deref().filter(|e| !e.trim().is_empty()) {
        None => None,
        Some(text) => {
            let parsed = estado(text);
            if parsed.is_none() {
                errors.push(format!("El estado '{text}' no es válido"));
            }
            parsed
        }
    };
    let mut lineas = Vec::new();
    for d in body.detalles.unwrap_or_default() {
        let Some(f) = d
            .producto
            .as_ref()
            .and_then(IdRef::get)
            .and_then(|id| facts.iter().find(|f| f.id == id))
        else {
            errors.push("Debe seleccionar un producto válido".into());
            continue;
        };
        let (Some(precio_unitario), Some(subtotal)) = (d.precio_unitario, d.subtotal) else {
            errors.push(format!("Falta el precio o el subtotal del producto {}", f.modelo));
            continue;
        };
        lineas.push(Linea {
            producto_id: f.id,
            modelo: f.modelo.clone(),
            marca: f.marca.clone(),
            cristal: f.cristal,
            cantidad: d.cantidad.unwrap_or(0),
            precio_unitario,
            subtotal,
        });
    }
    let adicionales = body
        .detalles_adicionales
        .unwrap_or_default()
        .into_iter()
        .map(|a| LineaAdicional {
            descripcion: a.descripcion.unwrap_or_default(),
            subtotal: a.subtotal.unwrap_or_default(),
        })
        .collect();
    let mut pagos = Vec::new();
    for (n, p) in body.caja_movimientos.unwrap_or_default().into_iter().enumerate() {
        let Some(metodo_pago_id) = p.metodo_pago.as_ref().and_then(IdRef::get) else {
            errors.push("Cada pago debe indicar su método de pago".into());
            continue;
        };
        let monto = p.monto.unwrap_or_default();
        let plan = plan_pedido(p.cuotas, n + 1, &mut errors);
        pagos.push(Pago {
            id: n as i64 + 1,
            metodo_pago_id,
            monto,
            monto_impuesto: p.monto_impuesto.unwrap_or(monto),
            fecha: match p.fecha.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
                None => fecha,
                Some(text) => lenient_datetime(text).unwrap_or_else(|| {
                    errors.push(format!(
                        "La fecha del pago {} no es válida: '{text}' (aaaa-mm-ddThh:mm, años {} a {})",
                        n + 1,
                        crate::http::kit::lenient::FIRST_YEAR,
                        chrono::Utc::now().year() + crate::http::kit::lenient::YEARS_AHEAD
                    ));
                    fecha
                }),
            },
            // the branch of a payment collected elsewhere is kept by the edit (see Edit)
            local_id: None,
            plan,
        });
    }
    let motivo_precio = match body.motivo_precio.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some(text) => {
            let known = optica_events::movements::MotivoPrecio::ALL
                .into_iter()
                .find(|m| serde_json::to_value(m).ok().as_ref().and_then(|v| v.as_str()) == Some(text));
            if known.is_none() {
                errors.push(format!(
                    "El motivo del precio '{text}' no es válido (GARANTIA, CORTESIA, CAMBIO, PROMOCION o ERROR_DE_LISTA)"
                ));
            }
            known
        }
    };
    if !errors.is_empty() {
        errors.dedup();
        return Err(errors);
    }
    Ok(MovimientoDatos {
        tipo,
        fecha,
        local_id: body.local.as_ref().and_then(IdRef::get).unwrap_or(0),
        paciente_id: body.paciente.as_ref().and_then(IdRef::get),
        vendedor: body.vendedor,
        descripcion: body.descripcion,
        lineas,
        adicionales,
        descuento,
        total: body.total.unwrap_or_default(),
        total_impuesto: body.total_impuesto.unwrap_or_default(),
        pagos,
        estado,
        // only a return's unit sets it (POST /api/movimientos/{id}/devoluciones)
        devolucion: None,
        motivo_precio,
        // the unit sets it from the request's `PedidoCobertura` (see `cobertura`)
        cobertura: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_web_apps_date_times_are_read() {
        let t = |s: &str| lenient_datetime(s).map(|d| d.to_string());
        assert_eq!(t("2025-05-02T11:30"), Some("2025-05-02 11:30:00".into()));
        assert_eq!(t("2025-05-02T11:30:15.5Z"), Some("2025-05-02 11:30:15.500".into()));
        assert_eq!(t("02/05/2025"), None);
    }
}
