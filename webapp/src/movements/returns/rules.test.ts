import { describe, expect, it } from 'vitest';
import type { Movimiento } from '../../api/movements';
import { movimiento, producto, ventaDevuelta } from '../../test/seed';
import {
  devolucionBody,
  devolucionInicial,
  devolucionProblems,
  estimar,
  isSale,
  productosDe,
  type Devolucion,
} from './rules';

// The seed's sale: 2 × RB3025 at $ 360 + 'Cristal Orma Blue' $ 280, less 10%: $ 900; paid
// $ 850, owes $ 50.
const venta = movimiento();
const RB = producto().id;

/** A sale of RB3025 on two lines: 1 at $ 300, then 2 at $ 360; no discount, fully paid. */
const dosLineas = movimiento({
  descuento: null,
  total: 1020,
  deuda: 0,
  detalles: [
    { id: 1, cantidad: 1, precioUnitario: 300, subtotal: 300, producto: producto() },
    { id: 2, cantidad: 2, precioUnitario: 360, subtotal: 720, producto: producto() },
  ],
  detallesAdicionales: [],
  cajaMovimientos: [{ id: 1, monto: 1020, montoImpuesto: 1020, fecha: '2025-05-02T11:30:00', metodoPago: null }],
});

const pide = (cantidad: number, adicionales: number[] = []) => ({
  productos: cantidad ? [{ productoId: RB, cantidad }] : [],
  adicionales,
});

describe('the estimated refund (the server’s valorar)', () => {
  it('values units at their price less the discount, and credits what the sale owes first', () => {
    // 360 less 10% is 324: 50 cancel the debt, 274 go back.
    expect(estimar(venta, pide(1))).toEqual({ valor: 32400, credito: 5000, reintegro: 27400 });
    // An additional line returns its subtotal less the discount.
    expect(estimar(venta, pide(0, [0]))).toEqual({ valor: 25200, credito: 5000, reintegro: 20200 });
  });

  it('rounds the discounted value to the cent, halves away from zero', () => {
    const sale = movimiento({
      descuento: 50,
      total: 10.01,
      deuda: 0,
      detalles: [{ id: 1, cantidad: 2, precioUnitario: 10.01, subtotal: 20.02, producto: producto() }],
      detallesAdicionales: [],
    });
    // 10,01 / 2 = 5,005 → 5,01
    expect(estimar(sale, pide(1)).valor).toBe(501);
    const odd = movimiento({ descuento: 7.5, total: 616.66, deuda: 0, detallesAdicionales: [] });
    const sold = { ...odd, detalles: [{ ...odd.detalles[0], precioUnitario: 333.33, subtotal: 666.66 }] };
    // 333,33 × 0,925 = 308,330 25 → 308,33
    expect(estimar(sold, pide(1)).valor).toBe(30833);
  });

  it('takes a product sold on several lines from its first lines on', () => {
    expect(productosDe(dosLineas)).toMatchObject([{ productoId: RB, vendidas: 3, devueltas: 0, quedan: 3 }]);
    expect(estimar(dosLineas, pide(2)).valor).toBe(30000 + 36000);
    // One came back before: the next two are both at $ 360.
    const after = {
      ...dosLineas,
      devoluciones: [90],
      devuelto: { productos: [{ productoId: RB, cantidad: 1 }], adicionales: [], valor: 300, credito: 0 },
    };
    expect(estimar(after, pide(1)).valor).toBe(36000);
    expect(productosDe(after)[0].quedan).toBe(2);
  });

  it('the return that completes the sale takes what is left of its total', () => {
    // A third of $ 100 three times: 33,33 + 33,33, then the last one takes 33,34.
    const sale = movimiento({
      descuento: null,
      total: 100,
      deuda: 0,
      detalles: [{ id: 1, cantidad: 3, precioUnitario: 33.33, subtotal: 100, producto: producto() }],
      detallesAdicionales: [],
      devoluciones: [90, 91],
      devuelto: { productos: [{ productoId: RB, cantidad: 2 }], adicionales: [], valor: 66.66, credito: 0 },
    });
    expect(estimar(sale, pide(1))).toEqual({ valor: 3334, credito: 0, reintegro: 3334 });
    // The seed's whole sale back: its $ 900, of which $ 50 cancel the debt.
    expect(estimar(venta, pide(2, [0]))).toEqual({ valor: 90000, credito: 5000, reintegro: 85000 });
  });

  it('the earlier returns’ value is the server’s sum of them', () => {
    // One RB3025 came back: $ 324, of which $ 50 cancelled the debt. The rest completes the sale:
    // 900 − 324, all refunded (nothing is owed any more).
    expect(estimar(ventaDevuelta(), pide(1, [0]))).toEqual({ valor: 57600, credito: 0, reintegro: 57600 });
  });

  it('several partial returns with a discount: the last one takes exactly what is left', () => {
    // 3 × $ 33,35 less 10%: 100,05 × 0,9 = 90,045, sold for $ 90,05; paid $ 80, owes $ 10,05.
    const sale = (overrides: Partial<Movimiento> = {}) =>
      movimiento({
        descuento: 10,
        total: 90.05,
        deuda: 10.05,
        detalles: [{ id: 1, cantidad: 3, precioUnitario: 33.35, subtotal: 100.05, producto: producto() }],
        detallesAdicionales: [],
        cajaMovimientos: [{ id: 1, monto: 80, montoImpuesto: 80, fecha: '2025-05-02T11:30:00', metodoPago: null }],
        ...overrides,
      });
    // One unit: 33,35 × 0,9 = 30,015 → 30,02; the $ 10,05 owed are cancelled first.
    expect(estimar(sale(), pide(1))).toEqual({ valor: 3002, credito: 1005, reintegro: 1997 });
    // Another unit, with nothing owed any more: 30,02 again, all refunded.
    const once = sale({
      deuda: 0,
      devoluciones: [90],
      devuelto: { productos: [{ productoId: RB, cantidad: 1 }], adicionales: [], valor: 30.02, credito: 10.05 },
    });
    expect(estimar(once, pide(1))).toEqual({ valor: 3002, credito: 0, reintegro: 3002 });
    // The last one: 90,05 − 60,04 = 30,01. Valuing the two units returned as one (66,70 × 0,9 =
    // 60,03) would be a cent short and refund 30,02, a cent more than the sale has left.
    const twice = sale({
      deuda: 0,
      devoluciones: [90, 91],
      devuelto: { productos: [{ productoId: RB, cantidad: 2 }], adicionales: [], valor: 60.04, credito: 10.05 },
    });
    expect(estimar(twice, pide(1))).toEqual({ valor: 3001, credito: 0, reintegro: 3001 });
    // The three returns give back the whole total: 30,02 + 30,02 + 30,01.
    expect(3002 + 3002 + 3001).toBe(9005);
  });

  it('a debt above the value takes it all: nothing goes back', () => {
    const owing = movimiento({ deuda: 900, cajaMovimientos: [] });
    expect(estimar(owing, pide(1))).toEqual({ valor: 32400, credito: 32400, reintegro: 0 });
  });
});

