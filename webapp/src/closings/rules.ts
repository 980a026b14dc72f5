// The cash closing's rules, kept pure so they are tested alone: what the float and the count
// forms send, why their buttons are disabled, and the figures shown after a count. Money is
// read and added in cents (../lib/money).
import type {
  AperturaBody,
  CajaDia,
  CajaMetodo,
  Cierre,
  CierreBody,
  EstadoCaja,
  MontoBody,
  ReaperturaBody,
} from '../api/closings';
import { centsOf, centsText, pesosOf, readPesos, sumCents } from '../lib/money';
import { PROBLEMS } from './messages';

/** The server's longest reason (command/src/closings/mod.rs, MAX_MOTIVO). */
export const MAX_MOTIVO = 255;

export const ESTADO_LABELS: Record<EstadoCaja, string> = {
  SIN_ABRIR: 'Sin abrir',
  ABIERTA: 'Abierta',
  CERRADA: 'Cerrada',
};

/** A state the server may add later reads as itself. */
export const estadoLabel = (estado: string) => ESTADO_LABELS[estado as EstadoCaja] ?? estado;

/**
 * The reason the list shows for a day: its current closing's, or, while a reopened day waits to be
 * closed again, why it was reopened.
 */
export const motivoDelCierre = (cierre: Cierre): string =>
  cierre.estado === 'ABIERTA' && cierre.reaperturas > 0
    ? `Reabierta: ${cierre.motivoReapertura ?? ''}`.trim()
    : (cierre.motivo ?? '');

/** What the user typed per payment method (its id → the text). */
export type Montos = Record<number, string>;

/** Whether the day was counted: the expected figures are hidden until then (the count is blind). */
export const contada = (caja: CajaDia) => caja.metodos.some((m) => m.esperado != null);

/** The float as the form starts: what is saved, a method without one blank. */
export const fondoTexts = (caja: CajaDia): Montos =>
  Object.fromEntries(caja.metodos.map((m) => [m.metodoPagoId, m.fondo ? centsText(centsOf(m.fondo)) : '']));

/** The count as the form starts: the last count (to recount from), blank before the first. */
export const conteoTexts = (caja: CajaDia): Montos =>
  Object.fromEntries(caja.metodos.map((m) => [m.metodoPagoId, m.contado == null ? '' : centsText(centsOf(m.contado))]));

const textOf = (montos: Montos, m: CajaMetodo) => montos[m.metodoPagoId] ?? '';

/** A day after `hoy` (both `yyyy-MM-dd`) can be neither opened nor closed. */
export const esFuturo = (caja: CajaDia, hoy: string) => caja.fecha > hoy;

/** Why 'Abrir caja' (or the correction of the float) is disabled; empty when it is not. A
 * blank amount is no float for that method. */
export function aperturaProblems(caja: CajaDia, fondo: Montos, hoy: string): string[] {
  const problems: string[] = [];
  if (esFuturo(caja, hoy)) problems.push(PROBLEMS.diaFuturo);
  for (const m of caja.metodos) {
    const r = readPesos(textOf(fondo, m));
    if (r.kind === 'invalid') problems.push(PROBLEMS.fondo(m.metodoPago, r.error));
  }
  if (caja.estado === 'ABIERTA' && sameFondo(caja, fondo)) problems.push(PROBLEMS.sinCambios);
  return problems;
}

const units = (text: string) => {
  const r = readPesos(text);
  return r.kind === 'number' ? r.units : 0;
};

/** Whether the typed float is the one already saved. */
const sameFondo = (caja: CajaDia, fondo: Montos) =>
  caja.metodos.every((m) => units(textOf(fondo, m)) === centsOf(m.fondo));

/** The opening's body: the methods with a float (the server starts the others at zero). */
export function aperturaBody(caja: CajaDia, fondo: Montos): AperturaBody {
  const montos: MontoBody[] = caja.metodos
    .map((m) => ({ metodoPagoId: m.metodoPagoId, cents: units(textOf(fondo, m)) }))
    .filter((m) => m.cents !== 0)
    .map(({ metodoPagoId, cents }) => ({ metodoPagoId, monto: pesosOf(cents) }));
  return { fondo: montos };
}

const tooLong = (motivo: string) => [...motivo.trim()].length > MAX_MOTIVO;

/** Why 'Cerrar caja' is disabled; empty when it is not. Every method must be counted, zero
 * written as 0: a blank is a drawer forgotten, not an empty one. */
export function conteoProblems(caja: CajaDia, contado: Montos, motivo: string, hoy: string): string[] {
  const problems: string[] = [];
  if (esFuturo(caja, hoy)) problems.push(PROBLEMS.diaFuturo);
  if (caja.metodos.length === 0) problems.push(PROBLEMS.sinMetodos);
  for (const m of caja.metodos) {
    const r = readPesos(textOf(contado, m));
    if (r.kind === 'blank') problems.push(PROBLEMS.contadoVacio(m.metodoPago));
    if (r.kind === 'invalid') problems.push(PROBLEMS.contado(m.metodoPago, r.error));
  }
  if (tooLong(motivo)) problems.push(PROBLEMS.motivoLargo(MAX_MOTIVO));
  return problems;
}

