//! An event's one-line summary in Spanish, as the audit screens list it: who or what changed,
//! and how, with the branches by name.

use optica_events::card_plans::CARD_PLANS_AGGREGATE;
use std::collections::HashMap;

use optica_events::jobs::JOB_AGGREGATE;
use optica_events::movements::{numero_comprobante, MOVEMENT_AGGREGATE};
use optica_events::patients::PATIENT_AGGREGATE;
use optica_events::products::PRODUCT_AGGREGATE;
use optica_events::settlements::SETTLEMENT_AGGREGATE;
use optica_events::users::USER_AGGREGATE;
use serde_json::Value;
use sqlx::PgPool;

pub(super) fn money(value: &Value) -> String {
    value
        .as_f64()
        .map(|pesos| optica_events::Money::from_pesos(pesos).es_ar())
        .unwrap_or_else(|| "-".into())
}

/// The sum of a list of amounts per payment method (`[{metodo_pago_id, monto}]`), in es-AR.
pub(super) fn total(list: &Value) -> String {
    let cents: i64 = list
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["monto"].as_f64())
        .map(|pesos| optica_events::Money::from_pesos(pesos).cents())
        .sum();
    optica_events::Money::from_cents(cents).es_ar()
}

/// "la caja de La Cruz del 21/11/2026": which cash day an event is about.
pub(super) fn caja(datos: &Value, locales: &Locales) -> String {
    let dia = text(&datos["dia"]);
    let dia = chrono::NaiveDate::parse_from_str(dia, "%Y-%m-%d")
        .map(|d| d.format("%d/%m/%Y").to_string())
        .unwrap_or_else(|_| dia.to_string());
    format!("Caja de {} del {dia}", locales.name(&datos["local_id"]))
}

pub(super) fn text(value: &Value) -> &str {
    value.as_str().unwrap_or("")
}

/// Branch names by id, for summaries that name a branch.
#[derive(Debug, Default)]
pub struct Locales(pub(super) HashMap<i64, String>);

impl Locales {
    pub async fn load(pool: &PgPool) -> Result<Locales, sqlx::Error> {
        let rows: Vec<(i64, String)> = sqlx::query_as("select id, nombre from lookup_items where kind = 'Local'")
            .fetch_all(pool)
            .await?;
        Ok(Locales(rows.into_iter().collect()))
    }

    /// The branch's name, or its number when it is gone.
    pub(super) fn name(&self, id: &Value) -> String {
        match id.as_i64() {
            Some(id) => self.0.get(&id).cloned().unwrap_or_else(|| id.to_string()),
            None => "-".into(),
        }
    }
}

/// The names the summaries of a page of events use: the branches, and the entities the events
/// are about as a person knows them: a product by model and brand, a sale by its receipt's
/// number, a patient and a user by name. Loaded for the page's entities only.
#[derive(Debug, Default)]
pub struct Nombres {
    pub locales: Locales,
    pub(super) productos: HashMap<i64, String>,
    pub(super) comprobantes: HashMap<i64, String>,
    pub(super) pacientes: HashMap<i64, String>,
    pub(super) usuarios: HashMap<i64, String>,
    /// The payment methods whose card plans the events change.
    pub(super) metodos: HashMap<i64, String>,
}

