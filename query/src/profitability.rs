//! The owner's true margin ('Rentabilidad'), for admins: over a period, what the sales brought
//! in at the price charged (after the sale's discount) net of the returns recorded in the
//! period, against what the products cost when they were sold (`sale_costs`, from the events),
//! grouped by brand, category, branch, seller or month. Card plans' surcharges are financial
//! income, apart; lines sold at $ 0 are listed with their reason.
//!
//! How it differs from the contract's 'Ganancia' (`total-ganado`, kept as the contract defines
//! it for the existing front end): that one adds up the line subtotals before the discount,
//! ignores returns, and subtracts each product's cost as it is today.
//!
//! Each sale's price after the discount is spread over its lines in proportion to their
//! subtotals, rounding the running sum so that a sale's lines add up to its total to the cent;
//! a return's value is spread the same way over what came back, and what an obra social
//! rejected (and the patient was not billed) over the sale's product lines, on the day of the
//! payment that rejected it. Additional lines (a lab's
//! lenses, a repair) have no product and no recorded cost: they count as income under their own
//! group, at cost 0.

use chrono::NaiveDate;
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

/// The lines and extras sold in the period, and what came back in it, one row per item with
/// its group's attributes; `$1`..`$6`: from, to (included), branch, brand, category, seller.
const ITEMS: &str = "
with ventas as (
    select m.id, m.fecha, m.local_id, m.vendedor, m.total_cents,
           (select coalesce(sum(l.subtotal_cents), 0) from movement_lines l where l.movimiento_id = m.id)
         + (select coalesce(sum(e.subtotal_cents), 0) from movement_extras e where e.movimiento_id = m.id) as bruto
    from movements m
    where m.tipo = 'ENTRADA' and m.fecha >= $1 and m.fecha < $2 + 1
      and ($3::bigint is null or m.local_id = $3)
      and ($6::text is null or lower(trim(m.vendedor)) = lower(trim($6)))
),
partes as (
    select v.id as venta, v.fecha, v.local_id, v.vendedor, v.total_cents::numeric as valor, v.bruto::numeric as base,
           l.linea as orden, l.producto_id, l.marca, l.cantidad, l.subtotal_cents::numeric as peso
    from ventas v join movement_lines l on l.movimiento_id = v.id
    union all
    select v.id, v.fecha, v.local_id, v.vendedor, v.total_cents, v.bruto, 1000000 + e.linea, null, null, 0,
           e.subtotal_cents
    from ventas v join movement_extras e on e.movimiento_id = v.id
),
devueltas as (
    select r.movimiento_id as venta, d.fecha, v.local_id, v.vendedor, r.valor_cents::numeric as valor, r.venta_id,
           x.orden, x.producto_id, x.marca, x.cantidad, x.peso
    from movement_returns r
    join movements d on d.id = r.movimiento_id
    join movements v on v.id = r.venta_id
    cross join lateral (
        select j.ordinality::int as orden, (j.value ->> 'productoId')::bigint as producto_id,
               j.value ->> 'marca' as marca, (j.value ->> 'cantidad')::bigint as cantidad,
               ((j.value ->> 'cantidad')::bigint
                * coalesce((select l.precio_cents from movement_lines l
                            where l.movimiento_id = r.venta_id and l.producto_id = (j.value ->> 'productoId')::bigint
                            order by l.linea limit 1), 0))::numeric as peso
        from jsonb_array_elements(r.lineas) with ordinality j
        union all
        select 1000000 + e.linea, null, null, 0, e.subtotal_cents
        from movement_extras e where e.movimiento_id = r.venta_id and e.linea = any(r.adicionales)
    ) x
    where d.fecha >= $1 and d.fecha < $2 + 1
      and ($3::bigint is null or v.local_id = $3)
      and ($6::text is null or lower(trim(v.vendedor)) = lower(trim($6)))
    union all
    -- What an obra social rejected and the patient was not billed: the shop never gets it. It
    -- comes off the sale's product lines (what the coverage covers) on the day it was rejected,
    -- units and cost untouched. A negative number keeps each débito's spread apart from the
    -- returns' (whose key is the refund's movement id).
    select -d.n, d.fecha, v.local_id, v.vendedor, d.monto_cents::numeric, d.movimiento_id,
           l.linea, l.producto_id, l.marca, 0, l.subtotal_cents::numeric
    from (select x.*, row_number() over (order by x.liquidacion_id, x.cobro, x.movimiento_id) as n
          from settlement_debits x
          where not x.facturado and x.fecha >= $1 and x.fecha <= $2) d
    join movements v on v.id = d.movimiento_id
    join movement_lines l on l.movimiento_id = d.movimiento_id
    where ($3::bigint is null or v.local_id = $3)
      and ($6::text is null or lower(trim(v.vendedor)) = lower(trim($6)))
),
repartido as (
    select p.*, 1 as signo, p.venta as costo_de,
           coalesce(round(sum(p.peso) over w * p.valor / nullif(p.base, 0)), 0)
         - coalesce(round((sum(p.peso) over w - p.peso) * p.valor / nullif(p.base, 0)), 0) as ingresos
    from partes p
    window w as (partition by p.venta order by p.orden rows between unbounded preceding and current row)
    union all
    select d.venta, d.fecha, d.local_id, d.vendedor, d.valor, sum(d.peso) over (partition by d.venta), d.orden,
           d.producto_id, d.marca, d.cantidad, d.peso, -1, d.venta_id,
           coalesce(round(sum(d.peso) over w * d.valor / nullif(sum(d.peso) over (partition by d.venta), 0)), 0)
         - coalesce(round((sum(d.peso) over w - d.peso) * d.valor
                          / nullif(sum(d.peso) over (partition by d.venta), 0)), 0)
    from devueltas d
    window w as (partition by d.venta order by d.orden rows between unbounded preceding and current row)
),
items as (
    select r.fecha, r.local_id, r.vendedor, r.producto_id, r.marca, r.signo * r.cantidad as unidades,
           r.signo * r.ingresos as ingresos, r.signo * coalesce(c.costo_cents * r.cantidad, 0) as costo,
           r.producto_id is not null and c.costo_cents is null and r.cantidad <> 0 as sin_costo
    from repartido r
    left join sale_costs c on c.movimiento_id = r.costo_de and c.producto_id = r.producto_id
    where ($4::bigint is null and $5::bigint is null)
       or (r.producto_id is not null
           and ($4::bigint is null or exists (select 1 from products p where p.id = r.producto_id and p.marca_id = $4))
           and ($5::bigint is null or exists (select 1 from product_categorias pc
                                              where pc.producto_id = r.producto_id and pc.categoria_id = $5)))
)";

