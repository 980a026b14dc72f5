//! The cash box: sales and income (ENTRADA) and expenses (SALIDA), with their lines and payments.
//!
//! A movement's events carry the whole movement as it stands after the change, with the product
//! facts of the moment of the sale (model, brand, whether it is a lens), so reports read the sale
//! as it was even after the catalogue changes. Stock moves on the products' own streams
//! (`StockAjustado` naming the movement), in the same transaction.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

use crate::{Medida, Money};

pub const MOVEMENT_AGGREGATE: &str = "Movimiento";
/// The PostgreSQL sequence that allocates movement ids.
pub const MOVEMENT_ID_SEQUENCE: &str = "movimiento_ids";

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TipoMovimiento {
    Entrada,
    Salida,
}

/// Where an ENTRADA's order stands; SALIDA has none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EstadoMovimiento {
    PedidoCristales,
    ArmandoPedido,
    AnteojoTerminado,
    Entregado,
}

stored_names!(TipoMovimiento, EstadoMovimiento);

/// A product sold: quantity, unit price, and the product as it was at the sale.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Linea {
    pub producto_id: i64,
    pub modelo: String,
    pub marca: String,
    /// Whether the product had the category cristal (its sale records a lens for the patient).
    pub cristal: bool,
    pub cantidad: i64,
    pub precio_unitario: Money,
    pub subtotal: Money,
}

/// A line without product (a lens ordered from a lab, a repair, an expense's concept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineaAdicional {
    pub descripcion: String,
    pub subtotal: Money,
}

/// A payment: `monto` counts against the debt; `monto_impuesto` is what was charged, surcharge
/// included (the cash totals add it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pago {
    /// Numbered within the movement.
    pub id: i64,
    pub metodo_pago_id: i64,
    pub monto: Money,
    pub monto_impuesto: Money,
    /// The shop's local time.
    pub fecha: NaiveDateTime,
    /// The branch whose cash received it, when not the movement's own: a balance collected at
    /// another branch. Absent in events written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local_id: Option<i64>,
    /// Paid by card in cuotas: the plan and the surcharge it was charged at (`monto_impuesto`
    /// is `monto` with it). Absent for every other payment and in events written before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plan: Option<Plan>,
}

/// The card plan a payment was charged on, as it stood that day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plan {
    pub cuotas: u32,
    /// Percentage, two decimals at most.
    pub recargo: Medida,
}

impl Pago {
    /// The branch whose cash the payment is in.
    pub fn branch(&self, movement_branch: i64) -> i64 {
        self.local_id.unwrap_or(movement_branch)
    }
}

/// A movement as it stands: the amounts are the server's own computation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MovimientoDatos {
    pub tipo: TipoMovimiento,
    /// The shop's local time.
    pub fecha: NaiveDateTime,
    pub local_id: i64,
    pub paciente_id: Option<i64>,
    pub vendedor: Option<String>,
    pub descripcion: Option<String>,
    pub lineas: Vec<Linea>,
    pub adicionales: Vec<LineaAdicional>,
    /// Percentage, 0 to 100, two decimals at most.
    pub descuento: Option<Medida>,
    pub total: Money,
    /// Σ monto_impuesto of the payments.
    pub total_impuesto: Money,
    pub pagos: Vec<Pago>,
    pub estado: Option<EstadoMovimiento>,
    /// Set on the SALIDA that refunds a return: what came back from which sale.
    /// Absent in events written before, and on every other movement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub devolucion: Option<Devolucion>,
    /// Why an admin sold a product below the lowest price a seller may reach (a warranty, a
    /// courtesy...). Absent in events written before, and on every other movement.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub motivo_precio: Option<MotivoPrecio>,
    /// The part an obra social pays (a sale to a patient). Absent in events written before,
    /// and on every sale without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cobertura: Option<crate::insurers::CoberturaVenta>,
}

impl MovimientoDatos {
    /// What the obra social pays of the movement (none: zero).
    pub fn parte_obra_social(&self) -> Money {
        self.cobertura
            .as_ref()
            .map_or(Money::ZERO, crate::insurers::CoberturaVenta::a_cargo_obra_social)
    }
}

