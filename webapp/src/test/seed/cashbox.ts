// Cash-box list rows as the server writes them (one row per payment).
import type { MovimientoFila, Pago } from '../../api/cashbox';
import { paciente } from './patients';
import { locales, metodosPago } from './shop';

export function pago(overrides: Partial<Pago> = {}): Pago {
  return {
    id: 31,
    fecha: '2024-05-10T10:15:00',
    metodoPago: metodosPago[0],
    monto: 1000,
    montoImpuesto: 1000,
    ...overrides,
  };
}

/** A row: a sale with two payments, dated by its first one. */
export function fila(overrides: Partial<MovimientoFila> = {}): MovimientoFila {
  return {
    id: 501,
    codigoEstado: '501-k3J9xQ2m',
    fecha: '2024-05-10T10:15:00',
    tipoMovimiento: 'ENTRADA',
    estadoMovimiento: 'PEDIDO_CRISTALES',
    local: locales[0],
    paciente: paciente(),
    vendedor: 'ana',
    descripcion: null,
    descuento: null,
    total: 3000,
    totalImpuesto: 3000,
    deuda: 0,
    detalles: [],
    detallesAdicionales: [],
    cajaMovimientos: [
      pago(),
      pago({ id: 32, fecha: '2024-05-12T18:40:00', metodoPago: metodosPago[1], monto: 2000, montoImpuesto: 2100 }),
    ],
    version: 3,
    devolucionDe: null,
    devoluciones: [],
    devuelto: { productos: [], adicionales: [], valor: 0, credito: 0 },
    ...overrides,
  };
}
