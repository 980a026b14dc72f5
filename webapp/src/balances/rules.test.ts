import { describe, expect, it } from 'vitest';
import { saldo } from '../test/seed';
import { antiguedad, cobroBody, cobroInicial, cobroProblems, conMetodo, diasText, type Cobro } from './rules';

const cobro = (rest: Partial<Cobro> = {}): Cobro => ({ ...cobroInicial(saldo(), 1, 2), ...rest });

describe('antiguedad', () => {
  it('marks debts over 30 days amber and over 90 red, saying so in words', () => {
    expect(antiguedad(30)).toEqual({ fila: '', badge: 'text-bg-light border', nota: '' });
    expect(antiguedad(31)).toMatchObject({ fila: 'table-warning', nota: 'más de 30 días' });
    expect(antiguedad(90).nota).toBe('más de 30 días');
    expect(antiguedad(91)).toMatchObject({ fila: 'table-danger', nota: 'más de 90 días' });
  });

  it('counts days in words', () => {
    expect(diasText(0)).toBe('0 días');
    expect(diasText(1)).toBe('1 día');
    expect(diasText(45)).toBe('45 días');
  });
});

describe('cobroInicial', () => {
  it('starts with the whole debt, written as people type money', () => {
    expect(cobroInicial(saldo({ deuda: 1234.5 }), 1, 2)).toEqual({
      metodoPagoId: 1,
      monto: '1.234,50',
      montoImpuesto: '',
      localId: 2,
      plan: null,
    });
    expect(cobroInicial(saldo({ deuda: 1200 }), 1, 2).monto).toBe('1.200,00');
  });
});

describe('cobroProblems', () => {
  it('has none for the whole debt or a part of it', () => {
    expect(cobroProblems(saldo(), cobro(), false)).toEqual([]);
    expect(cobroProblems(saldo(), cobro({ monto: '500' }), true)).toEqual([]);
    expect(cobroProblems(saldo(), cobro({ monto: '1.200,00' }), false)).toEqual([]);
  });

  it('refuses above the debt with the server’s words, by a cent too', () => {
    expect(cobroProblems(saldo(), cobro({ monto: '1.200,01' }), false)).toEqual([
      'El monto supera el saldo pendiente ($ 1.200,00).',
    ]);
  });

  it('refuses zero, a blank and text that is no amount', () => {
    expect(cobroProblems(saldo(), cobro({ monto: '0' }), false)).toEqual(['El monto a cobrar debe ser mayor a 0.']);
    expect(cobroProblems(saldo(), cobro({ monto: ' ' }), false)).toEqual(['Escribí el monto a cobrar.']);
    expect(cobroProblems(saldo(), cobro({ monto: '1,2,3' }), false)).toEqual([
      'Monto: Tiene más de una coma: la coma separa los decimales (1.234,56).',
    ]);
  });

  it('asks for a payment method, and an admin for the collecting branch', () => {
    expect(cobroProblems(saldo(), cobro({ metodoPagoId: 0, localId: 0 }), false)).toEqual(['Elegí el método de pago.']);
    expect(cobroProblems(saldo(), cobro({ localId: 0 }), true)).toEqual(['Elegí el local que cobra.']);
  });

  it('refuses a sale already paid, and a surcharged amount that is no amount', () => {
    expect(cobroProblems(saldo({ deuda: 0 }), cobro({ monto: '1' }), false)).toEqual([
      'La venta no tiene saldo pendiente.',
    ]);
    expect(cobroProblems(saldo(), cobro({ montoImpuesto: 'abc' }), false)).toEqual([
      'Monto con recargo: No es un número. Escriba, por ejemplo, 1.234,56.',
    ]);
  });
});

describe('cobroBody', () => {
  it('sends pesos, the surcharged amount only when written, the branch only for admins', () => {
    expect(cobroBody(cobro({ monto: '1.234,56' }), false)).toEqual({ metodoPagoId: 1, monto: 1234.56 });
    expect(cobroBody(cobro({ monto: '500', montoImpuesto: '550' }), true)).toEqual({
      metodoPagoId: 1,
      monto: 500,
      montoImpuesto: 550,
      localId: 2,
    });
  });

  it('a payment in cuotas sends its plan and the amount charged on it, whatever was typed before', () => {
    const plan = { cuotas: 6, recargo: 1250 };
    expect(cobroBody(cobro({ monto: '1.000', montoImpuesto: '5', plan }), false)).toEqual({
      metodoPagoId: 1,
      monto: 1000,
      montoImpuesto: 1125,
      cuotas: 6,
    });
    expect(cobroProblems(saldo(), cobro({ monto: '1.000', montoImpuesto: 'abc', plan }), false)).toEqual([]);
    // Another method has plans of its own.
    expect(conMetodo(cobro({ plan }), 1).plan).toEqual(plan);
    expect(conMetodo(cobro({ plan }), 2)).toMatchObject({ metodoPagoId: 2, plan: null });
  });
});