/// What the report groups by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agrupar {
    Marca,
    Categoria,
    Local,
    Vendedor,
    Mes,
}

impl Agrupar {
    pub const ALL: [(&'static str, Agrupar); 5] = [
        ("marca", Agrupar::Marca),
        ("categoria", Agrupar::Categoria),
        ("local", Agrupar::Local),
        ("vendedor", Agrupar::Vendedor),
        ("mes", Agrupar::Mes),
    ];

    /// The group's name and its sort key, as SQL over `items i` (fixed texts, never the caller's).
    fn columns(self) -> (&'static str, &'static str) {
        match self {
            Agrupar::Marca => (
                "coalesce(nullif(i.marca, ''), case when i.producto_id is null then 'Detalles adicionales' else 'Sin marca' end)",
                "i.producto_id is null",
            ),
            Agrupar::Categoria => (
                "case when i.producto_id is null then 'Detalles adicionales' else coalesce(
                    (select c.nombre from product_categorias pc
                     join lookup_items c on c.kind = 'Categoria' and c.id = pc.categoria_id
                     where pc.producto_id = i.producto_id order by c.nombre collate optica_es limit 1),
                    'Sin categoría') end",
                "i.producto_id is null",
            ),
            Agrupar::Local => (
                "coalesce((select l.nombre from lookup_items l where l.kind = 'Local' and l.id = i.local_id), '#' || i.local_id)",
                "false",
            ),
            Agrupar::Vendedor => ("coalesce(nullif(trim(i.vendedor), ''), 'Sin vendedor')", "false"),
            Agrupar::Mes => ("to_char(i.fecha, 'MM/YYYY')", "to_char(i.fecha, 'YYYY-MM')"),
        }
    }
}

