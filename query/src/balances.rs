//! Customer balances (cuenta corriente): every sale with something still owed, oldest
//! first, and the total owed. Read from the movements' rows, whose `deuda_cents` the projection
//! keeps (migration 0019), through the partial index of movements with a debt.

use chrono::{NaiveDate, NaiveDateTime};
use serde::Serialize;
use sqlx::{PgPool, Postgres, QueryBuilder};
use utoipa::ToSchema;

use crate::Page;

/// A sale with a balance.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Saldo {
    pub id_movimiento: i64,
    /// The sale's receipt number as the customer holds it (`0001-00000042`).
    #[sqlx(skip)]
    pub comprobante: Option<String>,
    /// The receipt's branch and number, as read.
    #[serde(skip)]
    comprobante_local: Option<i64>,
    #[serde(skip)]
    comprobante_numero: Option<i64>,
    #[schema(value_type = String)]
    pub fecha: NaiveDateTime,
    pub local_id: i64,
    pub local: String,
    pub id_paciente: Option<i64>,
    pub paciente: Option<String>,
    pub total: f64,
    pub pagado: f64,
    pub deuda: f64,
    /// Days since the sale, in the shop's calendar.
    pub dias: i32,
}

/// A page of balances and what is owed in all (over every page).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CuentasCorrientes {
    pub total_adeudado: f64,
    pub saldos: Page<Saldo>,
}

/// Which balances: of one branch's sales and/or one patient's.
#[derive(Clone, Copy, Debug, Default)]
pub struct Filtro {
    pub local_id: Option<i64>,
    pub paciente_id: Option<i64>,
}

fn conditions<'a>(q: &mut QueryBuilder<'a, Postgres>, f: Filtro) {
    q.push(" where m.deuda_cents > 0 and m.tipo = 'ENTRADA'");
    if let Some(local_id) = f.local_id {
        q.push(" and m.local_id = ").push_bind(local_id);
    }
    if let Some(paciente_id) = f.paciente_id {
        q.push(" and m.paciente_id = ").push_bind(paciente_id);
    }
}

pub async fn page(
    pool: &PgPool,
    f: Filtro,
    hoy: NaiveDate,
    number: i64,
    size: i64,
) -> Result<CuentasCorrientes, sqlx::Error> {
    let mut q = QueryBuilder::new("select count(*), coalesce(sum(m.deuda_cents), 0)::bigint from movements m");
    conditions(&mut q, f);
    let (count, owed): (i64, i64) = q.build_query_as().fetch_one(pool).await?;
    let mut q = QueryBuilder::new(
        "select m.id as id_movimiento,
                r.local_id as comprobante_local, r.numero as comprobante_numero,
                m.fecha, m.local_id, coalesce(l.nombre, '') as local,
                m.paciente_id as id_paciente, pa.nombre_completo as paciente,
                m.total_cents / 100.0::float8 as total,
                coalesce((select sum(p.monto_cents) from movement_payments p where p.movimiento_id = m.id), 0)
                    / 100.0::float8 as pagado,
                m.deuda_cents / 100.0::float8 as deuda, (",
    );
    q.push_bind(hoy).push(
        "::date - m.fecha::date)::int as dias
         from movements m
         left join lookup_items l on l.kind = 'Local' and l.id = m.local_id
         left join patients pa on pa.id = m.paciente_id
         left join receipts r on r.movimiento_id = m.id",
    );
    conditions(&mut q, f);
    q.push(" order by m.fecha, m.id");
    crate::page::limit_page(&mut q, number, size);
    let mut rows: Vec<Saldo> = q.build_query_as().fetch_all(pool).await?;
    for row in &mut rows {
        row.comprobante = optica_events::movements::comprobante_leido(row.comprobante_local, row.comprobante_numero);
    }
    Ok(CuentasCorrientes {
        total_adeudado: owed as f64 / 100.0,
        saldos: Page::new(rows, number, size, count),
    })
}
