// The before/after of an edit: the fields that changed between an entity's data and its data as
// it stood before, over its history.
import type { EventoAuditoria } from '../api/audit';
import { camposDe, valueText } from './fields';
import { isObject, sameJson, type Json } from './json';
import { sinNombres, type Nombres } from './nombres';

export interface Cambio {
  campo: string;
  antes: string;
  despues: string;
}

/** One line of the diff: `campo: antes → después`. */
export const cambioText = (c: Cambio) => `${c.campo}: ${c.antes} → ${c.despues}`;

/** The top-level fields that differ between two data of an entity, compared by value. A list
 * whose summary reads the same on both sides says its detail changed. */
export function diffDatos(tipo: string, antes: Json, despues: Json, nombres: Nombres = sinNombres): Cambio[] {
  const campos = camposDe(tipo);
  const known = Object.keys(campos);
  const extra = [...new Set([...Object.keys(antes), ...Object.keys(despues)])].filter((k) => !known.includes(k));
  const cambios: Cambio[] = [];
  for (const key of [...known, ...extra]) {
    if (!(key in antes) && !(key in despues)) continue;
    if (sameJson(antes[key] ?? null, despues[key] ?? null)) continue;
    const clase = campos[key]?.clase ?? 'texto';
    const before = valueText(clase, key, antes[key], nombres);
    let after = valueText(clase, key, despues[key], nombres);
    if (before === after) after = `${after} (detalle modificado)`;
    cambios.push({ campo: campos[key]?.nombre ?? key, antes: before, despues: after });
  }
  return cambios;
}

/** The movement diff (kept for its callers): `diffDatos` of two movement data. */
export const diffMovimiento = (antes: Json, despues: Json, nombres: Nombres = sinNombres) =>
  diffDatos('Movimiento', antes, despues, nombres);

/** Per kind: the events carrying the entity's whole data, and the one that is an edit. */
const DATA_EVENTS: Record<string, { data: string[]; edit: string }> = {
  Movimiento: { data: ['MovimientoRegistrado', 'MovimientoEditado'], edit: 'MovimientoEditado' },
  Producto: { data: ['ProductoCreado', 'ProductoEditado'], edit: 'ProductoEditado' },
  Paciente: { data: ['PacienteRegistrado', 'PacienteEditado'], edit: 'PacienteEditado' },
};

/** The entity data an event carries (`datos.datos`), if it carries one. */
export function entityData(tipo: string, evento: Pick<EventoAuditoria, 'evento' | 'datos'>): Json | null {
  if (!DATA_EVENTS[tipo]?.data.includes(evento.evento)) return null;
  const datos = (evento.datos as unknown as Json | null)?.datos;
  return isObject(datos) ? datos : null;
}

/** A movement's data (`datos.datos` of its registration or edit). */
export const movementData = (evento: Pick<EventoAuditoria, 'evento' | 'datos'>) => entityData('Movimiento', evento);

/** What an event without the whole data changes in it: a state, a mass price or cost update. */
const PATCHES: Record<string, string> = {
  EstadoCambiado: 'estado',
  PrecioActualizado: 'precio',
  CostoActualizado: 'costo',
};

/**
 * The changes of every edit of an entity's history (oldest first), keyed by the event's position
 * in the list: its data against the entity as it stood before, that is the preceding event with
 * its data, with any state, price or cost moved since (EstadoCambiado, PrecioActualizado,
 * CostoActualizado). Null when there is nothing before it to compare with.
 */
export function entityChanges(
  tipo: string,
  eventos: Pick<EventoAuditoria, 'evento' | 'datos'>[],
  nombres: Nombres = sinNombres,
): Map<number, Cambio[] | null> {
  const changes = new Map<number, Cambio[] | null>();
  const edit = DATA_EVENTS[tipo]?.edit;
  let previous: Json | null = null;
  eventos.forEach((evento, index) => {
    const data = entityData(tipo, evento);
    if (evento.evento === edit) changes.set(index, previous && data ? diffDatos(tipo, previous, data, nombres) : null);
    if (data) previous = data;
    const patched = PATCHES[evento.evento];
    if (patched && previous) {
      const nuevo = (evento.datos as unknown as Json | null)?.nuevo;
      if (nuevo !== undefined) previous = { ...previous, [patched]: nuevo };
    }
  });
  return changes;
}

/** A movement's history's edits (see `entityChanges`). */
export const movementChanges = (eventos: Pick<EventoAuditoria, 'evento' | 'datos'>[], nombres: Nombres = sinNombres) =>
  entityChanges('Movimiento', eventos, nombres);
