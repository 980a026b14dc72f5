//! A movement as its command just committed it, for an answer whose read model is late.

use sqlx::PgPool;

use super::*;

/// A movement as its command just committed it, in `by_id`'s shape: for the answer of a command
/// whose read model is late. The names (branch, payment methods, products, patient)
/// are read as they stand; the debt counts no return (a sale's returns come later).
pub async fn as_committed(
    pool: &PgPool,
    id: i64,
    d: &optica_events::movements::MovimientoDatos,
    version: i64,
    comprobante: Option<i64>,
    viewer: Viewer,
) -> Result<Movimiento, sqlx::Error> {
    let wire = |v: serde_json::Value| v.as_str().map(String::from);
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
    let row = Row {
        id,
        tipo: wire(serde_json::to_value(d.tipo).unwrap_or_default()).unwrap_or_default(),
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
        deuda_cents: (d.total.cents() - paid).max(0),
        estado: d.estado.and_then(|e| wire(serde_json::to_value(e).unwrap_or_default())),
        version,
        comprobante_local: comprobante.map(|_| d.local_id),
        comprobante,
        trabajo: None,
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
            })
            .collect(),
        row,
    };
    assemble(pool, vec![parts], Some(Returns::default()), viewer)
        .await?
        .pop()
        .ok_or(sqlx::Error::RowNotFound)
}
