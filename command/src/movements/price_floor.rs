//! The lowest price a product is sold at. A seller sells at the catalogue price and goes below it
//! only through the sale's discount, up to the most the shop allows them (`Cajero::descuento_maximo`,
//! 30 % unless configured): a line typed at 0 or at a few cents would take the stock out for
//! nothing. Below that floor, or at 0 (a warranty, a courtesy), is an admin's act, with a reason
//! from `MotivoPrecio`'s list that the movement records and the audit shows.
//!
//! Only what a command adds or changes is checked: an edit that keeps a line (same product,
//! units and price) or the discount as they were passes, whatever the catalogue says today.

use std::collections::BTreeMap;

use optica_events::movements::{MovimientoDatos, TipoMovimiento};
use optica_events::Money;

use crate::movements::payment_days::Cajero;
use crate::movements::Regla;

/// 100 % in the hundredths a discount is kept in.
const FULL: i64 = 10_000;

/// Checks `datos` against the catalogue prices (`lista`, by product id) for `quien`.
pub fn check(
    previous: Option<&MovimientoDatos>,
    datos: &MovimientoDatos,
    lista: &BTreeMap<i64, Money>,
    quien: Cajero,
) -> Result<(), Vec<Regla>> {
    if datos.tipo != TipoMovimiento::Entrada {
        return Ok(());
    }
    let descuento = datos.descuento.map_or(0, |d| d.hundredths());
    let descuento_antes = previous.and_then(|p| p.descuento).map_or(0, |d| d.hundredths());
    let maximo = i64::from(quien.descuento_maximo);
    let mut reglas = Vec::new();
    if !quien.admin && descuento > maximo && descuento != descuento_antes {
        reglas.push(Regla::DescuentoMayorAlPermitido { maximo });
    }
    let kept = |l: &optica_events::movements::Linea| {
        previous.is_some_and(|p| {
            p.lineas.iter().any(|o| {
                (o.producto_id, o.cantidad, o.precio_unitario) == (l.producto_id, l.cantidad, l.precio_unitario)
            }) && descuento <= descuento_antes.max(maximo)
        })
    };
    for linea in datos.lineas.iter().filter(|l| !kept(l)) {
        let Some(&precio) = lista.get(&linea.producto_id) else {
            continue;
        };
        if !quien.admin {
            if linea.precio_unitario < precio {
                reglas.push(Regla::PrecioBajoLista {
                    modelo: linea.modelo.clone(),
                    lista: precio,
                });
            }
            continue;
        }
        // What the line brings in after the discount, against the least a seller could charge.
        let cobrado = linea
            .precio_unitario
            .scaled(i128::from(FULL - descuento), i128::from(FULL));
        let minimo = precio.scaled(i128::from(FULL - maximo), i128::from(FULL));
        if cobrado < minimo && datos.motivo_precio.is_none() {
            reglas.push(Regla::PrecioSinMotivo {
                modelo: linea.modelo.clone(),
                minimo: minimo.unwrap_or(Money::ZERO),
            });
        }
    }
    match reglas.is_empty() {
        true => Ok(()),
        false => Err(reglas),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;
    use optica_events::movements::{Linea, MotivoPrecio};
    use optica_events::Medida;

    fn quien(admin: bool) -> Cajero {
        Cajero {
            admin,
            ahora: NaiveDate::from_ymd_opt(2026, 11, 28)
                .unwrap()
                .and_hms_opt(12, 0, 0)
                .unwrap(),
            descuento_maximo: 3000,
        }
    }

    fn venta(precio: i64, descuento: i64) -> MovimientoDatos {
        let precio = Money::from_cents(precio);
        MovimientoDatos {
            tipo: TipoMovimiento::Entrada,
            fecha: quien(false).ahora,
            local_id: 1,
            paciente_id: None,
            vendedor: None,
            descripcion: None,
            lineas: vec![Linea {
                producto_id: 7,
                modelo: "RB2140".into(),
                marca: "Ray-Ban".into(),
                cristal: false,
                cantidad: 3,
                precio_unitario: precio,
                subtotal: Money::from_cents(precio.cents() * 3),
            }],
            adicionales: vec![],
            descuento: (descuento > 0).then_some(Medida::from_hundredths(descuento)),
            total: Money::ZERO,
            total_impuesto: Money::ZERO,
            pagos: vec![],
            estado: None,
            devolucion: None,
            motivo_precio: None,
            cobertura: None,
        }
    }

    fn lista() -> BTreeMap<i64, Money> {
        BTreeMap::from([(7, Money::from_cents(100_000))])
    }

    #[test]
    fn a_seller_sells_at_the_catalogue_price_and_discounts_up_to_the_maximum() {
        assert_eq!(check(None, &venta(100_000, 3000), &lista(), quien(false)), Ok(()));
        let below = Regla::PrecioBajoLista {
            modelo: "RB2140".into(),
            lista: Money::from_cents(100_000),
        };
        for precio in [0, 1, 99_999] {
            assert_eq!(
                check(None, &venta(precio, 0), &lista(), quien(false)),
                Err(vec![below.clone()])
            );
        }
        assert_eq!(
            check(None, &venta(100_000, 3001), &lista(), quien(false)),
            Err(vec![Regla::DescuentoMayorAlPermitido { maximo: 3000 }])
        );
    }

    #[test]
    fn below_the_floor_is_an_admins_act_with_a_reason() {
        let admin = quien(true);
        assert_eq!(check(None, &venta(70_000, 0), &lista(), admin), Ok(()));
        let sin = Regla::PrecioSinMotivo {
            modelo: "RB2140".into(),
            minimo: Money::from_cents(70_000),
        };
        assert_eq!(check(None, &venta(0, 0), &lista(), admin), Err(vec![sin.clone()]));
        assert_eq!(check(None, &venta(100_000, 3100), &lista(), admin), Err(vec![sin]));
        let mut garantia = venta(0, 0);
        garantia.motivo_precio = Some(MotivoPrecio::Garantia);
        assert_eq!(check(None, &garantia, &lista(), admin), Ok(()));
    }

    #[test]
    fn an_edit_keeps_what_it_does_not_change() {
        let mut before = venta(0, 0);
        before.motivo_precio = Some(MotivoPrecio::Cortesia);
        let after = venta(0, 0);
        assert_eq!(check(Some(&before), &after, &lista(), quien(false)), Ok(()));
    }
}
