import { describe, expect, it } from 'vitest';
import { inMethodOrder } from './paymentMethods';

const metodos = [
  { id: 3, nombre: 'Efectivo' },
  { id: 1, nombre: 'Tarjeta' },
  { id: 2, nombre: 'Mercado Pago' },
];

describe('payment methods in the server’s order', () => {
  it('orders rows by id as the list does, whatever order they came in', () => {
    const rows = [
      { metodoPagoId: 2, metodoPago: 'Mercado Pago' },
      { metodoPagoId: 1, metodoPago: 'Tarjeta' },
      { metodoPagoId: 3, metodoPago: 'Efectivo' },
    ];
    const sorted = inMethodOrder(rows, metodos, (r) => ({ id: r.metodoPagoId }));
    expect(sorted.map((r) => r.metodoPago)).toEqual(['Efectivo', 'Tarjeta', 'Mercado Pago']);
  });

  it('orders by name where rows have none, with unknown methods last in the order they came', () => {
    const sums: [string, number][] = [
      ['Sin método', 1],
      ['Mercado Pago', 2],
      ['Cheque', 3],
      ['Efectivo', 4],
    ];
    expect(inMethodOrder(sums, metodos, ([nombre]) => ({ nombre })).map(([n]) => n)).toEqual([
      'Efectivo',
      'Mercado Pago',
      'Sin método',
      'Cheque',
    ]);
  });

  it('keeps the order while the list is not read yet', () => {
    const rows = [{ nombre: 'Tarjeta' }, { nombre: 'Efectivo' }];
    expect(inMethodOrder(rows, [], (r) => r)).toEqual(rows);
  });
});
