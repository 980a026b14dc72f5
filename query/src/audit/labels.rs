//! The audit's words. The log's table shows an entity kind or an event type by its Spanish label
//! ('Método de pago', 'Caja cerrada'), so its filters take what the table shows as well as the
//! stored name. The labels of the kinds are listed here; an event's label is its stored name
//! split into words (`CajaCerrada` → 'Caja cerrada', the web app's `eventoLabel`), so a label
//! is turned back by folding both to the same key.

use optica_events::card_plans::CARD_PLANS_AGGREGATE;
use optica_events::closings::CASH_DAY_AGGREGATE;
use optica_events::counts::COUNT_AGGREGATE;
use optica_events::jobs::JOB_AGGREGATE;
use optica_events::movements::MOVEMENT_AGGREGATE;
use optica_events::patients::PATIENT_AGGREGATE;
use optica_events::products::PRODUCT_AGGREGATE;
use optica_events::transfers::TRANSFER_AGGREGATE;
use optica_events::users::USER_AGGREGATE;
use optica_events::LookupKind;

/// Every kind of entity in the log, by its stored name, with its label.
pub const ENTIDADES: &[(&str, &str)] = &[
    (PRODUCT_AGGREGATE, "Producto"),
    (MOVEMENT_AGGREGATE, "Movimiento"),
    (PATIENT_AGGREGATE, "Paciente"),
    (CASH_DAY_AGGREGATE, "Caja"),
    (JOB_AGGREGATE, "Trabajo"),
    (TRANSFER_AGGREGATE, "Transferencia"),
    (COUNT_AGGREGATE, "Conteo"),
    (USER_AGGREGATE, "Usuario"),
    (LookupKind::Local.aggregate_type(), "Local"),
    (LookupKind::Marca.aggregate_type(), "Marca"),
    (LookupKind::Categoria.aggregate_type(), "Categoría"),
    (LookupKind::Material.aggregate_type(), "Material"),
    (LookupKind::MetodoPago.aggregate_type(), "Método de pago"),
    (LookupKind::Proveedor.aggregate_type(), "Proveedor"),
    (LookupKind::Laboratorio.aggregate_type(), "Laboratorio"),
    (CARD_PLANS_AGGREGATE, "Planes de cuotas"),
    (optica_events::insurers::INSURER_AGGREGATE, "Obra social"),
    (optica_events::settlements::SETTLEMENT_AGGREGATE, "Liquidación"),
];

/// Lower case, without accents, spaces or punctuation: 'Método de pago' and 'metododepago', or
/// 'Caja cerrada' and 'CajaCerrada', fold alike.
pub fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .map(|c| match c {
            'á' | 'à' | 'ä' | 'â' => 'a',
            'é' | 'è' | 'ë' | 'ê' => 'e',
            'í' | 'ì' | 'ï' | 'î' => 'i',
            'ó' | 'ò' | 'ö' | 'ô' => 'o',
            'ú' | 'ù' | 'ü' | 'û' => 'u',
            'ñ' => 'n',
            other => other,
        })
        .collect()
}

/// The stored kind a filter names, typed as the label or as the stored name; `None` when it
/// names no kind.
pub fn entidad(text: &str) -> Option<&'static str> {
    let key = fold(text);
    ENTIDADES
        .iter()
        .find(|(tipo, etiqueta)| fold(tipo) == key || fold(etiqueta) == key)
        .map(|(tipo, _)| *tipo)
}

/// A kind's label; an unknown kind reads as itself.
pub fn etiqueta(tipo: &str) -> &str {
    ENTIDADES.iter().find(|(t, _)| *t == tipo).map_or(tipo, |(_, e)| e)
}

/// The key an event filter is compared on (with the stored name folded the same way).
pub fn evento(text: &str) -> String {
    fold(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Cases {
        entidades: Vec<Entidad>,
        eventos: Vec<Evento>,
    }
    #[derive(Deserialize)]
    struct Entidad {
        tipo: String,
        etiqueta: String,
    }
    #[derive(Deserialize)]
    struct Evento {
        evento: String,
        etiqueta: String,
        escrito: Vec<String>,
    }

    fn cases() -> Cases {
        serde_json::from_str(include_str!("../../../tests/cases/audit_labels.json")).unwrap()
    }

    #[test]
    fn every_kind_is_found_by_its_label_or_its_stored_name() {
        let cases = cases();
        let listed: Vec<(&str, &str)> = cases
            .entidades
            .iter()
            .map(|e| (e.tipo.as_str(), e.etiqueta.as_str()))
            .collect();
        assert_eq!(
            listed, ENTIDADES,
            "the shared cases list every kind, in the screen's order"
        );
        for e in &cases.entidades {
            assert_eq!(entidad(&e.etiqueta), Some(e.tipo.as_str()));
            assert_eq!(entidad(&e.tipo), Some(e.tipo.as_str()));
            assert_eq!(entidad(&e.etiqueta.to_uppercase()), Some(e.tipo.as_str()));
            assert_eq!(etiqueta(&e.tipo), e.etiqueta);
        }
        assert_eq!(entidad("Receta"), None);
        assert_eq!(entidad(""), None);
    }

    #[test]
    fn an_event_typed_as_its_label_folds_to_its_stored_name() {
        for e in cases().eventos {
            let stored = fold(&e.evento);
            assert_eq!(evento(&e.etiqueta), stored, "{}", e.etiqueta);
            for escrito in &e.escrito {
                assert_eq!(evento(escrito), stored, "{escrito}");
            }
        }
    }
}