impl Nombres {
    /// The names of the entities of these events (`(kind, id, data)`), and of the sales their
    /// returns name.
    pub async fn load(pool: &PgPool, eventos: &[(&str, &str, &Value)]) -> Result<Nombres, sqlx::Error> {
        let ids = |kinds: &[&str]| -> Vec<i64> {
            let mut ids: Vec<i64> = eventos
                .iter()
                .filter(|(tipo, ..)| kinds.contains(tipo))
                .filter_map(|(_, id, _)| id.parse().ok())
                .collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let mut ventas = ids(&[MOVEMENT_AGGREGATE, JOB_AGGREGATE]);
        ventas.extend(
            eventos
                .iter()
                .filter_map(|(.., d)| d["datos"]["devolucion"]["venta_id"].as_i64()),
        );
        let pairs = |rows: Vec<(i64, String)>| rows.into_iter().collect::<HashMap<_, _>>();
        let productos = sqlx::query_as(
            "select id, modelo || case when marca_nombre = '' then '' else ' ' || marca_nombre end
             from products where id = any($1)",
        )
        .bind(ids(&[PRODUCT_AGGREGATE]))
        .fetch_all(pool)
        .await?;
        let comprobantes: Vec<(i64, i64, i64)> =
            sqlx::query_as("select movimiento_id, local_id, numero from receipts where movimiento_id = any($1)")
                .bind(&ventas)
                .fetch_all(pool)
                .await?;
        let pacientes = sqlx::query_as("select id, nombre_completo from patients where id = any($1)")
            .bind(ids(&[PATIENT_AGGREGATE]))
            .fetch_all(pool)
            .await?;
        let usuarios = sqlx::query_as("select id, username from users where id = any($1)")
            .bind(ids(&[USER_AGGREGATE]))
            .fetch_all(pool)
            .await?;
        let metodos = sqlx::query_as("select id, nombre from lookup_items where kind = 'MetodoPago' and id = any($1)")
            .bind(ids(&[CARD_PLANS_AGGREGATE]))
            .fetch_all(pool)
            .await?;
        Ok(Nombres {
            locales: Locales::load(pool).await?,
            metodos: pairs(metodos),
            productos: pairs(productos),
            comprobantes: comprobantes
                .into_iter()
                .map(|(id, local, numero)| (id, numero_comprobante(local, numero)))
                .collect(),
            pacientes: pairs(pacientes),
            usuarios: pairs(usuarios),
        })
    }

    /// `Producto RB2140 Ray-Ban (#10)`, `Movimiento N° 0001-00000005 (#9)`, `Método de pago 3`:
    /// the entity by what a person knows it by, its id kept; by its id alone when the name is
    /// gone.
    pub(super) fn entidad(&self, tipo: &str, id: &str) -> String {
        let etiqueta = super::labels::etiqueta(tipo);
        let number = id.parse::<i64>().ok();
        let named = |names: &HashMap<i64, String>| number.and_then(|n| names.get(&n).cloned());
        let known = match tipo {
            PRODUCT_AGGREGATE => named(&self.productos),
            MOVEMENT_AGGREGATE | JOB_AGGREGATE => named(&self.comprobantes).map(|c| format!("N° {c}")),
            PATIENT_AGGREGATE => named(&self.pacientes),
            USER_AGGREGATE => named(&self.usuarios),
            CARD_PLANS_AGGREGATE => named(&self.metodos).map(|m| format!("de {m}")),
            _ => None,
        };
        match known {
            Some(name) => format!("{etiqueta} {name} (#{id})"),
            None => format!("{etiqueta} {id}"),
        }
    }

    /// The sale a return names: `N° 0001-00000005 (#9)`, or its id.
    pub(super) fn venta(&self, id: &Value) -> String {
        match id.as_i64().and_then(|n| self.comprobantes.get(&n)) {
            Some(c) => format!("N° {c} (#{id})"),
            None => id.to_string(),
        }
    }
}

/// The Spanish label of an order's state, as the web app shows it.
pub(super) fn estado(wire: &Value) -> &str {
    match wire.as_str() {
        Some("PEDIDO_CRISTALES") => "Pidiendo Cristales",
        Some("ARMANDO_PEDIDO") => "Armando Pedido",
        Some("ANTEOJO_TERMINADO") => "Anteojo Terminado",
        Some("ENTREGADO") => "Entregado",
        Some(other) => other,
        None => "ninguno",
    }
}

/// ", precio especial: Garantía" when an admin sold below the floor, with the reason recorded.
pub(super) fn precio_especial(datos: &Value) -> String {
    serde_json::from_value::<optica_events::movements::MotivoPrecio>(datos["motivo_precio"].clone())
        .map(|m| format!(", precio especial: {}", m.etiqueta()))
        .unwrap_or_default()
}

/// A readable summary of an event.
pub fn resumen(tipo: &str, id: &str, evento: &str, datos: &Value, nombres: &Nombres) -> String {
    let d = &datos["datos"];
    let locales = &nombres.locales;
    let quien = nombres.entidad(tipo, id);
    match (tipo, evento) {
        ("Movimiento", "MovimientoRegistrado") if d["devolucion"].is_object() => format!(
            "{quien} registrado: devolución de la venta {}, reintegro de {} en el local {}",
            nombres.venta(&d["devolucion"]["venta_id"]),
            money(&d["total"]),
            locales.name(&d["local_id"])
        ),
        ("Movimiento", "LineasDevueltas") => format!(
            "{quien}: devolución registrada como movimiento {}, por {}",
            datos["devolucion_id"],
            money(&datos["devolucion"]["valor"])
        ),
        ("Movimiento", "MovimientoRegistrado") => format!(
            "{quien} registrado: {} por {} en el local {}{}",
            text(&d["tipo"]),
            money(&d["total"]),
            locales.name(&d["local_id"]),
            precio_especial(d)
        ),
        ("Movimiento", "MovimientoEditado") => format!(
            "{quien} editado: {} por {} en el local {}{}",
            text(&d["tipo"]),
            money(&d["total"]),
            locales.name(&d["local_id"]),
            precio_especial(d)
        ),
        ("Movimiento", "EstadoCambiado") => format!(
            "{quien}: estado {} → {}",
            estado(&datos["anterior"]),
            estado(&datos["nuevo"])
        ),
        ("Movimiento", "MovimientoEliminado") => format!("{quien} eliminado"),
        ("Movimiento", "ComprobanteEmitido") => format!(
            "{quien}: comprobante N° {}",
            optica_events::movements::numero_comprobante(
                datos["local_id"].as_i64().unwrap_or(0),
                datos["numero"].as_i64().unwrap_or(0)
            )
        ),
        ("Producto", "ProductoCreado") => format!("{quien} creado: {}", text(&d["modelo"])),
        ("Producto", "ProductoEditado") => format!("{quien} editado: {}", text(&d["modelo"])),
        ("Producto", "PrecioActualizado") => format!(
            "{quien}: precio {} → {}",
            money(&datos["anterior"]),
            money(&datos["nuevo"])
        ),
        ("Producto", "CostoActualizado") => format!(
            "{quien}: costo {} → {}",
            money(&datos["anterior"]),
            money(&datos["nuevo"])
        ),
        ("Producto", "LocalAgregado") => {
            format!("{quien} ofrecido en el local {}", locales.name(&datos["local_id"]))
        }
        ("Producto", "LocalQuitado") => {
            format!("{quien} retirado del local {}", locales.name(&datos["local_id"]))
        }
        ("Producto", "StockAjustado") => format!(
            "{quien}, local {}: stock {:+} ({}{}) → {}",
            locales.name(&datos["local_id"]),
            datos["cantidad"].as_i64().unwrap_or(0),
            motivo(text(&datos["motivo"])),
            datos["nota"].as_str().map(|n| format!(": {n}")).unwrap_or_default(),
            datos["stock_resultante"]
        ),
        ("Producto", "ProductoEliminado") => format!("{quien} eliminado"),
        ("Paciente", "PacienteRegistrado") => {
            format!("{quien} registrado: {}", text(&d["nombre_completo"]))
        }
        ("Paciente", "PacienteEditado") => format!("{quien} editado: {}", text(&d["nombre_completo"])),
        ("Paciente", "FichaAgregada") => format!("{quien}: ficha agregada"),
        ("Paciente", "FichaEditada") => format!("{quien}: ficha editada"),
        ("Paciente", "FichaQuitada") => format!("{quien}: ficha quitada"),
        ("Paciente", "CristalRegistrado") => format!("{quien}: cristal {}", text(&datos["nombre"])),
        ("Paciente", "CristalQuitado") => format!("{quien}: cristal quitado"),
        ("Transferencia", "TransferenciaEnviada") => format!(
            "{quien} enviada de {} a {}: {} unidades",
            locales.name(&datos["origen"]),
            locales.name(&datos["destino"]),
            datos["lineas"]
                .as_array()
                .map_or(0, |l| l.iter().filter_map(|x| x["cantidad"].as_i64()).sum::<i64>())
        ),
        ("Transferencia", "TransferenciaRecibida") => match datos["faltantes"].as_array().filter(|f| !f.is_empty()) {
            Some(f) => format!(
                "{quien} recibida con faltante de {} unidades: {}",
                f.iter().filter_map(|x| x["cantidad"].as_i64()).sum::<i64>(),
                text(&datos["motivo"])
            ),
            None => format!("{quien} recibida completa"),
        },
        ("Transferencia", "TransferenciaCancelada") => format!("{quien} cancelada"),
        ("Conteo", "ConteoIniciado") => format!(
            "{quien} iniciado en el local {}: {} productos",
            locales.name(&datos["local_id"]),
            datos["productos"].as_array().map_or(0, Vec::len)
        ),
        ("Conteo", "ConteoCargado") => format!(
            "{quien}: {} cantidades cargadas",
            datos["contados"].as_array().map_or(0, Vec::len)
        ),
        ("Conteo", "ConteoCerrado") => format!(
            "{quien} cerrado: {} productos con diferencia",
            datos["diferencias"].as_array().map_or(0, Vec::len)
        ),
        ("Conteo", "ConteoCancelado") => format!("{quien} cancelado"),
        ("Producto", "PuntoDePedidoFijado") => match datos["minimo"].as_i64() {
            Some(m) => format!(
                "{quien}: punto de pedido {m} en el local {}",
                locales.name(&datos["local_id"])
            ),
            None => format!(
                "{quien}: sin punto de pedido en el local {}",
                locales.name(&datos["local_id"])
            ),
        },
        ("Paciente", "CristalDevuelto") => format!("{quien}: cristal devuelto (movimiento {})", datos["devolucion_id"]),
        ("Paciente", "CristalConfirmado") => format!("{quien}: cristal ya registrado por la venta"),
        ("Paciente", "PacienteEliminado") => format!("{quien} eliminado"),
        ("Usuario", "UsuarioCreado") => format!("Usuario {} creado", text(&datos["username"])),
        ("Usuario", "RolesAsignados") => format!("{quien}: roles asignados"),
        ("Usuario", "ContrasenaCambiada") => format!("{quien}: contraseña cambiada"),
        ("Usuario", "UsuarioHabilitado") => format!("{quien} habilitado"),
        ("Usuario", "UsuarioDeshabilitado") => format!("{quien} deshabilitado"),
        ("Caja", "CajaAbierta") => format!("{} abierta con fondo {}", caja(datos, locales), total(&datos["fondo"])),
        ("Caja", "CajaContada") => format!(
            "{}: contado {}, esperado {}; queda abierta",
            caja(datos, locales),
            total(&datos["contado"]),
            total(&datos["esperado"])
        ),
        ("Caja", "CajaCerrada") => {
            let motivo = match datos["motivo"].as_str() {
                Some(m) => format!(" (motivo: {m})"),
                None => String::new(),
            };
            format!(
                "{} cerrada: contado {}, esperado {}{motivo}",
                caja(datos, locales),
                total(&datos["contado"]),
                total(&datos["esperado"])
            )
        }
        ("Caja", "CajaReabierta") => format!("{} reabierta: {}", caja(datos, locales), text(&datos["motivo"])),
        (CARD_PLANS_AGGREGATE, "TasaFijada") => format!(
            "{quien}: {} cuotas con {} desde el {}",
            datos["cuotas"],
            serde_json::from_value::<optica_events::Medida>(datos["recargo"].clone())
                .map_or_else(|_| "-".into(), optica_events::card_plans::recargo_texto),
            dia(&datos["desde"])
        ),
        (CARD_PLANS_AGGREGATE, "PlanRetirado") => format!(
            "{quien}: {} cuotas dejan de ofrecerse desde el {}",
            datos["cuotas"],
            dia(&datos["desde"])
        ),
        ("Movimiento", "CoberturaPresentada") => format!(
            "{quien}: cobertura presentada a la obra social en la liquidación N.º {}",
            datos["liquidacion_id"]
        ),
        ("Movimiento", "DebitoFacturado") => format!(
            "{quien}: se factura al paciente {} que la obra social rechazó en la liquidación N.º {} ({})",
            money(&datos["monto"]),
            datos["liquidacion_id"],
            text(&datos["motivo"])
        ),
        (SETTLEMENT_AGGREGATE, "LiquidacionPresentada") => {
            let items = datos["items"].as_array().map_or(&[][..], Vec::as_slice);
            let cents: i64 = items
                .iter()
                .filter_map(|i| i["monto"].as_f64())
                .map(|p| optica_events::Money::from_pesos(p).cents())
                .sum();
            format!(
                "{quien} presentada el {}: {} ventas del mes {} por {}",
                dia(&datos["fecha"]),
                items.len(),
                dia(&datos["mes"]).get(3..).unwrap_or("-"),
                optica_events::Money::from_cents(cents).es_ar()
            )
        }
        (SETTLEMENT_AGGREGATE, "CobroRegistrado") => format!(
            "{quien}: cobro de {} por banco el {} (referencia {}), {} débitos",
            money(&datos["monto"]),
            dia(&datos["fecha"]),
            text(&datos["referencia"]),
            datos["debitos"].as_array().map_or(0, Vec::len)
        ),
        (SETTLEMENT_AGGREGATE, "DebitoFacturado") => format!(
            "{quien}: débito de la venta {} facturado al paciente, {}",
            datos["movimiento_id"],
            money(&datos["monto"])
        ),
        (_, "ItemCreado") => format!("{quien} creado: {}", text(&datos["nombre"])),
        (_, "ItemActualizado") => format!("{quien} actualizado: {}", text(&datos["nombre"])),
        (_, "ItemEliminado") => format!("{quien} eliminado"),
        _ => format!("{quien}: {evento}"),
    }
}

/// The Spanish label of a stock reason, the one events/src/products.rs gives.
pub(super) fn motivo(wire: &str) -> String {
    serde_json::from_value::<optica_events::MotivoStock>(Value::String(wire.to_string()))
        .map_or_else(|_| wire.to_string(), |m| m.label().to_string())
}

/// A stored date (`2026-12-01`) as the screens write it: 01/12/2026.
fn dia(value: &Value) -> String {
    value
        .as_str()
        .and_then(|t| chrono::NaiveDate::parse_from_str(t, "%Y-%m-%d").ok())
        .map_or_else(|| "-".into(), |d| d.format("%d/%m/%Y").to_string())
}
