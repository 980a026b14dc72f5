//! The statistics page's figures over a period. Two different questions, never mixed:
//! - what was sold: by the sale's day and branch, net of what returns later took back, read from
//!   the daily statistics tables (migrations/0006_statistics.sql; a few rows per day whatever the
//!   number of movements);
//! - what came in (`income`): by the day and branch where the money moved, from the cash ledger
//!   the closings count, so it equals them.
//!
//! Money is summed in cents and turned into pesos only for the answer.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

/// A period of movement dates (both days included) at one branch or all.
#[derive(Clone, Copy, Debug)]
pub struct Periodo {
    pub local_id: Option<i64>,
    pub desde: NaiveDate,
    pub hasta: NaiveDate,
}

impl Periodo {
    /// Every day there is, at one branch or all.
    pub fn always(local_id: Option<i64>) -> Self {
        Periodo {
            local_id,
            desde: NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default(),
            hasta: NaiveDate::from_ymd_opt(9999, 12, 31).unwrap_or_default(),
        }
    }
}

/// The condition every statistics query shares: `$1` branch (null = all), `$2`..`$3` the days.
const IN_PERIOD: &str = "($1::bigint is null or s.local_id = $1) and s.dia between $2 and $3";

fn pesos(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// Cash in and out of one payment method over a period.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
pub struct EntradaSalida {
    pub entrada: f64,
    pub salida: f64,
}

/// Per payment method name (every method, unused ones with zeros), the payments of the movements
/// dated within the period, whatever the payment's own date: ENTRADA to `entrada`, SALIDA to
/// `salida` (`montoImpuesto`, what was charged).
pub async fn earned(pool: &PgPool, periodo: Periodo) -> Result<BTreeMap<String, EntradaSalida>, sqlx::Error> {
    let sums: Vec<(String, i64, i64)> = sqlx::query_as(&format!(
        "select mp.nombre, coalesce(sum(s.entrada_cents), 0)::bigint, coalesce(sum(s.salida_cents), 0)::bigint
         from lookup_items mp
         left join stats_cash_day s on s.metodo_pago_id = mp.id and {IN_PERIOD}
         where mp.kind = 'MetodoPago'
         group by mp.id, mp.nombre"
    ))
    .bind(periodo.local_id)
    .bind(periodo.desde)
    .bind(periodo.hasta)
    .fetch_all(pool)
    .await?;
    let mut cents: BTreeMap<String, (i64, i64)> = BTreeMap::new();
    for (nombre, entrada, salida) in sums {
        let sum = cents.entry(nombre).or_default();
        sum.0 += entrada;
        sum.1 += salida;
    }
    Ok(cents
        .into_iter()
        .map(|(k, (e, s))| {
            let figures = EntradaSalida {
                entrada: pesos(e),
                salida: pesos(s),
            };
            (k, figures)
        })
        .collect())
}

/// The units returns took back from the sales dated in the period (at their sales' branch):
/// `producto_id`, `cantidad`, the sale line's unit price `precio_cents`, and whether that line
/// was a lens (`cristal`). What was sold is counted on the sale's day, net of these.
const RETURNED: &str = "select (l ->> 'productoId')::bigint as producto_id, (l ->> 'cantidad')::bigint as cantidad,
        coalesce(ml.precio_cents, 0) as precio_cents, coalesce(ml.cristal, false) as cristal
     from movements v
     join movement_returns r on r.venta_id = v.id
     cross join lateral jsonb_array_elements(r.lineas) l
     left join lateral (select precio_cents, cristal from movement_lines
                        where movimiento_id = v.id and producto_id = (l ->> 'productoId')::bigint
                        order by linea limit 1) ml on true
     where ($1::bigint is null or v.local_id = $1) and v.fecha >= $2::date and v.fecha < $3::date + 1";

/// Units sold in the period (product lines of sales), net of what returns took back; with
/// `only_lenses`, only the lines whose product was a lens at the sale. Additional lines do not
/// count.
pub async fn units_sold(pool: &PgPool, periodo: Periodo, only_lenses: bool) -> Result<i64, sqlx::Error> {
    let column = if only_lenses { "lentes" } else { "unidades" };
    let returned = if only_lenses { "where cristal" } else { "" };
    sqlx::query_scalar(&format!(
        "select (select coalesce(sum(s.{column}), 0) from stats_sales_day s where {IN_PERIOD})::bigint
              - (select coalesce(sum(cantidad), 0) from ({RETURNED}) d {returned})::bigint"
    ))
    .bind(periodo.local_id)
    .bind(periodo.desde)
    .bind(periodo.hasta)
    .fetch_one(pool)
    .await
}

/// The sales of one day: how many and their total after discounts.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VentasDelDia {
    #[schema(value_type = String, format = Date)]
    pub fecha: NaiveDate,
    pub ventas: i64,
    pub total: f64,
}

