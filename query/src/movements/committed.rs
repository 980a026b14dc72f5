//! A movement as its command just committed it, for an answer whose read model is late.

use optica_events::movements::{MovimientoEvent as E, MOVEMENT_AGGREGATE};
use sqlx::PgPool;

use super::*;
use crate::late;

/// The movement as its stream holds it (None if it was never registered, or was deleted), in
/// `by_id`'s shape; the products and the patient it names as their own streams hold them when
/// their read models are late too (created just before it).
pub async fn committed(
    pool: &PgPool,
    id: i64,
    today: chrono::NaiveDate,
    viewer: Viewer,
) -> Result<Option<Movimiento>, sqlx::Error> {
    let (mut datos, mut version, mut comprobante, mut deleted) = (None, 0, None, false);
    for (sequence, payload) in late::stream(pool, MOVEMENT_AGGREGATE, id).await? {
        version = sequence;
        match late::decode::<E>(&payload)? {
            E::MovimientoRegistrado { datos: d } | E::MovimientoEditado { datos: d } => datos = Some(d),
            E::EstadoCambiado { nuevo, .. } => {
                if let Some(d) = datos.as_mut() {
                    d.estado = Some(nuevo);
                }
            }
            E::MovimientoEliminado => deleted = true,
            // A return shows on the sale once the read model has it; the answer of a return is
            // its refund's movement, another stream.
            // A collection's receipt is read by its number (`collections`).
            E::LineasDevueltas { .. } | E::ReciboEmitido { .. } => {}
            E::ComprobanteEmitido { numero, .. } => comprobante = Some(numero),
            event @ (E::CoberturaPresentada { .. } | E::DebitoFacturado { .. }) => {
                if let Some(c) = datos.as_mut().and_then(|d| d.cobertura.as_mut()) {
                    c.apply(&event);
                }
            }
        }
    }
    let Some(d) = datos.filter(|_| !deleted) else {
        return Ok(None);
    };
    let mut saved = shaped(pool, id, &d, version, comprobante, viewer).await?;
    for (detalle, linea) in saved.detalles.iter_mut().zip(&d.lineas) {
        if detalle.producto.is_none() {
            detalle.producto = crate::products::committed(pool, linea.producto_id, today, viewer).await?;
        }
    }
    if let (None, Some(paciente)) = (&saved.paciente, d.paciente_id) {
        saved.paciente = crate::patients::committed(pool, paciente, today).await?;
    }
    Ok(Some(saved))
}

/// A movement as its command just committed it, in `by_id`'s shape: for the answer of a command
/// whose read model is late. The names (branch, payment methods, products, patient)
/// are read as they stand; the debt counts no return (a sale's returns come later).
async fn shaped(
    pool: &PgPool,
    id: i64,
    d: &optica_events::movements::MovimientoDatos,
    version: i64,
    comprobante: Option<i64>,
    viewer: Viewer,
) -> Result<Movimiento, sqlx::Error> {
    let metodos: Vec<i64> = d.pagos.iter().map(|p| p.metodo_pago_id).collect();
    let wanted: Vec<(&str, i64)> = std::iter::once(("Local", d.local_id))
        .chain(metodos.iter().map(|m| ("MetodoPago", *m)))
        .collect();
    let names = crate::lookups::rows(pool, &wanted).await?;
    let local = names.iter().find(|n| n.0 == "Local");
    let metodo = |id: i64| {
        names
            .iter()
            .find(|n| n.0 == "MetodoPago" && n.1 == id)
            .map(|n| n.2.clone())
    };
    let paid: i64 = d.pagos.iter().map(|p| p.monto.cents()).sum();
    let cobertura = match &d.cobertura {
        None => None,
        Some(c) => {
            let nombre: Option<String> = sqlx::query_scalar("select nombre from insurers where id = $1")
                .bind(c.obra_social_id)
                .fetch_optional(pool)
                .await?;
            Some(Json(CoberturaRow {
                obra_social_id: c.obra_social_id,
                obra_social: nombre,
                plan: c.plan.clone(),
                afiliado: c.afiliado.clone(),
                medico: c.medico.clone(),
                matricula: c.matricula.clone(),
                fecha_receta: c.fecha_receta,
                parte_cristales_cents: c.parte_cristales.cents(),
                parte_armazones_cents: c.parte_armazones.cents(),
                cristales: Some(c.cristales),
                armazones: Some(c.armazones),
                liquidacion_id: c.liquidacion_id,
                facturado_cents: c.facturado_al_paciente.cents(),
            }))
        }
    };
    let row = Row {
        id,
        tipo: Stored(d.tipo),
        fecha: d.fecha,
        local_id: d.local_id,
        local_nombre: local.map(|l| l.2.clone()),
        local_direccion: local.and_then(|l| l.3.clone()),
        local_celular: local.and_then(|l| l.4.clone()),
        paciente_id: d.paciente_id,
        vendedor: d.vendedor.clone(),
        descripcion: d.descripcion.clone(),
        descuento_hundredths: d.descuento.map(|m| m.hundredths()),
        total_cents: d.total.cents(),
        total_impuesto_cents: d.total_impuesto.cents(),
        deuda_cents: (d.total.cents() - paid - d.parte_obra_social().cents()).max(0),
        estado: d.estado.map(Stored),
        version,
        comprobante_local: comprobante.map(|_| d.local_id),
        comprobante,
        trabajo: None,
        cobertura,
    };
    let parts = Parts {
        lineas: (d.lineas.iter().enumerate())
            .map(|(i, l)| LineRow {
                movimiento_id: id,
                linea: i as i32,
                producto_id: l.producto_id,
                cantidad: l.cantidad,
                precio_cents: l.precio_unitario.cents(),
                subtotal_cents: l.subtotal.cents(),
            })
            .collect(),
        extras: (d.adicionales.iter().enumerate())
            .map(|(i, e)| ExtraRow {
                movimiento_id: id,
                linea: i as i32,
                descripcion: e.descripcion.clone(),
                subtotal_cents: e.subtotal.cents(),
            })
            .collect(),
        pagos: d
            .pagos
            .iter()
            .map(|p| PaymentRow {
                movimiento_id: id,
                uid: p.id,
                monto_cents: p.monto.cents(),
                monto_impuesto_cents: p.monto_impuesto.cents(),
                fecha: p.fecha,
                metodo_pago_id: p.metodo_pago_id,
                metodo: metodo(p.metodo_pago_id),
                cuotas: p.plan.map(|plan| plan.cuotas as i32),
                recargo_hundredths: p.plan.map(|plan| plan.recargo.hundredths() as i32),
            })
            .collect(),
        row,
    };
    assemble(pool, vec![parts], Some(Returns::default()), viewer)
        .await?
        .pop()
        .ok_or(sqlx::Error::RowNotFound)
}
