// Movement answers as the server writes them: the movement form's reads, the cash-box list's rows
// (one row per payment), the returns (devoluciones): the seed's sale 501 after one unit
// of RB3025 came back, and that return's refund, the SALIDA 601; and a sale covered by an obra
// social, 503.
import type { CoberturaLeida, Movimiento, MovimientoFila, Pago } from '../../api/movements';
import type { Paciente } from '../../api/patients';
import type { Producto } from '../../api/products';
import { lookupAnswers, producto } from './catalogue';
import { obrasSociales } from './insurers';
import { paciente } from './patients';
import { locales, metodosPago } from './shop';
import { seeded } from './defaults';

/** An ENTRADA at Centro: 2 × 360 + 280 less 10% is 900, paid 450 + 400 (charged 495 + 400). */
export const movimiento = seeded<Movimiento>(() => ({
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
  devolucionDeComprobante: null,
  devoluciones: [],
  devuelto: { productos: [], adicionales: [], valor: 0, credito: 0 },
}));

/** The body the movement form sends for the seed's `movimiento()` as loaded, untouched. */
export function movimientoEnviado(overrides: Record<string, unknown> = {}) {
  return {
    tipoMovimiento: 'ENTRADA',
    fecha: '2025-05-02T11:30',
    total: 900,
    totalImpuesto: 895,
    descuento: 10,
    descripcion: 'Anteojo de sol',
    vendedor: 'Beto',
    paciente: { id: 7 },
    detalles: [{ cantidad: 2, precioUnitario: 360, subtotal: 720, producto: { id: 10 } }],
    detallesAdicionales: [{ descripcion: 'Cristal Orma Blue', subtotal: 280 }],
    cajaMovimientos: [
      {
        monto: 450,
        montoImpuesto: 495,
        metodoPago: { id: 2, nombre: 'Tarjeta' },
        fecha: '2025-05-02T11:30',
        cuotas: null,
      },
      {
        monto: 400,
        montoImpuesto: 400,
        metodoPago: { id: 1, nombre: 'Efectivo' },
        fecha: '2025-05-03T10:00',
        cuotas: null,
      },
    ],
    local: { id: 1 },
    estadoMovimiento: 'ARMANDO_PEDIDO',
    cobertura: null,
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

/** The lookups and lists the movement form reads: the categories tell the lenses ('Cristal'),
 * the obras sociales a patient's sale may be covered by. */
export const movementAnswers: Record<string, [number, unknown]> = {
  'GET /api/local': [200, locales],
  'GET /api/metodoPago': [200, metodosPago],
  'GET /api/categoria': lookupAnswers['GET /api/categoria'],
  'GET /api/obrasSociales': [200, obrasSociales()],
};

// ------------------------------------------------------------------------------ obras sociales

/** A lens at Centro: its category, 'Cristal', holds lenses; $ 1.000 each, ten in stock. */
export const cristal = (overrides: Partial<Producto> = {}): Producto =>
  producto({
    id: 20,
    modelo: 'Orma 1.5',
    marca: { id: 6, nombre: 'Ray-Ban' },
    categorias: [{ id: 3, nombre: 'Cristal' }],
    material: null,
    genero: '',
    precio: 1000,
    productoLocales: [{ local: locales[0], stock: 10, minimo: null, enTransito: 0 }],
    ...overrides,
  });

/** José Pérez, affiliated to OSDE (seed/insurers) on plan 210, which asks for the prescription. */
export const pacienteAfiliado = (overrides: Partial<Paciente> = {}): Paciente =>
  paciente({
    afiliacion: { obraSocialId: 1, obraSocial: 'OSDE', plan: '210', afiliado: '61234567/01' },
    ...overrides,
  });

/** Sale 503's coverage: OSDE 210 pays 40 % of its lenses after the discount (1.800): 720. */
export const coberturaLeida = (overrides: Partial<CoberturaLeida> = {}): CoberturaLeida => ({
  obraSocialId: 1,
  obraSocial: 'OSDE',
  plan: '210',
  afiliado: '61234567/01',
  medico: 'Dra. Ruiz',
  matricula: 'MP 1234',
  fechaReceta: '2025-04-20',
  parteCristales: 720,
  parteArmazones: 0,
  monto: 720,
  cristales: { porcentaje: 40, tope: null },
  armazones: { porcentaje: null, tope: null },
  liquidacionId: null,
  facturadoAlPaciente: 0,
  ...overrides,
});

/** Sale 503 at Centro, covered by OSDE 210: two lenses at 1.000, RB3025 at 360 and 280 of work,
 * less 10 %, is 2.376; OSDE pays 720, the patient 1.656, of which 1.000 paid: 656 owed. */
export const ventaCubierta = (overrides: Partial<Movimiento> = {}): Movimiento =>
  movimiento({
    id: 503,
    total: 2376,
    descuento: 10,
    totalImpuesto: 1000,
    deuda: 656,
    paciente: pacienteAfiliado(),
    detalles: [
      { id: 21, cantidad: 2, precioUnitario: 1000, subtotal: 2000, producto: cristal() },
      { id: 22, cantidad: 1, precioUnitario: 360, subtotal: 360, producto: producto() },
    ],
    detallesAdicionales: [{ id: 23, descripcion: 'Armado', subtotal: 280 }],
    cajaMovimientos: [
      { id: 1, monto: 1000, montoImpuesto: 1000, fecha: '2025-05-02T11:30:00', metodoPago: metodosPago[0] },
    ],
    cobertura: coberturaLeida(),
    ...overrides,
  });

export const pago = seeded<Pago>(() => ({
  id: 31,
  fecha: '2024-05-10T10:15:00',
  metodoPago: metodosPago[0],
  monto: 1000,
  montoImpuesto: 1000,
}));

/** A row: a sale with two payments, dated by its first one. */
export const fila = seeded<MovimientoFila>(() => ({
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
  devolucionDeComprobante: null,
  devoluciones: [],
  devuelto: { productos: [], adicionales: [], valor: 0, credito: 0 },
}));

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
    devolucionDeComprobante: null,
    ...overrides,
  });