/// Sales per day within the period, by the sale's day: how many, and their total net of what
/// returns later took back (at the value the return credited). Days without sales left out,
/// oldest first.
pub async fn sales_per_day(pool: &PgPool, periodo: Periodo) -> Result<Vec<VentasDelDia>, sqlx::Error> {
    let rows: Vec<(NaiveDate, i64, i64)> = sqlx::query_as(&format!(
        "select dia, sum(ventas)::bigint, sum(total_cents)::bigint
         from (select s.dia, s.ventas, s.total_cents from stats_sales_day s where {IN_PERIOD}
               union all
               select v.fecha::date, 0, -r.valor_cents from movements v
               join movement_returns r on r.venta_id = v.id
               where ($1::bigint is null or v.local_id = $1) and v.fecha >= $2::date and v.fecha < $3::date + 1) d
         group by dia having sum(ventas) > 0 order by dia"
    ))
    .bind(periodo.local_id)
    .bind(periodo.desde)
    .bind(periodo.hasta)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(fecha, ventas, total)| VentasDelDia {
            fecha,
            ventas,
            total: pesos(total),
        })
        .collect())
}

/// One product's sales in the period, with its current cost and price (contract §6.1, item 2).
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct ProductoVendido {
    pub modelo: String,
    /// Category names joined with ", ".
    pub categorias: String,
    pub descripcion: String,
    pub marca: String,
    pub cantidad: i64,
    /// The product's cost now (0 when unknown).
    pub costo_cents: i64,
    pub precio_cents: i64,
    /// Σ line subtotals − cost × Σ units.
    pub ganancia_cents: i64,
}

/// Products sold in the period net of their returns (a returned unit is neither sold nor
/// profit), most units first (then by model).
pub async fn products_sold(pool: &PgPool, periodo: Periodo) -> Result<Vec<ProductoVendido>, sqlx::Error> {
    sqlx::query_as(&format!(
        "with sold as (
             select producto_id, sum(cantidad)::bigint as cantidad, sum(subtotal)::bigint as subtotal
             from (select s.producto_id, s.cantidad, s.subtotal_cents as subtotal from stats_product_day s
                   where {IN_PERIOD}
                   union all
                   select producto_id, -cantidad, -cantidad * precio_cents from ({RETURNED}) d) u
             group by producto_id having sum(cantidad) > 0)
         select p.modelo,
                coalesce((select string_agg(c.nombre, ', ' order by c.nombre collate optica_es)
                          from product_categorias pc join lookup_items c on c.kind = 'Categoria' and c.id = pc.categoria_id
                          where pc.producto_id = p.id), '') as categorias,
                coalesce(p.descripcion, '') as descripcion, coalesce(p.marca_nombre, '') as marca,
                sold.cantidad, coalesce(p.costo_cents, 0) as costo_cents, p.precio_cents,
                sold.subtotal - coalesce(p.costo_cents, 0) * sold.cantidad as ganancia_cents
         from sold join products p on p.id = sold.producto_id
         order by sold.cantidad desc, p.modelo collate optica_es"
    ))
    .bind(periodo.local_id)
    .bind(periodo.desde)
    .bind(periodo.hasta)
    .fetch_all(pool)
    .await
}

