//! A batch of movements' rows, written with one statement per table: `COPY` for the three large
//! ones, `unnest` for the others.

use optica_events::movements::MovimientoDatos;
use sqlx::PgConnection;

use super::wire;
use crate::copy::CopyRows;
use crate::ProjectionError;

/// The batch's rows: the three large tables' as `COPY` text, the others as one array per column,
/// for `unnest`.
pub struct MovementRows {
    movements: CopyRows,
    /// The coverages of the batch's covered sales.
    coberturas: Vec<(i64, optica_events::insurers::CoberturaVenta)>,
    lines: CopyRows,
    extra_mov: Vec<i64>,
    extra_n: Vec<i32>,
    extra_descripcion: Vec<String>,
    extra_subtotal: Vec<i64>,
    payments: CopyRows,
    /// Returns (the refund's SALIDA) and the sales they name.
    ret_mov: Vec<i64>,
    pub ret_venta: Vec<i64>,
    ret_lineas: Vec<serde_json::Value>,
    ret_adicionales: Vec<Vec<i32>>,
    ret_valor: Vec<i64>,
    ret_credito: Vec<i64>,
    /// Movements whose only change is their version (a sale's return recorded).
    pub touch_ids: Vec<i64>,
    pub touch_version: Vec<i64>,
    /// Movements whose only change is their state.
    pub estado_ids: Vec<i64>,
    pub estado_set: Vec<String>,
    pub estado_version: Vec<i64>,
}

impl Default for MovementRows {
    fn default() -> Self {
        MovementRows {
            movements: CopyRows::new(
                "movements (id, tipo, fecha, local_id, paciente_id, vendedor, descripcion, descuento_hundredths,
                            total_cents, total_impuesto_cents, estado, version, deuda_cents, motivo_precio,
                            cobertura_cents)",
            ),
            coberturas: Vec::new(),
            lines: CopyRows::new(
                "movement_lines (movimiento_id, linea, producto_id, modelo, marca, cristal, cantidad, precio_cents,
                                 subtotal_cents)",
            ),
            extra_mov: Vec::new(),
            extra_n: Vec::new(),
            extra_descripcion: Vec::new(),
            extra_subtotal: Vec::new(),
            payments: CopyRows::new(
                "movement_payments (movimiento_id, pago_id, metodo_pago_id, monto_cents, monto_impuesto_cents, fecha,
                                    local_id, tipo, cuotas, recargo_hundredths)",
            ),
            ret_mov: Vec::new(),
            ret_venta: Vec::new(),
            ret_lineas: Vec::new(),
            ret_adicionales: Vec::new(),
            ret_valor: Vec::new(),
            ret_credito: Vec::new(),
            touch_ids: Vec::new(),
            touch_version: Vec::new(),
            estado_ids: Vec::new(),
            estado_set: Vec::new(),
            estado_version: Vec::new(),
        }
    }
}

impl MovementRows {
    pub fn push(&mut self, id: i64, d: &MovimientoDatos, version: i64) {
        let tipo = wire(&d.tipo);
        let pagado: i64 = d.pagos.iter().map(|p| p.monto.cents()).sum();
        // The obra social's part is its debt, not the patient's.
        let parte = d.parte_obra_social().cents();
        self.movements.row(&[
            &id,
            &tipo,
            &d.fecha,
            &d.local_id,
            &d.paciente_id,
            &d.vendedor,
            &d.descripcion,
            &d.descuento.map(|m| m.hundredths()),
            &d.total.cents(),
            &d.total_impuesto.cents(),
            &d.estado.as_ref().map(wire),
            &version,
            &(d.total.cents() - pagado - parte).max(0),
            &d.motivo_precio.as_ref().map(wire),
            &parte,
        ]);
        if let Some(c) = &d.cobertura {
            self.coberturas.push((id, c.clone()));
        }
        for (n, l) in d.lineas.iter().enumerate() {
            self.lines.row(&[
                &id,
                &(n as i32),
                &l.producto_id,
                &l.modelo,
                &l.marca,
                &l.cristal,
                &l.cantidad,
                &l.precio_unitario.cents(),
                &l.subtotal.cents(),
            ]);
        }
        for (n, a) in d.adicionales.iter().enumerate() {
            self.extra_mov.push(id);
            self.extra_n.push(n as i32);
            self.extra_descripcion.push(a.descripcion.clone());
            self.extra_subtotal.push(a.subtotal.cents());
        }
        for p in &d.pagos {
            self.payments.row(&[
                &id,
                &p.id,
                &p.metodo_pago_id,
                &p.monto.cents(),
                &p.monto_impuesto.cents(),
                &p.fecha,
                &p.branch(d.local_id),
                &tipo,
                &p.plan.map(|plan| plan.cuotas as i32),
                &p.plan.map(|plan| plan.recargo.hundredths() as i32),
            ]);
        }
        if let Some(r) = &d.devolucion {
            self.ret_mov.push(id);
            self.ret_venta.push(r.venta_id);
            let lineas = r.lineas.iter().map(|l| {
                serde_json::json!({"productoId": l.producto_id, "modelo": l.modelo, "marca": l.marca, "cantidad": l.cantidad})
            });
            self.ret_lineas.push(serde_json::Value::Array(lineas.collect()));
            self.ret_adicionales
                .push(r.adicionales.iter().map(|&i| i as i32).collect());
            self.ret_valor.push(r.valor.cents());
            self.ret_credito.push(r.credito.cents());
        }
    }

