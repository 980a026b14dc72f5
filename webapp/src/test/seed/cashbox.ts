// Cash-box answers as the server writes them, for component and rule tests.
import type { MovimientoFila, MovimientoPage, Pago } from '../api/cashbox';
import { locales, paciente } from './patients';

export { locales };

export const metodos = [
  { id: 1, nombre: 'Efectivo' },
  { id: 2, nombre: 'Tarjeta' },
];

export function pago(overrides: Partial<Pago> = {}): Pago {
  return {
    id: 31,
    fecha: '2024-05-10T10:15:00',
    metodoPago: metodos[0],
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
    detalles: [],
    detallesAdicionales: [],
    cajaMovimientos: [
      pago(),
      pago({ id: 32, fecha: '2024-05-12T18:40:00', metodoPago: metodos[1], monto: 2000, montoImpuesto: 2100 }),
    ],
    version: 3,
    ...overrides,
  };
}

const unsorted = { empty: true, sorted: false, unsorted: true };

export function filasPage(content: MovimientoFila[], number = 0, totalPages = 1): MovimientoPage {
  return {
    content,
    number,
    totalPages,
    totalElements: content.length,
    first: number === 0,
    last: number === totalPages - 1,
    size: 10,
    numberOfElements: content.length,
    empty: content.length === 0,
    sort: unsorted,
    pageable: { sort: unsorted, offset: number * 10, pageNumber: number, pageSize: 10, paged: true, unpaged: false },
  };
}
