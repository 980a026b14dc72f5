// Returns as the server writes them (devoluciones, issue 22): the seed's sale 501 after one unit
// of RB3025 came back, and that return's refund, the SALIDA 601.
import type { Movimiento } from '../../api/movements';
import { movimiento } from './movements';
import { locales, metodosPago } from './shop';

/** Sale 501 with one RB3025 returned: $ 324 of value, $ 50 cancelled the debt, $ 274 refunded. */
export const ventaDevuelta = (overrides: Partial<Movimiento> = {}): Movimiento =>
  movimiento({
    deuda: 0,
    devoluciones: [601],
    devuelto: { productos: [{ productoId: 10, cantidad: 1 }], adicionales: [], valor: 324, credito: 50 },
    ...overrides,
  });

/** The refund of that return: a SALIDA of $ 274 in cash at Centro, today. */
export const reintegro = (overrides: Partial<Movimiento> = {}): Movimiento =>
  movimiento({
    id: 601,
    tipoMovimiento: 'SALIDA',
    fecha: '2025-05-10T16:20:00',
    total: 274,
    descuento: null,
    totalImpuesto: 274,
    deuda: 0,
    descripcion: 'Devolución de la venta #501',
    vendedor: null,
    estadoMovimiento: null,
    detalles: [],
    detallesAdicionales: [],
    cajaMovimientos: [
      { id: 1, monto: 274, montoImpuesto: 274, fecha: '2025-05-10T16:20:00', metodoPago: metodosPago[0] },
    ],
    local: locales[0],
    devolucionDe: 501,
    ...overrides,
  });
