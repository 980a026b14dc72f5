//! Transfers between branches: the list, newest first, filtered by state and branch,
//! and one transfer with its lines.

use chrono::NaiveDateTime;
use serde::Serialize;
use sqlx::{PgPool, Postgres, QueryBuilder};
use utoipa::ToSchema;

use crate::Page;

/// Where a transfer stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize, ToSchema, sqlx::Type)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[sqlx(type_name = "text", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoTransferencia {
    Enviada,
    Recibida,
    RecibidaConFaltante,
    Cancelada,
}

/// One product of a transfer.
#[derive(Clone, Debug, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LineaTransferencia {
    pub producto_id: i64,
    pub modelo: String,
    pub marca: Option<String>,
    pub cantidad: i64,
    /// What arrived, once received.
    pub recibidas: Option<i64>,
}

/// A transfer as the screens show it.
#[derive(Clone, Debug, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Transferencia {
    pub id: i64,
    pub origen_id: i64,
    pub origen: String,
    pub destino_id: i64,
    pub destino: String,
    pub estado: EstadoTransferencia,
    pub nota: Option<String>,
    /// The shortfall's or the cancellation's reason.
    pub motivo: Option<String>,
    #[schema(value_type = String)]
    pub enviada: NaiveDateTime,
    #[schema(value_type = Option<String>)]
    pub cerrada: Option<NaiveDateTime>,
    /// Σ units sent.
    pub unidades: i64,
    #[sqlx(json)]
    #[schema(value_type = Vec<LineaTransferencia>)]
    pub lineas: Vec<LineaTransferencia>,
}

/// Which transfers: by state, and touching a branch (sent from or to it).
#[derive(Clone, Debug, Default)]
pub struct Filtro {
    pub estado: Option<String>,
    pub local_id: Option<i64>,
}

const SELECT: &str = "select t.id, t.origen as origen_id, coalesce(o.nombre, '') as origen,
        t.destino as destino_id, coalesce(d.nombre, '') as destino, t.estado, t.nota, t.motivo, t.enviada, t.cerrada,
        (select coalesce(sum(l.cantidad), 0)::bigint from transfer_lines l where l.transferencia_id = t.id) as unidades,
        coalesce((select json_agg(json_build_object('productoId', l.producto_id, 'modelo', l.modelo,
                                                    'marca', p.marca_nombre, 'cantidad', l.cantidad,
                                                    'recibidas', l.recibidas) order by l.modelo collate optica_es, l.producto_id)
                  from transfer_lines l left join products p on p.id = l.producto_id
                  where l.transferencia_id = t.id), '[]') as lineas
     from transfers t
     left join lookup_items o on o.kind = 'Local' and o.id = t.origen
     left join lookup_items d on d.kind = 'Local' and d.id = t.destino";

fn conditions<'a>(q: &mut QueryBuilder<'a, Postgres>, f: &'a Filtro) {
    q.push(" where true");
    if let Some(estado) = &f.estado {
        q.push(" and t.estado = ").push_bind(estado);
    }
    if let Some(local_id) = f.local_id {
        q.push(" and (t.origen = ").push_bind(local_id);
        q.push(" or t.destino = ").push_bind(local_id).push(")");
    }
}

/// A page of transfers, newest first.
pub async fn page(pool: &PgPool, f: &Filtro, number: i64, size: i64) -> Result<Page<Transferencia>, sqlx::Error> {
    let mut q = QueryBuilder::new("select count(*) from transfers t");
    conditions(&mut q, f);
    let count: i64 = q.build_query_scalar().fetch_one(pool).await?;
    let mut q = QueryBuilder::new(SELECT);
    conditions(&mut q, f);
    q.push(" order by t.id desc");
    crate::page::limit_page(&mut q, number, size);
    let rows = q.build_query_as().fetch_all(pool).await?;
    Ok(Page::new(rows, number, size, count))
}

