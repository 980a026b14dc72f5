//! Movements as the API serializes them, from their rows: the products, patients and returns
//! they name read together, whatever the number of movements.

use super::*;
use optica_events::card_plans::valor_cuota;
use optica_events::Money;

/// The movements as the API serializes them, with their products, patients and returns read
/// (`returns`: already read with the movement).
pub(super) async fn assemble(
    pool: &PgPool,
    movements: Vec<Parts>,
    returns: Option<Returns>,
    viewer: Viewer,
) -> Result<Vec<Movimiento>, sqlx::Error> {
    let mut product_ids: Vec<i64> = movements
        .iter()
        .flat_map(|m| m.lineas.iter().map(|l| l.producto_id))
        .collect();
    product_ids.sort_unstable();
    product_ids.dedup();
    let productos: HashMap<i64, Producto> = products::by_ids(pool, &product_ids, viewer)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let patient_ids: Vec<i64> = movements.iter().filter_map(|m| m.row.paciente_id).collect();
    let pacientes: HashMap<i64, Paciente> = patients::by_ids(pool, &patient_ids)
        .await?
        .into_iter()
        .map(|p| (p.id, p))
        .collect();
    let mut returns = match returns {
        Some(known) => known,
        None => {
            let ids: Vec<i64> = movements.iter().map(|m| m.row.id).collect();
            self::returns(pool, &ids).await?
        }
    };
    Ok(movements
        .into_iter()
        .map(
            |Parts {
                 row: r,
                 lineas,
                 extras,
                 pagos,
             }| {
                let (devoluciones, devuelto) = returns.of_sale.remove(&r.id).unwrap_or_default();
                Movimiento {
                    devolucion_de: returns.of_refund.get(&r.id).map(|(venta, _)| *venta),
                    devolucion_de_comprobante: returns.of_refund.get(&r.id).and_then(|(_, c)| c.clone()),
                    devoluciones,
                    devuelto,
                    id: r.id,
                    tipo_movimiento: r.tipo.0,
                    fecha: r.fecha,
                    total: pesos(r.total_cents),
                    descuento: r.descuento_hundredths.map(pesos),
                    total_impuesto: pesos(r.total_impuesto_cents),
                    deuda: pesos(r.deuda_cents),
                    descripcion: r.descripcion,
                    vendedor: r.vendedor,
                    paciente: r.paciente_id.and_then(|pid| pacientes.get(&pid).cloned()),
                    detalles: lineas
                        .into_iter()
                        .map(|l| Detalle {
                            id: i64::from(l.linea) + 1,
                            cantidad: l.cantidad,
                            precio_unitario: pesos(l.precio_cents),
                            subtotal: pesos(l.subtotal_cents),
                            producto: productos.get(&l.producto_id).cloned(),
                        })
                        .collect(),
                    detalles_adicionales: extras
                        .into_iter()
                        .map(|e| DetalleAdicional {
                            id: i64::from(e.linea) + 1,
                            descripcion: e.descripcion,
                            subtotal: pesos(e.subtotal_cents),
                        })
                        .collect(),
                    caja_movimientos: pagos
                        .into_iter()
                        .map(|p| CajaMovimiento {
                            id: p.uid,
                            monto: pesos(p.monto_cents),
                            monto_impuesto: pesos(p.monto_impuesto_cents),
                            fecha: p.fecha,
                            metodo_pago: p.metodo.map(|nombre| Nombrado {
                                id: p.metodo_pago_id,
                                nombre,
                            }),
                            cuotas: p.cuotas,
                            recargo: p.recargo_hundredths.map(|r| f64::from(r) / 100.0),
                            valor_cuota: p.cuotas.and_then(|c| u32::try_from(c).ok()).and_then(|c| {
                                valor_cuota(Money::from_cents(p.monto_impuesto_cents), c).map(Money::as_f64)
                            }),
                        })
                        .collect(),
                    local: r.local_nombre.map(|nombre| Local {
                        id: r.local_id,
                        nombre,
                        direccion: r.local_direccion,
                        celular: r.local_celular,
                    }),
                    estado_movimiento: r.estado.map(|e| e.0),
                    version: r.version,
                    comprobante: optica_events::movements::comprobante_leido(r.comprobante_local, r.comprobante),
                    trabajo: r.trabajo.map(|t| t.0),
                    codigo_estado: None,
                    cobertura: r.cobertura.map(|c| c.0.into()),
                }
            },
        )
        .collect())
}
