//! Patients into `patients`, `patient_fichas` and `patient_cristales`.
//!
//! A ficha's values are stored as one JSON document in the API's shape, so the query side reads
//! them without knowing the event types.

use async_trait::async_trait;
use chrono::NaiveDate;
use optica_events::patients::{celular_key, documento_key, PATIENT_AGGREGATE};
use optica_events::{PacienteDatos, PacienteEvent};
use serde_json::Value;
use sqlx::PgConnection;

use crate::{Projection, ProjectionError, StoredEvent};

/// The row changes one event makes.
#[derive(Debug, PartialEq)]
pub enum PatientChange {
    /// Registered (`ficha` given; `fecha` is creadoEn) or edited (`fecha` is ultimaActualizacion).
    Write {
        id: i64,
        ficha: Option<i64>,
        datos: Box<PacienteDatos>,
        fecha: NaiveDate,
    },
    /// A ficha added or edited.
    Ficha {
        id: i64,
        ficha_id: i64,
        fecha: NaiveDate,
        datos: Value,
    },
    RemoveFicha {
        id: i64,
        ficha_id: i64,
    },
    Cristal {
        id: i64,
        ficha_id: i64,
        cristal_id: i64,
        nombre: String,
        fecha: NaiveDate,
    },
    RemoveCristal {
        id: i64,
        cristal_id: i64,
    },
    CristalDevuelto {
        id: i64,
        cristal_id: i64,
        devolucion_id: i64,
    },
    Delete {
        id: i64,
    },
    /// An event that changes nothing the patient's rows show (a lens confirmed by the existing
    /// front end's post): only the version moves.
    Touch {
        id: i64,
    },
}

/// A ficha's values as the API shows them (its one writer lives with the event types, so the
/// read side's answers of late read models write it the same way).
pub use optica_events::patients::ficha_json;

/// Pure: the row change of an event (`None` for other aggregates).
pub fn patient_change(event: &StoredEvent) -> Result<Option<PatientChange>, ProjectionError> {
    let Some(id) = event.id_in(PATIENT_AGGREGATE)? else {
        return Ok(None);
    };
    Ok(Some(match event.decode::<PacienteEvent>()? {
        // The lens is already in the file: the sale recorded it.
        PacienteEvent::CristalConfirmado { .. } => PatientChange::Touch { id },
        PacienteEvent::PacienteRegistrado { ficha, datos, fecha } => PatientChange::Write {
            id,
            ficha: Some(ficha),
            datos: Box::new(datos),
            fecha,
        },
        PacienteEvent::PacienteEditado { datos, fecha } => PatientChange::Write {
            id,
            ficha: None,
            datos: Box::new(datos),
            fecha,
        },
        PacienteEvent::FichaAgregada { ficha_id, datos } | PacienteEvent::FichaEditada { ficha_id, datos } => {
            PatientChange::Ficha {
                id,
                ficha_id,
                fecha: datos.fecha,
                datos: ficha_json(&datos),
            }
        }
        PacienteEvent::FichaQuitada { ficha_id } => PatientChange::RemoveFicha { id, ficha_id },
        PacienteEvent::CristalRegistrado {
            ficha_id,
            cristal_id,
            nombre,
            fecha,
            ..
        } => PatientChange::Cristal {
            id,
            ficha_id,
            cristal_id,
            nombre,
            fecha,
        },
        PacienteEvent::CristalQuitado { cristal_id, .. } => PatientChange::RemoveCristal { id, cristal_id },
        PacienteEvent::CristalDevuelto {
            cristal_id,
            devolucion_id,
            ..
        } => PatientChange::CristalDevuelto {
            id,
            cristal_id,
            devolucion_id,
        },
        PacienteEvent::PacienteEliminado => PatientChange::Delete { id },
    }))
}

pub struct PatientsProjection;

#[async_trait]
impl Projection for PatientsProjection {
    identity!("patients", ["patients", "patient_fichas", "patient_cristales"]);

