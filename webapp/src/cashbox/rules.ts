// The cash-box list rules of contract sections 5.5 and 5.6, kept pure so they are tested alone.
import type { MovimientoFila, MovimientoFiltro, Pago } from '../api/cashbox';
import { minuteOf } from '../lib/dates';
import { centsOf, pesosOf, sumCents } from '../lib/money';

export const TIPOS_MOVIMIENTO = ['ENTRADA', 'SALIDA'] as const;

export const emptyFiltro = (nombrePaciente = ''): MovimientoFiltro => ({
  idLocal: 0,
  tipoMovimiento: '',
  nombrePaciente,
  fecha: '',
  metodoPago: '',
});

/** Whether a payment is the one the row stands for: its date equals the row's date to the minute. */
export function isRowPayment(row: Pick<MovimientoFila, 'fecha'>, pago: Pick<Pago, 'fecha'>): boolean {
  const rowMinute = minuteOf(row.fecha);
  return rowMinute !== null && rowMinute === minuteOf(pago.fecha);
}

/** The highlight of the row's payment: green for ENTRADA, red for SALIDA. */
export const highlightClass = (tipoMovimiento: string) =>
  tipoMovimiento === 'SALIDA' ? 'bg-danger text-white' : 'bg-success text-white';

/** The public status link staff send to the customer. */
export const statusLink = (origin: string, codigoEstado: string) => `${origin}/estadoCompra/${codigoEstado}`;

export const SIN_METODO = 'Sin método';

export interface SumasDelDia {
  /** Method name → cash of the day, in the order the methods first appear. */
  porMetodo: [string, number][];
  total: number;
}

/**
 * The day's cash per payment method from the unpaged rows of a dated filter: the montoImpuesto of
 * every payment dated that day, each payment once (rows repeat a movement per payment), + for
 * ENTRADA and − for SALIDA. With a method filter, only that method's payments count.
 */
export function sumasDelDia(rows: MovimientoFila[], fecha: string, metodoPago = ''): SumasDelDia {
  const seen = new Set<number>();
  const cents = new Map<string, number>();
  for (const row of rows) {
    const sign = row.tipoMovimiento === 'SALIDA' ? -1 : 1;
    for (const pago of row.cajaMovimientos) {
      if (seen.has(pago.id) || !pago.fecha?.startsWith(fecha)) continue;
      const metodo = pago.metodoPago?.nombre ?? SIN_METODO;
      if (metodoPago && metodo !== metodoPago) continue;
      seen.add(pago.id);
      cents.set(metodo, (cents.get(metodo) ?? 0) + sign * centsOf(pago.montoImpuesto));
    }
  }
  const porMetodo = [...cents].map(([metodo, c]): [string, number] => [metodo, pesosOf(c)]);
  const total = pesosOf(sumCents([...cents.values()]));
  return { porMetodo, total };
}
