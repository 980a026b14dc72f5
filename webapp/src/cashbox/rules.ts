// The cash-box list rules of contract sections 5.5 and 5.6, kept pure so they are tested alone.
import { ESTADO_LABELS, isEstado, type MovimientoFila, type MovimientoFiltro, type Pago } from '../api/cashbox';

export const TIPOS_MOVIMIENTO = ['ENTRADA', 'SALIDA'] as const;

export const emptyFiltro = (nombrePaciente = ''): MovimientoFiltro => ({
  idLocal: 0,
  tipoMovimiento: '',
  nombrePaciente,
  fecha: '',
  metodoPago: '',
});

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

/** `yyyy-MM-ddTHH:mm[:ss]` (the shop's local time, as the server writes it) → `dd/MM/yyyy HH:mm`. */
export function formatFechaHora(fecha: string | null | undefined): string {
  const m = DATE_TIME.exec(fecha ?? '');
  if (!m) return fecha ?? '';
  const [, y, mo, d, h, mi] = m;
  return h === undefined ? `${d}/${mo}/${y}` : `${d}/${mo}/${y} ${h}:${mi}`;
}

/** `yyyy-MM-dd` → `dd/MM/yyyy`. */
export const formatFecha = (fecha: string) => formatFechaHora(fecha.slice(0, 10));

/** The date and time to the minute, whatever the separator and the seconds. */
const minuteOf = (fecha: string | null | undefined) => {
  const m = DATE_TIME.exec(fecha ?? '');
  return m && m[4] !== undefined ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` : null;
};

/** Whether a payment is the one the row stands for: its date equals the row's date to the minute. */
export function isRowPayment(row: Pick<MovimientoFila, 'fecha'>, pago: Pick<Pago, 'fecha'>): boolean {
  const rowMinute = minuteOf(row.fecha);
  return rowMinute !== null && rowMinute === minuteOf(pago.fecha);
}

/** The highlight of the row's payment: green for ENTRADA, red for SALIDA. */
export const highlightClass = (tipoMovimiento: string) =>
  tipoMovimiento === 'SALIDA' ? 'bg-danger text-white' : 'bg-success text-white';

/** Money with two decimals; negatives keep their sign before the symbol. */
export function money(n: number | null | undefined): string {
  if (n == null) return '';
  const cents = Math.round(n * 100);
  return `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;
}

export function estadoLabel(estado: string | null | undefined): string {
  return isEstado(estado) ? ESTADO_LABELS[estado] : '';
}

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
      cents.set(metodo, (cents.get(metodo) ?? 0) + sign * Math.round(pago.montoImpuesto * 100));
    }
  }
  const porMetodo = [...cents].map(([metodo, c]): [string, number] => [metodo, c / 100]);
  const total = [...cents.values()].reduce((a, b) => a + b, 0) / 100;
  return { porMetodo, total };
}