/** The count's body: every method's amount, and the reason when one was written. */
export function cierreBody(caja: CajaDia, contado: Montos, motivo: string): CierreBody {
  const body: CierreBody = {
    contado: caja.metodos.map((m) => ({ metodoPagoId: m.metodoPagoId, monto: pesosOf(units(textOf(contado, m))) })),
  };
  return motivo.trim() ? { ...body, motivo: motivo.trim() } : body;
}

/** Nothing of the count typed yet on a day never counted. */
export const conteoSinEmpezar = (caja: CajaDia, contado: Montos, motivo: string) =>
  !contada(caja) && caja.metodos.every((m) => textOf(contado, m).trim() === '') && motivo.trim() === '';

/** What 'Cerrar caja' waits for. A count not begun (`pending`) waits for the evening without
 * errors: one line says what to do instead of every blank amount in red (a day just opened
 * shows its float, not a list of warnings). */
export function conteoEspera(
  caja: CajaDia,
  contado: Montos,
  motivo: string,
  hoy: string,
): { problems: string[]; pending: boolean } {
  const problems = conteoProblems(caja, contado, motivo, hoy);
  if (!conteoSinEmpezar(caja, contado, motivo) || caja.metodos.length === 0) return { problems, pending: false };
  const blanks = new Set(caja.metodos.map((m) => PROBLEMS.contadoVacio(m.metodoPago)));
  return { problems: [...problems.filter((p) => !blanks.has(p)), PROBLEMS.sinContar], pending: true };
}

/** The count as its confirmation sums it up: each method's amount and their total, in cents. */
export function conteoResumen(
  caja: CajaDia,
  contado: Montos,
): { filas: { metodo: string; cents: number }[]; total: number } {
  const filas = caja.metodos.map((m) => ({ metodo: m.metodoPago, cents: units(textOf(contado, m)) }));
  return { filas, total: sumCents(filas.map((f) => f.cents)) };
}

/** The float per method and its total, in cents: an open day's state before its count. */
export function fondoFilas(caja: CajaDia): { metodoPagoId: number; metodo: string; fondo: number }[] {
  return caja.metodos.map((m) => ({ metodoPagoId: m.metodoPagoId, metodo: m.metodoPago, fondo: centsOf(m.fondo) }));
}

/** Why 'Reabrir caja' is disabled. */
export function reaperturaProblems(motivo: string): string[] {
  if (!motivo.trim()) return [PROBLEMS.sinMotivoReapertura];
  return tooLong(motivo) ? [PROBLEMS.motivoLargo(MAX_MOTIVO)] : [];
}

export const reaperturaBody = (motivo: string): ReaperturaBody => ({ motivo: motivo.trim() });

/** The reason's counter under its textarea: '12/255'. */
export const motivoCounter = (motivo: string) => `${[...motivo].length}/${MAX_MOTIVO}`;

/** A counted method's figures, in cents. */
export interface Fila {
  metodoPagoId: number;
  metodo: string;
  fondo: number;
  esperado: number;
  contado: number;
  /** Counted less expected: negative when cash is missing. */
  diferencia: number;
}

/** One row per method once the day was counted; none before (the count is blind). */
export function filas(caja: CajaDia): Fila[] {
  if (!contada(caja)) return [];
  return caja.metodos.map((m) => ({
    metodoPagoId: m.metodoPagoId,
    metodo: m.metodoPago,
    fondo: centsOf(m.fondo),
    esperado: centsOf(m.esperado),
    contado: centsOf(m.contado),
    diferencia: centsOf(m.diferencia),
  }));
}

/** The rows added up, for the table's total line. */
export function totalFilas(rows: Fila[]): Omit<Fila, 'metodoPagoId' | 'metodo'> {
  const sum = (key: 'fondo' | 'esperado' | 'contado' | 'diferencia') => sumCents(rows.map((r) => r[key]));
  return { fondo: sum('fondo'), esperado: sum('esperado'), contado: sum('contado'), diferencia: sum('diferencia') };
}

/** Whether every method's count matches what was expected. */
export const cuadra = (rows: Fila[]) => rows.every((r) => r.diferencia === 0);

/** A difference in words, beside its amount, so it is not told by colour alone. */
export const diferenciaNota = (cents: number) => (cents < 0 ? 'Falta' : cents > 0 ? 'Sobra' : 'Cuadra');

/** An open day counted with a difference: it needs a reason (or a recount) to close. */
export const esperaMotivo = (caja: CajaDia) => caja.estado === 'ABIERTA' && !cuadra(filas(caja));

/** The chart of differences: one point per closed day (oldest first), one series per branch. */
export interface DiferenciasChart {
  data: Array<{ fecha: string } & Record<string, number | string>>;
  locales: string[];
}

export function diferenciasChart(cierres: Cierre[]): DiferenciasChart {
  const cerrados = cierres.filter((c) => c.estado === 'CERRADA');
  const locales = [...new Set(cerrados.map((c) => c.local))];
  const byDay = new Map<string, { fecha: string } & Record<string, number | string>>();
  for (const c of [...cerrados].sort((a, b) => a.fecha.localeCompare(b.fecha))) {
    const day = byDay.get(c.fecha) ?? { fecha: c.fecha };
    day[c.local] = c.diferencia;
    byDay.set(c.fecha, day);
  }
  return { data: [...byDay.values()], locales };
}
