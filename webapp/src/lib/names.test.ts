import { describe, expect, it } from 'vitest';
import { ventaNombre, ventaNumero } from './names';

describe("a sale's name", () => {
  it("is its receipt's number, and its id only without one", () => {
    expect(ventaNumero({ comprobante: '0001-00000005' }, 7)).toBe('0001-00000005');
    expect(ventaNombre({ comprobante: '0001-00000005' }, 7)).toBe('Venta 0001-00000005');
    expect(ventaNombre({ comprobante: null }, 7)).toBe('Venta #7');
    expect(ventaNombre({}, 7)).toBe('Venta #7');
  });
});
