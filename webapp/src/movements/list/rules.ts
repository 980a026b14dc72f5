// The cash-box list rules of contract sections 5.5 and 5.6, kept pure so they are tested alone.
import type { MovimientoFila, MovimientoFiltro } from '../../api/movements';
import { centsOf, pesosOf, sumCents } from '../../lib/money';

export const TIPOS_MOVIMIENTO = ['ENTRADA', 'SALIDA'] as const;

/** No filter; one patient's list keeps its name (and id, when the link gave it). */
export const emptyFiltro = (nombrePaciente = '', idPaciente = 0): MovimientoFiltro => ({
  idLocal: 0,
  tipoMovimiento: '',
  nombrePaciente,
  fecha: '',
  metodoPago: '',
  idPaciente,
  conDeuda: false,
});

/** Whether a movement still owes something (`deuda` is in pesos, never negative). */
export const owes = (row: Pick<MovimientoFila, 'deuda'>) => centsOf(row.deuda) > 0;

/** The patient id of a `?id=` query parameter: a positive integer, or 0 for none. */
export function idPacienteOf(param: string | null): number {
  const id = Number(param);
  return param && /^\d+$/.test(param) && Number.isSafeInteger(id) ? id : 0;
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
      cents.set(metodo, (cents.get(metodo) ?? 0) + sign * centsOf(pago.montoImpuesto));
    }
  }
  const porMetodo = [...cents].map(([metodo, c]): [string, number] => [metodo, pesosOf(c)]);
  const total = pesosOf(sumCents([...cents.values()]));
  return { porMetodo, total };
}
