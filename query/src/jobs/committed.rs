//! A job as its stream has it, for an answer whose read model is late: its events
//! folded into the rows the projection writes (`projections/src/jobs.rs`), which the page's own
//! queries then read (`crate::late`).

use optica_events::jobs::{TrabajoEvent as E, JOB_AGGREGATE};
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::late::{self, Rows};

/// The rows of `jobs`, `job_history` and `job_notices` the job's stream makes; None when it
/// was never ordered.
pub async fn committed(pool: &PgPool, id: i64) -> Result<Option<Rows>, sqlx::Error> {
    let events = late::stream(pool, JOB_AGGREGATE, id).await?;
    let mut job: Option<Value> = None;
    let (mut history, mut notices) = (Vec::new(), Vec::<Value>::new());
    for (sequence, payload) in events {
        let event: E = late::decode(&payload)?;
        if let E::TrabajoEncargado {
            local_id,
            paciente_id,
            orden,
            receta,
            estado,
            usuario,
            fecha,
        } = &event
        {
            job = Some(json!({"id": id, "local_id": local_id, "paciente_id": paciente_id,
                "laboratorio_id": orden.laboratorio_id, "prometido": orden.prometido, "bandeja": orden.bandeja,
                "notas": orden.notas, "receta": receta.as_deref().map(optica_events::patients::ficha_json),
                "estado": estado.clave(), "desde": fecha, "encargado": fecha}));
            history.push(
                json!({"trabajo_id": id, "n": sequence, "estado": estado.clave(), "motivo": null,
                "usuario": usuario, "fecha": fecha}),
            );
        }
        let Some(row) = job.as_mut() else { continue };
        row["version"] = json!(sequence);
        let notice = |aviso: i64, notices: &mut Vec<Value>| notices.iter_mut().position(|n| n["aviso"] == aviso);
        match event {
            E::TrabajoEncargado { .. } => {}
            E::OrdenModificada { orden } => {
                row["laboratorio_id"] = json!(orden.laboratorio_id);
                row["prometido"] = json!(orden.prometido);
                row["bandeja"] = json!(orden.bandeja);
                row["notas"] = json!(orden.notas);
            }
            E::EstadoTrabajoCambiado {
                nuevo,
                motivo,
                usuario,
                fecha,
                ..
            } => {
                row["estado"] = json!(nuevo.clave());
                row["desde"] = json!(fecha);
                history.push(
                    json!({"trabajo_id": id, "n": sequence, "estado": nuevo.clave(), "motivo": motivo,
                    "usuario": usuario, "fecha": fecha}),
                );
            }
            E::AvisoSolicitado {
                aviso,
                canal,
                destinatario,
                usuario,
                fecha,
            } => {
                // A WhatsApp notice is sent when staff open it.
                let enviado = (canal == optica_events::jobs::Canal::Whatsapp).then_some(fecha);
                notices.push(
                    json!({"trabajo_id": id, "aviso": aviso, "canal": canal, "destinatario": destinatario,
                    "usuario": usuario, "solicitado": fecha, "enviado": enviado, "intentos": 0, "error": null,
                    "definitivo": false}),
                );
            }
            E::AvisoEnviado { aviso, fecha } => {
                if let Some(i) = notice(aviso, &mut notices) {
                    let n = &mut notices[i];
                    n["enviado"] = json!(fecha);
                    n["intentos"] = json!(n["intentos"].as_i64().unwrap_or(0) + 1);
                    n["error"] = Value::Null;
                }
            }
            E::AvisoFallido {
                aviso,
                intento,
                error,
                definitivo,
                ..
            } => {
                if let Some(i) = notice(aviso, &mut notices) {
                    let n = &mut notices[i];
                    (n["intentos"], n["error"], n["definitivo"]) = (json!(intento), json!(error), json!(definitivo));
                }
            }
        }
    }
    Ok(job.map(|job| {
        Rows(vec![
            ("jobs", json!([job])),
            ("job_history", Value::Array(history)),
            ("job_notices", Value::Array(notices)),
        ])
    }))
}