pub async fn by_id(pool: &PgPool, id: i64) -> Result<Option<Transferencia>, sqlx::Error> {
    sqlx::query_as(&format!("{SELECT} where t.id = $1"))
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// The branches a transfer goes between (for the caller's branch check), if it exists.
pub async fn branches_of(pool: &PgPool, id: i64) -> Result<Option<(i64, i64)>, sqlx::Error> {
    sqlx::query_as("select origen, destino from transfers where id = $1")
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// A transfer as its stream has it, for an answer whose read model is late: folded
/// from its events, with the branches' and brands' names as they stand. None when it does not
/// exist.
pub async fn committed(pool: &PgPool, id: i64) -> Result<Option<Transferencia>, sqlx::Error> {
    use optica_events::transfers::{TransferenciaEvent as E, TRANSFER_AGGREGATE};
    let events = crate::late::stream(pool, TRANSFER_AGGREGATE, id).await?;
    let mut folded: Option<Transferencia> = None;
    for (_, payload) in events {
        let event: E = crate::late::decode(&payload)?;
        match (event, folded.as_mut()) {
            (
                E::TransferenciaEnviada {
                    origen,
                    destino,
                    lineas,
                    nota,
                    fecha,
                },
                _,
            ) => {
                folded = Some(Transferencia {
                    id,
                    origen_id: origen,
                    origen: String::new(),
                    destino_id: destino,
                    destino: String::new(),
                    estado: EstadoTransferencia::Enviada,
                    nota,
                    motivo: None,
                    enviada: fecha,
                    cerrada: None,
                    unidades: lineas.iter().map(|l| l.cantidad).sum(),
                    lineas: lineas
                        .into_iter()
                        .map(|l| LineaTransferencia {
                            producto_id: l.producto_id,
                            modelo: l.modelo,
                            marca: None,
                            cantidad: l.cantidad,
                            recibidas: None,
                        })
                        .collect(),
                });
            }
            (
                E::TransferenciaRecibida {
                    recibidas,
                    faltantes,
                    motivo,
                    fecha,
                },
                Some(t),
            ) => {
                t.estado = match faltantes.is_empty() {
                    true => EstadoTransferencia::Recibida,
                    false => EstadoTransferencia::RecibidaConFaltante,
                };
                (t.motivo, t.cerrada) = (motivo, Some(fecha));
                for linea in &mut t.lineas {
                    linea.recibidas = recibidas
                        .iter()
                        .find(|r| r.producto_id == linea.producto_id)
                        .map(|r| r.cantidad);
                }
            }
            (E::TransferenciaCancelada { motivo, fecha }, Some(t)) => {
                t.estado = EstadoTransferencia::Cancelada;
                (t.motivo, t.cerrada) = (motivo, Some(fecha));
            }
            _ => {}
        }
    }
    let Some(mut t) = folded else {
        return Ok(None);
    };
    // Branches and products may be later still (created just before the transfer).
    let branches = crate::lookups::named(pool, &[("Local", t.origen_id), ("Local", t.destino_id)]).await?;
    let name = |id: i64| {
        branches
            .iter()
            .find(|b| b.1 == id)
            .map(|b| b.2.clone())
            .unwrap_or_default()
    };
    (t.origen, t.destino) = (name(t.origen_id), name(t.destino_id));
    // The lines in the list's order, with their brands.
    let productos: Vec<i64> = t.lineas.iter().map(|l| l.producto_id).collect();
    let modelos: Vec<&str> = t.lineas.iter().map(|l| l.modelo.as_str()).collect();
    let order: Vec<i64> = sqlx::query_scalar(
        "select u.n from unnest($1::bigint[], $2::text[]) with ordinality as u(producto_id, modelo, n)
         order by u.modelo collate optica_es, u.producto_id",
    )
    .bind(&productos)
    .bind(&modelos)
    .fetch_all(pool)
    .await?;
    let facts = crate::products::sale_facts(pool, &productos).await?;
    let lineas = std::mem::take(&mut t.lineas);
    t.lineas = order
        .into_iter()
        .filter_map(|n| {
            let linea = lineas.get(usize::try_from(n).ok()?.checked_sub(1)?)?;
            let marca = facts
                .iter()
                .find(|f| f.id == linea.producto_id)
                .map(|f| f.marca.clone());
            Some(LineaTransferencia { marca, ..linea.clone() })
        })
        .collect();
    Ok(Some(t))
}
