// Movement answers as the server writes them (the movement form's reads).
import type { Movimiento } from '../../api/movements';
import { producto } from './catalogue';
import { paciente } from './patients';
import { locales, metodosPago } from './shop';

/** An ENTRADA at Centro: 2 × 360 + 280 less 10% is 900, paid 450 + 400 (charged 495 + 400). */
export function movimiento(overrides: Partial<Movimiento> = {}): Movimiento {
  return {
    id: 501,
    tipoMovimiento: 'ENTRADA',
    fecha: '2025-05-02T11:30:00',
    total: 900,
    descuento: 10,
    totalImpuesto: 895,
    // 900 less what the payments paid (450 + 400)
    deuda: 50,
    descripcion: 'Anteojo de sol',
    vendedor: 'Beto',
    paciente: paciente(),
    estadoMovimiento: 'ARMANDO_PEDIDO',
    version: 3,
    // A sale registered before receipts were numbered, without a lab job.
    comprobante: null,
    trabajo: null,
    detalles: [{ id: 11, cantidad: 2, precioUnitario: 360, subtotal: 720, producto: producto() }],
    detallesAdicionales: [{ id: 12, descripcion: 'Cristal Orma Blue', subtotal: 280 }],
    cajaMovimientos: [
      { id: 1, monto: 450, montoImpuesto: 495, fecha: '2025-05-02T11:30:00', metodoPago: metodosPago[1] },
      { id: 2, monto: 400, montoImpuesto: 400, fecha: '2025-05-03T10:00:00', metodoPago: metodosPago[0] },
    ],
    local: locales[0],
    devolucionDe: null,
    devoluciones: [],
    devuelto: { productos: [], adicionales: [], valor: 0, credito: 0 },
    ...overrides,
  };
}

/** A SALIDA at Norte: 1500 paid in cash. */
export function salida(overrides: Partial<Movimiento> = {}): Movimiento {
  return movimiento({
    id: 502,
    tipoMovimiento: 'SALIDA',
    total: 1500,
    descuento: null,
    totalImpuesto: 1500,
    deuda: 0,
    descripcion: 'Pago de luz',
    vendedor: null,
    paciente: null,
    estadoMovimiento: null,
    detalles: [],
    detallesAdicionales: [],
    cajaMovimientos: [
      { id: 1, monto: 1500, montoImpuesto: 1500, fecha: '2025-05-02T11:30:00', metodoPago: metodosPago[0] },
    ],
    local: locales[1],
    ...overrides,
  });
}

/** The lookups and lists the movement form reads. */
export const movementAnswers: Record<string, [number, unknown]> = {
  'GET /api/local': [200, locales],
  'GET /api/metodoPago': [200, metodosPago],
};