/// Lenses sold as additional lines ('cristal X'), per lens name ignoring case.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct CristalVendido {
    pub nombre: String,
    pub lineas: i64,
    pub subtotal_cents: i64,
}

pub async fn lenses_sold(pool: &PgPool, periodo: Periodo) -> Result<Vec<CristalVendido>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select min(s.nombre) as nombre, sum(s.lineas)::bigint as lineas, sum(s.subtotal_cents)::bigint as subtotal_cents
         from stats_cristal_day s where {IN_PERIOD}
         group by s.nombre_key order by sum(s.lineas) desc, s.nombre_key"
    ))
    .bind(periodo.local_id)
    .bind(periodo.desde)
    .bind(periodo.hasta)
    .fetch_all(pool)
    .await
}

/// One brand's product sales in the period (contract §6.1, item 3).
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct MarcaVendida {
    pub marca: String,
    pub cantidad: i64,
    /// Σ (subtotal − current cost × units), in cents.
    pub ganancia_cents: i64,
}

/// Brands sold in the period net of returns, by profit (highest first).
pub async fn brands_sold(pool: &PgPool, periodo: Periodo) -> Result<Vec<MarcaVendida>, sqlx::Error> {
    sqlx::query_as(&format!(
        "select coalesce(p.marca_nombre, '') as marca, sum(s.cantidad)::bigint as cantidad,
                sum(s.subtotal_cents - coalesce(p.costo_cents, 0) * s.cantidad)::bigint as ganancia_cents
         from (select s.producto_id, s.cantidad, s.subtotal_cents from stats_product_day s where {IN_PERIOD}
               union all
               select producto_id, -cantidad, -cantidad * precio_cents from ({RETURNED}) d) s
         join products p on p.id = s.producto_id
         group by coalesce(p.marca_nombre, '')
         having sum(s.cantidad) > 0
         order by ganancia_cents desc, marca"
    ))
    .bind(periodo.local_id)
    .bind(periodo.desde)
    .bind(periodo.hasta)
    .fetch_all(pool)
    .await
}

/// What came into and went out of the drawers of one payment method over a period: by the day
/// and branch the money moved (a debt collected at another branch is that branch's), from the
/// same ledger the cash closings count, so these figures and the closings' expected ones agree
/// (the closings add each day's float, which is no income).
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ingreso {
    pub metodo_pago_id: i64,
    pub metodo_pago: String,
    pub entrada: f64,
    pub salida: f64,
    /// entrada − salida.
    pub neto: f64,
}

/// Every payment method, in the order the shop lists them, with what it took in and paid out.
pub async fn income(pool: &PgPool, periodo: Periodo) -> Result<Vec<Ingreso>, sqlx::Error> {
    let rows: Vec<(i64, String, i64, i64)> = sqlx::query_as(&format!(
        "select mp.id, mp.nombre,
                coalesce(sum(s.cents) filter (where s.cents > 0), 0)::bigint,
                coalesce(-sum(s.cents) filter (where s.cents < 0), 0)::bigint
         from lookup_items mp
         left join cash_ledger s on s.metodo_pago_id = mp.id and {IN_PERIOD}
         where mp.kind = 'MetodoPago'
         group by mp.id, mp.nombre order by mp.id"
    ))
    .bind(periodo.local_id)
    .bind(periodo.desde)
    .bind(periodo.hasta)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(metodo_pago_id, metodo_pago, entrada, salida)| Ingreso {
            metodo_pago_id,
            metodo_pago,
            entrada: pesos(entrada),
            salida: pesos(salida),
            neto: pesos(entrada - salida),
        })
        .collect())
}
