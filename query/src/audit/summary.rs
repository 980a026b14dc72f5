//! An event's one-line summary in Spanish, as the audit screens list it: who or what changed,
//! and how, with the branches by name.

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
pub struct Locales(pub(super) std::collections::HashMap<i64, String>);

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
pub fn resumen(tipo: &str, id: &str, evento: &str, datos: &Value, locales: &Locales) -> String {
    let d = &datos["datos"];
    match (tipo, evento) {
        ("Movimiento", "MovimientoRegistrado") if d["devolucion"].is_object() => format!(
            "Movimiento {id} registrado: devolución de la venta {}, reintegro de {} en el local {}",
            d["devolucion"]["venta_id"],
            money(&d["total"]),
            locales.name(&d["local_id"])
        ),
        ("Movimiento", "LineasDevueltas") => format!(
            "Movimiento {id}: devolución registrada como movimiento {}, por {}",
            datos["devolucion_id"],
            money(&datos["devolucion"]["valor"])
        ),
        ("Movimiento", "MovimientoRegistrado") => format!(
            "Movimiento {id} registrado: {} por {} en el local {}{}",
            text(&d["tipo"]),
            money(&d["total"]),
            locales.name(&d["local_id"]),
            precio_especial(d)
        ),
        ("Movimiento", "MovimientoEditado") => format!(
            "Movimiento {id} editado: {} por {} en el local {}{}",
            text(&d["tipo"]),
            money(&d["total"]),
            locales.name(&d["local_id"]),
            precio_especial(d)
        ),
        ("Movimiento", "EstadoCambiado") => format!(
            "Movimiento {id}: estado {} → {}",
            estado(&datos["anterior"]),
            estado(&datos["nuevo"])
        ),
        ("Movimiento", "MovimientoEliminado") => format!("Movimiento {id} eliminado"),
        ("Movimiento", "ComprobanteEmitido") => format!(
            "Movimiento {id}: comprobante N° {}",
            optica_events::movements::numero_comprobante(
                datos["local_id"].as_i64().unwrap_or(0),
                datos["numero"].as_i64().unwrap_or(0)
            )
        ),
        ("Producto", "ProductoCreado") => format!("Producto {id} creado: {}", text(&d["modelo"])),
        ("Producto", "ProductoEditado") => format!("Producto {id} editado: {}", text(&d["modelo"])),
        ("Producto", "PrecioActualizado") => format!(
            "Producto {id}: precio {} → {}",
            money(&datos["anterior"]),
            money(&datos["nuevo"])
        ),
        ("Producto", "CostoActualizado") => format!(
            "Producto {id}: costo {} → {}",
            money(&datos["anterior"]),
            money(&datos["nuevo"])
        ),
        ("Producto", "LocalAgregado") => {
            format!(
                "Producto {id} ofrecido en el local {}",
                locales.name(&datos["local_id"])
            )
        }
        ("Producto", "LocalQuitado") => {
            format!("Producto {id} retirado del local {}", locales.name(&datos["local_id"]))
        }
        ("Producto", "StockAjustado") => format!(
            "Producto {id}, local {}: stock {:+} ({}{}) → {}",
            locales.name(&datos["local_id"]),
            datos["cantidad"].as_i64().unwrap_or(0),
            motivo(text(&datos["motivo"])),
            datos["nota"].as_str().map(|n| format!(": {n}")).unwrap_or_default(),
            datos["stock_resultante"]
        ),
        ("Producto", "ProductoEliminado") => format!("Producto {id} eliminado"),
        ("Paciente", "PacienteRegistrado") => {
            format!("Paciente {id} registrado: {}", text(&d["nombre_completo"]))
        }
        ("Paciente", "PacienteEditado") => format!("Paciente {id} editado: {}", text(&d["nombre_completo"])),
        ("Paciente", "FichaAgregada") => format!("Paciente {id}: ficha agregada"),
        ("Paciente", "FichaEditada") => format!("Paciente {id}: ficha editada"),
        ("Paciente", "FichaQuitada") => format!("Paciente {id}: ficha quitada"),
        ("Paciente", "CristalRegistrado") => format!("Paciente {id}: cristal {}", text(&datos["nombre"])),
        ("Paciente", "CristalQuitado") => format!("Paciente {id}: cristal quitado"),
        ("Transferencia", "TransferenciaEnviada") => format!(
            "Transferencia {id} enviada de {} a {}: {} unidades",
            locales.name(&datos["origen"]),
            locales.name(&datos["destino"]),
            datos["lineas"]
                .as_array()
                .map_or(0, |l| l.iter().filter_map(|x| x["cantidad"].as_i64()).sum::<i64>())
        ),
        ("Transferencia", "TransferenciaRecibida") => match datos["faltantes"].as_array().filter(|f| !f.is_empty()) {
            Some(f) => format!(
                "Transferencia {id} recibida con faltante de {} unidades: {}",
                f.iter().filter_map(|x| x["cantidad"].as_i64()).sum::<i64>(),
                text(&datos["motivo"])
            ),
            None => format!("Transferencia {id} recibida completa"),
        },
        ("Transferencia", "TransferenciaCancelada") => format!("Transferencia {id} cancelada"),
        ("Conteo", "ConteoIniciado") => format!(
            "Conteo {id} iniciado en el local {}: {} productos",
            locales.name(&datos["local_id"]),
            datos["productos"].as_array().map_or(0, Vec::len)
        ),
        ("Conteo", "ConteoCargado") => format!(
            "Conteo {id}: {} cantidades cargadas",
            datos["contados"].as_array().map_or(0, Vec::len)
        ),
        ("Conteo", "ConteoCerrado") => format!(
            "Conteo {id} cerrado: {} productos con diferencia",
            datos["diferencias"].as_array().map_or(0, Vec::len)
        ),
        ("Conteo", "ConteoCancelado") => format!("Conteo {id} cancelado"),
        ("Producto", "PuntoDePedidoFijado") => match datos["minimo"].as_i64() {
            Some(m) => format!(
                "Producto {id}: punto de pedido {m} en el local {}",
                locales.name(&datos["local_id"])
            ),
            None => format!(
                "Producto {id}: sin punto de pedido en el local {}",
                locales.name(&datos["local_id"])
            ),
        },
        ("Paciente", "CristalDevuelto") => format!(
            "Paciente {id}: cristal devuelto (movimiento {})",
            datos["devolucion_id"]
        ),
        ("Paciente", "CristalConfirmado") => format!("Paciente {id}: cristal ya registrado por la venta"),
        ("Paciente", "PacienteEliminado") => format!("Paciente {id} eliminado"),
        ("Usuario", "UsuarioCreado") => format!("Usuario {} creado", text(&datos["username"])),
        ("Usuario", "RolesAsignados") => format!("Usuario {id}: roles asignados"),
        ("Usuario", "ContrasenaCambiada") => format!("Usuario {id}: contraseña cambiada"),
        ("Usuario", "UsuarioHabilitado") => format!("Usuario {id} habilitado"),
        ("Usuario", "UsuarioDeshabilitado") => format!("Usuario {id} deshabilitado"),
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
        (_, "ItemCreado") => format!("{tipo} {id} creado: {}", text(&datos["nombre"])),
        (_, "ItemActualizado") => format!("{tipo} {id} actualizado: {}", text(&datos["nombre"])),
        (_, "ItemEliminado") => format!("{tipo} {id} eliminado"),
        _ => format!("{tipo} {id}: {evento}"),
    }
}

/// The Spanish label of a stock reason, the one events/src/products.rs gives.
pub(super) fn motivo(wire: &str) -> String {
    serde_json::from_value::<optica_events::MotivoStock>(Value::String(wire.to_string()))
        .map_or_else(|_| wire.to_string(), |m| m.label().to_string())
}
