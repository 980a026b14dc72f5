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
    identity!("jobs", ["jobs", "job_history", "job_notices"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(id) = event.id_in(JOB_AGGREGATE)? else {
            return Ok(());
        };
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
                execute!(
                    conn,
                    "insert into jobs (id, local_id, paciente_id, laboratorio_id, prometido, bandeja, notas, receta,
                                       estado, desde, encargado, version)
                     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10, $11)";
                    id, local_id, paciente_id, orden.laboratorio_id, orden.prometido, orden.bandeja, orden.notas,
                    receta, estado.clave(), fecha, event.sequence
                )?;
                history(conn, id, event.sequence, estado.clave(), None, &usuario, fecha).await?;
            }
            TrabajoEvent::OrdenModificada { orden } => {
                execute!(
                    conn,
                    "update jobs set laboratorio_id = $2, prometido = $3, bandeja = $4, notas = $5, version = $6
                     where id = $1";
                    id, orden.laboratorio_id, orden.prometido, orden.bandeja, orden.notas, event.sequence
                )?;
            }
            TrabajoEvent::EstadoTrabajoCambiado {
                nuevo,
                motivo,
                usuario,
                fecha,
                ..
            } => {
                execute!(
                    conn,
                    "update jobs set estado = $2, desde = $3, version = $4 where id = $1";
                    id, nuevo.clave(), fecha, event.sequence
                )?;
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
                execute!(
                    conn,
                    "insert into job_notices (trabajo_id, aviso, canal, destinatario, usuario, solicitado, enviado)
                     values ($1, $2, $3, $4, $5, $6, $7)";
                    id, aviso, canal(c), destinatario, usuario, fecha, enviado
                )?;
                version(conn, id, event.sequence).await?;
            }
            TrabajoEvent::AvisoEnviado { aviso, fecha } => {
                execute!(
                    conn,
                    "update job_notices set enviado = $3, intentos = intentos + 1, error = null
                     where trabajo_id = $1 and aviso = $2";
                    id, aviso, fecha
                )?;
                version(conn, id, event.sequence).await?;
            }
            TrabajoEvent::AvisoFallido {
                aviso,
                intento,
                error,
                definitivo,
                ..
            } => {
                execute!(
                    conn,
                    "update job_notices set intentos = $3, error = $4, definitivo = $5
                     where trabajo_id = $1 and aviso = $2";
                    id, aviso, intento, error, definitivo
                )?;
                version(conn, id, event.sequence).await?;
            }
        }
        Ok(())
    }
}

async fn version(conn: &mut PgConnection, id: i64, sequence: i64) -> Result<(), ProjectionError> {
    execute!(conn, "update jobs set version = $2 where id = $1"; id, sequence)?;
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
    execute!(
        conn,
        "insert into job_history (trabajo_id, n, estado, motivo, usuario, fecha) values ($1, $2, $3, $4, $5, $6)";
        id, n, estado, motivo, usuario, fecha
    )?;
    Ok(())
}
