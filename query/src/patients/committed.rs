//! A patient as their stream holds them, for the answer of a registration or an edit whose read
//! model is late, in `by_id`'s shape.

use chrono::NaiveDate;
use optica_events::patients::{PacienteEvent as E, PATIENT_AGGREGATE};
use sqlx::PgPool;

use super::{Cristal, Ficha, Paciente};
use crate::late;
use crate::lookups::Local;

/// A ficha as the stream holds it: its number, values and lenses.
struct Folded {
    id: i64,
    datos: optica_events::FichaDatos,
    cristales: Vec<Cristal>,
}

/// The patient as their stream holds them (None if never registered, or deleted).
pub async fn committed(pool: &PgPool, id: i64, today: NaiveDate) -> Result<Option<Paciente>, sqlx::Error> {
    let (mut patient, mut version, mut deleted) = (None, 0, false);
    let mut fichas: Vec<Folded> = Vec::new();
    for (sequence, payload) in late::stream(pool, PATIENT_AGGREGATE, id).await? {
        version = sequence;
        match late::decode::<E>(&payload)? {
            E::PacienteRegistrado { ficha, datos, .. } => patient = Some((ficha, datos)),
            E::PacienteEditado { datos, .. } => {
                if let Some(p) = patient.as_mut() {
                    p.1 = datos;
                }
            }
            E::FichaAgregada { ficha_id, datos } => fichas.push(Folded {
                id: ficha_id,
                datos,
                cristales: Vec::new(),
            }),
            E::FichaEditada { ficha_id, datos } => {
                if let Some(f) = fichas.iter_mut().find(|f| f.id == ficha_id) {
                    f.datos = datos;
                }
            }
            E::FichaQuitada { ficha_id } => fichas.retain(|f| f.id != ficha_id),
            E::CristalRegistrado {
                ficha_id,
                cristal_id,
                nombre,
                fecha,
                ..
            } => {
                if let Some(f) = fichas.iter_mut().find(|f| f.id == ficha_id) {
                    f.cristales.push(Cristal {
                        id: cristal_id,
                        nombre,
                        fecha,
                        devolucion_id: None,
                    });
                }
            }
            E::CristalConfirmado { .. } => {}
            E::CristalQuitado { ficha_id, cristal_id } => {
                if let Some(f) = fichas.iter_mut().find(|f| f.id == ficha_id) {
                    f.cristales.retain(|c| c.id != cristal_id);
                }
            }
            E::CristalDevuelto {
                ficha_id,
                cristal_id,
                devolucion_id,
            } => {
                let lenses = (fichas.iter_mut().filter(|f| f.id == ficha_id)).flat_map(|f| f.cristales.iter_mut());
                for c in lenses.filter(|c| c.id == cristal_id) {
                    c.devolucion_id = Some(devolucion_id);
                }
            }
            E::PacienteEliminado => deleted = true,
        }
    }
    let Some((ficha, datos)) = patient.filter(|_| !deleted) else {
        return Ok(None);
    };
    let fichas = fichas.iter().map(|f| (f.id, &f.datos, f.cristales.clone())).collect();
    Ok(Some(shaped(pool, id, ficha, &datos, fichas, version, today).await?))
}

/// A patient as their command just committed them, in `by_id`'s shape: for the answer of a
/// registration or an edit whose read model is late. `fichas`: each ficha's number,
/// values and lenses. The branch's name is read as it stands; the dates are the stored ones when
/// the patient had a row, else `today`.
async fn shaped(
    pool: &PgPool,
    id: i64,
    ficha: i64,
    d: &optica_events::PacienteDatos,
    fichas: Vec<(i64, &optica_events::FichaDatos, Vec<Cristal>)>,
    version: i64,
    today: NaiveDate,
) -> Result<Paciente, sqlx::Error> {
    let local = crate::lookups::rows(pool, &[("Local", d.local_id)]).await?.pop();
    let dates: Option<(NaiveDate, NaiveDate)> =
        sqlx::query_as("select creado_en, ultima_actualizacion from patients where id = $1")
            .bind(id)
            .fetch_optional(pool)
            .await?;
    let mut historial = Vec::new();
    for (ficha_id, datos, cristales) in fichas {
        let mut f: Ficha = serde_json::from_value(optica_events::patients::ficha_json(datos))
            .map_err(|e| sqlx::Error::Decode(e.into()))?;
        (f.id, f.cristales) = (ficha_id, cristales);
        historial.push(f);
    }
    // Newest first, as the read model lists them.
    historial.sort_by_key(|f| std::cmp::Reverse((f.fecha, f.id)));
    Ok(Paciente {
        id,
        ficha,
        nombre_completo: d.nombre_completo.clone(),
        direccion: d.direccion.clone(),
        celular: d.celular.clone(),
        documento: d.documento.clone(),
        correo: d.correo.clone(),
        medico: d.medico.clone(),
        obra_social: d.obra_social.clone(),
        observaciones: d.observaciones.clone(),
        genero: d.genero.clone(),
        local: local.map(|(_, _, nombre, direccion, celular)| Local {
            id: d.local_id,
            nombre,
            direccion,
            celular,
        }),
        creado_en: dates.map_or(today, |d| d.0),
        ultima_actualizacion: dates.map_or(today, |d| d.1).max(today),
        historial_fichas: historial,
        version,
        afiliacion: match &d.afiliacion {
            None => None,
            Some(a) => {
                let nombre: Option<String> = sqlx::query_scalar("select nombre from insurers where id = $1")
                    .bind(a.obra_social_id)
                    .fetch_optional(pool)
                    .await?;
                Some(super::AfiliacionLeida {
                    obra_social_id: a.obra_social_id,
                    obra_social: nombre.unwrap_or_default(),
                    plan: a.plan.clone(),
                    afiliado: a.afiliado.clone(),
                })
            }
        },
    })
}
