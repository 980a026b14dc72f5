//! The cash-box lists and all-time totals (contract §5.5 and §5.6); the period figures are in
//! `crate::statistics`. List rows are payments: each row is
//! the payment's movement with `fecha` replaced by the payment's date. Money sums are taken in
//! cents by PostgreSQL and turned into pesos only for the answer.

use std::collections::{BTreeMap, HashMap};

use chrono::{NaiveDate, NaiveDateTime};
use sqlx::{PgPool, Postgres, QueryBuilder};

use super::{self as movements, Movimiento};
use crate::products::Viewer;
use crate::{contains_pattern, Page};

/// What the list filters on; `None` means no condition.
#[derive(Clone, Debug, Default)]
pub struct Filtro {
    pub local_id: Option<i64>,
    /// ENTRADA or SALIDA, compared exactly.
    pub tipo: Option<String>,
    /// Part of the patient's name, ignoring case and accents.
    pub nombre_paciente: Option<String>,
    /// The payment's day.
    pub fecha: Option<NaiveDate>,
    /// The payment method's exact name.
    pub metodo_pago: Option<String>,
    /// One patient's movements ('Ver compras': by id, not by a name another patient may contain).
    pub paciente_id: Option<i64>,
    /// Only movements with a balance still owed.
    pub con_deuda: bool,
}

impl Filtro {
    /// Whether a condition needs the movement itself (the daily counts cannot answer it).
    fn on_movement(&self) -> bool {
        self.nombre_paciente.is_some() || self.paciente_id.is_some() || self.con_deuda
    }
}

/// Appends the filter's conditions on payment rows `p` (only those it sets, so the planner sees
/// plain conditions and uses the branch and date indexes).
fn conditions<'a>(q: &mut QueryBuilder<'a, Postgres>, filtro: &'a Filtro) {
    branch_and_type(q, filtro, "p");
    if let Some(nombre) = &filtro.nombre_paciente {
        q.push(
            " and exists (select 1 from movements m join patients pa on pa.id = m.paciente_id
                          where m.id = p.movimiento_id and pa.nombre_busqueda like optica_fold(",
        )
        .push_bind(contains_pattern(nombre))
        .push("))");
    }
    if let Some(paciente_id) = filtro.paciente_id {
        q.push(" and exists (select 1 from movements m where m.id = p.movimiento_id and m.paciente_id = ")
            .push_bind(paciente_id)
            .push(")");
    }
    if filtro.con_deuda {
        q.push(" and exists (select 1 from movements m where m.id = p.movimiento_id and m.deuda_cents > 0)");
    }
    if let Some(fecha) = filtro.fecha {
        on_day(q, "p.fecha", fecha);
    }
    if let Some(metodo) = &filtro.metodo_pago {
        paid_with(q, metodo);
    }
}

/// ` where true` and the conditions on the branch and the type of table `t`'s rows, which every
/// table the lists read carries alike.
fn branch_and_type<'a>(q: &mut QueryBuilder<'a, Postgres>, filtro: &'a Filtro, t: &str) {
    q.push(" where true");
    if let Some(local_id) = filtro.local_id {
        q.push(format!(" and {t}.local_id = ")).push_bind(local_id);
    }
    if let Some(tipo) = &filtro.tipo {
        q.push(format!(" and {t}.tipo = ")).push_bind(tipo.as_str());
    }
}

/// Rows whose timestamp `column` falls on day `fecha`, as the date indexes can answer.
fn on_day(q: &mut QueryBuilder<'_, Postgres>, column: &str, fecha: NaiveDate) {
    q.push(format!(" and {column} >= "))
        .push_bind(fecha)
        .push(format!(" and {column} < "))
        .push_bind(fecha)
        .push("::date + 1");
}

/// Payment rows `p` paid with the method named `metodo`.
fn paid_with<'a>(q: &mut QueryBuilder<'a, Postgres>, metodo: &'a str) {
    q.push(" and p.metodo_pago_id in (select id from lookup_items where kind = 'MetodoPago' and nombre = ")
        .push_bind(metodo)
        .push(")");
}

/// The keys of the matching payment rows, newest first; a page of them when `limit` is given.
async fn keys(
    pool: &PgPool,
    filtro: &Filtro,
    limit: Option<(i64, i64)>,
) -> Result<Vec<(i64, NaiveDateTime)>, sqlx::Error> {
    let mut q = QueryBuilder::new("select p.movimiento_id, p.fecha from movement_payments p");
    conditions(&mut q, filtro);
    q.push(" order by p.fecha desc, p.movimiento_id desc, p.pago_id desc");
    if let Some((size, offset)) = limit {
        q.push(" limit ").push_bind(size).push(" offset ").push_bind(offset);
    }
    q.build_query_as().fetch_all(pool).await
}

