//! The audit log for admins: every event, newest first, with a readable Spanish summary; one
//! entity's history; a product's stock ledger. Read straight from the event store, which is the
//! history itself. Password hashes never leave it.

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::Value;
use sqlx::{PgPool, Postgres, QueryBuilder};
use utoipa::ToSchema;

use crate::Page;

pub mod labels;
mod summary;

use summary::motivo;
pub use summary::{resumen, Locales, Nombres};

/// One event as the audit screens show it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventoAuditoria {
    /// Order in the log.
    pub posicion: i64,
    #[schema(value_type = String, format = DateTime)]
    pub registrado: DateTime<Utc>,
    /// Entity kind: Producto, Movimiento, Paciente, Usuario, Local, Marca…
    pub tipo: String,
    pub id: String,
    /// The event's number within its entity.
    pub secuencia: i64,
    pub evento: String,
    pub usuario: String,
    /// The acting user's branch, if any, and its name.
    pub local: Option<i64>,
    pub local_nombre: Option<String>,
    /// What happened, in Spanish.
    pub resumen: String,
    /// The event's data.
    #[schema(value_type = Object)]
    pub datos: Value,
}

/// What the log is filtered on; `None` means any.
#[derive(Clone, Debug, Default)]
pub struct FiltroAuditoria {
    pub tipo: Option<String>,
    pub id: Option<String>,
    pub usuario: Option<String>,
    /// The acting user's branch, or a branch the event names.
    pub local: Option<i64>,
    pub evento: Option<String>,
    pub desde: Option<DateTime<Utc>>,
    pub hasta: Option<DateTime<Utc>>,
}

#[derive(sqlx::FromRow)]
struct Row {
    position: i64,
    recorded_at: DateTime<Utc>,
    aggregate_type: String,
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    payload: Value,
    metadata: Value,
}

const COLUMNS: &str = "select position, recorded_at, aggregate_type, aggregate_id, sequence, event_type,
       payload::jsonb as payload, metadata::jsonb as metadata from events e";

/// Removes password hashes wherever they are.
fn redact(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.remove("password_hash");
            map.values_mut().for_each(redact);
        }
        Value::Array(items) => items.iter_mut().for_each(redact),
        _ => {}
    }
}

impl EventoAuditoria {
    /// The event's data: the payload is `{"<EventType>": data}`, or a bare name for events
    /// without data.
    fn data(r: &mut Row) -> Value {
        let mut datos = match std::mem::take(&mut r.payload) {
            Value::Object(mut map) if map.len() == 1 => map.remove(&r.event_type).unwrap_or(Value::Null),
            other => other,
        };
        redact(&mut datos);
        datos
    }

    /// The page's events, each summed up with the names of what it is about.
    async fn all(pool: &PgPool, rows: Vec<Row>) -> Result<Vec<Self>, sqlx::Error> {
        let rows: Vec<(Row, Value)> = rows
            .into_iter()
            .map(|mut r| {
                let datos = Self::data(&mut r);
                (r, datos)
            })
            .collect();
        let entidades: Vec<(&str, &str, &Value)> = rows
            .iter()
            .map(|(r, d)| (r.aggregate_type.as_str(), r.aggregate_id.as_str(), d))
            .collect();
        let nombres = Nombres::load(pool, &entidades).await?;
        Ok(rows
            .into_iter()
            .map(|(r, datos)| Self::of(r, datos, &nombres))
            .collect())
    }

    fn of(r: Row, datos: Value, nombres: &Nombres) -> Self {
        let locales = &nombres.locales;
        EventoAuditoria {
            resumen: resumen(&r.aggregate_type, &r.aggregate_id, &r.event_type, &datos, nombres),
            posicion: r.position,
            registrado: r.recorded_at,
            usuario: r.metadata["actor"]["username"].as_str().unwrap_or("").to_string(),
            local: r.metadata["actor"]["local_id"].as_i64(),
            local_nombre: r.metadata["actor"]["local_id"]
                .as_i64()
                .map(|id| locales.name(&Value::from(id))),
            tipo: r.aggregate_type,
            id: r.aggregate_id,
            secuencia: r.sequence,
            evento: r.event_type,
            datos,
        }
    }
}

