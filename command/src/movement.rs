//! The movement aggregate: the cash box's sales, income and expenses.
//!
//! The server does the arithmetic (contract §8 D7): every line's subtotal, the total after the
//! discount, the payments against the total. A body that disagrees is refused with the reason.
//! Stock and the patient's lenses live on other streams; the cash-box unit (`sale.rs`) appends
//! their events in the same transaction as the movement's.

use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use optica_events::movement::{
    Devolucion, EstadoMovimiento, MovimientoDatos, MovimientoEvent, Pago, TipoMovimiento, MOVEMENT_AGGREGATE,
};
use optica_events::Money;
use serde::{Deserialize, Serialize};

use crate::movement_return::{check_edit, valorar};
pub use crate::movement_return::{whole_lines, Devueltos, Pedido};

pub const MAX_TEXTO: usize = 255;
/// Lines per movement. A counter sale has a handful; the limits keep one request from making
/// every list that shows the movement huge (a list row carries all of its payments).
pub const MAX_LINEAS: usize = 100;
pub const MAX_ADICIONALES: usize = 100;
pub const MAX_PAGOS: usize = 20;
/// 100% in the hundredths a discount is kept in.
pub(crate) const FULL: i64 = 10_000;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MovimientoCommand {
    Register {
        datos: MovimientoDatos,
    },
    /// `expected_version`: the version the form loaded; refused as `Stale` when the movement
    /// changed since. Without it (the existing front end never sends one) the edit applies.
    Edit {
        datos: MovimientoDatos,
        expected_version: Option<u64>,
    },
    ChangeState {
        estado: EstadoMovimiento,
    },
    /// A payment on a sale's balance, received now, possibly at another branch (issue 22).
    Cobrar {
        pago: Pago,
    },
    Delete,
    /// Records on a sale that some of its lines came back, as movement `devolucion_id` (the
    /// refund's SALIDA, registered in the same unit).
    Devolver {
        venta_id: i64,
        devolucion_id: i64,
        pedido: Pedido,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MovimientoError {
    #[error("the movement already exists")]
    AlreadyExists,
    #[error("the movement does not exist")]
    NotFound,
    /// Every rule the data broke.
    #[error("invalid movement: {0:?}")]
    Invalid(Vec<Regla>),
    #[error("the movement changed after version {expected}")]
    Stale { expected: u64 },
}

/// A rule of the cash box's data; its text is the Spanish answer the contract gives.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Regla {
    #[error("Un movimiento puede tener como máximo {max} {que}")]
    DemasiadasLineas { max: usize, que: &'static str },
    #[error("{campo} debe tener como máximo {max} caracteres")]
    TextoLargo { campo: &'static str, max: usize },
    #[error("Debe seleccionar un local")]
    SinLocal,
    #[error("La cantidad no puede ser negativa.")]
    CantidadNegativa,
    #[error("La cantidad del producto {modelo} debe ser mayor a 0")]
    CantidadCero { modelo: String },
    #[error("El precio del producto {modelo} no puede ser negativo")]
    PrecioNegativo { modelo: String },
    #[error("El subtotal del producto {modelo} no coincide con cantidad × precio unitario ({esperado})")]
    SubtotalIncorrecto { modelo: String, esperado: Money },
    #[error("El subtotal de un detalle adicional no puede ser negativo")]
    AdicionalNegativo,
    #[error("El descuento debe estar entre 0% y 100%")]
    DescuentoFueraDeRango,
    #[error("No se puede aplicar el descuento porque el total es nulo, cero o indefinido.")]
    DescuentoSinTotal,
    #[error("Debe ingresar al menos un producto o un detalle adicional")]
    SinLineas,
    #[error("Un movimiento de SALIDA no lleva productos")]
    SalidaConProductos,
    #[error("La descripción es obligatoria en una SALIDA")]
    SalidaSinDescripcion,
    #[error("Un movimiento de SALIDA no tiene estado")]
    SalidaSinEstado,
    #[error("El total no coincide con los detalles y el descuento: se esperaba {esperado}")]
    TotalIncorrecto { esperado: Money },
    #[error("El total debe ser mayor a 0")]
    TotalNoPositivo,
    #[error("Debe ingresar al menos un pago para guardar el movimiento.")]
    SinPagos,
    #[error("Los montos de los pagos no pueden ser negativos")]
    PagoNegativo,
    #[error("La suma de los pagos no puede exceder el total del movimiento.")]
    PagosExcedenTotal,
    #[error("El total con impuestos no coincide con la suma de los pagos ({cobrado})")]
    ImpuestoIncorrecto { cobrado: Money },
    #[error("Solo se cobran saldos de ventas (ENTRADA).")]
    CobroSoloEntrada,
    #[error("La venta no tiene saldo pendiente.")]
    SinSaldo,
    #[error("El monto a cobrar debe ser mayor a 0.")]
    CobroSinMonto,
    #[error("El monto supera el saldo pendiente ({}).", .saldo.es_ar())]
    CobroExcedeSaldo { saldo: Money },
    #[error("Solo se devuelven productos de una venta (ENTRADA).")]
    DevolucionSoloVentas,
    #[error("Elegí al menos un producto o detalle para devolver.")]
    DevolucionVacia,
    #[error("La cantidad a devolver debe ser mayor a 0.")]
    DevolucionSinCantidad,
    #[error("El producto {producto_id} no está en esta venta.")]
    ProductoNoVendido { producto_id: i64 },
    #[error("{}", quedan_text(.modelo, *.quedan))]
    DevolucionExcede { modelo: String, quedan: i64 },
    #[error("Una devolución puede tener como máximo {max} productos o detalles.")]
    DevolucionDemasiados { max: usize },
    #[error("La venta no tiene un detalle adicional número {posicion}.")]
    DetalleNoExiste { posicion: u64 },
    #[error("Ya se reintegraron {} de esta venta: sus pagos no pueden sumar menos.", .reintegrado.es_ar())]
    PagosMenoresQueReintegros { reintegrado: Money },
    #[error("El detalle «{descripcion}» ya fue devuelto.")]
    DetalleYaDevuelto { descripcion: String },
    #[error("La venta tiene devoluciones: sus productos, detalles, descuento y total no se pueden cambiar.")]
    VentaConDevoluciones,
    #[error("La venta tiene devoluciones y no se puede eliminar.")]
    VentaConDevolucionesNoSeElimina,
    #[error("Elegí el medio de pago con el que se devuelve el dinero.")]
    ReintegroSinMedio,
    #[error("Una devolución no se edita ni se elimina: registrá un nuevo movimiento para corregirla.")]
    DevolucionInmutable,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Movimiento {
    created: bool,
    deleted: bool,
    datos: Option<MovimientoDatos>,
    /// Number of events in the stream: the version the read model shows and an edit sends back.
    version: u64,
    /// What returns took back from this sale. (Absent from snapshots taken before: none.)
    #[serde(default)]
    devueltos: Devueltos,
    /// The return recorded last, for the unit that registers its refund.
    #[serde(default)]
    ultima_devolucion: Option<Devolucion>,
}

impl Movimiento {
    pub fn exists(&self) -> bool {
        self.created && !self.deleted
    }
    pub fn datos(&self) -> Option<&MovimientoDatos> {
        self.datos.as_ref().filter(|_| self.exists())
    }
    pub fn devueltos(&self) -> &Devueltos {
        &self.devueltos
    }
    pub fn ultima_devolucion(&self) -> Option<&Devolucion> {
        self.ultima_devolucion.as_ref()
    }
    /// What is still owed: the total less the payments and the returns' credit.
    pub fn saldo(&self) -> Money {
        let datos = self.datos().map(saldo).unwrap_or_default();
        Money::from_cents(datos.cents() - self.devueltos.credito.cents())
    }
}

/// What is left of a product to return, in singular or plural.
fn quedan_text(modelo: &str, quedan: i64) -> String {
    match quedan {
        0 => format!("El producto {modelo} ya fue devuelto por completo."),
        1 => format!("Del producto {modelo} queda 1 unidad para devolver."),
        n => format!("Del producto {modelo} quedan {n} unidades para devolver."),
    }
}

fn sum(mut amounts: impl Iterator<Item = Money>) -> Option<Money> {
    amounts.try_fold(Money::ZERO, |acc, m| acc.checked_add(m))
}

/// Checks the movement's arithmetic and rules; answers it normalised (trimmed texts, an
/// ENTRADA's default state, no state on a SALIDA) or every rule it breaks.
pub fn validate(mut datos: MovimientoDatos) -> Result<MovimientoDatos, MovimientoError> {
    let mut errors: Vec<Regla> = Vec::new();
    for (count, max, what) in [
        (datos.lineas.len(), MAX_LINEAS, "productos"),
        (datos.adicionales.len(), MAX_ADICIONALES, "detalles adicionales"),
        (datos.pagos.len(), MAX_PAGOS, "pagos"),
    ] {
        if count > max {
            errors.push(Regla::DemasiadasLineas { max, que: what });
        }
    }
    if !errors.is_empty() {
        // Nothing else is checked: thousands of lines would answer thousands of messages.
        return Err(MovimientoError::Invalid(errors));
    }
    let trim = |t: Option<String>| t.map(|t| t.trim().to_string()).filter(|t| !t.is_empty());
    datos.vendedor = trim(datos.vendedor);
    datos.descripcion = trim(datos.descripcion);
    for (text, campo) in [(&datos.vendedor, "El vendedor"), (&datos.descripcion, "La descripción")] {
        if text.as_ref().is_some_and(|t| t.chars().count() > MAX_TEXTO) {
            errors.push(Regla::TextoLargo { campo, max: MAX_TEXTO });
        }
    }
    if datos.local_id <= 0 {
        errors.push(Regla::SinLocal);
    }
    for linea in &datos.lineas {
        if linea.cantidad < 0 {
            errors.push(Regla::CantidadNegativa);
        } else if linea.cantidad == 0 {
            errors.push(Regla::CantidadCero {
                modelo: linea.modelo.clone(),
            });
        }
        if linea.precio_unitario.is_negative() {
            errors.push(Regla::PrecioNegativo {
                modelo: linea.modelo.clone(),
            });
        }
        let expected = linea.precio_unitario.scaled(i128::from(linea.cantidad), 1);
        if expected != Some(linea.subtotal) {
            errors.push(Regla::SubtotalIncorrecto {
                modelo: linea.modelo.clone(),
                esperado: expected.unwrap_or_default(),
            });
        }
    }
    for adicional in &mut datos.adicionales {
        adicional.descripcion = adicional.descripcion.trim().to_string();
        if adicional.subtotal.is_negative() {
            errors.push(Regla::AdicionalNegativo);
        }
    }
    let bruto = sum(datos
        .lineas
        .iter()
        .map(|l| l.subtotal)
        .chain(datos.adicionales.iter().map(|a| a.subtotal)));
    let descuento = datos.descuento.filter(|d| d.hundredths() != 0);
    let bad_discount = descuento.is_some_and(|d| d.hundredths() < 0 || d.hundredths() > FULL);
    if bad_discount {
        errors.push(Regla::DescuentoFueraDeRango);
    } else if descuento.is_some() && bruto.is_some_and(|b| b == Money::ZERO) {
        errors.push(Regla::DescuentoSinTotal);
    }
    let has_lines = !datos.lineas.is_empty() || !datos.adicionales.is_empty();
    match datos.tipo {
        TipoMovimiento::Entrada => {
            if !has_lines {
                errors.push(Regla::SinLineas);
            }
            datos.estado.get_or_insert(EstadoMovimiento::PedidoCristales);
        }
        TipoMovimiento::Salida => {
            if !datos.lineas.is_empty() {
                errors.push(Regla::SalidaConProductos);
            }
            if datos.descripcion.is_none() {
                errors.push(Regla::SalidaSinDescripcion);
            }
            datos.estado = None;
        }
    }
    // The total: the lines less the discount, rounded to cents (a SALIDA without lines states
    // its amount directly).
    if has_lines && !bad_discount {
        let percent = i128::from(FULL - descuento.map_or(0, |d| d.hundredths()));
        let expected = bruto.and_then(|b| b.scaled(percent, i128::from(FULL)));
        if expected != Some(datos.total) {
            errors.push(Regla::TotalIncorrecto {
                esperado: expected.unwrap_or_default(),
            });
        }
    }
    // A return whose whole value cancelled debt refunds nothing: a SALIDA of 0 without payments.
    let refund_of_nothing = datos.devolucion.is_some() && datos.total == Money::ZERO;
    if datos.total.is_negative()
        || (datos.tipo == TipoMovimiento::Salida && datos.total == Money::ZERO && !refund_of_nothing)
    {
        errors.push(Regla::TotalNoPositivo);
    }
    if datos.pagos.is_empty() && !refund_of_nothing {
        errors.push(Regla::SinPagos);
    }
    if datos
        .pagos
        .iter()
        .any(|p| p.monto.is_negative() || p.monto_impuesto.is_negative())
    {
        errors.push(Regla::PagoNegativo);
    }
    let pagado = sum(datos.pagos.iter().map(|p| p.monto));
    let cobrado = sum(datos.pagos.iter().map(|p| p.monto_impuesto));
    let over = |s: Option<Money>| s.is_none_or(|s| s > datos.total);
    // Either sum, for both types: an expense's payments are subtracted from the cash per method
    // (their montoImpuesto), so paying above the total would take out more than it records.
    if over(pagado) || over(cobrado) {
        errors.push(Regla::PagosExcedenTotal);
    }
    if cobrado != Some(datos.total_impuesto) {
        errors.push(Regla::ImpuestoIncorrecto {
            cobrado: cobrado.unwrap_or_default(),
        });
    }
    if errors.is_empty() {
        Ok(datos)
    } else {
        errors.dedup();
        Err(MovimientoError::Invalid(errors))
    }
}

/// What is still owed: the total less what the payments paid (`monto`).
pub fn saldo(datos: &MovimientoDatos) -> Money {
    let pagado: i64 = datos.pagos.iter().map(|p| p.monto.cents()).sum();
    Money::from_cents(datos.total.cents() - pagado)
}

/// The movement with a payment on its balance added (numbered after the others).
fn collected(current: &MovimientoDatos, saldo: Money, mut pago: Pago) -> Result<MovimientoDatos, MovimientoError> {
    let refused = |regla| Err(MovimientoError::Invalid(vec![regla]));
    if current.tipo != TipoMovimiento::Entrada {
        return refused(Regla::CobroSoloEntrada);
    }
    if saldo <= Money::ZERO {
        return refused(Regla::SinSaldo);
    }
    if pago.monto <= Money::ZERO {
        return refused(Regla::CobroSinMonto);
    }
    if pago.monto > saldo {
        return refused(Regla::CobroExcedeSaldo { saldo });
    }
    let mut datos = current.clone();
    pago.id = datos.pagos.iter().map(|p| p.id).max().unwrap_or(0) + 1;
    datos.total_impuesto = datos
        .total_impuesto
        .checked_add(pago.monto_impuesto)
        .ok_or(MovimientoError::Invalid(vec![Regla::PagosExcedenTotal]))?;
    datos.pagos.push(pago);
    validate(datos)
}

/// A return's SALIDA stays as registered: the sale's stream recorded it.
fn immutable_return(current: &MovimientoDatos) -> Result<(), MovimientoError> {
    match current.devolucion {
        Some(_) => Err(MovimientoError::Invalid(vec![Regla::DevolucionInmutable])),
        None => Ok(()),
    }
}

/// An edit's form does not know at which branch a payment was collected: a payment the edit
/// keeps unchanged (same method, amounts and time) keeps its branch.
fn keep_payment_branches(current: &MovimientoDatos, mut datos: MovimientoDatos) -> MovimientoDatos {
    let same = |a: &Pago, b: &Pago| {
        (a.metodo_pago_id, a.monto, a.monto_impuesto, a.fecha) == (b.metodo_pago_id, b.monto, b.monto_impuesto, b.fecha)
    };
    let mut elsewhere: Vec<&Pago> = current.pagos.iter().filter(|p| p.local_id.is_some()).collect();
    for pago in datos.pagos.iter_mut().filter(|p| p.local_id.is_none()) {
        if let Some(i) = elsewhere.iter().position(|old| same(old, pago)) {
            pago.local_id = elsewhere.remove(i).local_id;
        }
    }
    datos
}

impl Aggregate for Movimiento {
    const TYPE: &'static str = MOVEMENT_AGGREGATE;
    type Command = MovimientoCommand;
    type Event = MovimientoEvent;
    type Error = MovimientoError;
    type Services = ();

    async fn handle(&mut self, command: Self::Command, _: &(), sink: &EventSink<Self>) -> Result<(), Self::Error> {
        let event = match (command, self.datos()) {
            (MovimientoCommand::Register { datos }, _) => {
                if self.created {
                    return Err(MovimientoError::AlreadyExists);
                }
                MovimientoEvent::MovimientoRegistrado {
                    datos: validate(datos)?,
                }
            }
            (_, None) => return Err(MovimientoError::NotFound),
            (
                MovimientoCommand::Edit {
                    datos,
                    expected_version,
                },
                Some(current),
            ) => {
                if expected_version.is_some_and(|v| v != self.version) {
                    return Err(MovimientoError::Stale {
                        expected: expected_version.unwrap_or_default(),
                    });
                }
                immutable_return(current)?;
                let datos = MovimientoDatos {
                    devolucion: None,
                    ..keep_payment_branches(current, validate(datos)?)
                };
                let datos = check_edit(current, datos, &self.devueltos)?;
                if &datos == current {
                    return Ok(());
                }
                // An edit that only moves the order along is recorded as the state change it is.
                let state_only = MovimientoDatos {
                    estado: current.estado,
                    ..datos.clone()
                } == *current;
                match datos.estado {
                    Some(nuevo) if state_only => MovimientoEvent::EstadoCambiado {
                        anterior: current.estado,
                        nuevo,
                    },
                    _ => MovimientoEvent::MovimientoEditado { datos },
                }
            }
            (MovimientoCommand::ChangeState { estado }, Some(current)) => {
                if current.tipo == TipoMovimiento::Salida {
                    return Err(MovimientoError::Invalid(vec![Regla::SalidaSinEstado]));
                }
                if current.estado == Some(estado) {
                    return Ok(());
                }
                MovimientoEvent::EstadoCambiado {
                    anterior: current.estado,
                    nuevo: estado,
                }
            }
            (MovimientoCommand::Cobrar { pago }, Some(current)) => MovimientoEvent::MovimientoEditado {
                datos: collected(current, self.saldo(), pago)?,
            },
            (MovimientoCommand::Delete, Some(current)) => {
                immutable_return(current)?;
                if self.devueltos.any() {
                    return Err(MovimientoError::Invalid(vec![Regla::VentaConDevolucionesNoSeElimina]));
                }
                MovimientoEvent::MovimientoEliminado
            }
            (
                MovimientoCommand::Devolver {
                    venta_id,
                    devolucion_id,
                    pedido,
                },
                Some(current),
            ) => MovimientoEvent::LineasDevueltas {
                devolucion_id,
                devolucion: valorar(venta_id, current, &self.devueltos, &pedido)?,
            },
        };
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        self.version += 1;
        match event {
            MovimientoEvent::MovimientoRegistrado { datos } => {
                self.created = true;
                self.datos = Some(datos);
            }
            MovimientoEvent::MovimientoEditado { datos } => self.datos = Some(datos),
            MovimientoEvent::EstadoCambiado { nuevo, .. } => {
                if let Some(d) = self.datos.as_mut() {
                    d.estado = Some(nuevo);
                }
            }
            MovimientoEvent::MovimientoEliminado => self.deleted = true,
            MovimientoEvent::LineasDevueltas {
                devolucion_id,
                devolucion,
            } => {
                self.devueltos.record(devolucion_id, &devolucion);
                self.ultima_devolucion = Some(devolucion);
            }
        }
    }
}

impl crate::links::Linked for Movimiento {
    fn targets(&self) -> std::collections::BTreeSet<crate::links::Target> {
        use crate::links::{lookup, patient, product};
        use optica_events::LookupKind;
        let Some(d) = self.datos() else {
            return Default::default();
        };
        let mut targets: std::collections::BTreeSet<_> = d.lineas.iter().map(|l| product(l.producto_id)).collect();
        targets.insert(lookup(LookupKind::Local, d.local_id));
        targets.extend(d.pagos.iter().map(|p| lookup(LookupKind::MetodoPago, p.metodo_pago_id)));
        targets.extend(
            d.pagos
                .iter()
                .filter_map(|p| p.local_id)
                .map(|l| lookup(LookupKind::Local, l)),
        );
        targets.extend(d.paciente_id.map(patient));
        targets
    }
}

#[cfg(test)]
#[path = "movement_tests.rs"]
mod tests;
