//! The cash box's rules that need no other record: the arithmetic of a movement (every line's
//! subtotal, the total after the discount, the payments against the total), its limits and texts,
//! each broken rule a `Regla` with the Spanish answer the contract gives.

use optica_events::movements::{EstadoMovimiento, MovimientoDatos, TipoMovimiento};
use optica_events::products::CRISTAL;
use optica_events::Money;

use super::MovimientoError;

pub const MAX_TEXTO: usize = 255;
/// Lines per movement. A counter sale has a handful; the limits keep one request from making
/// every list that shows the movement huge (a list row carries all of its payments).
pub const MAX_LINEAS: usize = 100;
pub const MAX_ADICIONALES: usize = 100;
pub const MAX_PAGOS: usize = 20;
/// 100% in the hundredths a discount is kept in.
pub(crate) const FULL: i64 = 10_000;

/// A percentage kept in hundredths, as the shop writes it: "30", "12,5".
fn percent(hundredths: i64) -> String {
    let text = format!("{},{:02}", hundredths / 100, hundredths % 100);
    text.trim_end_matches('0').trim_end_matches(',').to_string()
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
    #[error("El monto con recargo del pago {pago} no puede ser menor que su monto.")]
    CobradoMenorQueMonto { pago: usize },
    #[error("El monto con recargo no puede ser menor que el monto.")]
    CobroMenorQueMonto,
    #[error(
        "Un pago cobrado en otro local no se puede quitar ni cambiar: lo hace alguien de ese local o un administrador."
    )]
    PagoDeOtroLocal,
    #[error("La suma de los pagos no puede exceder el total del movimiento.")]
    PagosExcedenTotal,
    #[error("El total con impuestos no coincide con la suma de los pagos ({cobrado})")]
    ImpuestoIncorrecto { cobrado: Money },
    #[error("Un pago no puede tener fecha futura ({}): se registra el día en que se recibe.", .dia.format("%d/%m/%Y"))]
    PagoFuturo { dia: chrono::NaiveDate },
    #[error(
        "La caja del {} de ese local no está abierta: un pago de un día pasado solo se registra en una caja abierta o reabierta.",
        .dia.format("%d/%m/%Y")
    )]
    DiaSinAbrir { dia: chrono::NaiveDate },
    #[error("El precio de {modelo} no puede ser menor al de lista ({}): para vender más barato, usá el descuento.", .lista.es_ar())]
    PrecioBajoLista { modelo: String, lista: Money },
    /// `maximo` in hundredths of a percent.
    #[error("El descuento máximo para vendedores es {} %: uno mayor lo autoriza un administrador.", percent(*.maximo))]
    DescuentoMayorAlPermitido { maximo: i64 },
    #[error(
        "{modelo} queda por debajo del precio mínimo ({}): elegí el motivo del precio (garantía, cortesía, cambio, promoción o error de lista).",
        .minimo.es_ar()
    )]
    PrecioSinMotivo { modelo: String, minimo: Money },
    #[error("Un egreso no se paga en cuotas.")]
    CuotasEnEgreso,
    #[error("Solo una venta (ENTRADA) lleva cobertura de obra social.")]
    CoberturaSoloVentas,
    #[error("Una venta con obra social necesita el paciente.")]
    CoberturaSinPaciente,
    #[error("La obra social {id} no existe.")]
    ObraSocialInexistente { id: i64 },
    #[error("El plan '{plan}' no es de {obra_social}.")]
    PlanInexistente { plan: String, obra_social: String },
    #[error("Escribí el número de afiliado de la obra social.")]
    CoberturaSinAfiliado,
    #[error("El plan {plan} requiere la receta: escribí el médico, su matrícula y la fecha de la receta.")]
    RecetaRequerida { plan: String },
    #[error("La fecha de la receta no puede ser posterior a la venta.")]
    RecetaFutura,
    #[error(
        "La receta del {} venció el {} (el plan la acepta por {dias} días).",
        .fecha.format("%d/%m/%Y"),
        .vence.format("%d/%m/%Y")
    )]
    RecetaVencida {
        fecha: chrono::NaiveDate,
        vence: chrono::NaiveDate,
        dias: u32,
    },
    #[error(
        "La obra social cubre {} de esta venta (cristales {}, armazones {}).",
        .monto.es_ar(),
        .cristales.es_ar(),
        .armazones.es_ar()
    )]
    CoberturaIncorrecta {
        monto: Money,
        cristales: Money,
        armazones: Money,
    },
    #[error("Los pagos no pueden superar lo que paga el paciente ({}): el resto lo cubre la obra social.", .parte.es_ar())]
    PagosExcedenParte { parte: Money },
    #[error("Una venta con cobertura de obra social no se devuelve desde aquí: si todavía no se presentó a la obra social, editá sus productos; si ya se presentó, registrá el reintegro como un egreso.")]
    DevolucionConCobertura,
    #[error(
        "La venta fue presentada a la obra social en la liquidación N.º {liquidacion}: su cobertura y lo que cubre no pueden cambiar."
    )]
    CoberturaPresentada { liquidacion: i64 },
    #[error("La venta fue presentada a la obra social en la liquidación N.º {liquidacion}: no se puede eliminar.")]
    PresentadaNoSeElimina { liquidacion: i64 },
    #[error("La venta no tiene cobertura de obra social para presentar.")]
    SinCoberturaParaPresentar,
    #[error("La venta no está en la liquidación N.º {liquidacion}.")]
    FueraDeLaLiquidacion { liquidacion: i64 },
    #[error(
        "El método del pago {pago} no tiene plan de {cuotas} cuotas el {}: elegí otro plan o método.",
        .dia.format("%d/%m/%Y")
    )]
    SinPlanDeCuotas {
        pago: usize,
        cuotas: u32,
        dia: chrono::NaiveDate,
    },
    #[error(
        "El pago {pago} en {cuotas} cuotas ({}) se cobra {} con la tarjeta.",
        optica_events::card_plans::recargo_texto(*.recargo),
        .cobro.es_ar()
    )]
    RecargoDelPlan {
        pago: usize,
        cuotas: u32,
        recargo: optica_events::Medida,
        cobro: Money,
    },
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
    #[error("La venta tiene devoluciones: no puede tomar la cobertura de una obra social.")]
    DevolucionesSinCobertura,
    #[error("La venta tiene devoluciones y no se puede eliminar.")]
    VentaConDevolucionesNoSeElimina,
    #[error("Elegí el medio de pago con el que se devuelve el dinero.")]
    ReintegroSinMedio,
    #[error("Los medios del reintegro suman {}, pero se devuelven {}.", .suman.es_ar(), .total.es_ar())]
    ReintegroNoSuma { suman: Money, total: Money },
    #[error("Cada medio del reintegro debe devolver más de $ 0,00.")]
    ReintegroSinMonto,
    #[error("La venta no tiene productos de una categoría de cristales que falten en la ficha.")]
    SinCristalesNuevos,
    #[error("Una devolución no se edita ni se elimina: registrá un nuevo movimiento para corregirla.")]
    DevolucionInmutable,
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
    // A card plan's surcharge is the card's interest, charged on top of the sale: what a payment
    // in cuotas adds to the total is its `monto`.
    let sin_recargo_del_plan = sum(datos
        .pagos
        .iter()
        .map(|p| if p.plan.is_some() { p.monto } else { p.monto_impuesto }));
    // What the customer pays: the total less the obra social's part.
    let parte = Money::from_cents(datos.total.cents() - datos.parte_obra_social().cents());
    let over = |s: Option<Money>| s.is_none_or(|s| s > parte);
    // Either sum, for both types: an expense's payments are subtracted from the cash per method
    // (their montoImpuesto), so paying above the total would take out more than it records.
    if over(pagado) || over(sin_recargo_del_plan) {
        errors.push(match datos.cobertura {
            Some(_) => Regla::PagosExcedenParte { parte },
            None => Regla::PagosExcedenTotal,
        });
    }
    if let Some(c) = &datos.cobertura {
        if datos.tipo != TipoMovimiento::Entrada {
            errors.push(Regla::CoberturaSoloVentas);
        }
        if datos.paciente_id.is_none() {
            errors.push(Regla::CoberturaSinPaciente);
        }
        if c.afiliado.trim().is_empty() {
            errors.push(Regla::CoberturaSinAfiliado);
        }
        for (text, campo) in [(&c.medico, "El médico"), (&c.matricula, "La matrícula")] {
            if text.as_ref().is_some_and(|t| t.chars().count() > MAX_TEXTO) {
                errors.push(Regla::TextoLargo { campo, max: MAX_TEXTO });
            }
        }
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

/// What the customer still owes: the total less what the payments paid (`monto`) and the obra
/// social's part (which the obra social owes, never the patient).
pub fn saldo(datos: &MovimientoDatos) -> Money {
    let pagado: i64 = datos.pagos.iter().map(|p| p.monto.cents()).sum();
    Money::from_cents(datos.total.cents() - pagado - datos.parte_obra_social().cents())
}

/// The lenses an ENTRADA records for its patient (spec 001 §4): "model brand" for each product of
/// the category cristal, and the text after the word "cristal" of each additional line that
/// mentions it.
pub fn cristales(datos: &MovimientoDatos) -> Vec<String> {
    let from_products = datos
        .lineas
        .iter()
        .filter(|l| l.cristal)
        .map(|l| format!("{} {}", l.modelo, l.marca));
    let from_extras = datos.adicionales.iter().filter_map(|a| {
        // Compared char by char, lower-cased one to one, so positions match the original text.
        let chars: Vec<char> = a.descripcion.chars().collect();
        let lower: Vec<char> = chars.iter().map(|c| c.to_lowercase().next().unwrap_or(*c)).collect();
        let word: Vec<char> = CRISTAL.chars().collect();
        let at = lower.windows(word.len()).position(|w| w == word.as_slice())?;
        Some(chars[at + word.len()..].iter().collect::<String>().trim().to_string())
    });
    from_products.chain(from_extras).filter(|n| !n.is_empty()).collect()
}

/// Rules on what a command writes that older movements may break: they look only at what is new
/// or changed against `previous` (its payments matched as an edit's form sends them back), so a
/// sale saved before a rule existed can still be edited.
pub fn check_new(previous: Option<&MovimientoDatos>, datos: &MovimientoDatos) -> Result<(), MovimientoError> {
    let mut errors = Vec::new();
    let before = super::payment_days::matches(previous.map_or(&[][..], |p| &p.pagos), &datos.pagos);
    for (n, (pago, old)) in datos.pagos.iter().zip(before).enumerate() {
        if old.is_some() {
            continue;
        }
        // A sale's payment takes `monto_impuesto` into the drawer and `monto` off the debt: taking
        // less than it credits would clear a debt with money the closing never expects. A plan's
        // charge is the monto with its surcharge (`cuotas`).
        if datos.tipo == TipoMovimiento::Entrada && pago.plan.is_none() && pago.monto_impuesto < pago.monto {
            errors.push(Regla::CobradoMenorQueMonto { pago: n + 1 });
        }
    }
    let before = |texto: &str| previous.is_some_and(|p| p.adicionales.iter().any(|a| a.descripcion == texto));
    if datos
        .adicionales
        .iter()
        .any(|a| a.descripcion.chars().count() > MAX_TEXTO && !before(&a.descripcion))
    {
        errors.push(Regla::TextoLargo {
            campo: "La descripción de un adicional",
            max: MAX_TEXTO,
        });
    }
    let afiliado_antes = previous.and_then(|p| p.cobertura.as_ref()).map(|c| c.afiliado.as_str());
    if let Some(c) = &datos.cobertura {
        if c.afiliado.chars().count() > MAX_TEXTO && afiliado_antes != Some(c.afiliado.as_str()) {
            errors.push(Regla::TextoLargo {
                campo: "El número de afiliado",
                max: MAX_TEXTO,
            });
        }
    }
    match errors.is_empty() {
        true => Ok(()),
        false => Err(MovimientoError::Invalid(errors)),
    }
}
