// Stock beyond sales, kept pure so it is tested alone: the manual adjustment's form with the
// server's rules and words (command/src/products/rules.rs), the reorder point, and the names of
// the 'Reponer' workbook.
import type { AjusteBody, MinimoBody, MotivoAjuste } from '../api/stock';
import { isoDate } from '../lib/dates';
import { readNumber, WHOLE, type NumberRule } from '../lib/numbers';
import { PROBLEMS } from './messages';

/** A counted stock or an adjustment above this is a typing mistake (the server's MAX_STOCK). */
export const MAX_STOCK = 1_000_000;
/** The longest note the server keeps. */
export const MAX_NOTA = 255;
/** An adjustment's quantity: whole, signed. */
export const CANTIDAD_AJUSTE: NumberRule = { decimals: 0, negative: true };

/** What the adjustment dialog holds. */
export interface Ajuste {
  /** '' until chosen; else what the body sends (`Rotura`...). */
  motivo: string;
  cantidad: string;
  nota: string;
}

export const ajusteInicial: Ajuste = { motivo: '', cantidad: '', nota: '' };

const unitsOf = (text: string, rule: NumberRule) => {
  const r = readNumber(text, rule);
  return r.kind === 'number' ? r.units : null;
};

/** The branch's stock after the adjustment; null while the quantity is no number. */
export const stockResultante = (stock: number, ajuste: Ajuste) => {
  const cantidad = unitsOf(ajuste.cantidad, CANTIDAD_AJUSTE);
  return cantidad === null ? null : stock + cantidad;
};

/** Why 'Ajustar' waits; empty when it does not: a reason, a signed whole quantity other than 0,
 * negative for a reason that only takes out, not leaving the branch below 0, and a short note. */
export function ajusteProblems(ajuste: Ajuste, motivos: MotivoAjuste[], stock: number, modelo: string): string[] {
  const problems: string[] = [];
  const motivo = motivos.find((m) => m.motivo === ajuste.motivo);
  if (!motivo) problems.push(PROBLEMS.sinMotivo);
  const r = readNumber(ajuste.cantidad, CANTIDAD_AJUSTE);
  if (r.kind === 'blank') problems.push(PROBLEMS.sinCantidad);
  else if (r.kind === 'invalid') problems.push(PROBLEMS.cantidad(r.error));
  else if (r.units === 0) problems.push(PROBLEMS.ajusteCero);
  else {
    if (motivo?.resta && r.units > 0) problems.push(PROBLEMS.debeRestar(motivo.nombre));
    if (Math.abs(r.units) > MAX_STOCK) problems.push(PROBLEMS.excesivo(MAX_STOCK));
    else if (stock + r.units < 0) problems.push(PROBLEMS.bajoCero(modelo));
  }
  if ([...ajuste.nota.trim()].length > MAX_NOTA) problems.push(PROBLEMS.notaLarga(MAX_NOTA));
  return problems;
}

/** The body 'Ajustar' sends: the note only when written. */
export function ajusteBody(localId: number, ajuste: Ajuste): AjusteBody {
  const body: AjusteBody = {
    localId,
    cantidad: unitsOf(ajuste.cantidad, CANTIDAD_AJUSTE) ?? 0,
    motivo: ajuste.motivo,
  };
  const nota = ajuste.nota.trim();
  if (nota) body.nota = nota;
  return body;
}

/** The reorder point as the field starts: blank when there is none. */
export const minimoText = (minimo: number | null | undefined) => (minimo == null ? '' : String(minimo));

/** Why 'Guardar' of a reorder point waits: blank clears it; else whole, 0 to MAX_STOCK. */
export function minimoProblems(text: string): string[] {
  const r = readNumber(text, WHOLE);
  if (r.kind === 'invalid') return [PROBLEMS.minimo(r.error)];
  if (r.kind === 'number' && r.units > MAX_STOCK) return [PROBLEMS.minimoFueraDeRango(MAX_STOCK)];
  return [];
}

/** The body of a reorder point: null clears it. */
export const minimoBody = (localId: number, text: string): MinimoBody => ({
  localId,
  minimo: unitsOf(text, WHOLE),
});

/** The reorder workbook's name as the server gives it: `reponer_{branch}_{yyyy-mm-dd}.xlsx`. */
export const reponerFileName = (localNombre: string, today: Date = new Date()) =>
  `reponer_${localNombre.trim().toLowerCase().replace(/ /g, '_')}_${isoDate(today)}.xlsx`;
