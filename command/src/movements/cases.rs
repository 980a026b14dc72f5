//! The cases the web app computes too: a movement's total and a return's value. The web app shows
//! both before it saves (the total as it is typed, the refund in the return's dialog); the server
//! decides. Both suites read the same files under `tests/cases/`, so the two copies of the
//! arithmetic cannot drift apart.
#![allow(clippy::unwrap_used)]

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use optica_events::movements::{EstadoMovimiento, Linea, LineaAdicional, MovimientoDatos, Pago, TipoMovimiento};
use optica_events::{Medida, Money};
use serde::Deserialize;

use super::{rules, validate, valorar, Devueltos, MovimientoError, Pedido, Regla};

#[derive(Deserialize)]
struct Cases<C> {
    casos: Vec<C>,
}

#[derive(Deserialize)]
struct LineaCase {
    #[serde(default)]
    producto: i64,
    cantidad: i64,
    precio: i64,
}

#[derive(Deserialize)]
struct TotalCase {
    nombre: String,
    lineas: Vec<LineaCase>,
    adicionales: Vec<i64>,
    descuento: i64,
    total: i64,
}

#[derive(Deserialize)]
struct Venta {
    lineas: Vec<LineaCase>,
    adicionales: Vec<i64>,
    descuento: i64,
    total: i64,
    pagado: i64,
}

#[derive(Deserialize)]
struct Antes {
    productos: BTreeMap<i64, i64>,
    adicionales: Vec<u32>,
    valor: i64,
    credito: i64,
}

#[derive(Deserialize)]
struct PedidoCase {
    productos: Vec<(i64, i64)>,
    adicionales: Vec<u32>,
}

#[derive(Deserialize)]
struct ReturnCase {
    nombre: String,
    venta: Venta,
    antes: Antes,
    pedido: PedidoCase,
    valor: i64,
    credito: i64,
    reintegro: i64,
}

fn load<C: serde::de::DeserializeOwned>(json: &str) -> Vec<C> {
    serde_json::from_str::<Cases<C>>(json).unwrap().casos
}

/// A sale of `lineas` and `adicionales`, `descuento` off, stating `total` and paying `pagado`.
fn sale(lineas: &[LineaCase], adicionales: &[i64], descuento: i64, total: i64, pagado: i64) -> MovimientoDatos {
    let fecha = NaiveDate::from_ymd_opt(2026, 11, 20)
        .unwrap()
        .and_hms_opt(10, 0, 0)
        .unwrap();
    let pago = Pago {
        id: 1,
        metodo_pago_id: 1,
        monto: Money::from_cents(pagado),
        monto_impuesto: Money::from_cents(pagado),
        fecha,
        local_id: None,
        plan: None,
    };
    MovimientoDatos {
        tipo: TipoMovimiento::Entrada,
        fecha,
        local_id: 1,
        paciente_id: None,
        vendedor: None,
        descripcion: None,
        lineas: lineas
            .iter()
            .map(|l| Linea {
                producto_id: l.producto,
                modelo: format!("M{}", l.producto),
                marca: "Marca".into(),
                cristal: false,
                cantidad: l.cantidad,
                precio_unitario: Money::from_cents(l.precio),
                subtotal: Money::from_cents(l.precio * l.cantidad),
            })
            .collect(),
        adicionales: adicionales
            .iter()
            .enumerate()
            .map(|(i, cents)| LineaAdicional {
                descripcion: format!("Adicional {i}"),
                subtotal: Money::from_cents(*cents),
            })
            .collect(),
        descuento: (descuento != 0).then(|| Medida::from_hundredths(descuento)),
        total: Money::from_cents(total),
        total_impuesto: Money::from_cents(pagado),
        pagos: vec![pago],
        estado: Some(EstadoMovimiento::PedidoCristales),
        devolucion: None,
        motivo_precio: None,
        cobertura: None,
    }
}

#[test]
fn a_movements_total_is_the_one_the_web_app_computes() {
    for case in load::<TotalCase>(include_str!("../../../tests/cases/movement_total.json")) {
        let right = sale(&case.lineas, &case.adicionales, case.descuento, case.total, case.total);
        assert!(
            validate(right).is_ok(),
            "{}: the total {} is refused",
            case.nombre,
            case.total
        );
        let off = sale(&case.lineas, &case.adicionales, case.descuento, case.total + 1, 0);
        let esperado = match validate(off) {
            Err(MovimientoError::Invalid(reglas)) => reglas.into_iter().find_map(|r| match r {
                Regla::TotalIncorrecto { esperado } => Some(esperado),
                _ => None,
            }),
            _ => None,
        };
        assert_eq!(esperado, Some(Money::from_cents(case.total)), "{}", case.nombre);
    }
}

#[test]
fn a_returns_value_is_the_one_the_web_app_estimates() {
    for case in load::<ReturnCase>(include_str!("../../../tests/cases/return_value.json")) {
        let v = &case.venta;
        let venta = sale(&v.lineas, &v.adicionales, v.descuento, v.total, v.pagado);
        let devueltos = Devueltos {
            productos: case.antes.productos.clone(),
            adicionales: case.antes.adicionales.iter().copied().collect::<BTreeSet<u32>>(),
            valor: Money::from_cents(case.antes.valor),
            credito: Money::from_cents(case.antes.credito),
            ids: Vec::new(),
        };
        let pedido = Pedido {
            productos: case.pedido.productos.clone(),
            adicionales: case.pedido.adicionales.clone(),
        };
        let devolucion = valorar(7, &venta, &devueltos, &pedido).unwrap();
        let got = (devolucion.valor.cents(), devolucion.credito.cents());
        assert_eq!(got, (case.valor, case.credito), "{}", case.nombre);
        assert_eq!(case.valor - case.credito, case.reintegro, "{}", case.nombre);
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CobroCase {
    nombre: String,
    tipo: String,
    monto: i64,
    monto_impuesto: i64,
    cuotas: bool,
    rechazado: bool,
}

#[test]
fn a_new_payment_charges_what_the_web_app_says() {
    for case in load::<CobroCase>(include_str!("../../../tests/cases/payment_charge.json")) {
        let mut datos = sale(
            &[],
            &[case.monto_impuesto.max(case.monto)],
            0,
            case.monto_impuesto.max(case.monto),
            0,
        );
        datos.tipo = match case.tipo.as_str() {
            "ENTRADA" => TipoMovimiento::Entrada,
            _ => TipoMovimiento::Salida,
        };
        let pago = &mut datos.pagos[0];
        pago.monto = Money::from_cents(case.monto);
        pago.monto_impuesto = Money::from_cents(case.monto_impuesto);
        pago.plan = case.cuotas.then(|| optica_events::movements::Plan {
            cuotas: 6,
            recargo: Medida::from_hundredths(1000),
        });
        let refused = matches!(
            rules::check_new(None, &datos),
            Err(MovimientoError::Invalid(r)) if r == vec![Regla::CobradoMenorQueMonto { pago: 1 }]
        );
        assert_eq!(refused, case.rechazado, "{}", case.nombre);
    }
}
