//! The notices' outbox: a row per mail notice, written in the transaction of the
//! event that asks for it, so a notice is never lost between the request and its delivery. A
//! worker (`src/notices/`) takes due rows with a lease, sends, and records the outcome (the event
//! and the row's update in one transaction). Rows are leased with `FOR UPDATE SKIP LOCKED`, so
//! several workers, in one process or several, never take the same row at once.

use async_trait::async_trait;
use sqlx::PgConnection;

use crate::store::extra::Extra;

/// A change to a notice's row, committed with the unit's events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutboxWrite {
    /// Job `trabajo_id`'s notice `aviso` waits to be sent to `destinatario`.
    Nuevo {
        trabajo_id: i64,
        aviso: i64,
        destinatario: String,
    },
    Enviado {
        trabajo_id: i64,
        aviso: i64,
    },
    /// Failed; try again in `segundos`.
    Reintentar {
        trabajo_id: i64,
        aviso: i64,
        segundos: i64,
    },
    /// Failed for good.
    Abandonado {
        trabajo_id: i64,
        aviso: i64,
    },
}

/// A notice's row is written with the events: the notice exists exactly when the event that asks
/// for it does, and its delivery is recorded with the event that reports it. A report the job
/// already had appends no event, and still moves the row.
#[async_trait]
impl Extra for OutboxWrite {
    async fn after(&self, tx: &mut PgConnection) -> Result<(), sqlx::Error> {
        let query = match self {
            OutboxWrite::Nuevo {
                trabajo_id,
                aviso,
                destinatario,
            } => sqlx::query(
                "insert into outbox (trabajo_id, aviso, destinatario) values ($1, $2, $3) on conflict do nothing",
            )
            .bind(trabajo_id)
            .bind(aviso)
            .bind(destinatario),
            OutboxWrite::Enviado { trabajo_id, aviso } => sqlx::query(
                "update outbox set enviado = now(), lease_until = null where trabajo_id = $1 and aviso = $2",
            )
            .bind(trabajo_id)
            .bind(aviso),
            OutboxWrite::Reintentar {
                trabajo_id,
                aviso,
                segundos,
            } => sqlx::query(
                "update outbox set proximo = now() + $3 * interval '1 second', lease_until = null
                 where trabajo_id = $1 and aviso = $2",
            )
            .bind(trabajo_id)
            .bind(aviso)
            .bind(*segundos as f64),
            OutboxWrite::Abandonado { trabajo_id, aviso } => sqlx::query(
                "update outbox set abandonado = true, lease_until = null where trabajo_id = $1 and aviso = $2",
            )
            .bind(trabajo_id)
            .bind(aviso),
        };
        query.execute(tx).await?;
        Ok(())
    }

    fn without_events(&self) -> bool {
        true
    }
}

/// A notice taken for sending.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Pendiente {
    pub trabajo_id: i64,
    pub aviso: i64,
    pub destinatario: String,
    /// This attempt's number, from 1.
    pub intentos: i32,
}

/// Takes up to `limit` due notices for `lease_secs` seconds: no other worker takes them until
/// the lease runs out (a worker that died mid-send leaves its rows to the next).
pub async fn take(pool: &sqlx::PgPool, lease_secs: i64, limit: i64) -> Result<Vec<Pendiente>, sqlx::Error> {
    sqlx::query_as(
        "update outbox o set lease_until = now() + $1 * interval '1 second', intentos = o.intentos + 1
         from (select trabajo_id, aviso from outbox
               where enviado is null and not abandonado and proximo <= now()
                 and (lease_until is null or lease_until < now())
               order by proximo limit $2 for update skip locked) due
         where o.trabajo_id = due.trabajo_id and o.aviso = due.aviso
         returning o.trabajo_id, o.aviso, o.destinatario, o.intentos",
    )
    .bind(lease_secs as f64)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// When the next due notice is, in seconds from now (none waiting: `None`), so the worker
/// sleeps until then rather than polling.
pub async fn next_due_in(pool: &sqlx::PgPool) -> Result<Option<f64>, sqlx::Error> {
    sqlx::query_scalar(
        "select extract(epoch from (min(greatest(proximo, coalesce(lease_until, proximo))) - now()))::float8
         from outbox where enviado is null and not abandonado",
    )
    .fetch_one(pool)
    .await
}
