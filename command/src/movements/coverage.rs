//! A sale's coverage by an obra social: the plan's terms read from the obra social's stream
//! when the sale is recorded (or kept from the sale when an edit leaves the plan as it was),
//! its prescription checked against the plan, and the obra social's part computed by the
//! shared rule (`optica_events::insurers::partes`). The part the client states must be it.

use chrono::{Duration, NaiveDate};
use optica_events::insurers::{partes, CoberturaVenta};
use optica_events::movements::MovimientoDatos;
use optica_events::Money;

use super::service::{rules, SaleError};
use crate::insurers::ObraSocial;
use crate::movements::Regla;
use crate::{CommandError, EventStore};

/// What a request says of the sale's coverage.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum PedidoCobertura {
    /// The request said nothing (the existing front end's edit): the sale keeps its coverage.
    #[default]
    Mantener,
    /// No obra social.
    Ninguna,
    Usar(CoberturaPedida),
}

/// The coverage a sale asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoberturaPedida {
    pub obra_social_id: i64,
    pub plan: String,
    pub afiliado: String,
    pub medico: Option<String>,
    pub matricula: Option<String>,
    pub fecha_receta: Option<NaiveDate>,
    /// The obra social's part as the client computed it; checked when given.
    pub monto: Option<Money>,
}

/// Sets `datos.cobertura` as `pedido` asks, `previous` the movement before an edit.
pub async fn cover(
    store: &EventStore,
    previous: Option<&MovimientoDatos>,
    datos: &mut MovimientoDatos,
    pedido: &PedidoCobertura,
) -> Result<(), CommandError<SaleError>> {
    let before = previous.and_then(|p| p.cobertura.as_ref());
    // A presented sale keeps its coverage as presented, parts included (they are not
    // recomputed: the lines they were computed on cannot change either, see the aggregate's
    // `presented_stands`); a request for another one is left for the aggregate to refuse.
    if let Some(presentada) = before.filter(|c| c.liquidacion_id.is_some()) {
        match pedido {
            PedidoCobertura::Mantener => {
                datos.cobertura = Some(presentada.clone());
                return Ok(());
            }
            PedidoCobertura::Usar(p) if same_plan(presentada, p) => {
                let clean = |t: &Option<String>| t.as_ref().map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
                datos.cobertura = Some(CoberturaVenta {
                    afiliado: p.afiliado.trim().to_string(),
                    medico: clean(&p.medico),
                    matricula: clean(&p.matricula),
                    fecha_receta: p.fecha_receta,
                    ..presentada.clone()
                });
                return Ok(());
            }
            _ => {}
        }
    }
    let pedido = match pedido {
        PedidoCobertura::Ninguna => {
            datos.cobertura = None;
            return Ok(());
        }
        PedidoCobertura::Mantener => {
            datos.cobertura = before.map(|c| recomputed(c.clone(), datos));
            return Ok(());
        }
        PedidoCobertura::Usar(p) => p,
    };
    let same_plan = before.filter(|c| same_plan(c, pedido));
    let clean = |t: &Option<String>| t.as_ref().map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    let (plan, cristales, armazones, requiere, dias) = match same_plan {
        // The terms agreed when the sale was recorded stand.
        Some(c) => (c.plan.clone(), c.cristales, c.armazones, None, None),
        None => {
            let (os, _) = store.load::<ObraSocial>(&pedido.obra_social_id.to_string()).await?;
            if !os.exists() {
                return Err(rules(vec![Regla::ObraSocialInexistente {
                    id: pedido.obra_social_id,
                }]));
            }
            let Some(plan) = os.plan(&pedido.plan) else {
                return Err(rules(vec![Regla::PlanInexistente {
                    plan: pedido.plan.trim().to_string(),
                    obra_social: os.datos().nombre.clone(),
                }]));
            };
            let requiere = plan.requiere_receta.then(|| plan.nombre.clone());
            (
                plan.nombre.clone(),
                plan.cristales,
                plan.armazones,
                requiere,
                plan.validez_receta_dias,
            )
        }
    };
    let (medico, matricula, fecha_receta) = (clean(&pedido.medico), clean(&pedido.matricula), pedido.fecha_receta);
    let mut errors = Vec::new();
    if let Some(plan) = requiere {
        if medico.is_none() || matricula.is_none() || fecha_receta.is_none() {
            errors.push(Regla::RecetaRequerida { plan });
        }
    }
    let dia = datos.fecha.date();
    if let Some(fecha) = fecha_receta {
        if fecha > dia {
            errors.push(Regla::RecetaFutura);
        } else if let Some(dias) = dias {
            let vence = fecha + Duration::days(i64::from(dias));
            if vence < dia {
                errors.push(Regla::RecetaVencida { fecha, vence, dias });
            }
        }
    }
    let cobertura = recomputed(
        CoberturaVenta {
            obra_social_id: pedido.obra_social_id,
            plan,
            afiliado: pedido.afiliado.trim().to_string(),
            medico,
            matricula,
            fecha_receta,
            cristales,
            armazones,
            parte_cristales: Money::ZERO,
            parte_armazones: Money::ZERO,
            // Presented sales were handled above: a coverage computed here was not presented.
            liquidacion_id: None,
            facturado_al_paciente: Money::ZERO,
        },
        datos,
    );
    if pedido.monto.is_some_and(|m| m != cobertura.monto()) {
        errors.push(Regla::CoberturaIncorrecta {
            monto: cobertura.monto(),
            cristales: cobertura.parte_cristales,
            armazones: cobertura.parte_armazones,
        });
    }
    if !errors.is_empty() {
        return Err(rules(errors));
    }
    datos.cobertura = Some(cobertura);
    Ok(())
}

/// Whether a request keeps the sale on the obra social and plan it was recorded with.
fn same_plan(c: &CoberturaVenta, pedido: &CoberturaPedida) -> bool {
    c.obra_social_id == pedido.obra_social_id
        && optica_events::lookups::name_key(&c.plan) == optica_events::lookups::name_key(&pedido.plan)
}

/// The coverage with its parts computed for the sale's lines and discount as they are now.
fn recomputed(mut c: CoberturaVenta, datos: &MovimientoDatos) -> CoberturaVenta {
    (c.parte_cristales, c.parte_armazones) = partes(&datos.lineas, datos.descuento, c.cristales, c.armazones);
    c
}