fn conditions<'a>(q: &mut QueryBuilder<'a, Postgres>, f: &'a FiltroAuditoria) {
    q.push(" where true");
    if let Some(tipo) = &f.tipo {
        q.push(" and e.aggregate_type = ").push_bind(tipo.as_str());
    }
    if let Some(id) = &f.id {
        q.push(" and e.aggregate_id = ").push_bind(id.as_str());
    }
    if let Some(usuario) = &f.usuario {
        q.push(" and e.metadata::jsonb->'actor'->>'username' = ")
            .push_bind(usuario.as_str());
    }
    if let Some(local) = f.local {
        q.push(" and ((e.metadata::jsonb->'actor'->>'local_id')::bigint = ")
            .push_bind(local)
            .push(" or jsonb_path_exists(e.payload::jsonb, '$.**.local_id ? (@ == $l)', jsonb_build_object('l', ")
            .push_bind(local)
            .push(")))");
    }
    // Stored names are ASCII words run together, so lower case is their folded key.
    if let Some(evento) = &f.evento {
        q.push(" and lower(e.event_type) = ").push_bind(labels::evento(evento));
    }
    if let Some(desde) = f.desde {
        q.push(" and e.recorded_at >= ").push_bind(desde);
    }
    if let Some(hasta) = f.hasta {
        q.push(" and e.recorded_at < ").push_bind(hasta);
    }
}

/// Page `number` of the log, newest first.
pub async fn page(
    pool: &PgPool,
    filtro: &FiltroAuditoria,
    number: i64,
    size: i64,
) -> Result<Page<EventoAuditoria>, sqlx::Error> {
    let mut count = QueryBuilder::new("select count(*) from events e");
    conditions(&mut count, filtro);
    let total: i64 = count.build_query_scalar().fetch_one(pool).await?;
    let mut q = QueryBuilder::new(COLUMNS);
    conditions(&mut q, filtro);
    q.push(" order by e.position desc");
    crate::page::limit_page(&mut q, number, size);
    let rows: Vec<Row> = q.build_query_as().fetch_all(pool).await?;
    Ok(Page::new(EventoAuditoria::all(pool, rows).await?, number, size, total))
}

/// Every event of one entity, oldest first.
pub async fn history(pool: &PgPool, tipo: &str, id: &str) -> Result<Vec<EventoAuditoria>, sqlx::Error> {
    let rows: Vec<Row> = sqlx::query_as(&format!(
        "{COLUMNS} where e.aggregate_type = $1 and e.aggregate_id = $2 order by e.sequence"
    ))
    .bind(tipo)
    .bind(id)
    .fetch_all(pool)
    .await?;
    EventoAuditoria::all(pool, rows).await
}

/// One line of a product's stock ledger.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct AsientoStock {
    #[schema(value_type = String, format = DateTime)]
    pub registrado: DateTime<Utc>,
    pub local_id: i64,
    pub local_nombre: Option<String>,
    /// The reason's label (`MotivoStock::label`): Carga inicial, Venta, Transferencia, Rotura...
    pub motivo: String,
    /// Signed change.
    pub cantidad: i64,
    /// The branch's stock after it: the running balance.
    pub stock: i64,
    /// The cash-box movement behind a sale or a return.
    pub movimiento_id: Option<i64>,
    /// That movement's receipt number (`0001-00000005`), when it is a sale that has one.
    #[sqlx(skip)]
    pub comprobante: Option<String>,
    #[serde(skip)]
    comprobante_local: Option<i64>,
    #[serde(skip)]
    comprobante_numero: Option<i64>,
    /// The transfer behind a transfer's change.
    pub transferencia_id: Option<i64>,
    /// The physical count behind a count's change.
    pub conteo_id: Option<i64>,
    /// The note of a manual adjustment.
    pub nota: Option<String>,
    pub usuario: String,
}

