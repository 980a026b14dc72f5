//! The product's rules that need no other record: the model, brand, categories, suppliers,
//! gender, amounts and the branch list, each a `Regla` with its Spanish text.

use optica_events::products::GENEROS;
use optica_events::{Money, ProductoDatos};

use super::{LocalStock, ProductoError};

pub const MAX_MODELO: usize = 50;
pub const MAX_DESCRIPCION: usize = 255;
/// A counted stock above this is a typing mistake.
pub const MAX_STOCK: i64 = 1_000_000;
/// A manual adjustment's note.
pub const MAX_NOTA: usize = 255;
/// Characters a model may not contain (they break the search paths and the bulk form's rules).
pub const FORBIDDEN_MODEL_CHARS: [char; 4] = ['.', ';', '/', '\\'];

/// A rule of the catalogue's data; its text is the Spanish answer the contract gives.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("El modelo es obligatorio")]
    SinModelo,
    #[error("El modelo debe tener como máximo {MAX_MODELO} caracteres")]
    ModeloLargo,
    #[error("El modelo no puede contener los caracteres . ; / \\")]
    ModeloConCaracteresProhibidos,
    #[error("Debe seleccionar una marca")]
    SinMarca,
    #[error("Debe seleccionar al menos una categoría")]
    SinCategoria,
    #[error("Debe seleccionar al menos un proveedor")]
    SinProveedor,
    #[error("El género debe ser Hombre, Mujer, Unisex, Niño o Niña")]
    GeneroDesconocido,
    #[error("El precio no puede ser negativo")]
    PrecioNegativo,
    #[error("El costo no puede ser negativo")]
    CostoNegativo,
    #[error("La descripción debe tener como máximo {MAX_DESCRIPCION} caracteres")]
    DescripcionLarga,
    #[error("Debe seleccionar al menos un local")]
    SinLocal,
    #[error("Un local aparece más de una vez")]
    LocalRepetido,
    #[error("El stock no puede ser negativo")]
    StockNegativo,
    #[error("El stock no puede superar {MAX_STOCK} unidades")]
    StockExcesivo,
    #[error("El nuevo valor está fuera de rango")]
    ValorFueraDeRango,
    #[error("El nuevo valor no puede ser negativo")]
    ValorNegativo,
    #[error("El motivo debe ser rotura, robo o pérdida, uso interno, devolución a proveedor o corrección")]
    MotivoNoManual,
    #[error("La cantidad del ajuste no puede ser 0")]
    AjusteCero,
    #[error("«{0}» resta stock: la cantidad debe ser negativa")]
    AjusteDebeRestar(String),
    #[error("El ajuste no puede mover más de {MAX_STOCK} unidades")]
    AjusteExcesivo,
    #[error("La nota debe tener como máximo {MAX_NOTA} caracteres")]
    NotaLarga,
    #[error("El punto de pedido debe estar entre 0 y {MAX_STOCK} unidades")]
    MinimoFueraDeRango,
}

/// A manual adjustment's rules; answers its note trimmed (none when blank).
pub fn validate_manual(
    cantidad: i64,
    motivo: optica_events::MotivoStock,
    nota: Option<String>,
) -> Result<Option<String>, ProductoError> {
    let mut errors = Vec::new();
    if !optica_events::MotivoStock::MANUALES.contains(&motivo) {
        errors.push(Regla::MotivoNoManual);
    }
    if cantidad == 0 {
        errors.push(Regla::AjusteCero);
    } else if motivo.only_out() && cantidad > 0 {
        errors.push(Regla::AjusteDebeRestar(motivo.label().to_string()));
    }
    if cantidad.unsigned_abs() > MAX_STOCK as u64 {
        errors.push(Regla::AjusteExcesivo);
    }
    let nota = nota.map(|n| n.trim().to_string()).filter(|n| !n.is_empty());
    if nota.as_ref().is_some_and(|n| n.chars().count() > MAX_NOTA) {
        errors.push(Regla::NotaLarga);
    }
    if errors.is_empty() {
        Ok(nota)
    } else {
        Err(ProductoError::Invalid(errors))
    }
}

/// Trims and orders the fields, then checks every rule that needs no other record; returns
/// the normalised data or every rule it breaks.
pub fn validate(datos: ProductoDatos) -> Result<ProductoDatos, ProductoError> {
    let mut datos = ProductoDatos {
        modelo: datos.modelo.trim().to_string(),
        descripcion: datos
            .descripcion
            .map(|d| d.trim().to_string())
            .filter(|d| !d.is_empty()),
        genero: datos.genero.trim().to_string(),
        ..datos
    };
    datos.categoria_ids.sort_unstable();
    datos.categoria_ids.dedup();
    datos.proveedor_ids.sort_unstable();
    datos.proveedor_ids.dedup();
    let mut errors = Vec::new();
    if datos.modelo.is_empty() {
        errors.push(Regla::SinModelo);
    } else if datos.modelo.chars().count() > MAX_MODELO {
        errors.push(Regla::ModeloLargo);
    }
    if datos.modelo.contains(FORBIDDEN_MODEL_CHARS) {
        errors.push(Regla::ModeloConCaracteresProhibidos);
    }
    if datos.marca_id <= 0 {
        errors.push(Regla::SinMarca);
    }
    if datos.categoria_ids.is_empty() {
        errors.push(Regla::SinCategoria);
    }
    if datos.proveedor_ids.is_empty() {
        errors.push(Regla::SinProveedor);
    }
    if !datos.genero.is_empty() && !GENEROS.contains(&datos.genero.as_str()) {
        errors.push(Regla::GeneroDesconocido);
    }
    if datos.precio.is_negative() {
        errors.push(Regla::PrecioNegativo);
    }
    if datos.costo.is_some_and(Money::is_negative) {
        errors.push(Regla::CostoNegativo);
    }
    if datos
        .descripcion
        .as_ref()
        .is_some_and(|d| d.chars().count() > MAX_DESCRIPCION)
    {
        errors.push(Regla::DescripcionLarga);
    }
    if errors.is_empty() {
        Ok(datos)
    } else {
        Err(ProductoError::Invalid(errors))
    }
}

/// Checks a product's branch list: at least one branch, each once, stock 0..=MAX_STOCK.
pub fn validate_locales(locales: &[LocalStock]) -> Result<(), ProductoError> {
    let mut errors = Vec::new();
    if locales.is_empty() {
        errors.push(Regla::SinLocal);
    }
    let mut seen = std::collections::BTreeSet::new();
    if locales.iter().any(|l| !seen.insert(l.local_id)) {
        errors.push(Regla::LocalRepetido);
    }
    if locales.iter().any(|l| l.stock < 0) {
        errors.push(Regla::StockNegativo);
    }
    if locales.iter().any(|l| l.stock > MAX_STOCK) {
        errors.push(Regla::StockExcesivo);
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ProductoError::Invalid(errors))
    }
}
