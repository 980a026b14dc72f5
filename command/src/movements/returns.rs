//! Returns (devoluciones): what a sale has given back, and the rules of one more return.
//!
//! A return never rewrites the sale. The sale's stream records `LineasDevueltas`; its aggregate
//! keeps the units and additional lines already returned (so nothing comes back twice, also
//! when two returns race on the stream) and the credit the returns gave against its balance.

use std::collections::{BTreeMap, BTreeSet};

use optica_events::movements::{Devolucion, LineaDevuelta, MovimientoDatos, TipoMovimiento};
use optica_events::Money;
use serde::{Deserialize, Serialize};

use crate::movements::{saldo, MovimientoError, Regla, FULL};

/// What the returns of a sale have taken back so far.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Devueltos {
    /// Units per product.
    pub productos: BTreeMap<i64, i64>,
    pub adicionales: BTreeSet<u32>,
    /// Σ value of the returns (after the sale's discount).
    pub valor: Money,
    /// Σ of the value that cancelled debt instead of being refunded.
    pub credito: Money,
    /// The returns' movement ids, in order.
    pub ids: Vec<i64>,
}

impl Devueltos {
    pub fn any(&self) -> bool {
        !self.ids.is_empty()
    }

    pub fn record(&mut self, id: i64, d: &Devolucion) {
        for l in &d.lineas {
            *self.productos.entry(l.producto_id).or_default() += l.cantidad;
        }
        self.adicionales.extend(d.adicionales.iter().copied());
        self.valor = Money::from_cents(self.valor.cents() + d.valor.cents());
        self.credito = Money::from_cents(self.credito.cents() + d.credito.cents());
        self.ids.push(id);
    }
}

/// What a return asks for: units per product and positions of additional lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pedido {
    pub productos: Vec<(i64, i64)>,
    pub adicionales: Vec<u32>,
}

/// Returns per request: a counter return has a few lines (the sale's own limits bound it anyway).
pub const MAX_ITEMS: usize = 200;

/// Checks one more return of `venta` against what came back already, and values it: the lines'
/// prices (a product sold on several lines at different prices is returned from its first lines
/// on), less the sale's discount. Of that value, what the sale still owes is credited and the
/// rest refunded. Answers every rule broken.
pub fn valorar(
    venta_id: i64,
    venta: &MovimientoDatos,
    devueltos: &Devueltos,
    pedido: &Pedido,
) -> Result<Devolucion, MovimientoError> {
    let refused = |reglas: Vec<Regla>| Err(MovimientoError::Invalid(reglas));
    if venta.tipo != TipoMovimiento::Entrada || venta.devolucion.is_some() {
        return refused(vec![Regla::DevolucionSoloVentas]);
    }
    // What came back of a covered sale is partly the obra social's money: its refund waits for
    // the obra social's settlement of the sale (not built yet).
    if venta.cobertura.is_some() {
        return refused(vec![Regla::DevolucionConCobertura]);
    }
    if pedido.productos.len() + pedido.adicionales.len() > MAX_ITEMS {
        return refused(vec![Regla::DevolucionDemasiados { max: MAX_ITEMS }]);
    }
    let mut asked: BTreeMap<i64, i64> = BTreeMap::new();
    let mut errors = Vec::new();
    for &(producto_id, cantidad) in &pedido.productos {
        if cantidad <= 0 {
            errors.push(Regla::DevolucionSinCantidad);
        } else {
            let sum = asked.entry(producto_id).or_default();
            *sum = sum.saturating_add(cantidad);
        }
    }
    let mut lineas = Vec::new();
    let mut bruto: i128 = 0;
    for (&producto_id, &cantidad) in &asked {
        let sold: Vec<_> = venta.lineas.iter().filter(|l| l.producto_id == producto_id).collect();
        let Some(first) = sold.first() else {
            errors.push(Regla::ProductoNoVendido { producto_id });
            continue;
        };
        let units: i64 = sold.iter().map(|l| l.cantidad).sum();
        let before = devueltos.productos.get(&producto_id).copied().unwrap_or(0);
        let left = units - before;
        if cantidad > left {
            errors.push(Regla::DevolucionExcede {
                modelo: first.modelo.clone(),
                quedan: left,
            });
            continue;
        }
        // Skip the units returned before, value the next `cantidad`.
        let (mut skip, mut take) = (before, cantidad);
        for l in &sold {
            let here = (l.cantidad - skip).max(0);
            skip = (skip - l.cantidad).max(0);
            let now = here.min(take);
            bruto += i128::from(l.precio_unitario.cents()) * i128::from(now);
            take -= now;
        }
        lineas.push(LineaDevuelta {
            producto_id,
            modelo: first.modelo.clone(),
            marca: first.marca.clone(),
            cantidad,
        });
    }
    let mut adicionales = BTreeSet::new();
    for &i in &pedido.adicionales {
        match venta.adicionales.get(i as usize) {
            None => errors.push(Regla::DetalleNoExiste {
                posicion: u64::from(i) + 1,
            }),
            Some(a) if devueltos.adicionales.contains(&i) || !adicionales.insert(i) => {
                errors.push(Regla::DetalleYaDevuelto {
                    descripcion: a.descripcion.clone(),
                })
            }
            Some(a) => bruto += i128::from(a.subtotal.cents()),
        }
    }
    if errors.is_empty() && lineas.is_empty() && adicionales.is_empty() {
        errors.push(Regla::DevolucionVacia);
    }
    if !errors.is_empty() {
        errors.dedup();
        return refused(errors);
    }
    let descuento = venta.descuento.map_or(0, |d| d.hundredths());
    let neto = div_round(bruto * i128::from(FULL - descuento), i128::from(FULL));
    let pendiente = venta.total.cents() - devueltos.valor.cents();
    let returned = |producto_id: i64| {
        devueltos.productos.get(&producto_id).copied().unwrap_or(0) + asked.get(&producto_id).copied().unwrap_or(0)
    };
    let sold_units = |producto_id: i64| {
        let lines = venta.lineas.iter().filter(|s| s.producto_id == producto_id);
        lines.map(|s| s.cantidad).sum::<i64>()
    };
    let completes = venta
        .lineas
        .iter()
        .all(|s| returned(s.producto_id) >= sold_units(s.producto_id))
        && (0..venta.adicionales.len() as u32).all(|i| devueltos.adicionales.contains(&i) || adicionales.contains(&i));
    // The last return takes what is left, so rounding never leaves or exceeds a cent.
    let valor = if completes {
        pendiente
    } else {
        (neto as i64).min(pendiente)
    }
    .max(0);
    let debe = (saldo(venta).cents() - devueltos.credito.cents()).max(0);
    let credito = valor.min(debe);
    Ok(Devolucion {
        venta_id,
        lineas,
        adicionales: adicionales.into_iter().collect(),
        valor: Money::from_cents(valor),
        credito: Money::from_cents(credito),
    })
}

