//! A job as its stream has it, for an answer whose read model is late (issue 27). The stream's
//! events are folded into the rows the projection would write (`projections/src/jobs.rs`), in
//! JSON, and the page's own queries read them in place of the tables (`Shadow`), so the answer
//! is built by the same SQL as from the read model.

use optica_events::job::{TrabajoEvent as E, JOB_AGGREGATE};
use serde_json::{json, Value};
use sqlx::PgPool;

/// The rows of `jobs`, `job_history` and `job_notices` one job's stream makes, each a JSON array.
pub struct Committed {
    job: Value,
    history: Value,
    notices: Value,
}

/// Folds the job's events; None when it was never ordered.
pub async fn committed(pool: &PgPool, id: i64) -> Result<Option<Committed>, sqlx::Error> {
    let events: Vec<(i64, String)> = sqlx::query_as(
        "select sequence, payload::text from events where aggregate_type = $1 and aggregate_id = $2 order by sequence",
    )
    .bind(JOB_AGGREGATE)
    .bind(id.to_string())
    .fetch_all(pool)
    .await?;
    let mut job: Option<Value> = None;
    let (mut history, mut notices) = (Vec::new(), Vec::<Value>::new());
    for (sequence, payload) in events {
        let event: E = serde_json::from_str(&payload).map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
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
                "notas": orden.notas, "receta": receta.as_deref().map(optica_events::patient::ficha_json),
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
                let enviado = (canal == optica_events::job::Canal::Whatsapp).then_some(fecha);
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
    Ok(job.map(|job| Committed {
        job: json!([job]),
        history: Value::Array(history),
        notices: Value::Array(notices),
    }))
}

/// Where a query reads a job's own rows: the read model's tables, or a stream's rows named as
/// the tables (a `with` query shadows a table of the same name).
#[derive(Clone, Copy)]
pub struct Shadow<'a>(pub Option<&'a Committed>);

impl<'a> Shadow<'a> {
    /// The `with` clause that puts `table`'s committed rows, bound as parameter `param`, in
    /// place of the table (nothing for the read model).
    pub fn with(self, table: &str, param: usize) -> String {
        match self.0 {
            None => String::new(),
            Some(_) => {
                format!(
                    "with {table} as (select * from json_populate_recordset(null::public.{table}, ${param}::json)) "
                )
            }
        }
    }

    /// The rows to bind for `table`'s clause.
    pub fn rows(self, table: &str) -> Option<&'a Value> {
        self.0.map(|c| match table {
            "jobs" => &c.job,
            "job_history" => &c.history,
            _ => &c.notices,
        })
    }
}
