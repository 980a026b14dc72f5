//! Catalogue lookups: categories, brands, materials, payment methods, branches, suppliers and
//! the labs that make the lenses. All seven share one event shape; the aggregate type tells them apart.

use serde::{Deserialize, Serialize};

/// Which lookup a stream belongs to. The aggregate type strings are stored in the event log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LookupKind {
    Categoria,
    Marca,
    Material,
    MetodoPago,
    Local,
    Proveedor,
    Laboratorio,
}

impl LookupKind {
    pub const ALL: [LookupKind; 7] = [
        LookupKind::Categoria,
        LookupKind::Marca,
        LookupKind::Material,
        LookupKind::MetodoPago,
        LookupKind::Local,
        LookupKind::Proveedor,
        LookupKind::Laboratorio,
    ];

    /// The `aggregate_type` of this kind's streams, and the `kind` column of the read model.
    pub const fn aggregate_type(self) -> &'static str {
        match self {
            LookupKind::Categoria => "Categoria",
            LookupKind::Marca => "Marca",
            LookupKind::Material => "MaterialProducto",
            LookupKind::MetodoPago => "MetodoPago",
            LookupKind::Local => "Local",
            LookupKind::Proveedor => "Proveedor",
            LookupKind::Laboratorio => "Laboratorio",
        }
    }

    pub fn from_aggregate_type(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|k| k.aggregate_type() == s)
    }

    /// The PostgreSQL sequence that allocates this kind's ids.
    pub const fn id_sequence(self) -> &'static str {
        match self {
            LookupKind::Categoria => "categoria_ids",
            LookupKind::Marca => "marca_ids",
            LookupKind::Material => "material_ids",
            LookupKind::MetodoPago => "metodo_pago_ids",
            LookupKind::Local => "local_ids",
            LookupKind::Proveedor => "proveedor_ids",
            LookupKind::Laboratorio => "laboratorio_ids",
        }
    }
}

/// A lookup's name as its uniqueness claim compares it: trimmed, inner spaces collapsed, lower
/// case, Spanish accents dropped ('Sol', 'sol ' and 'Sól' are one name). The SQL function
/// `optica_name_key` (migration 0018) is the same rule; a test holds the two together.
pub fn name_key(nombre: &str) -> String {
    const FROM: &str = "áéíóúüñàèìòùâêîôûäëïöç";
    const TO: &str = "aeiouunaeiouaeiouaeioc";
    let collapsed = nombre.split_whitespace().collect::<Vec<_>>().join(" ");
    collapsed
        .to_lowercase()
        .chars()
        .map(|c| {
            FROM.chars()
                .position(|f| f == c)
                .and_then(|i| TO.chars().nth(i))
                .unwrap_or(c)
        })
        .collect()
}

impl LookupKind {
    /// The scope of the claims on this kind's names.
    pub fn name_scope(self) -> String {
        format!("lookup_nombre:{}", self.aggregate_type())
    }
}

/// The fields of a lookup item. `direccion` is used by branches, `celular` by branches, suppliers
/// and labs.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LookupData {
    pub nombre: String,
    pub direccion: Option<String>,
    pub celular: Option<String>,
    /// A category only: whether its products are lenses, as the admin set it. `None` (every
    /// category recorded before the admin could say, and those the existing front end creates):
    /// decided by the name, 'cristal' (`products::is_cristal`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cristales: Option<bool>,
}

impl LookupData {
    /// Whether a category's products are lenses: as the admin set it, else by its name.
    pub fn son_cristales(&self) -> bool {
        crate::products::lens_category(&self.nombre, self.cristales)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LookupEvent {
    ItemCreado(LookupData),
    ItemActualizado(LookupData),
    ItemEliminado,
}

event_types!(
    LookupEvent:
    ItemCreado, ItemActualizado, ItemEliminado
);

#[cfg(test)]
mod tests {
    use super::name_key;

    #[test]
    fn names_that_differ_in_case_accents_or_spaces_are_one_name() {
        assert_eq!(name_key("Sol"), name_key(" sol  "));
        assert_eq!(name_key("Sól"), "sol");
        assert_eq!(name_key("Lentes   de  SOL"), "lentes de sol");
        assert_ne!(name_key("Sol"), name_key("Sola"));
    }
}
