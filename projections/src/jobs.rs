//! Lab jobs into `jobs`, `job_history` and `job_notices`: where each job stands,
//! every state it went through, and the notices sent to the customer.

use async_trait::async_trait;
use optica_events::jobs::{Canal, TrabajoEvent, JOB_AGGREGATE};
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

pub struct JobsProjection;

fn canal(c: Canal) -> &'static str {
    match c {
        Canal::Email => "EMAIL",
        Canal::Whatsapp => "WHATSAPP",
    }
}

#[async_trait]
impl Projection for JobsProjection {
    fn name(&self) -> &'static str {
        "jobs"
    }

    fn tables(&self) -> &'static [&'static str] {
        &["jobs", "job_history", "job_notices"]
    }

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        if event.aggregate_type != JOB_AGGREGATE {
            return Ok(());
        }
        let id = event.numeric_id()?;
        match event.decode::<TrabajoEvent>()? {
            TrabajoEvent::TrabajoEncargado {
                local_id,
                paciente_id,
                orden,
                receta,
                estado,
                usuario,
                fecha,
            } => {
                // As the patient's page shows a ficha (`query::patients::Ficha`).
                let receta = receta.as_deref().map(crate::patients::ficha_json);
                sqlx::query(
                    "insert into jobs (id, local_id, paciente_id, laboratorio_id, prometido, bandeja, notas, receta,
                                       estado, desde, encargado, version)
                     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)",
                )
                .bind(id)
                .bind(local_id)
                .bind(paciente_id)
                .bind(orden.laboratorio_id)
                .bind(orden.prometido)
                .bind(orden.bandeja)
                .bind(orden.notas)
                .bind(receta)
                .bind(estado.clave())
                .bind(fecha)
                .bind(event.sequence)
                .execute(&mut *conn)
                .await?;
                history(conn, id, event.sequence, estado.clave(), None, &usuario, fecha).await?;
            }
            TrabajoEvent::OrdenModificada { orden } => {
                sqlx::query(
                    "update jobs set laboratorio_id = $2, prometido = $3, bandeja = $4, notas = $5, version = $6
                     where id = $1",
                )
                .bind(id)
                .bind(orden.laboratorio_id)
                .bind(orden.prometido)
                .bind(orden.bandeja)
                .bind(orden.notas)
                .bind(event.sequence)
                .execute(&mut *conn)
                .await?;
            }
            TrabajoEvent::EstadoTrabajoCambiado {
                nuevo,
                motivo,
                usuario,
                fecha,
                ..
            } => {
                sqlx::query("update jobs set estado = $2, desde = $3, version = $4 where id = $1")
                    .bind(id)
                    .bind(nuevo.clave())
                    .bind(fecha)
                    .bind(event.sequence)
                    .execute(&mut *conn)
                    .await?;
                history(conn, id, event.sequence, nuevo.clave(), motivo, &usuario, fecha).await?;
            }
            TrabajoEvent::AvisoSolicitado {
                aviso,
                canal: c,
                destinatario,
                usuario,
                fecha,
            } => {
                // A WhatsApp notice is sent when staff open it.
                let enviado = (c == Canal::Whatsapp).then_some(fecha);
                sqlx::query(
                    "insert into job_notices (trabajo_id, aviso, canal, destinatario, usuario, solicitado, enviado)
                     values ($1, $2, $3, $4, $5, $6, $7)",
                )
                .bind(id)
                .bind(aviso)
                .bind(canal(c))
                .bind(destinatario)
                .bind(usuario)
                .bind(fecha)
                .bind(enviado)
                .execute(&mut *conn)
                .await?;
                version(conn, id, event.sequence).await?;
            }
            TrabajoEvent::AvisoEnviado { aviso, fecha } => {
                sqlx::query(
                    "update job_notices set enviado = $3, intentos = intentos + 1, error = null
                     where trabajo_id = $1 and aviso = $2",
                )
                .bind(id)
                .bind(aviso)
                .bind(fecha)
                .execute(&mut *conn)
                .await?;
                version(conn, id, event.sequence).await?;
            }
            TrabajoEvent::AvisoFallido {
                aviso,
                intento,
                error,
                definitivo,
                ..
            } => {
                sqlx::query(
                    "update job_notices set intentos = $3, error = $4, definitivo = $5
                     where trabajo_id = $1 and aviso = $2",
                )
                .bind(id)
                .bind(aviso)
                .bind(intento)
                .bind(error)
                .bind(definitivo)
                .execute(&mut *conn)
                .await?;
                version(conn, id, event.sequence).await?;
            }
        }
        Ok(())
    }
}

async fn version(conn: &mut PgConnection, id: i64, sequence: i64) -> Result<(), ProjectionError> {
    sqlx::query("update jobs set version = $2 where id = $1")
        .bind(id)
        .bind(sequence)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

async fn history(
    conn: &mut PgConnection,
    id: i64,
    n: i64,
    estado: &str,
    motivo: Option<String>,
    usuario: &str,
    fecha: chrono::NaiveDateTime,
) -> Result<(), ProjectionError> {
    sqlx::query(
        "insert into job_history (trabajo_id, n, estado, motivo, usuario, fecha) values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(n)
    .bind(estado)
    .bind(motivo)
    .bind(usuario)
    .bind(fecha)
    .execute(&mut *conn)
    .await?;
    Ok(())
}
