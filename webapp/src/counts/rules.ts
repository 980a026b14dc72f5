// The counts' rules, kept pure so they are tested alone: how a state reads, who types and who
// closes, the counted quantities as typed (whole, 0 to 1.000.000, the server's range), what
// 'Guardar' sends, the progress, why 'Guardar' and 'Cerrar conteo' wait, and the column of
// quantities pasted from a spreadsheet.
import type { CargaBody, Conteo, EstadoConteo, InicioBody, LineaConteo, Planilla } from '../api/counts';
import { formatEntero, readNumber, WHOLE } from '../lib/numbers';
import { isAdmin, type Session } from '../session/sessionSlice';
import { PROBLEMS } from './messages';

/** The most a product can be counted (the server's MAX_STOCK). */
export const MAX_CONTADO = 1_000_000;

const ESTADO: Record<EstadoConteo, { nombre: string; badge: string }> = {
  ABIERTO: { nombre: 'Abierto', badge: 'text-bg-warning' },
  CERRADO: { nombre: 'Cerrado', badge: 'text-bg-success' },
  CANCELADO: { nombre: 'Cancelado', badge: 'text-bg-secondary' },
};

/** A state as the screens say it, and its badge; an unknown one as it came. */
export const estadoDe = (estado: string) =>
  ESTADO[estado as EstadoConteo] ?? { nombre: estado, badge: 'text-bg-light border' };

/** What the count covers: 'Categoría Sol · Marca Vulk', or the whole branch. */
export function alcance(c: Pick<Conteo, 'categoria' | 'marca'>): string {
  const parts = [c.categoria ? `Categoría ${c.categoria}` : '', c.marca ? `Marca ${c.marca}` : ''].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Todo el local';
}

/** Whether the user may type quantities in: open, and staff of its branch (or an admin). */
export const puedeContar = (session: Session, c: Conteo) =>
  c.estado === 'ABIERTO' && (isAdmin(session) || session.localId === c.localId);

/** Whether the user may close or cancel it: open, and an admin. */
export const puedeCerrar = (session: Session, c: Conteo) => c.estado === 'ABIERTO' && isAdmin(session);

// --- Starting ------------------------------------------------------------------------------

/** A new count as chosen: 0 is none. */
export interface Inicio {
  localId: number;
  categoriaId: number;
  marcaId: number;
}

export const inicioVacio: Inicio = { localId: 0, categoriaId: 0, marcaId: 0 };

export const inicioProblems = (i: Inicio): string[] => (i.localId ? [] : [PROBLEMS.sinLocal]);

/** The body 'Comenzar conteo' sends: the category and the brand only when chosen. */
export function inicioBody(i: Inicio): InicioBody {
  const body: InicioBody = { localId: i.localId };
  if (i.categoriaId) body.categoriaId = i.categoriaId;
  if (i.marcaId) body.marcaId = i.marcaId;
  return body;
}

// --- Counting ------------------------------------------------------------------------------

/** The quantities as typed, by product id. */
export type Textos = Record<number, string>;

/** The sheet's quantities as they open: what was saved, blank where nothing was counted yet. */
export const textosDe = (p: Planilla): Textos =>
  Object.fromEntries(p.lineas.map((l) => [l.productoId, l.contado == null ? '' : String(l.contado)]));

/** A typed quantity: blank, a count within range, or why it is not one. */
export type Lectura = { kind: 'blank' } | { kind: 'number'; units: number } | { kind: 'invalid'; error: string };

/** Reads a counted quantity: whole, 0 to 1.000.000 (the shared integer rule, then the range). */
export function leerContado(text: string): Lectura {
  const r = readNumber(text, WHOLE);
  if (r.kind === 'number' && r.units > MAX_CONTADO) {
    return { kind: 'invalid', error: `Debe estar entre 0 y ${formatEntero(MAX_CONTADO)}.` };
  }
  return r;
}

/** The products whose typed quantity is not what was saved (a new count, a change, or a
 * counted one cleared or mistyped). */
export function pendientes(lineas: LineaConteo[], textos: Textos): LineaConteo[] {
  return lineas.filter((l) => {
    const r = leerContado(textos[l.productoId] ?? '');
    if (r.kind === 'blank') return l.contado != null;
    if (r.kind === 'invalid') return true;
    return r.units !== l.contado;
  });
}

