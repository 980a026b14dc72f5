// The audit screens' rules, kept pure so they are tested alone: the movement diff and the stock
// as of a moment.
import type { AsientoStock, EventoAuditoria } from '../api/audit';
import { estadoLabel } from '../api/cashbox';
import { formatFechaHora } from '../lib/dates';
import { centsOf, formatPesos, money, parseScaled, sumCents } from '../lib/money';
import { formatPorcentaje } from '../lib/numbers';

/** A signed quantity: `+3`, `-2`, `0`. */
export const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** Any JSON, indented for a `<pre>`. */
export const prettyJson = (value: unknown) => JSON.stringify(value ?? null, null, 2);

export interface StockDeLocal {
  localId: number;
  localNombre: string;
  stock: number;
}

/** Each branch's stock after its last change in the (oldest first) ledger, in the order the
 * branches first appear. */
export function stockAlMomento(asientos: AsientoStock[]): StockDeLocal[] {
  const byLocal = new Map<number, StockDeLocal>();
  for (const a of asientos) {
    byLocal.set(a.localId, {
      localId: a.localId,
      localNombre: a.localNombre ?? `Local ${a.localId}`,
      stock: a.stock,
    });
  }
  return [...byLocal.values()];
}

// ---- the movement diff ----

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The fields of a movement's data (`datos.datos` of its events), in the order they are shown. */
export const CAMPOS_MOVIMIENTO: Record<string, string> = {
  tipo: 'Tipo',
  fecha: 'Fecha',
  local_id: 'Local',
  paciente_id: 'Paciente',
  vendedor: 'Vendedor',
  descripcion: 'Descripción',
  lineas: 'Líneas',
  adicionales: 'Adicionales',
  descuento: 'Descuento',
  total: 'Total',
  total_impuesto: 'Total con recargo',
  pagos: 'Pagos',
  estado: 'Estado',
};

/** Which amount each list adds up in its summary. */
const LIST_AMOUNT: Record<string, string> = {
  lineas: 'subtotal',
  adicionales: 'subtotal',
  pagos: 'monto_impuesto',
};

const LIST_NOUN: Record<string, [string, string]> = {
  lineas: ['línea', 'líneas'],
  adicionales: ['adicional', 'adicionales'],
  pagos: ['pago', 'pagos'],
};

/** Deep equality of JSON values (key order aside). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return false;
}

/** A list as its count and the sum of its amounts: `2 líneas, total $ 3.000,00`. */
export function listSummary(campo: string, value: unknown[]): string {
  const [one, many] = LIST_NOUN[campo] ?? ['elemento', 'elementos'];
  const amount = LIST_AMOUNT[campo];
  const count = `${value.length} ${value.length === 1 ? one : many}`;
  if (!amount) return count;
  const amounts = value.map((item) => (isObject(item) ? Number(item[amount]) : NaN)).filter(Number.isFinite);
  return `${count}, total ${formatPesos(sumCents(amounts.map(centsOf)))}`;
}

/** A field's value as the diff shows it. */
export function fieldText(campo: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return listSummary(campo, value);
  if ((campo === 'total' || campo === 'total_impuesto') && typeof value === 'number') return money(value);
  if (campo === 'descuento' && typeof value === 'number') {
    const hundredths = parseScaled(String(value), 2);
    return hundredths === null ? `${value}%` : formatPorcentaje(hundredths);
  }
  if (campo === 'fecha' && typeof value === 'string') return formatFechaHora(value);
  if (campo === 'estado' && typeof value === 'string') return estadoLabel(value) || value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export interface Cambio {
  campo: string;
  antes: string;
  despues: string;
}

/** One line of the diff: `campo: antes → después`. */
export const cambioText = (c: Cambio) => `${c.campo}: ${c.antes} → ${c.despues}`;

/** The top-level fields that differ between two movement data, compared by value. A list whose
 * summary reads the same on both sides says its detail changed. */
export function diffMovimiento(antes: Json, despues: Json): Cambio[] {
  const known = Object.keys(CAMPOS_MOVIMIENTO);
  const extra = [...new Set([...Object.keys(antes), ...Object.keys(despues)])].filter((k) => !known.includes(k));
  const cambios: Cambio[] = [];
  for (const key of [...known, ...extra]) {
    if (!(key in antes) && !(key in despues)) continue;
    if (sameJson(antes[key] ?? null, despues[key] ?? null)) continue;
    const before = fieldText(key, antes[key]);
    let after = fieldText(key, despues[key]);
    if (before === after) after = `${after} (detalle modificado)`;
    cambios.push({ campo: CAMPOS_MOVIMIENTO[key] ?? key, antes: before, despues: after });
  }
  return cambios;
}

const MOVEMENT_DATA_EVENTS = ['MovimientoRegistrado', 'MovimientoEditado'];

/** The movement data an event carries (`datos.datos`), if it carries one. */
export function movementData(evento: Pick<EventoAuditoria, 'evento' | 'datos'>): Json | null {
  if (!MOVEMENT_DATA_EVENTS.includes(evento.evento)) return null;
  const datos = (evento.datos as unknown as Json | null)?.datos;
  return isObject(datos) ? datos : null;
}

/**
 * The changes of every MovimientoEditado of a movement's history (oldest first), keyed by the
 * event's position in the list: its data against the movement as it stood before, that is the
 * preceding MovimientoRegistrado or MovimientoEditado, with the state moved by any EstadoCambiado
 * since (the server records an edit that only moves the state as that event). Null when there is
 * nothing before it to compare with.
 */
export function movementChanges(eventos: Pick<EventoAuditoria, 'evento' | 'datos'>[]): Map<number, Cambio[] | null> {
  const changes = new Map<number, Cambio[] | null>();
  let previous: Json | null = null;
  eventos.forEach((evento, index) => {
    const data = movementData(evento);
    if (evento.evento === 'MovimientoEditado')
      changes.set(index, previous && data ? diffMovimiento(previous, data) : null);
    if (data) previous = data;
    if (evento.evento === 'EstadoCambiado' && previous) {
      const nuevo = (evento.datos as unknown as Json | null)?.nuevo;
      if (nuevo !== undefined) previous = { ...previous, estado: nuevo };
    }
  });
  return changes;
}