/// A product's stock changes, oldest first, up to `hasta` when given (the stock "as of" then
/// is each branch's last balance).
pub async fn stock_ledger(
    pool: &PgPool,
    producto_id: i64,
    hasta: Option<DateTime<Utc>>,
) -> Result<Vec<AsientoStock>, sqlx::Error> {
    let mut rows: Vec<AsientoStock> = sqlx::query_as(
        "select e.recorded_at as registrado, (p->>'local_id')::bigint as local_id, l.nombre as local_nombre,
                p->>'motivo' as motivo, (p->>'cantidad')::bigint as cantidad, (p->>'stock_resultante')::bigint as stock,
                (p->>'movimiento_id')::bigint as movimiento_id, (p->>'transferencia_id')::bigint as transferencia_id,
                (p->>'conteo_id')::bigint as conteo_id,
                r.local_id as comprobante_local, r.numero as comprobante_numero,
                p->>'nota' as nota, coalesce(e.metadata::jsonb->'actor'->>'username', '') as usuario
         from events e
         cross join lateral (select e.payload::jsonb->'StockAjustado' as p) x
         left join lookup_items l on l.kind = 'Local' and l.id = (p->>'local_id')::bigint
         left join receipts r on r.movimiento_id = (p->>'movimiento_id')::bigint
         where e.aggregate_type = 'Producto' and e.aggregate_id = $1 and e.event_type = 'StockAjustado'
           and ($2::timestamptz is null or e.recorded_at <= $2)
         order by e.sequence",
    )
    .bind(producto_id.to_string())
    .bind(hasta)
    .fetch_all(pool)
    .await?;
    for r in &mut rows {
        r.motivo = motivo(&r.motivo);
        r.comprobante = optica_events::movements::comprobante_leido(r.comprobante_local, r.comprobante_numero);
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_read_as_spanish_and_hashes_are_dropped() {
        let stock = serde_json::json!({"local_id": 2, "motivo": "Venta", "cantidad": -3, "stock_resultante": 7});
        let locales = Nombres {
            locales: Locales([(2, "La Cruz".to_string())].into_iter().collect()),
            ..Nombres::default()
        };
        assert_eq!(
            resumen("Producto", "5", "StockAjustado", &stock, &locales),
            "Producto 5, local La Cruz: stock -3 (Venta) → 7"
        );
        let estado = serde_json::json!({"anterior": "PEDIDO_CRISTALES", "nuevo": "ENTREGADO"});
        assert_eq!(
            resumen("Movimiento", "9", "EstadoCambiado", &estado, &locales),
            "Movimiento 9: estado Pidiendo Cristales → Entregado"
        );
        let venta = serde_json::json!({"datos": {"tipo": "ENTRADA", "total": 2250.9, "local_id": 2}});
        assert_eq!(
            resumen("Movimiento", "9", "MovimientoRegistrado", &venta, &locales),
            "Movimiento 9 registrado: ENTRADA por $ 2.250,90 en el local La Cruz"
        );
        let cierre = serde_json::json!({"local_id": 2, "dia": "2026-11-21", "motivo": "Vuelto",
            "contado": [{"metodo_pago_id": 1, "monto": 6700.0}, {"metodo_pago_id": 2, "monto": 0.5}],
            "esperado": [{"metodo_pago_id": 1, "monto": 6701.0}]});
        assert_eq!(
            resumen("Caja", "4", "CajaCerrada", &cierre, &locales),
            "Caja de La Cruz del 21/11/2026 cerrada: contado $ 6.700,50, esperado $ 6.701,00 (motivo: Vuelto)"
        );
        let mut user = serde_json::json!({"username": "eva", "password_hash": "$argon2id$…", "roles": []});
        redact(&mut user);
        assert_eq!(user, serde_json::json!({"username": "eva", "roles": []}));
        assert_eq!(
            resumen(
                "Marca",
                "3",
                "ItemCreado",
                &serde_json::json!({"nombre": "Vulk"}),
                &locales
            ),
            "Marca 3 creado: Vulk"
        );
    }
}
