//! A batch of movements as one array per column, written with one statement per table: an
//! `unnest` of the arrays, or, for a large batch's three large tables, `COPY` (`crate::copy`).

use chrono::NaiveDateTime;
use optica_events::movements::MovimientoDatos;
use sqlx::PgConnection;

use super::wire;
use crate::copy::CopyRows;
use crate::ProjectionError;

/// The batch's rows as one array per column, for `unnest`.
#[derive(Default)]
pub struct MovementRows {
    id: Vec<i64>,
    tipo: Vec<String>,
    fecha: Vec<NaiveDateTime>,
    local_id: Vec<i64>,
    paciente_id: Vec<Option<i64>>,
    vendedor: Vec<Option<String>>,
    descripcion: Vec<Option<String>>,
    descuento: Vec<Option<i64>>,
    total: Vec<i64>,
    total_impuesto: Vec<i64>,
    deuda: Vec<i64>,
    estado: Vec<Option<String>>,
    version: Vec<i64>,
    motivo_precio: Vec<Option<String>>,
    cobertura_cents: Vec<i64>,
    /// The coverages of the batch's covered sales.
    coberturas: Vec<(i64, optica_events::insurers::CoberturaVenta)>,
    line_mov: Vec<i64>,
    line_n: Vec<i32>,
    line_producto: Vec<i64>,
    line_modelo: Vec<String>,
    line_marca: Vec<String>,
    line_cristal: Vec<bool>,
    line_cantidad: Vec<i64>,
    line_precio: Vec<i64>,
    line_subtotal: Vec<i64>,
    extra_mov: Vec<i64>,
    extra_n: Vec<i32>,
    extra_descripcion: Vec<String>,
    extra_subtotal: Vec<i64>,
    pago_mov: Vec<i64>,
    pago_id: Vec<i64>,
    pago_metodo: Vec<i64>,
    pago_monto: Vec<i64>,
    pago_impuesto: Vec<i64>,
    pago_fecha: Vec<NaiveDateTime>,
    pago_local: Vec<i64>,
    pago_tipo: Vec<String>,
    pago_cuotas: Vec<Option<i32>>,
    pago_recargo: Vec<Option<i32>>,
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
    /// A large batch's movements, lines and payments as `COPY` text, made by `seal`: written
    /// instead of their arrays.
    copies: Option<[CopyRows; 3]>,
}

/// The three large tables and their columns, in the order both writes give the values.
const MOVEMENTS: &str =
    "movements (id, tipo, fecha, local_id, paciente_id, vendedor, descripcion, descuento_hundredths,
     total_cents, total_impuesto_cents, estado, version, deuda_cents, motivo_precio, cobertura_cents)";
const LINES: &str =
    "movement_lines (movimiento_id, linea, producto_id, modelo, marca, cristal, cantidad, precio_cents, subtotal_cents)";
const PAYMENTS: &str = "movement_payments (movimiento_id, pago_id, metodo_pago_id, monto_cents, monto_impuesto_cents,
     fecha, local_id, tipo, cuotas, recargo_hundredths)";

/// From how many movements a batch's large tables go by `COPY`: a rebuild's batches, never the
/// live projector's (its rounds read at most 500 events, and a sale is two). A copy costs a
/// round trip more than an insert and is not a prepared statement: for the live projector's few
/// sales it cost twice the insert's time (0.4 against 0.19 ms), for a rebuild's batch of
/// thousands a third less.
const COPY_FROM: usize = 500;