/// How many payment rows match. Without conditions on the movement the daily payment counts
/// answer it; with one, it narrows the rows enough to count them.
async fn count(pool: &PgPool, filtro: &Filtro) -> Result<i64, sqlx::Error> {
    if filtro.on_movement() {
        let mut q = QueryBuilder::new("select count(*) from movement_payments p");
        conditions(&mut q, filtro);
        return q.build_query_scalar().fetch_one(pool).await;
    }
    let mut q = QueryBuilder::new("select coalesce(sum(p.pagos), 0)::bigint from stats_payment_day p");
    branch_and_type(&mut q, filtro, "p");
    if let Some(fecha) = filtro.fecha {
        q.push(" and p.dia = ").push_bind(fecha);
    }
    if let Some(metodo) = &filtro.metodo_pago {
        paid_with(&mut q, metodo);
    }
    q.build_query_scalar().fetch_one(pool).await
}

/// The payment rows as movements, newest payment first.
async fn rows(pool: &PgPool, keys: Vec<(i64, NaiveDateTime)>, viewer: Viewer) -> Result<Vec<Movimiento>, sqlx::Error> {
    let mut ids: Vec<i64> = keys.iter().map(|k| k.0).collect();
    ids.sort_unstable();
    ids.dedup();
    let found: HashMap<i64, Movimiento> = movements::by_ids(pool, &ids, viewer)
        .await?
        .into_iter()
        .map(|m| (m.id, m))
        .collect();
    Ok(keys
        .into_iter()
        .filter_map(|(id, fecha)| {
            let mut row = found.get(&id)?.clone();
            row.fecha = fecha;
            Some(row)
        })
        .collect())
}

/// Page `number` of `size` payment rows.
pub async fn page(
    pool: &PgPool,
    filtro: &Filtro,
    viewer: Viewer,
    number: i64,
    size: i64,
) -> Result<Page<Movimiento>, sqlx::Error> {
    let total = count(pool, filtro).await?;
    let found = keys(pool, filtro, Some((size, number * size))).await?;
    Ok(Page::new(rows(pool, found, viewer).await?, number, size, total))
}

/// Every payment row (the web app asks only for one day).
pub async fn all(pool: &PgPool, filtro: &Filtro, viewer: Viewer) -> Result<Vec<Movimiento>, sqlx::Error> {
    let found = keys(pool, filtro, None).await?;
    rows(pool, found, viewer).await
}

fn pesos(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// All-time cash per payment method name: ENTRADA payments add, SALIDA payments subtract
/// (`montoImpuesto`, what was actually charged). Every method appears, unused ones with 0. Read
/// from the daily statistics, so its cost grows with days, not movements.
pub async fn totals(pool: &PgPool, local_id: Option<i64>) -> Result<BTreeMap<String, f64>, sqlx::Error> {
    let sums: Vec<(String, i64)> = sqlx::query_as(
        "select mp.nombre, coalesce(sum(s.entrada_cents - s.salida_cents), 0)::bigint
         from lookup_items mp
         left join stats_cash_day s on s.metodo_pago_id = mp.id and ($1::bigint is null or s.local_id = $1)
         where mp.kind = 'MetodoPago'
         group by mp.id, mp.nombre",
    )
    .bind(local_id)
    .fetch_all(pool)
    .await?;
    let mut map = BTreeMap::new();
    for (nombre, cents) in sums {
        *map.entry(nombre).or_insert(0) += cents;
    }
    Ok(map.into_iter().map(|(k, v)| (k, pesos(v))).collect())
}

/// Patients registered at a branch, or at all.
pub async fn patients_at(pool: &PgPool, local_id: Option<i64>) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar("select count(*) from patients where $1::bigint is null or local_id = $1")
        .bind(local_id)
        .fetch_one(pool)
        .await
}