/// What the report is asked for.
#[derive(Clone, Debug)]
pub struct Filtro {
    pub desde: NaiveDate,
    pub hasta: NaiveDate,
    pub local_id: Option<i64>,
    pub marca_id: Option<i64>,
    pub categoria_id: Option<i64>,
    pub vendedor: Option<String>,
    pub agrupar: Agrupar,
}

/// Income, cost and margin of a group or of the whole period.
#[derive(Clone, Debug, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cifras {
    /// Units sold less units returned (product lines).
    pub unidades: i64,
    /// At the price charged, after the discount, net of returns.
    pub ingresos: f64,
    /// What the products cost when they were sold.
    pub costo: f64,
    pub margen: f64,
    /// Margin over income, one decimal; null without income.
    pub margen_porcentaje: Option<f64>,
    /// Product lines whose cost was not recorded when sold (counted at cost 0).
    pub lineas_sin_costo: i64,
}

impl Cifras {
    fn of(unidades: i64, ingresos: i64, costo: i64, sin_costo: i64) -> Cifras {
        let margen = ingresos - costo;
        Cifras {
            unidades,
            ingresos: pesos(ingresos),
            costo: pesos(costo),
            margen: pesos(margen),
            margen_porcentaje: (ingresos != 0).then(|| (margen as f64 * 1000.0 / ingresos as f64).round() / 10.0),
            lineas_sin_costo: sin_costo,
        }
    }
}

fn pesos(cents: i64) -> f64 {
    optica_events::Money::from_cents(cents).as_f64()
}

/// A group's figures.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Grupo {
    pub grupo: String,
    #[serde(flatten)]
    pub cifras: Cifras,
}

/// A product line sold at $ 0: a warranty, a courtesy… and what it cost.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct SinCargo {
    pub movimiento_id: i64,
    pub comprobante: Option<String>,
    #[schema(value_type = String)]
    pub fecha: chrono::NaiveDateTime,
    pub producto: String,
    pub cantidad: i64,
    pub costo: Option<f64>,
    /// The admin's reason ('Garantía', 'Cortesía'…); none when no reason was recorded.
    pub motivo: Option<String>,
}

/// The report.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rentabilidad {
    #[schema(value_type = String)]
    pub desde: NaiveDate,
    #[schema(value_type = String)]
    pub hasta: NaiveDate,
    pub totales: Cifras,
    pub grupos: Vec<Grupo>,
    /// Card plans' surcharges charged in the period: financial income, apart from the margin.
    pub recargos_tarjeta: f64,
    /// Product lines sold at $ 0 in the period, newest first (the first `MAX_SIN_CARGO`).
    pub sin_cargo: Vec<SinCargo>,
    /// Whether there were more lines at $ 0 than the list shows.
    pub sin_cargo_recortado: bool,
}

/// Lines at $ 0 listed at most: a list that grows with the period has its cap.
pub const MAX_SIN_CARGO: i64 = 500;

/// A group as the query answers it: name, sort key, units, income, cost, lines without cost.
type GroupRow = (String, Option<String>, Option<i64>, Option<i64>, Option<i64>, i64);