impl MovementRows {
    pub fn push(&mut self, id: i64, d: &MovimientoDatos, version: i64) {
        let tipo = wire(&d.tipo);
        self.id.push(id);
        self.tipo.push(tipo.clone());
        self.fecha.push(d.fecha);
        self.local_id.push(d.local_id);
        self.paciente_id.push(d.paciente_id);
        self.vendedor.push(d.vendedor.clone());
        self.descripcion.push(d.descripcion.clone());
        self.descuento.push(d.descuento.map(|m| m.hundredths()));
        self.total.push(d.total.cents());
        self.total_impuesto.push(d.total_impuesto.cents());
        let pagado: i64 = d.pagos.iter().map(|p| p.monto.cents()).sum();
        // The obra social's part is its debt, not the patient's.
        let parte = d.parte_obra_social().cents();
        self.deuda.push((d.total.cents() - pagado - parte).max(0));
        self.cobertura_cents.push(parte);
        if let Some(c) = &d.cobertura {
            self.coberturas.push((id, c.clone()));
        }
        self.estado.push(d.estado.as_ref().map(wire));
        self.version.push(version);
        self.motivo_precio.push(d.motivo_precio.as_ref().map(wire));
        for (n, l) in d.lineas.iter().enumerate() {
            self.line_mov.push(id);
            self.line_n.push(n as i32);
            self.line_producto.push(l.producto_id);
            self.line_modelo.push(l.modelo.clone());
            self.line_marca.push(l.marca.clone());
            self.line_cristal.push(l.cristal);
            self.line_cantidad.push(l.cantidad);
            self.line_precio.push(l.precio_unitario.cents());
            self.line_subtotal.push(l.subtotal.cents());
        }
        for (n, a) in d.adicionales.iter().enumerate() {
            self.extra_mov.push(id);
            self.extra_n.push(n as i32);
            self.extra_descripcion.push(a.descripcion.clone());
            self.extra_subtotal.push(a.subtotal.cents());
        }
        for p in &d.pagos {
            self.pago_mov.push(id);
            self.pago_id.push(p.id);
            self.pago_metodo.push(p.metodo_pago_id);
            self.pago_monto.push(p.monto.cents());
            self.pago_impuesto.push(p.monto_impuesto.cents());
            self.pago_fecha.push(p.fecha);
            self.pago_local.push(p.branch(d.local_id));
            self.pago_tipo.push(tipo.clone());
            self.pago_cuotas.push(p.plan.map(|plan| plan.cuotas as i32));
            self.pago_recargo
                .push(p.plan.map(|plan| plan.recargo.hundredths() as i32));
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

    /// Turns a large batch's movements, lines and payments into `COPY` text, once every row is
    /// in: a rebuild does it on the thread that prepares its next batch, and the write only
    /// sends the text.
    pub fn seal(&mut self) {
        if self.id.len() < COPY_FROM {
            return;
        }
        let mut movements = CopyRows::new(MOVEMENTS);
        for i in 0..self.id.len() {
            movements.row(&[
                &self.id[i],
                &self.tipo[i],
                &self.fecha[i],
                &self.local_id[i],
                &self.paciente_id[i],
                &self.vendedor[i],
                &self.descripcion[i],
                &self.descuento[i],
                &self.total[i],
                &self.total_impuesto[i],
                &self.estado[i],
                &self.version[i],
                &self.deuda[i],
                &self.motivo_precio[i],
                &self.cobertura_cents[i],
            ]);
        }
        let mut lines = CopyRows::new(LINES);
        for i in 0..self.line_mov.len() {
            lines.row(&[
                &self.line_mov[i],
                &self.line_n[i],
                &self.line_producto[i],
                &self.line_modelo[i],
                &self.line_marca[i],
                &self.line_cristal[i],
                &self.line_cantidad[i],
                &self.line_precio[i],
                &self.line_subtotal[i],
            ]);
        }
        let mut payments = CopyRows::new(PAYMENTS);
        for i in 0..self.pago_mov.len() {
            payments.row(&[
                &self.pago_mov[i],
                &self.pago_id[i],
                &self.pago_metodo[i],
                &self.pago_monto[i],
                &self.pago_impuesto[i],
                &self.pago_fecha[i],
                &self.pago_local[i],
                &self.pago_tipo[i],
                &self.pago_cuotas[i],
                &self.pago_recargo[i],
            ]);
        }
        self.copies = Some([movements, lines, payments]);
    }

    /// Writes each table that has rows; a batch of new sales skips the empty ones (one round
    /// trip each otherwise).
    pub async fn write(self, conn: &mut PgConnection) -> Result<(), ProjectionError> {
        // The movements before their children: the children's foreign keys name them.
        let copied = match self.copies {
            Some(copies) => {
                for copy in copies {
                    copy.write(conn).await?;
                }
                true
            }
            None => false,
        };
        if !copied && !self.id.is_empty() {
            execute!(
                conn,
                &format!("insert into {MOVEMENTS}
                 select * from unnest($1::bigint[], $2::text[], $3::timestamp[], $4::bigint[], $5::bigint[], $6::text[],
                                      $7::text[], $8::bigint[], $9::bigint[], $10::bigint[], $11::text[], $12::bigint[],
                                      $13::bigint[], $14::text[], $15::bigint[])");
                &self.id, &self.tipo, &self.fecha, &self.local_id, &self.paciente_id, &self.vendedor,
                &self.descripcion, &self.descuento, &self.total, &self.total_impuesto, &self.estado, &self.version,
                &self.deuda, &self.motivo_precio, &self.cobertura_cents
            )?;
        }
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
        if !copied && !self.line_mov.is_empty() {
            execute!(
                conn,
                &format!("insert into {LINES}
                 select * from unnest($1::bigint[], $2::int[], $3::bigint[], $4::text[], $5::text[], $6::boolean[],
                                      $7::bigint[], $8::bigint[], $9::bigint[])");
                &self.line_mov, &self.line_n, &self.line_producto, &self.line_modelo, &self.line_marca,
                &self.line_cristal, &self.line_cantidad, &self.line_precio, &self.line_subtotal
            )?;
        }
        if !self.extra_mov.is_empty() {
            execute!(
                conn,
                "insert into movement_extras (movimiento_id, linea, descripcion, subtotal_cents)
                 select * from unnest($1::bigint[], $2::int[], $3::text[], $4::bigint[])";
                &self.extra_mov, &self.extra_n, &self.extra_descripcion, &self.extra_subtotal
            )?;
        }
        if !copied && !self.pago_mov.is_empty() {
            execute!(
                conn,
                &format!("insert into {PAYMENTS}
                 select * from unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[],
                                      $6::timestamp[], $7::bigint[], $8::text[], $9::int[], $10::int[])");
                &self.pago_mov, &self.pago_id, &self.pago_metodo, &self.pago_monto, &self.pago_impuesto,
                &self.pago_fecha, &self.pago_local, &self.pago_tipo, &self.pago_cuotas, &self.pago_recargo
            )?;
        }
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