/// The filter's conditions on movements `m` (the list of one row per movement): the movement's
/// day, and a payment method any of its payments used.
fn movement_conditions<'a>(q: &mut QueryBuilder<'a, Postgres>, filtro: &'a Filtro) {
    // A branch's day also lists the sales of other branches whose balance it collected that day:
    // the money is in its drawer (a union of two index scans, so the day stays cheap).
    if let (Some(local_id), Some(fecha)) = (filtro.local_id, filtro.fecha) {
        let day_only = Filtro {
            local_id: None,
            fecha: None,
            ..filtro.clone()
        };
        q.push(" where m.id in (select x.id from movements x where x.local_id = ")
            .push_bind(local_id);
        on_day(q, "x.fecha", fecha);
        q.push(" union select p.movimiento_id from movement_payments p where p.local_id = ")
            .push_bind(local_id);
        on_day(q, "p.fecha", fecha);
        q.push(")");
        if let Some(tipo) = &filtro.tipo {
            q.push(" and m.tipo = ").push_bind(tipo.as_str());
        }
        return other_movement_conditions(q, day_only);
    }
    branch_and_type(q, filtro, "m");
    if let Some(fecha) = filtro.fecha {
        on_day(q, "m.fecha", fecha);
    }
    other_movement_conditions(q, filtro.clone());
}

/// The conditions on a movement beyond its branch, type and day.
fn other_movement_conditions<'a>(q: &mut QueryBuilder<'a, Postgres>, filtro: Filtro) {
    if let Some(paciente_id) = filtro.paciente_id {
        q.push(" and m.paciente_id = ").push_bind(paciente_id);
    }
    if let Some(nombre) = filtro.nombre_paciente {
        q.push(" and m.paciente_id in (select pa.id from patients pa where pa.nombre_busqueda like optica_fold(")
            .push_bind(contains_pattern(&nombre))
            .push("))");
    }
    if let Some(metodo) = filtro.metodo_pago {
        q.push(" and exists (select 1 from movement_payments p where p.movimiento_id = m.id");
        q.push(" and p.metodo_pago_id in (select id from lookup_items where kind = 'MetodoPago' and nombre = ")
            .push_bind(metodo)
            .push(")");
        q.push(")");
    }
    if filtro.con_deuda {
        q.push(" and m.deuda_cents > 0");
    }
}

/// Page `number` of `size` movements, newest first, each with its payments, description and
/// debt: the cash box as our web app lists it (one row per movement, where the contract's
/// `filtrar` gives one row per payment).
pub async fn movement_rows_page(
    pool: &PgPool,
    filtro: &Filtro,
    viewer: Viewer,
    number: i64,
    size: i64,
) -> Result<Page<Movimiento>, sqlx::Error> {
    let mut q = QueryBuilder::new("select count(*) from movements m");
    movement_conditions(&mut q, filtro);
    let total: i64 = q.build_query_scalar().fetch_one(pool).await?;
    let mut q = QueryBuilder::new("select m.id from movements m");
    movement_conditions(&mut q, filtro);
    q.push(" order by m.fecha desc, m.id desc");
    crate::page::limit_page(&mut q, number, size);
    let ids: Vec<i64> = q.build_query_scalar().fetch_all(pool).await?;
    let mut found = movements::by_ids(pool, &ids, viewer).await?;
    found.sort_by_key(|m| ids.iter().position(|id| *id == m.id));
    Ok(Page::new(found, number, size, total))
}

/// Movements (not payment rows), newest first, for the plain pages: one branch or all, and
/// optionally only those dated within `[desde, hasta]`.
pub async fn movements_page(
    pool: &PgPool,
    local_id: Option<i64>,
    dates: Option<(NaiveDate, NaiveDate)>,
    viewer: Viewer,
    number: i64,
    size: i64,
) -> Result<Page<Movimiento>, sqlx::Error> {
    const WHERE: &str = "from movements m where ($1::bigint is null or m.local_id = $1)
         and ($2::date is null or (m.fecha >= $2 and m.fecha < $3::date + 1))";
    let (desde, hasta) = dates.unzip();
    let total: i64 = sqlx::query_scalar(&format!("select count(*) {WHERE}"))
        .bind(local_id)
        .bind(desde)
        .bind(hasta)
        .fetch_one(pool)
        .await?;
    let ids: Vec<i64> = sqlx::query_scalar(&format!(
        "select m.id {WHERE} order by m.fecha desc, m.id desc limit $4 offset $5"
    ))
    .bind(local_id)
    .bind(desde)
    .bind(hasta)
    .bind(size)
    .bind(number * size)
    .fetch_all(pool)
    .await?;
    let mut found = movements::by_ids(pool, &ids, viewer).await?;
    found.sort_by_key(|m| ids.iter().position(|id| *id == m.id));
    Ok(Page::new(found, number, size, total))
}
