// Audit answers as the server writes them. Instants are built from local times, so the screens'
// local dates read the same in any time zone.
import type { AsientoStock, EventoAuditoria } from '../../api/audit';
import { seeded } from './defaults';

/** The ISO instant (UTC) of a local date and time; `month` is 1-based. */
export const instant = (year: number, month: number, day: number, h = 0, mi = 0, s = 0) =>
  new Date(year, month - 1, day, h, mi, s).toISOString();

export function evento(overrides: Partial<Omit<EventoAuditoria, 'datos'>> & { datos?: unknown } = {}): EventoAuditoria {
  const { datos = { local_id: 1, cantidad: -1, motivo: 'Venta', stock_resultante: 2 }, ...rest } = overrides;
  return {
    posicion: 900,
    registrado: instant(2024, 5, 10, 10, 15, 30),
    tipo: 'Producto',
    id: '10',
    secuencia: 4,
    evento: 'StockAjustado',
    usuario: 'ana',
    local: 1,
    resumen: 'Producto 10, local 1: stock -1 (Venta) → 2',
    ...rest,
    datos: datos as EventoAuditoria['datos'],
  };
}

/** A sale's data as its MovimientoRegistrado and MovimientoEditado events carry it. */
export function datosMovimiento(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    tipo: 'ENTRADA',
    fecha: '2024-05-10T10:15:00',
    local_id: 1,
    paciente_id: 7,
    vendedor: 'ana',
    descripcion: null,
    lineas: [
      {
        producto_id: 10,
        modelo: 'RB3025',
        marca: 'Vulk',
        cristal: false,
        cantidad: 1,
        precio_unitario: 2000,
        subtotal: 2000,
      },
    ],
    adicionales: [{ descripcion: 'Cristal Orma Blue', subtotal: 1000 }],
    descuento: null,
    total: 3000,
    total_impuesto: 3000,
    pagos: [{ id: 1, metodo_pago_id: 1, monto: 1000, monto_impuesto: 1000, fecha: '2024-05-10T10:15:00' }],
    estado: 'PEDIDO_CRISTALES',
    ...overrides,
  };
}

/** A product's `datos` as the audit stores them: the seed's RB3025 by Vulk, in Sol. */
export const datosProducto = () => ({
  modelo: 'RB3025',
  marca_id: 5,
  categoria_ids: [1],
  material_id: null,
  genero: 'Unisex',
  costo: 1000,
  precio: 3600,
  descripcion: null,
  proveedor_ids: [],
});

/** A movement's event: its data under `datos.datos`. */
export const eventoMovimiento = (
  evento_: 'MovimientoRegistrado' | 'MovimientoEditado',
  posicion: number,
  datos: Record<string, unknown>,
  overrides: Partial<Omit<EventoAuditoria, 'datos'>> = {},
) =>
  evento({
    posicion,
    tipo: 'Movimiento',
    id: '501',
    secuencia: posicion - 100,
    evento: evento_,
    resumen: `Movimiento 501 ${evento_ === 'MovimientoRegistrado' ? 'registrado' : 'editado'}: ENTRADA por $ ${Number(
      datos.total,
    ).toFixed(2)} en el local 1`,
    datos: { datos },
    ...overrides,
  });

export const asiento = seeded<AsientoStock>(() => ({
  registrado: instant(2024, 5, 1, 9, 0, 0),
  localId: 1,
  localNombre: 'Centro',
  motivo: 'Carga inicial',
  cantidad: 5,
  stock: 5,
  movimientoId: null,
  comprobante: null,
  transferenciaId: null,
  conteoId: null,
  nota: null,
  usuario: 'ana',
}));