describe('the return form', () => {
  const form = (change: Partial<Devolucion> = {}): Devolucion => ({ ...devolucionInicial(1, 1), ...change });

  it('says why it waits: nothing chosen, more than what is left, an unreadable quantity', () => {
    expect(devolucionProblems(venta, form(), false)).toEqual(['Elegí al menos un producto o detalle para devolver.']);
    expect(devolucionProblems(venta, form({ cantidades: { [RB]: '3' } }), false)).toEqual([
      'Del producto RB3025 quedan 2 unidades para devolver.',
    ]);
    expect(devolucionProblems(venta, form({ cantidades: { [RB]: '1,5' } }), false)[0]).toMatch(/^Cantidad de RB3025: /);
    expect(devolucionProblems(venta, form({ cantidades: { [RB]: '1' } }), false)).toEqual([]);
  });

  it('asks for a method only when money goes back; an admin chooses the branch', () => {
    const sinMetodo = form({ metodoPagoId: 0, cantidades: { [RB]: '1' } });
    expect(devolucionProblems(venta, sinMetodo, false)).toEqual([
      'Elegí el medio de pago con el que se devuelve el dinero.',
    ]);
    const owing = movimiento({ deuda: 900, cajaMovimientos: [] });
    expect(devolucionProblems(owing, sinMetodo, false)).toEqual([]);
    expect(devolucionProblems(venta, form({ localId: 0, cantidades: { [RB]: '1' } }), true)).toEqual([
      'Elegí el local que recibe la devolución.',
    ]);
  });

  it('sends the units above 0, the additional lines not returned yet, the branch only for admins', () => {
    const d = form({ cantidades: { [RB]: '2', 99: '1' }, adicionales: [0, 0, 5], localId: 2 });
    expect(devolucionBody(venta, d, false)).toEqual({
      lineas: [{ productoId: RB, cantidad: 2 }],
      adicionales: [0],
      metodoPagoId: 1,
    });
    expect(devolucionBody(venta, d, true).localId).toBe(2);
    expect(devolucionBody(venta, form({ cantidades: { [RB]: '0' } }), false).lineas).toEqual([]);
  });

  it('only a sale is returned, never a refund', () => {
    expect(isSale(venta)).toBe(true);
    expect(isSale({ ...venta, tipoMovimiento: 'SALIDA' })).toBe(false);
    expect(isSale({ ...venta, devolucionDe: 7 })).toBe(false);
  });
});