fn div_round(value: i128, divisor: i128) -> i128 {
    let (q, r) = (value / divisor, value % divisor);
    if 2 * r.abs() >= divisor {
        q + value.signum()
    } else {
        q
    }
}

/// An edit of a sale that has returns keeps what was sold, to whom, and the additional lines'
/// texts (the returns refer to them by position), and cannot be paid beyond what the returns
/// left owing nor below what they refunded. The product lines keep the names they were sold
/// under: an edit sends the catalogue's current ones, and the patient's lenses were recorded
/// with the sale's.
pub fn check_edit(
    current: &MovimientoDatos,
    datos: MovimientoDatos,
    devueltos: &Devueltos,
) -> Result<MovimientoDatos, MovimientoError> {
    if !devueltos.any() {
        return Ok(datos);
    }
    let refused = |regla| Err(MovimientoError::Invalid(vec![regla]));
    let sold = |d: &MovimientoDatos| {
        let lineas: Vec<_> = d
            .lineas
            .iter()
            .map(|l| (l.producto_id, l.cantidad, l.precio_unitario))
            .collect();
        (
            lineas,
            d.adicionales.clone(),
            d.descuento,
            d.total,
            d.tipo,
            d.paciente_id,
        )
    };
    // What came back would be presented to the obra social, and its credit would be lost to the
    // coverage's part.
    if datos.cobertura.is_some() && current.cobertura.is_none() {
        return refused(Regla::DevolucionesSinCobertura);
    }
    if sold(current) != sold(&datos) {
        return refused(Regla::VentaConDevoluciones);
    }
    let pagado: i64 = datos.pagos.iter().map(|p| p.monto.cents()).sum();
    if pagado + devueltos.credito.cents() > datos.total.cents() {
        return refused(Regla::PagosExcedenTotal);
    }
    let reintegrado = devueltos.valor.cents() - devueltos.credito.cents();
    if pagado < reintegrado {
        return refused(Regla::PagosMenoresQueReintegros {
            reintegrado: Money::from_cents(reintegrado),
        });
    }
    Ok(MovimientoDatos {
        lineas: current.lineas.clone(),
        ..datos
    })
}

/// The product lines a sale's returns have brought back whole, by position: units come back
/// from a product's first lines on (as `valorar` values them).
pub fn whole_lines(venta: &MovimientoDatos, devueltos: &BTreeMap<i64, i64>) -> BTreeSet<usize> {
    let mut left = devueltos.clone();
    let mut whole = BTreeSet::new();
    for (i, l) in venta.lineas.iter().enumerate() {
        let units = left.entry(l.producto_id).or_default();
        if *units >= l.cantidad {
            whole.insert(i);
        }
        *units = (*units - l.cantidad).max(0);
    }
    whole
}

mod service;
#[cfg(test)]
mod tests;

pub use service::{return_lines, Return};