/// Why a product is sold below the lowest price a seller may reach: an admin's act, each reason
/// one of this list so the audit and the figures can tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum MotivoPrecio {
    /// Replaced under warranty: no charge or a part of it.
    Garantia,
    /// A gift of the shop.
    Cortesia,
    /// An exchange for a product already paid.
    Cambio,
    /// A promotion the owner decided.
    Promocion,
    /// The catalogue price was wrong.
    ErrorDeLista,
}

impl MotivoPrecio {
    pub const ALL: [MotivoPrecio; 5] = [
        MotivoPrecio::Garantia,
        MotivoPrecio::Cortesia,
        MotivoPrecio::Cambio,
        MotivoPrecio::Promocion,
        MotivoPrecio::ErrorDeLista,
    ];

    /// The reason as people read it.
    pub fn etiqueta(self) -> &'static str {
        match self {
            MotivoPrecio::Garantia => "Garantía",
            MotivoPrecio::Cortesia => "Cortesía",
            MotivoPrecio::Cambio => "Cambio de producto",
            MotivoPrecio::Promocion => "Promoción",
            MotivoPrecio::ErrorDeLista => "Error en el precio de lista",
        }
    }
}

/// Units of a sold product that came back.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineaDevuelta {
    pub producto_id: i64,
    pub modelo: String,
    pub marca: String,
    pub cantidad: i64,
}

/// A return: the lines of sale `venta_id` that came back, and what they were worth. Of the value
/// (the lines' prices less the sale's discount), `credito` cancels what the sale still owed and
/// the rest is refunded: the SALIDA's total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Devolucion {
    pub venta_id: i64,
    pub lineas: Vec<LineaDevuelta>,
    /// Positions of the sale's additional lines returned (each whole).
    pub adicionales: Vec<u32>,
    pub valor: Money,
    pub credito: Money,
}

/// A receipt's number as it is printed: the branch, then the number within it
/// (`0001-00000042`), the way Argentine receipts number their point of sale.
pub fn numero_comprobante(local_id: i64, numero: i64) -> String {
    format!("{local_id:04}-{numero:08}")
}

/// The number of a receipt a read may not have found (a left join's branch and number).
pub fn comprobante_leido(local_id: Option<i64>, numero: Option<i64>) -> Option<String> {
    local_id.zip(numero).map(|(l, n)| numero_comprobante(l, n))
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MovimientoEvent {
    MovimientoRegistrado {
        datos: MovimientoDatos,
    },
    MovimientoEditado {
        datos: MovimientoDatos,
    },
    EstadoCambiado {
        anterior: Option<EstadoMovimiento>,
        nuevo: EstadoMovimiento,
    },
    MovimientoEliminado,
    /// On a sale's stream: return `devolucion.venta_id == this sale` was registered as movement
    /// `devolucion_id`. The sale's own data is never rewritten.
    LineasDevueltas {
        devolucion_id: i64,
        devolucion: Devolucion,
    },
    /// The sale's receipt number, per branch and without gaps: appended with the
    /// sale, its number taken from the branch's counter in the same transaction.
    ComprobanteEmitido {
        local_id: i64,
        numero: i64,
    },
    /// A payment collected on the sale's balance got its receipt: numbered per collecting
    /// branch without gaps (a series of its own, apart from the sales'), with what the customer
    /// owed before and after it.
    ReciboEmitido {
        local_id: i64,
        numero: i64,
        pago_id: i64,
        metodo_pago_id: i64,
        monto: Money,
        fecha: NaiveDateTime,
        saldo_anterior: Money,
        saldo: Money,
    },
    /// The sale's coverage was presented to its obra social in liquidación `liquidacion_id`.
    CoberturaPresentada {
        liquidacion_id: i64,
    },
    /// The obra social rejected `monto` of the sale's coverage and the patient is billed it:
    /// the sale's balance grows by it.
    DebitoFacturado {
        liquidacion_id: i64,
        monto: Money,
        motivo: String,
    },
}

event_types!(
    MovimientoEvent:
    MovimientoRegistrado, MovimientoEditado, EstadoCambiado, MovimientoEliminado, LineasDevueltas,
    ComprobanteEmitido, ReciboEmitido, CoberturaPresentada, DebitoFacturado
);