    async fn apply(&self, conn: &mut PgConnection, event: &StoredEvent) -> Result<(), ProjectionError> {
        let Some(change) = patient_change(event)? else {
            return Ok(());
        };
        match change {
            PatientChange::Write {
                id,
                ficha,
                datos,
                fecha,
            } => {
                // Both statements take the same parameters, so the data is bound once below.
                let query = match ficha {
                    // A registration: its date is creadoEn too.
                    Some(_) => sqlx::query(
                        "insert into patients (id, ficha, creado_en, ultima_actualizacion, version, nombre_completo,
                                               direccion, celular, celular_key, documento, documento_key, correo,
                                               medico, obra_social, observaciones, genero, local_id, obra_social_id,
                                               plan, afiliado)
                         values ($1, $2, $3, $3, 0, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
                         on conflict (id) do nothing",
                    ),
                    // An edit keeps the ficha number ($2 is null) and creadoEn.
                    None => sqlx::query(
                        "update patients set ultima_actualizacion = $3,
                             (nombre_completo, direccion, celular, celular_key, documento, documento_key, correo,
                              medico, obra_social, observaciones, genero, local_id, obra_social_id, plan, afiliado)
                             = ($4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
                         where id = $1 and $2::bigint is null",
                    ),
                };
                query
                    .bind(id)
                    .bind(ficha)
                    .bind(fecha)
                    .bind(&datos.nombre_completo)
                    .bind(&datos.direccion)
                    .bind(&datos.celular)
                    .bind(celular_key(&datos.celular))
                    .bind(&datos.documento)
                    .bind(datos.documento.as_deref().map(documento_key))
                    .bind(&datos.correo)
                    .bind(&datos.medico)
                    .bind(&datos.obra_social)
                    .bind(&datos.observaciones)
                    .bind(&datos.genero)
                    .bind(datos.local_id)
                    .bind(datos.afiliacion.as_ref().map(|a| a.obra_social_id))
                    .bind(datos.afiliacion.as_ref().map(|a| a.plan.as_str()))
                    .bind(datos.afiliacion.as_ref().map(|a| a.afiliado.as_str()))
                    .execute(&mut *conn)
                    .await?;
            }
            PatientChange::Ficha {
                id,
                ficha_id,
                fecha,
                datos,
            } => {
                execute!(
                    conn,
                    "insert into patient_fichas (paciente_id, ficha_id, fecha, datos) values ($1, $2, $3, $4)
                     on conflict (paciente_id, ficha_id) do update set fecha = excluded.fecha, datos = excluded.datos";
                    id, ficha_id, fecha, datos
                )?;
            }
            PatientChange::RemoveFicha { id, ficha_id } => {
                execute!(conn, "delete from patient_fichas where paciente_id = $1 and ficha_id = $2"; id, ficha_id)?;
            }
            PatientChange::Cristal {
                id,
                ficha_id,
                cristal_id,
                nombre,
                fecha,
            } => {
                execute!(
                    conn,
                    "insert into patient_cristales (paciente_id, cristal_id, ficha_id, nombre, fecha)
                     values ($1, $2, $3, $4, $5) on conflict do nothing";
                    id, cristal_id, ficha_id, &nombre, fecha
                )?;
            }
            PatientChange::RemoveCristal { id, cristal_id } => {
                execute!(
                    conn,
                    "delete from patient_cristales where paciente_id = $1 and cristal_id = $2";
                    id, cristal_id
                )?;
            }
            PatientChange::CristalDevuelto {
                id,
                cristal_id,
                devolucion_id,
            } => {
                execute!(
                    conn,
                    "update patient_cristales set devolucion_id = $3 where paciente_id = $1 and cristal_id = $2";
                    id, cristal_id, devolucion_id
                )?;
            }
            PatientChange::Touch { .. } => {}
            PatientChange::Delete { id } => {
                execute!(conn, "delete from patients where id = $1"; id)?;
                return Ok(());
            }
        }
        // Every patient event moves the version the next edit sends back.
        execute!(conn, "update patients set version = $2 where id = $1"; event.numeric_id()?, event.sequence)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lookups::tests::stored;
    use optica_events::patients::{FichaDatos, Graduacion};
    use optica_events::Medida;
    use serde_json::json;

    #[test]
    fn a_ficha_is_stored_in_the_api_shape_with_exact_values() {
        let mut datos = FichaDatos::blank(NaiveDate::from_ymd_opt(2026, 11, 21).unwrap());
        datos.graduaciones[2] = Graduacion {
            esferico: Some(Medida::from_hundredths(75)),
            cilindrico: None,
            eje: Some(Medida::from_hundredths(9000)),
        };
        datos.medidas.dnp_derecho = Some(Medida::from_hundredths(3150));
        let event = PacienteEvent::FichaAgregada { ficha_id: 2, datos };
        let change = patient_change(&stored("Paciente", "5", serde_json::to_value(event).unwrap())).unwrap();
        let Some(PatientChange::Ficha {
            id, ficha_id, datos, ..
        }) = change
        else {
            panic!("not a ficha change: {change:?}");
        };
        assert_eq!((id, ficha_id), (5, 2));
        assert_eq!(datos["fecha"], "2026-11-21");
        assert_eq!(datos["dnpDerecho"], 31.5);
        assert_eq!(datos["puente"], Value::Null);
        assert_eq!(
            datos["graduaciones"][2],
            json!({"ojo": "DERECHO", "tipo": "CERCA", "esferico": 0.75, "cilindrico": null, "eje": 90.0})
        );
    }

    #[test]
    fn other_aggregates_are_ignored() {
        let stored = stored("Local", "4", json!("ItemEliminado"));
        assert_eq!(patient_change(&stored).unwrap(), None);
    }
}
