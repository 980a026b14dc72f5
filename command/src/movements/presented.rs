//! A sale presented to its obra social in a liquidación (`settlements`): what of it stands from
//! then on, so that what the obra social was asked to pay is what the sale says.

use chrono::Datelike as _;
use optica_events::movements::MovimientoDatos;

use super::{MovimientoError, Regla};

/// Once presented, what the obra social was asked to pay stands: the coverage as presented
/// (obra social, plan, affiliate, prescription, parts), the product lines and the discount it
/// was computed on, the patient and the month. The payments, the additional lines, the state
/// and the notes may still change.
pub(super) fn presented_stands(current: &MovimientoDatos, datos: &MovimientoDatos) -> Result<(), MovimientoError> {
    let Some(liquidacion) = presented_in(current) else {
        return Ok(());
    };
    let covered = |d: &MovimientoDatos| {
        let lineas: Vec<_> = d
            .lineas
            .iter()
            .map(|l| (l.producto_id, l.cantidad, l.precio_unitario, l.subtotal))
            .collect();
        let dia = d.fecha.date();
        (
            lineas,
            d.descuento,
            d.paciente_id,
            dia.year(),
            dia.month(),
            d.cobertura.clone(),
        )
    };
    match covered(datos) == covered(current) {
        true => Ok(()),
        false => Err(MovimientoError::Invalid(vec![Regla::CoberturaPresentada {
            liquidacion,
        }])),
    }
}

/// The liquidación the sale's coverage was presented in, if any.
pub(super) fn presented_in(current: &MovimientoDatos) -> Option<i64> {
    current.cobertura.as_ref().and_then(|c| c.liquidacion_id)
}
