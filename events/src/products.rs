//! The catalogue: products, their prices, and their stock per branch.
//!
//! Stock changes only through `StockAjustado`, which records why (`MotivoStock`), by how much and
//! the stock that resulted, so the ledger of a product can be read straight from its stream.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::Money;

pub const PRODUCT_AGGREGATE: &str = "Producto";
/// The PostgreSQL sequence that allocates product ids.
pub const PRODUCT_ID_SEQUENCE: &str = "producto_ids";
/// Unique-claim scope of (brand, lower-cased model).
pub const MODEL_BRAND_SCOPE: &str = "producto_modelo_marca";

/// The category whose products are lenses (compared trimmed and case-insensitively): exclusive,
/// without material or gender, and recorded in the patient's file when sold. The one home of the
/// word: Rust compares with it and SQL receives it as a bound parameter.
pub const CRISTAL: &str = "cristal";

/// Whether a category name is the lens category.
pub fn is_cristal(categoria: &str) -> bool {
    categoria.trim().eq_ignore_ascii_case(CRISTAL)
}

/// Whether a category's products are lenses: the admin's setting (`cristales`) when there is
/// one, else the name. SQL computes the same as `coalesce(cristales, lower(trim(nombre)) = $n)`
/// with `CRISTAL` bound.
pub fn lens_category(nombre: &str, cristales: Option<bool>) -> bool {
    cristales.unwrap_or_else(|| is_cristal(nombre))
}

/// The gender values of the catalogue; crystals carry an empty gender.
pub const GENEROS: [&str; 5] = ["Hombre", "Mujer", "Unisex", "Niño", "Niña"];

/// The unique-claim key of a model within a brand (models compare case-insensitively).
pub fn model_brand_key(marca_id: i64, modelo: &str) -> String {
    format!("{marca_id}:{}", modelo.trim().to_lowercase())
}

/// What a product is, apart from its stock. Lookups are referenced by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductoDatos {
    pub modelo: String,
    pub marca_id: i64,
    pub categoria_ids: Vec<i64>,
    pub material_id: Option<i64>,
    pub genero: String,
    pub costo: Option<Money>,
    pub precio: Money,
    pub descripcion: Option<String>,
    pub proveedor_ids: Vec<i64>,
}

/// Why a branch's stock changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MotivoStock {
    /// The stock a branch starts with when it is added to a product.
    CargaInicial,
    /// An edit of the product that set the branch's stock to a counted number.
    CorreccionManual,
    Venta,
    VentaEditada,
    VentaEliminada,
    Transferencia,
    /// Units a customer returned (the return's movement is named).
    Devolucion,
    // The reasons of a manual adjustment, each with an optional note.
    Rotura,
    RoboOPerdida,
    UsoInterno,
    DevolucionAProveedor,
    Correccion,
    /// A physical count's difference (the count is named).
    Conteo,
}

impl MotivoStock {
    /// The Spanish label shown in ledgers.
    pub fn label(self) -> &'static str {
        match self {
            MotivoStock::CargaInicial => "Carga inicial",
            MotivoStock::CorreccionManual => "Corrección manual",
            MotivoStock::Venta => "Venta",
            MotivoStock::VentaEditada => "Venta editada",
            MotivoStock::VentaEliminada => "Venta eliminada",
            MotivoStock::Transferencia => "Transferencia",
            MotivoStock::Devolucion => "Devolución",
            MotivoStock::Rotura => "Rotura",
            MotivoStock::RoboOPerdida => "Robo o pérdida",
            MotivoStock::UsoInterno => "Uso interno",
            MotivoStock::DevolucionAProveedor => "Devolución a proveedor",
            MotivoStock::Correccion => "Corrección",
            MotivoStock::Conteo => "Conteo",
        }
    }

    /// The reasons an admin picks for a manual adjustment, in the order the form lists them.
    pub const MANUALES: [MotivoStock; 5] = [
        MotivoStock::Rotura,
        MotivoStock::RoboOPerdida,
        MotivoStock::UsoInterno,
        MotivoStock::DevolucionAProveedor,
        MotivoStock::Correccion,
    ];

    /// Whether the reason only takes units out (a correction goes either way).
    pub fn only_out(self) -> bool {
        matches!(
            self,
            MotivoStock::Rotura
                | MotivoStock::RoboOPerdida
                | MotivoStock::UsoInterno
                | MotivoStock::DevolucionAProveedor
        )
    }
}

/// What a stock change came from, beside its reason: a cash-box movement, a transfer, a count,
/// and a note typed with a manual adjustment.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origen {
    pub movimiento_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transferencia_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conteo_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nota: Option<String>,
}

impl Origen {
    pub fn movimiento(id: i64) -> Self {
        Origen {
            movimiento_id: Some(id),
            ..Origen::default()
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProductoEvent {
    /// `fecha`: the shop's business date of the change (creadoEn / ultimaActualizacion).
    ProductoCreado {
        datos: ProductoDatos,
        fecha: NaiveDate,
    },
    ProductoEditado {
        datos: ProductoDatos,
        fecha: NaiveDate,
    },
    /// A mass price update.
    PrecioActualizado {
        anterior: Money,
        nuevo: Money,
        fecha: NaiveDate,
    },
    /// A mass cost update.
    CostoActualizado {
        anterior: Option<Money>,
        nuevo: Money,
        fecha: NaiveDate,
    },
    /// The product is now offered at a branch (with stock 0 until a `StockAjustado`).
    LocalAgregado {
        local_id: i64,
    },
    /// The product is no longer offered at a branch; its stock there was 0 first.
    LocalQuitado {
        local_id: i64,
    },
    StockAjustado {
        local_id: i64,
        motivo: MotivoStock,
        /// Signed change.
        cantidad: i64,
        /// The branch's stock after the change.
        stock_resultante: i64,
        /// What the change came from (`movimiento_id` sits at the top level, as in the events
        /// written before the other fields existed).
        #[serde(flatten)]
        origen: Origen,
    },
    /// The stock at or below which the branch should reorder (punto de pedido); none: not set.
    PuntoDePedidoFijado {
        local_id: i64,
        minimo: Option<i64>,
    },
    ProductoEliminado,
}

event_types!(
    ProductoEvent:
    ProductoCreado, ProductoEditado, PrecioActualizado, CostoActualizado, LocalAgregado,
    LocalQuitado, StockAjustado, PuntoDePedidoFijado, ProductoEliminado
);

#[cfg(test)]
mod tests {
    use super::*;

    /// Events written before `Origen` existed read the same, and a sale's change is written as
    /// before (only `movimiento_id`), so the stored payloads and their hash chain do not move.
    #[test]
    fn a_stock_change_keeps_its_old_shape() {
        let old = serde_json::json!({"StockAjustado": {"local_id": 1, "motivo": "Venta", "cantidad": -1,
                                                       "stock_resultante": 4, "movimiento_id": 9}});
        let event: ProductoEvent = serde_json::from_value(old.clone()).unwrap_or(ProductoEvent::ProductoEliminado);
        assert_eq!(
            event,
            ProductoEvent::StockAjustado {
                local_id: 1,
                motivo: MotivoStock::Venta,
                cantidad: -1,
                stock_resultante: 4,
                origen: Origen::movimiento(9),
            }
        );
        assert_eq!(serde_json::to_value(&event).ok(), Some(old));
    }
}