    /// Writes each table that has rows; a batch of new sales skips the empty ones (one round
    /// trip each otherwise).
    pub async fn write(self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        // The movements before their children: the children's foreign keys name them.
        self.movements.write(conn).await?;
        if !self.coberturas.is_empty() {
            let c = &self.coberturas;
            let ids: Vec<i64> = c.iter().map(|(id, _)| *id).collect();
            let os: Vec<i64> = c.iter().map(|(_, c)| c.obra_social_id).collect();
            let plan: Vec<&str> = c.iter().map(|(_, c)| c.plan.as_str()).collect();
            let afiliado: Vec<&str> = c.iter().map(|(_, c)| c.afiliado.as_str()).collect();
            let medico: Vec<Option<&str>> = c.iter().map(|(_, c)| c.medico.as_deref()).collect();
            let matricula: Vec<Option<&str>> = c.iter().map(|(_, c)| c.matricula.as_deref()).collect();
            let receta: Vec<Option<chrono::NaiveDate>> = c.iter().map(|(_, c)| c.fecha_receta).collect();
            let cristales: Vec<i64> = c.iter().map(|(_, c)| c.parte_cristales.cents()).collect();
            let armazones: Vec<i64> = c.iter().map(|(_, c)| c.parte_armazones.cents()).collect();
            let liquidacion: Vec<Option<i64>> = c.iter().map(|(_, c)| c.liquidacion_id).collect();
            let facturado: Vec<i64> = c.iter().map(|(_, c)| c.facturado_al_paciente.cents()).collect();
            let terms = |t: optica_events::insurers::Cobertura| serde_json::to_value(t).unwrap_or_default();
            let cristales_terms: Vec<serde_json::Value> = c.iter().map(|(_, c)| terms(c.cristales)).collect();
            let armazones_terms: Vec<serde_json::Value> = c.iter().map(|(_, c)| terms(c.armazones)).collect();
            execute!(
                conn,
                "insert into sale_coverages (movimiento_id, obra_social_id, plan, afiliado, medico, matricula, fecha_receta,
                                             parte_cristales_cents, parte_armazones_cents, liquidacion_id, facturado_cents,
                                             cristales, armazones)
                 select * from unnest($1::bigint[], $2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[],
                                      $7::date[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[],
                                      $12::jsonb[], $13::jsonb[])";
                &ids, &os, &plan, &afiliado, &medico, &matricula, &receta, &cristales, &armazones, &liquidacion,
                &facturado, &cristales_terms, &armazones_terms
            )?;
        }
        self.lines.write(conn).await?;
        if !self.extra_mov.is_empty() {
            execute!(
                conn,
                "insert into movement_extras (movimiento_id, linea, descripcion, subtotal_cents)
                 select * from unnest($1::bigint[], $2::int[], $3::text[], $4::bigint[])";
                &self.extra_mov, &self.extra_n, &self.extra_descripcion, &self.extra_subtotal
            )?;
        }
        self.payments.write(conn).await?;
        if !self.ret_mov.is_empty() {
            // Each return's positions as a JSON array: unnest cannot take an array of arrays of
            // different lengths.
            let adicionales: Vec<serde_json::Value> =
                self.ret_adicionales.iter().map(|a| serde_json::json!(a)).collect();
            execute!(
                conn,
                "insert into movement_returns (movimiento_id, venta_id, lineas, adicionales, valor_cents, credito_cents)
                 select m, v, l, array(select jsonb_array_elements_text(a)::int), va, c
                 from unnest($1::bigint[], $2::bigint[], $3::jsonb[], $4::jsonb[], $5::bigint[], $6::bigint[])
                      as u(m, v, l, a, va, c)";
                &self.ret_mov, &self.ret_venta, &self.ret_lineas, &adicionales, &self.ret_valor, &self.ret_credito
            )?;
        }
        if !self.touch_ids.is_empty() {
            execute!(
                conn,
                "update movements m set version = u.version
                 from unnest($1::bigint[], $2::bigint[]) as u(id, version) where m.id = u.id";
                &self.touch_ids, &self.touch_version
            )?;
        }
        if !self.estado_ids.is_empty() {
            execute!(
                conn,
                "update movements m set estado = u.estado, version = u.version
                 from unnest($1::bigint[], $2::text[], $3::bigint[]) as u(id, estado, version)
                 where m.id = u.id";
                &self.estado_ids, &self.estado_set, &self.estado_version
            )?;
        }
        Ok(())
    }
}
