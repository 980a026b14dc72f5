// The cash closing's rules, kept pure so they are tested alone: what the float and the count
// forms send, why their buttons are disabled, and the figures shown after a count. Money is
// read and added in cents (../lib/money).
//
// A day has one line per payment method (`cuotas` null: its payments without a plan, cash
// always) and, for a card with plans, one line per plan, as the terminal's batch lists them. The
// same method is on several lines, so a line is always known by its method and its cuotas
// (`lineaKey`), never by the method alone.
import { cuotasNombre } from '../lib/cuotas';
import type {
  AperturaBody,
  CajaDia,
  CajaMetodo,
  Cierre,
  CierreBody,
  ContadoBody,
  EstadoCaja,
  LineaEsperado,
  MetodoEsperado,
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

/** A day's line as its method and plan: `cuotas` null (or absent) is the method's own line. */
export interface Linea {
  metodoPagoId: number;
  cuotas?: number | null;
}

/** A line's key in the forms and the tables: '2' for a method's own line, '2-cuotas-6' for its
 * plan of 6 cuotas (the inputs' ids end with it). */
export const lineaKey = (l: Linea) =>
  l.cuotas == null ? String(l.metodoPagoId) : `${l.metodoPagoId}-cuotas-${l.cuotas}`;

/** A line as people read it, as the closing's PDF names it: 'Tarjeta', 'Tarjeta · 6 cuotas',
 * 'Tarjeta · 1 pago'. */
export const lineaNombre = (m: Pick<CajaMetodo, 'metodoPago' | 'cuotas'>) =>
  m.cuotas == null ? m.metodoPago : `${m.metodoPago} · ${cuotasNombre(m.cuotas)}`;

const esPlan = (l: { cuotas?: number | null }) => l.cuotas != null;

/** The plan lines of `m`'s method among `lineas` (none for cash, or a card without plans that day). */
const planesDe = <T extends Linea>(lineas: readonly T[], m: Linea) =>
  lineas.filter((l) => l.metodoPagoId === m.metodoPagoId && esPlan(l));

/** Whether `m` is a card's own line and the card has plan lines that day: it can be counted whole
 * there or plan by plan. */
export const conPlanes = (lineas: readonly Linea[], m: Linea) => !esPlan(m) && planesDe(lineas, m).length > 0;

/** The lines the float is kept on, one per method: a plan never holds a float. */
export const lineasDelFondo = (caja: CajaDia) => caja.metodos.filter((m) => !esPlan(m));

/** What the user typed per line (its `lineaKey` → the text). */
export type Montos = Record<string, string>;

/** Whether the day was counted: the expected figures are hidden until then (the count is blind). */
export const contada = (caja: CajaDia) => caja.metodos.some((m) => m.esperado != null);

/** The float as the form starts: what is saved, a method without one blank. */
export const fondoTexts = (caja: CajaDia): Montos =>
  Object.fromEntries(lineasDelFondo(caja).map((m) => [lineaKey(m), m.fondo ? centsText(centsOf(m.fondo)) : '']));

/** The count as the form starts: the last count (to recount from), blank before the first. A card
 * counted whole has its figure on its own line and zero on its plans: those start blank, as it
 * was counted. */
export const conteoTexts = (caja: CajaDia): Montos =>
  Object.fromEntries(
    caja.metodos.map((m) => {
      const entera = esPlan(m) && planesDe(caja.metodos, m).every((p) => centsOf(p.contado) === 0);
      return [lineaKey(m), m.contado == null || entera ? '' : centsText(centsOf(m.contado))];
    }),
  );

const textOf = (montos: Montos, m: Linea) => montos[lineaKey(m)] ?? '';

/** A day after `hoy` (both `yyyy-MM-dd`) can be neither opened nor closed. */
export const esFuturo = (caja: CajaDia, hoy: string) => caja.fecha > hoy;

/** Why 'Abrir caja' (or the correction of the float) is disabled; empty when it is not. A
 * blank amount is no float for that method. */
export function aperturaProblems(caja: CajaDia, fondo: Montos, hoy: string): string[] {
  const problems: string[] = [];
  if (esFuturo(caja, hoy)) problems.push(PROBLEMS.diaFuturo);
  for (const m of lineasDelFondo(caja)) {
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
  lineasDelFondo(caja).every((m) => units(textOf(fondo, m)) === centsOf(m.fondo));

/** The opening's body: the methods with a float (the server starts the others at zero), never a
 * plan's line. */
export function aperturaBody(caja: CajaDia, fondo: Montos): AperturaBody {
  const montos: MontoBody[] = lineasDelFondo(caja)
    .map((m) => ({ metodoPagoId: m.metodoPagoId, cents: units(textOf(fondo, m)) }))
    .filter((m) => m.cents !== 0)
    .map(({ metodoPagoId, cents }) => ({ metodoPagoId, monto: pesosOf(cents) }));
  return { fondo: montos };
}

const tooLong = (motivo: string) => [...motivo.trim()].length > MAX_MOTIVO;

/** Whether the card of `m` is counted plan by plan: an amount on any of its plans. With every
 * plan blank or zero it is counted whole on its own line (the server's rule, al_detalle_del_conteo). */
const porPlan = (caja: CajaDia, contado: Montos, m: Linea) =>
  planesDe(caja.metodos, m).some((p) => units(textOf(contado, p)) !== 0);

/** Whether a plan's line is left blank while another plan of its card is written. */
const planOlvidado = (caja: CajaDia, contado: Montos, m: Linea) =>
  esPlan(m) && planesDe(caja.metodos, m).some((p) => textOf(contado, p).trim() !== '');

/** Why 'Cerrar caja' is disabled; empty when it is not. Every method must be counted, zero
 * written as 0: a blank is a drawer forgotten, not an empty one. A card's plans may all stay
 * blank (the card counted whole on its line); once one is written, so must the others be. */
export function conteoProblems(caja: CajaDia, contado: Montos, motivo: string, hoy: string): string[] {
  const problems: string[] = [];
  if (esFuturo(caja, hoy)) problems.push(PROBLEMS.diaFuturo);
  if (caja.metodos.length === 0) problems.push(PROBLEMS.sinMetodos);
  for (const m of caja.metodos) {
    const r = readPesos(textOf(contado, m));
    if (r.kind === 'blank' && !esPlan(m)) problems.push(PROBLEMS.contadoVacio(lineaNombre(m)));
    if (r.kind === 'blank' && planOlvidado(caja, contado, m)) problems.push(PROBLEMS.planVacio(lineaNombre(m)));
    if (r.kind === 'invalid') problems.push(PROBLEMS.contado(lineaNombre(m), r.error));
  }
  if (tooLong(motivo)) problems.push(PROBLEMS.motivoLargo(MAX_MOTIVO));
  return problems;
}

/** The lines a count sends, with their amounts in cents: every method's own line, and a card's
 * plans only when it is counted plan by plan (one counted whole leaves its plans out). */
function contadas(caja: CajaDia, contado: Montos): { linea: CajaMetodo; cents: number }[] {
  return caja.metodos
    .filter((m) => !esPlan(m) || porPlan(caja, contado, m))
    .map((linea) => ({ linea, cents: units(textOf(contado, linea)) }));
}

/** The count's body: every line counted, `cuotas` only on a plan's, and the reason when one was
 * written. */
export function cierreBody(caja: CajaDia, contado: Montos, motivo: string): CierreBody {
  const body: CierreBody = {
    contado: contadas(caja, contado).map(({ linea, cents }): ContadoBody => {
      const monto = { metodoPagoId: linea.metodoPagoId, monto: pesosOf(cents) };
      return linea.cuotas == null ? monto : { ...monto, cuotas: linea.cuotas };
    }),
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
  const blanks = new Set(caja.metodos.map((m) => PROBLEMS.contadoVacio(lineaNombre(m))));
  return { problems: [...problems.filter((p) => !blanks.has(p)), PROBLEMS.sinContar], pending: true };
}

/** The count as its confirmation sums it up: each line sent with its amount, and their total,
 * in cents (a card counted whole shows once, on its own line). */
export function conteoResumen(
  caja: CajaDia,
  contado: Montos,
): { filas: { metodo: string; cents: number }[]; total: number } {
  const filas = contadas(caja, contado).map(({ linea, cents }) => ({ metodo: lineaNombre(linea), cents }));
  return { filas, total: sumCents(filas.map((f) => f.cents)) };
}

/** The float per method and its total, in cents: an open day's state before its count. */
export function fondoFilas(caja: CajaDia): { metodoPagoId: number; metodo: string; fondo: number }[] {
  return lineasDelFondo(caja).map((m) => ({
    metodoPagoId: m.metodoPagoId,
    metodo: m.metodoPago,
    fondo: centsOf(m.fondo),
  }));
}

/** Why 'Reabrir caja' is disabled. */
export function reaperturaProblems(motivo: string): string[] {
  if (!motivo.trim()) return [PROBLEMS.sinMotivoReapertura];
  return tooLong(motivo) ? [PROBLEMS.motivoLargo(MAX_MOTIVO)] : [];
}

export const reaperturaBody = (motivo: string): ReaperturaBody => ({ motivo: motivo.trim() });

/** The reason's counter under its textarea: '12/255'. */
export const motivoCounter = (motivo: string) => `${[...motivo].length}/${MAX_MOTIVO}`;

/** A counted line's figures, in cents. */
export interface Fila {
  /** `lineaKey`: one row per method and plan. */
  key: string;
  metodoPagoId: number;
  /** The card plan's line; null for the method's own. */
  cuotas: number | null;
  /** The line's name: 'Efectivo', 'Tarjeta · 6 cuotas'. */
  metodo: string;
  fondo: number;
  esperado: number;
  contado: number;
  /** Counted less expected: negative when cash is missing. */
  diferencia: number;
}

/** One row per line once the day was counted; none before (the count is blind). */
export function filas(caja: CajaDia): Fila[] {
  if (!contada(caja)) return [];
  return caja.metodos.map((m) => ({
    key: lineaKey(m),
    metodoPagoId: m.metodoPagoId,
    cuotas: m.cuotas ?? null,
    metodo: lineaNombre(m),
    fondo: centsOf(m.fondo),
    esperado: centsOf(m.esperado),
    contado: centsOf(m.contado),
    diferencia: centsOf(m.diferencia),
  }));
}

/** The rows added up, for the table's total line: each line once (a card counted whole has its
 * figures on its own line and zero on its plans). */
export function totalFilas(rows: Fila[]): Omit<Fila, 'key' | 'metodoPagoId' | 'cuotas' | 'metodo'> {
  const sum = (key: 'fondo' | 'esperado' | 'contado' | 'diferencia') => sumCents(rows.map((r) => r[key]));
  return { fondo: sum('fondo'), esperado: sum('esperado'), contado: sum('contado'), diferencia: sum('diferencia') };
}

/** Whether every method's count matches what was expected. */
export const cuadra = (rows: Fila[]) => rows.every((r) => r.diferencia === 0);

/** A difference in words, beside its amount, so it is not told by colour alone. */
export const diferenciaNota = (cents: number) => (cents < 0 ? 'Falta' : cents > 0 ? 'Sobra' : 'Cuadra');

/** An open day counted with a difference: it needs a reason (or a recount) to close. */
export const esperaMotivo = (caja: CajaDia) => caja.estado === 'ABIERTA' && !cuadra(filas(caja));

/** Whether the last count compared `fila`'s card plan by plan: a figure expected on any of its
 * plans (a card counted whole has its plans' figures on its own line and zero on them). */
const comparadaPorPlan = (rows: readonly Fila[], fila: Linea) => planesDe(rows, fila).some((r) => r.esperado !== 0);

/** A card's own line whose card the last count compared whole, plans and all. */
export const contadaEntera = (rows: readonly Fila[], fila: Fila) =>
  conPlanes(rows, fila) && !comparadaPorPlan(rows, fila);

/** Whether a row's expected figure opens its breakdown: a method's line always; a plan's only when
 * its card was compared plan by plan (counted whole, its figure is on the card's line). */
export const abreDetalle = (rows: readonly Fila[], fila: Fila) => !esPlan(fila) || comparadaPorPlan(rows, fila);

/** What the breakdown of a row shows: a plan's payments ('plan'); a card's payments without a plan
 * when it was compared plan by plan ('sinPlanes'); all of them when it was counted whole
 * ('entera'); a method without plans, all of them ('metodo'). */
export type AlcanceDetalle = 'plan' | 'sinPlanes' | 'entera' | 'metodo';

/**
 * The lines of the method's breakdown (`GET …/esperado`, per method) that make up `fila`'s expected
 * figure, at the detail the last count was compared at (`rows`, the day's figures), and their sum in
 * cents: what is shown, and what is checked against the figure to tell that it changed since.
 */
export function detalleDeLinea(
  rows: readonly Fila[],
  fila: Fila,
  detalle: MetodoEsperado | undefined,
): { alcance: AlcanceDetalle; lineas: LineaEsperado[]; esperado: number } {
  const todas = detalle?.lineas ?? [];
  const alcance: AlcanceDetalle = esPlan(fila)
    ? 'plan'
    : comparadaPorPlan(rows, fila)
      ? 'sinPlanes'
      : conPlanes(rows, fila) || todas.some(esPlan)
        ? 'entera'
        : 'metodo';
  const lineas =
    alcance === 'plan'
      ? todas.filter((l) => l.cuotas === fila.cuotas)
      : alcance === 'sinPlanes'
        ? todas.filter((l) => !esPlan(l))
        : todas;
  return { alcance, lineas, esperado: sumCents(lineas.map((l) => centsOf(l.monto))) };
}

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
