// A patient's ficha as the audit reads it (FichaAgregada, FichaEditada): each prescription one
// line, each measure one line, numbers as the patient form writes them.
import type { Linea } from './fields';
import { isObject, type Json } from './json';
import { prescripcionText } from '../lib/prescription';

const OJOS: Record<string, string> = { DERECHO: 'derecho', IZQUIERDO: 'izquierdo' };
const VISIONES: Record<string, string> = { LEJOS: 'Lejos', CERCA: 'Cerca' };
/** The eye and distance of each of a ficha's four prescriptions when they do not say them. */
const GRADUACIONES_ORDEN = [
  ['DERECHO', 'LEJOS'],
  ['IZQUIERDO', 'LEJOS'],
  ['DERECHO', 'CERCA'],
  ['IZQUIERDO', 'CERCA'],
] as const;

/** A ficha's prescriptions, one line each: `Lejos, ojo derecho: esférico -1,25, cilíndrico -0,50, eje 90`. */
export function graduacionLines(graduaciones: unknown[]): Linea[] {
  return graduaciones.map((g, i) => {
    const d = isObject(g) ? g : {};
    const ojo = typeof d.ojo === 'string' ? d.ojo : (GRADUACIONES_ORDEN[i]?.[0] ?? '');
    const tipo = typeof d.tipo === 'string' ? d.tipo : (GRADUACIONES_ORDEN[i]?.[1] ?? '');
    const valores = [
      ['esférico', d.esferico, true],
      ['cilíndrico', d.cilindrico, true],
      ['eje', d.eje, false],
    ] as const;
    const shown = valores.filter(([, v]) => typeof v === 'number');
    return {
      campo: `${VISIONES[tipo] ?? (tipo || 'Graduación')}, ojo ${OJOS[ojo] ?? (ojo.toLowerCase() || '—')}`,
      valor: shown.length ? shown.map(([n, v, signed]) => `${n} ${prescripcionText(v, signed)}`).join(', ') : '—',
    };
  });
}

/** The measures of a ficha, with whether each is signed (the additions are diopters). */
const MEDIDAS: Record<string, [string, boolean]> = {
  dnp_derecho: ['DNP derecho', false],
  dnp_izquierdo: ['DNP izquierdo', false],
  altura_pupilar_derecho: ['Altura pupilar derecho', false],
  altura_pupilar_izquierdo: ['Altura pupilar izquierdo', false],
  altura_pelicula: ['Altura película', false],
  puente: ['Puente', false],
  diagonal_mayor: ['Diagonal mayor', false],
  largo: ['Largo', false],
  altura_armazon: ['Altura armazón', false],
  adicion_derecho: ['Adición derecho', true],
  adicion_izquierdo: ['Adición izquierdo', true],
};

/** `dnp_derecho` → `Dnp derecho`, for a measure the app does not know yet. */
const snakeLabel = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A ficha's measures that have a value, one line each in the form's order: `DNP derecho: 31,5`. */
export function medidaLines(medidas: Json): Linea[] {
  const keys = [...Object.keys(MEDIDAS), ...Object.keys(medidas).filter((k) => !(k in MEDIDAS))];
  return keys
    .filter((k) => medidas[k] !== null && medidas[k] !== undefined)
    .map((k) => {
      const [label, signed] = MEDIDAS[k] ?? [snakeLabel(k), false];
      return { campo: label, valor: prescripcionText(medidas[k], signed) };
    });
}