/** Why 'Guardar' waits; empty when it does not. */
export function guardarProblems(lineas: LineaConteo[], textos: Textos): string[] {
  const changed = pendientes(lineas, textos);
  if (changed.length === 0) return [PROBLEMS.nadaNuevo];
  const problems: string[] = [];
  for (const l of changed) {
    const text = textos[l.productoId] ?? '';
    const r = leerContado(text);
    if (r.kind === 'blank') problems.push(PROBLEMS.borrado(l.modelo));
    else if (r.kind === 'invalid') {
      const reading = readNumber(text, WHOLE);
      problems.push(
        reading.kind === 'number'
          ? PROBLEMS.fueraDeRango(l.modelo, formatEntero(MAX_CONTADO))
          : PROBLEMS.cantidad(l.modelo, r.error),
      );
    }
  }
  return problems;
}

/** The body 'Guardar' sends: only the products whose quantity changed. */
export function cargaBody(lineas: LineaConteo[], textos: Textos): CargaBody {
  const contados: CargaBody['contados'] = [];
  for (const l of pendientes(lineas, textos)) {
    const r = leerContado(textos[l.productoId] ?? '');
    if (r.kind === 'number') contados.push({ productoId: l.productoId, contado: r.units });
  }
  return { contados };
}

/** How far the count is: products with a quantity typed (saved or not), of all; and how many of
 * them are not saved yet. */
export function progreso(lineas: LineaConteo[], textos: Textos) {
  const contados = lineas.filter((l) => leerContado(textos[l.productoId] ?? '').kind === 'number').length;
  return { contados, total: lineas.length, sinGuardar: pendientes(lineas, textos).length };
}

/** '3 de 5 contados'. */
export const progresoText = ({ contados, total }: { contados: number; total: number }) =>
  `${formatEntero(contados)} de ${formatEntero(total)} contados`;

/** Why 'Cerrar conteo' waits; empty when it does not: what is typed must be saved, and every
 * product counted on the server (its rule). */
export function cierreProblems(lineas: LineaConteo[], textos: Textos): string[] {
  const problems: string[] = [];
  if (pendientes(lineas, textos).length > 0) problems.push(PROBLEMS.sinGuardar);
  const faltan = lineas.filter((l) => l.contado == null).length;
  if (faltan > 0) problems.push(PROBLEMS.faltan(faltan));
  return problems;
}

// --- Pasting a column ------------------------------------------------------------------------

/** What a pasted column says: a quantity per product, in the sheet's order, or why not. */
export type Pegado = { ok: true; textos: Textos } | { ok: false; errors: string[] };

const SHOWN_ERRORS = 5;

/**
 * Reads a column copied from a spreadsheet: one quantity per line, in the sheet's order (the
 * trailing line break a spreadsheet adds is ignored). Every line must be a count of the field's
 * rule and there must be as many lines as products; otherwise nothing is taken and the errors
 * say why (the first few lines with a problem).
 */
export function leerColumna(text: string, lineas: LineaConteo[]): Pegado {
  const rows = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (rows.length === 1 && rows[0].trim() === '') return { ok: false, errors: [PROBLEMS.pegadoVacio] };
  if (rows.length !== lineas.length) {
    return { ok: false, errors: [PROBLEMS.pegadoLineas(rows.length, lineas.length)] };
  }
  const errors: string[] = [];
  const textos: Textos = {};
  rows.forEach((row, i) => {
    const l = lineas[i];
    let error: string | null = null;
    if (row.includes('\t')) error = 'tiene más de una columna: copiá solo la columna de cantidades.';
    else {
      const r = leerContado(row);
      if (r.kind === 'blank') error = PROBLEMS.pegadoVaciaLinea;
      else if (r.kind === 'invalid') error = r.error;
      else textos[l.productoId] = String(r.units);
    }
    if (error) errors.push(PROBLEMS.pegadoLinea(i + 1, l.modelo, error));
  });
  if (errors.length === 0) return { ok: true, textos };
  const shown = errors.slice(0, SHOWN_ERRORS);
  if (errors.length > SHOWN_ERRORS) shown.push(PROBLEMS.pegadoMas(errors.length - SHOWN_ERRORS));
  return { ok: false, errors: [...shown, PROBLEMS.pegadoNada] };
}

/** Whether a paste into a quantity is a column (several lines) rather than one number. */
export const esColumna = (text: string) => /\S[\r\n]+\S/.test(text);

// --- Closed -------------------------------------------------------------------------------

/** The closed count's sums: units over and short, and the products that differed. */
export function totales(lineas: LineaConteo[]) {
  let sobran = 0;
  let faltan = 0;
  let conDiferencia = 0;
  for (const l of lineas) {
    const d = l.diferencia ?? 0;
    if (d > 0) sobran += d;
    if (d < 0) faltan -= d;
    if (d !== 0) conDiferencia += 1;
  }
  return { sobran, faltan, neto: sobran - faltan, conDiferencia };
}

/** A difference in units as the sheet shows it: '+2', '-1', '0'. */
export const diferenciaText = (d: number) => (d > 0 ? `+${formatEntero(d)}` : formatEntero(d));