pub async fn report(pool: &PgPool, f: &Filtro) -> Result<Rentabilidad, sqlx::Error> {
    let (grupo, orden) = f.agrupar.columns();
    let sql = format!(
        "{ITEMS}
         select {grupo} as grupo, min({orden}::text) as orden, sum(i.unidades)::bigint, sum(i.ingresos)::bigint,
                sum(i.costo)::bigint, count(*) filter (where i.sin_costo)
         from items i group by 1 order by 2, {grupo} collate optica_es"
    );
    let rows: Vec<GroupRow> = sqlx::query_as(&sql)
        .bind(f.desde)
        .bind(f.hasta)
        .bind(f.local_id)
        .bind(f.marca_id)
        .bind(f.categoria_id)
        .bind(f.vendedor.as_deref())
        .fetch_all(pool)
        .await?;
    let mut total = (0, 0, 0, 0);
    let grupos = rows
        .into_iter()
        .map(|(grupo, _, unidades, ingresos, costo, sin_costo)| {
            let (u, i, c) = (unidades.unwrap_or(0), ingresos.unwrap_or(0), costo.unwrap_or(0));
            total = (total.0 + u, total.1 + i, total.2 + c, total.3 + sin_costo);
            Grupo {
                grupo,
                cifras: Cifras::of(u, i, c, sin_costo),
            }
        })
        .collect();
    let recargos: Option<i64> = sqlx::query_scalar(
        "select sum(p.monto_impuesto_cents - p.monto_cents)::bigint
         from movement_payments p join movements m on m.id = p.movimiento_id
         where p.cuotas is not null and p.tipo = 'ENTRADA' and p.fecha >= $1 and p.fecha < $2 + 1
           and ($3::bigint is null or p.local_id = $3)
           and ($4::text is null or lower(trim(m.vendedor)) = lower(trim($4)))",
    )
    .bind(f.desde)
    .bind(f.hasta)
    .bind(f.local_id)
    .bind(f.vendedor.as_deref())
    .fetch_one(pool)
    .await?;
    let mut sin_cargo = free_lines(pool, f).await?;
    let recortado = sin_cargo.len() as i64 > MAX_SIN_CARGO;
    sin_cargo.truncate(MAX_SIN_CARGO as usize);
    Ok(Rentabilidad {
        desde: f.desde,
        hasta: f.hasta,
        totales: Cifras::of(total.0, total.1, total.2, total.3),
        grupos,
        recargos_tarjeta: pesos(recargos.unwrap_or(0)),
        sin_cargo,
        sin_cargo_recortado: recortado,
    })
}

/// The product lines sold at $ 0 in the period (one more than listed, to tell a cut list).
async fn free_lines(pool: &PgPool, f: &Filtro) -> Result<Vec<SinCargo>, sqlx::Error> {
    #[derive(sqlx::FromRow)]
    struct Row {
        movimiento_id: i64,
        local: Option<i64>,
        numero: Option<i64>,
        fecha: chrono::NaiveDateTime,
        producto: String,
        cantidad: i64,
        costo: Option<i64>,
        motivo: Option<String>,
    }
    let rows: Vec<Row> = sqlx::query_as(
        "select m.id as movimiento_id, r.local_id as local, r.numero, m.fecha,
                l.modelo || case when l.marca = '' then '' else ' ' || l.marca end as producto, l.cantidad,
                c.costo_cents * l.cantidad as costo, m.motivo_precio as motivo
         from movements m
         join movement_lines l on l.movimiento_id = m.id and l.precio_cents = 0
         left join receipts r on r.movimiento_id = m.id
         left join sale_costs c on c.movimiento_id = m.id and c.producto_id = l.producto_id
         where m.tipo = 'ENTRADA' and m.fecha >= $1 and m.fecha < $2 + 1
           and ($3::bigint is null or m.local_id = $3)
           and ($4::bigint is null or exists (select 1 from products p where p.id = l.producto_id and p.marca_id = $4))
           and ($5::bigint is null or exists (select 1 from product_categorias pc
                                              where pc.producto_id = l.producto_id and pc.categoria_id = $5))
           and ($6::text is null or lower(trim(m.vendedor)) = lower(trim($6)))
         order by m.fecha desc, m.id desc, l.linea
         limit $7",
    )
    .bind(f.desde)
    .bind(f.hasta)
    .bind(f.local_id)
    .bind(f.marca_id)
    .bind(f.categoria_id)
    .bind(f.vendedor.as_deref())
    .bind(MAX_SIN_CARGO + 1)
    .fetch_all(pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| SinCargo {
            movimiento_id: r.movimiento_id,
            comprobante: optica_events::movements::comprobante_leido(r.local, r.numero),
            fecha: r.fecha,
            producto: r.producto,
            cantidad: r.cantidad,
            costo: r.costo.map(pesos),
            motivo: r
                .motivo
                .and_then(|m| serde_json::from_value::<optica_events::movements::MotivoPrecio>(m.into()).ok())
                .map(|m| m.etiqueta().to_string()),
        })
        .collect())
}
