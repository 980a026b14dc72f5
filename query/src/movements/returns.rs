//! What returns took back from a sale, as a movement's read shows it.

use std::collections::HashMap;

use optica_events::movements::comprobante_leido;
use serde::{Deserialize, Serialize};
use sqlx::types::Json;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::pesos;

/// What returns took back from a sale: units per product and positions of additional lines.
#[derive(Clone, Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Devuelto {
    pub productos: Vec<ProductoDevuelto>,
    /// Positions (from 0) in `detallesAdicionales`.
    pub adicionales: Vec<i32>,
    /// What the returns were worth (after the sale's discount): `credito` of it cancelled debt,
    /// the rest was refunded.
    pub valor: f64,
    pub credito: f64,
}

#[derive(Clone, Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductoDevuelto {
    pub producto_id: i64,
    pub cantidad: i64,
}

/// A row of `movement_returns`, read as JSON (nested in a movement's row, or aggregated).
#[derive(Deserialize)]
pub(super) struct ReturnRow {
    movimiento_id: i64,
    venta_id: i64,
    lineas: Vec<ProductoDevuelto>,
    adicionales: Vec<i32>,
    valor_cents: i64,
    credito_cents: i64,
    /// The sale's receipt, which names it for people.
    #[serde(default)]
    venta_local: Option<i64>,
    #[serde(default)]
    venta_numero: Option<i64>,
}

/// `movement_returns` rows as JSON objects with the fields of `ReturnRow`.
pub(super) const RETURN_JSON: &str = "json_build_object('movimiento_id', r.movimiento_id, 'venta_id', r.venta_id,
     'lineas', r.lineas, 'adicionales', r.adicionales, 'valor_cents', r.valor_cents,
     'credito_cents', r.credito_cents,
     'venta_local', (select vr.local_id from receipts vr where vr.movimiento_id = r.venta_id),
     'venta_numero', (select vr.numero from receipts vr where vr.movimiento_id = r.venta_id))";

/// The returns that name the movements (as refund or as sale), by movement.
#[derive(Default)]
pub(super) struct Returns {
    /// A refund's sale, and that sale's receipt number.
    pub(super) of_refund: HashMap<i64, (i64, Option<String>)>,
    pub(super) of_sale: HashMap<i64, (Vec<i64>, Devuelto)>,
}

pub(super) async fn returns(pool: &PgPool, ids: &[i64]) -> Result<Returns, sqlx::Error> {
    let rows: Option<Json<Vec<ReturnRow>>> = sqlx::query_scalar(&format!(
        "select json_agg({RETURN_JSON} order by r.movimiento_id) from movement_returns r
         where r.movimiento_id = any($1) or r.venta_id = any($1)"
    ))
    .bind(ids)
    .fetch_one(pool)
    .await?;
    Ok(returns_of(rows.map(|r| r.0).unwrap_or_default()))
}

/// The returns by movement, from their rows in refund order.
pub(super) fn returns_of(rows: Vec<ReturnRow>) -> Returns {
    let mut found = Returns::default();
    let mut totals: HashMap<i64, (i64, i64)> = HashMap::new();
    for r in rows {
        let comprobante = comprobante_leido(r.venta_local, r.venta_numero);
        found.of_refund.insert(r.movimiento_id, (r.venta_id, comprobante));
        let (refunds, devuelto) = found.of_sale.entry(r.venta_id).or_default();
        refunds.push(r.movimiento_id);
        for l in r.lineas {
            match devuelto.productos.iter_mut().find(|p| p.producto_id == l.producto_id) {
                Some(p) => p.cantidad += l.cantidad,
                None => devuelto.productos.push(l),
            }
        }
        devuelto.adicionales.extend(r.adicionales);
        let cents = totals.entry(r.venta_id).or_default();
        *cents = (cents.0 + r.valor_cents, cents.1 + r.credito_cents);
    }
    // Summed in cents, then shown in pesos.
    for (venta_id, (valor, credito)) in totals {
        if let Some((_, devuelto)) = found.of_sale.get_mut(&venta_id) {
            (devuelto.valor, devuelto.credito) = (pesos(valor), pesos(credito));
        }
    }
    found
}
