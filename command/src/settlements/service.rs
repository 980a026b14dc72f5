//! The liquidaciones through the store. Presenting writes the liquidación and a mark on each
//! sale's stream in one transaction, so two presentations racing for a sale cannot both take
//! it (the loser's unit runs again and finds it presented). Billing a débito writes the
//! liquidación and the sale's stream together for the same reason.

use chrono::{Datelike as _, NaiveDate};
use optica_events::settlements::{mes_de, ItemLiquidacion, SETTLEMENT_ID_SEQUENCE};
use optica_events::{EventMetadata, Money};

use super::{CobroBanco, Liquidacion, LiquidacionCommand, LiquidacionError, Regla, MAX_VENTAS};
use crate::insurers::ObraSocial;
use crate::movements::{Movimiento, MovimientoCommand, MovimientoError};
use crate::{CommandError, EventStore, Outcome};

fn invalid(errors: Vec<Regla>) -> CommandError<LiquidacionError> {
    CommandError::Domain(LiquidacionError::Invalid(errors))
}

/// A sale's refusal as the liquidación names it.
fn of_sale(id: i64) -> impl Fn(MovimientoError) -> LiquidacionError {
    move |e| match e {
        MovimientoError::Invalid(rules) => LiquidacionError::Invalid(
            rules
                .into_iter()
                .map(|r| Regla::Venta {
                    id,
                    motivo: r.to_string(),
                })
                .collect(),
        ),
        _ => LiquidacionError::Invalid(vec![Regla::VentaInexistente { id }]),
    }
}

/// Presents sales `ventas` of the month starting `mes` to obra social `obra_social_id` on
/// `hoy`: each must be covered by it, of that month, not presented before, with a part to pay.
/// Every sale that cannot go is named at once.
pub async fn present(
    store: &EventStore,
    obra_social_id: i64,
    mes: NaiveDate,
    ventas: Vec<i64>,
    hoy: NaiveDate,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<LiquidacionError>> {
    let mes = mes_de(mes);
    let mut errors = Vec::new();
    if ventas.is_empty() {
        errors.push(Regla::SinVentas);
    }
    if ventas.len() > MAX_VENTAS {
        errors.push(Regla::DemasiadasVentas);
    }
    if mes > mes_de(hoy) {
        errors.push(Regla::MesFuturo { mes });
    }
    let mut seen = std::collections::BTreeSet::new();
    errors.extend(
        ventas
            .iter()
            .filter(|id| !seen.insert(**id))
            .map(|id| Regla::VentaRepetida { id: *id }),
    );
    if !errors.is_empty() {
        errors.dedup();
        return Err(invalid(errors));
    }
    let id = store.next_id(SETTLEMENT_ID_SEQUENCE).await?;
    let ventas = &ventas;
    store
        .run(metadata, "liquidacion", move || async move {
            let (os, _) = store.load::<ObraSocial>(&obra_social_id.to_string()).await?;
            if !os.exists() {
                return Err(invalid(vec![Regla::ObraSocialInexistente { id: obra_social_id }]));
            }
            let nombre = os.datos().nombre.clone();
            let mut loaded = Vec::with_capacity(ventas.len());
            let mut errors = Vec::new();
            for venta in ventas {
                let (sale, base) = store.load::<Movimiento>(&venta.to_string()).await?;
                match presentable(*venta, &sale, obra_social_id, &nombre, mes) {
                    Ok(monto) => loaded.push((*venta, sale, base, monto)),
                    Err(regla) => errors.push(regla),
                }
            }
            if !errors.is_empty() {
                return Err(invalid(errors));
            }
            let mut unit = store.unit();
            let mut items = Vec::with_capacity(loaded.len());
            for (venta, sale, base, monto) in loaded {
                let command = MovimientoCommand::PresentarCobertura { liquidacion_id: id };
                unit.handle_loaded(&venta.to_string(), sale, base, command, &())
                    .await
                    .map_err(|e| e.map_domain(of_sale(venta)))?;
                items.push(ItemLiquidacion {
                    movimiento_id: venta,
                    monto,
                });
            }
            let command = LiquidacionCommand::Presentar {
                obra_social_id,
                mes,
                fecha: hoy,
                items,
            };
            unit.handle::<Liquidacion>(&id.to_string(), command, &()).await?;
            Ok((unit, id))
        })
        .await
}

/// Why sale `id` cannot be presented, or the obra social's part of it.
fn presentable(id: i64, sale: &Movimiento, obra_social_id: i64, nombre: &str, mes: NaiveDate) -> Result<Money, Regla> {
    let Some(datos) = sale.datos() else {
        return Err(Regla::VentaInexistente { id });
    };
    let Some(c) = datos.cobertura.as_ref().filter(|c| c.obra_social_id == obra_social_id) else {
        return Err(Regla::VentaNoCubierta {
            id,
            obra_social: nombre.to_string(),
        });
    };
    if let Some(liquidacion) = c.liquidacion_id {
        return Err(Regla::VentaYaPresentada { id, liquidacion });
    }
    let dia = datos.fecha.date();
    if (dia.year(), dia.month()) != (mes.year(), mes.month()) {
        return Err(Regla::VentaDeOtroMes { id, mes });
    }
    match c.monto() {
        m if m > Money::ZERO => Ok(m),
        _ => Err(Regla::VentaSinParte { id }),
    }
}

/// Records a payment the obra social made by bank on liquidación `id`, with what it rejected.
pub async fn collect(
    store: &EventStore,
    id: i64,
    cobro: CobroBanco,
    hoy: NaiveDate,
    metadata: &EventMetadata,
) -> Result<Outcome, CommandError<LiquidacionError>> {
    let key = id.to_string();
    let key = key.as_str();
    let command = LiquidacionCommand::Cobrar { cobro, hoy };
    let command = &command;
    store
        .run(metadata, &format!("liquidacion-cobro:{id}"), move || async move {
            let mut unit = store.unit();
            unit.handle::<Liquidacion>(key, command.clone(), &()).await?;
            Ok((unit, id))
        })
        .await
}

/// Bills the patient of sale `movimiento_id` what liquidación `id` rejected of it and was not
/// billed yet: the sale's balance grows by that much, in the same transaction.
pub async fn bill_debit(
    store: &EventStore,
    id: i64,
    movimiento_id: i64,
    metadata: &EventMetadata,
) -> Result<Outcome<Money>, CommandError<LiquidacionError>> {
    let key = id.to_string();
    let key = key.as_str();
    let operation = format!("liquidacion-debito:{id}:{movimiento_id}");
    store
        .run(metadata, &operation, move || async move {
            let (liquidacion, base) = store.load::<Liquidacion>(key).await?;
            let (monto, motivo) = liquidacion.por_facturar(movimiento_id);
            let mut unit = store.unit();
            let command = LiquidacionCommand::FacturarDebito { movimiento_id };
            unit.handle_loaded(key, liquidacion, base, command, &()).await?;
            let command = MovimientoCommand::FacturarDebito {
                liquidacion_id: id,
                monto,
                motivo,
            };
            unit.handle::<Movimiento>(&movimiento_id.to_string(), command, &())
                .await
                .map_err(|e| e.map_domain(of_sale(movimiento_id)))?;
            Ok((unit, monto))
        })
        .await
}
