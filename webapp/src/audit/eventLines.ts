// Events and entity states as readable `Campo: valor` lines, and event types in Spanish words.
import type { EventoAuditoria } from '../api/audit';
import { campo, CAMPOS_EVENTO, camposDe, valueText, type Clase, type Linea } from './fields';
import { graduacionLines, medidaLines } from './ficha';
import { isObject, type Json } from './json';
import { nombreDe, type Nombres } from './nombres';

/** An entity's data as lines, its known fields first in their order, then any other; a ficha's
 * prescriptions and measures one line each. */
export function dataLines(tipo: string, datos: Json, nombres: Nombres): Linea[] {
  const campos = camposDe(tipo);
  const keys = [...Object.keys(campos).filter((k) => k in datos), ...Object.keys(datos).filter((k) => !(k in campos))];
  return keys.flatMap((k) => {
    const v = datos[k];
    if (!(k in campos) && k === 'graduaciones' && Array.isArray(v)) return graduacionLines(v);
    if (!(k in campos) && k === 'medidas' && isObject(v)) return medidaLines(v);
    const c = campos[k] ?? CAMPOS_EVENTO[k] ?? campo(k);
    return [{ campo: c.nombre, valor: valueText(c.clase, k, v, nombres) }];
  });
}

/** The class of an event's `anterior` and `nuevo`: states, or money for a mass update. */
const claseCambio = (evento: string): Clase =>
  evento === 'EstadoCambiado'
    ? 'estado'
    : evento === 'PrecioActualizado' || evento === 'CostoActualizado'
      ? 'dinero'
      : 'texto';

/** An event's data as readable lines (the log's 'Ver datos'): the entity's data with its fields'
 * Spanish names, and any other field the event carries. */
export function eventLines(e: Pick<EventoAuditoria, 'tipo' | 'evento' | 'datos'>, nombres: Nombres): Linea[] {
  const datos = e.datos as unknown;
  if (!isObject(datos)) return [];
  const lines: Linea[] = [];
  for (const [k, v] of Object.entries(datos)) {
    if (k === 'datos' && isObject(v)) {
      lines.push(...dataLines(e.tipo, v, nombres));
    } else if (k === 'anterior' || k === 'nuevo') {
      lines.push({
        campo: k === 'anterior' ? 'Antes' : 'Después',
        valor: valueText(claseCambio(e.evento), k, v, nombres),
      });
    } else if (isObject(v)) {
      lines.push(...dataLines('', v, nombres));
    } else {
      const c = CAMPOS_EVENTO[k] ?? campo(k);
      lines.push({ campo: c.nombre, valor: valueText(c.clase, k, v, nombres) });
    }
  }
  return lines;
}

/** An entity as it stood (the server's rebuilt state) as readable lines: its data, a product's
 * stock per branch, a patient's ficha and number of fichas, and whether it had been deleted. */
export function stateLines(tipo: string, state: unknown, nombres: Nombres): Linea[] {
  if (!isObject(state)) return [];
  const lines: Linea[] = [];
  if (typeof state.ficha === 'number') lines.push({ campo: 'Ficha', valor: String(state.ficha) });
  if (isObject(state.datos)) lines.push(...dataLines(tipo, state.datos, nombres));
  if (isObject(state.stock)) {
    const stock = Object.entries(state.stock).map(
      ([id, n]) => `${nombreDe(nombres.locales, Number(id))}: ${String(n)}`,
    );
    lines.push({ campo: 'Stock', valor: stock.length ? stock.join(', ') : '—' });
  }
  if (Array.isArray(state.fichas)) lines.push({ campo: 'Fichas', valor: String(state.fichas.length) });
  if (state.deleted === true) lines.push({ campo: 'Eliminado', valor: 'Sí' });
  return lines;
}

const CAMELS: Record<string, string> = { ContrasenaCambiada: 'Contraseña cambiada' };

/** An event type in Spanish words: `StockAjustado` → `Stock ajustado`. */
export function eventoLabel(evento: string): string {
  if (CAMELS[evento]) return CAMELS[evento];
  const words = evento.split(/(?=[A-Z])/).filter(Boolean);
  return words.map((w, i) => (i === 0 ? w : w.toLowerCase())).join(' ');
}
