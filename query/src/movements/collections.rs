//! A collected payment's receipt (a payment on a sale's balance, numbered in the collecting
//! branch's own series): what it prints, and which receipt a payment got.

use chrono::NaiveDateTime;
use optica_events::movements::{comprobante_leido, numero_comprobante, MOVEMENT_AGGREGATE};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use super::pesos;

/// A collection's receipt as the customer holds it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReciboCobro {
    /// `0002-00000003`: the collecting branch, then the number in its series of collections.
    pub numero: String,
    pub local_id: i64,
    /// The collecting branch's name, address and phone.
    pub local: String,
    pub local_direccion: Option<String>,
    pub local_celular: Option<String>,
    #[schema(value_type = String)]
    pub fecha: NaiveDateTime,
    /// The sale it pays: its id and its receipt's number, when it has one.
    pub movimiento_id: i64,
    pub venta: Option<String>,
    /// Who paid: the sale's patient, by name only.
    pub paciente: Option<String>,
    pub metodo_pago: String,
    pub monto: f64,
    pub saldo_anterior: f64,
    pub saldo: f64,
}

#[derive(sqlx::FromRow)]
struct Row {
    local_id: i64,
    numero: i64,
    local: Option<String>,
    local_direccion: Option<String>,
    local_celular: Option<String>,
    fecha: NaiveDateTime,
    movimiento_id: i64,
    venta_local: Option<i64>,
    venta_numero: Option<i64>,
    paciente: Option<String>,
    metodo_pago: Option<String>,
    monto_cents: i64,
    saldo_anterior_cents: i64,
    saldo_cents: i64,
}

/// Receipt `numero` of branch `local_id`'s collections; `None` when there is none.
pub async fn by_number(pool: &PgPool, local_id: i64, numero: i64) -> Result<Option<ReciboCobro>, sqlx::Error> {
    let row: Option<Row> = sqlx::query_as(
        "select c.local_id, c.numero, l.nombre as local, l.direccion as local_direccion, l.celular as local_celular,
                c.fecha, c.movimiento_id, r.local_id as venta_local, r.numero as venta_numero,
                p.nombre_completo as paciente, mp.nombre as metodo_pago,
                c.monto_cents, c.saldo_anterior_cents, c.saldo_cents
         from collection_receipts c
         left join lookup_items l on l.kind = 'Local' and l.id = c.local_id
         left join lookup_items mp on mp.kind = 'MetodoPago' and mp.id = c.metodo_pago_id
         left join receipts r on r.movimiento_id = c.movimiento_id
         left join movements m on m.id = c.movimiento_id
         left join patients p on p.id = m.paciente_id
         where c.local_id = $1 and c.numero = $2",
    )
    .bind(local_id)
    .bind(numero)
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| ReciboCobro {
        numero: numero_comprobante(r.local_id, r.numero),
        local_id: r.local_id,
        local: r.local.unwrap_or_default(),
        local_direccion: r.local_direccion,
        local_celular: r.local_celular,
        fecha: r.fecha,
        movimiento_id: r.movimiento_id,
        venta: comprobante_leido(r.venta_local, r.venta_numero),
        paciente: r.paciente,
        metodo_pago: r.metodo_pago.unwrap_or_default(),
        monto: pesos(r.monto_cents),
        saldo_anterior: pesos(r.saldo_anterior_cents),
        saldo: pesos(r.saldo_cents),
    }))
}

/// The receipt payment `pago_id` of sale `id` got: (branch, number), from the events themselves,
/// so a collection's answer names its receipt before the read model has it.
pub async fn of_payment(pool: &PgPool, id: i64, pago_id: i64) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as(
        "select (d ->> 'local_id')::bigint, (d ->> 'numero')::bigint
         from (select payload::jsonb -> 'ReciboEmitido' as d from events
               where aggregate_type = $1 and aggregate_id = $2 and event_type = 'ReciboEmitido') e
         where (d ->> 'pago_id')::bigint = $3",
    )
    .bind(MOVEMENT_AGGREGATE)
    .bind(id.to_string())
    .bind(pago_id)
    .fetch_optional(pool)
    .await
}
