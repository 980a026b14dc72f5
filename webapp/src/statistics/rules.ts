// The statistics page rules, kept pure so they are tested alone. Money is added in cents.
import type { Ingreso, PacientesPorLocal, Periodo, StockPorLocal, TotalGanado, VentasDelDia } from '../api/statistics';
import { DAY_MS, isoDay, utcDay } from '../lib/dates';
import { centsOf, pesosOf, roundCents, sumCents } from '../lib/money';

/** The filters as the form holds them: a branch (0 = all) and two `yyyy-MM-dd` days or ''. */
export interface StatisticsFiltro {
  local: number;
  fechaInicio: string;
  fechaFin: string;
}

export const emptyFiltro = (): StatisticsFiltro => ({ local: 0, fechaInicio: '', fechaFin: '' });

/** Reports need both days. */
export const hasDates = (f: StatisticsFiltro) => f.fechaInicio.trim() !== '' && f.fechaFin.trim() !== '';

/** `yyyy-MM-dd` days compare as text. */
export const endBeforeStart = (f: StatisticsFiltro) => hasDates(f) && f.fechaFin < f.fechaInicio;

export const toPeriodo = (f: StatisticsFiltro): Periodo => ({
  local: f.local,
  fechaInicio: f.fechaInicio,
  fechaFin: f.fechaFin,
});

export interface MetodoTotal {
  metodo: string;
  entrada: number;
  salida: number;
  /** entrada − salida */
  neto: number;
}

/** One card per payment method, in the server's order (by name). */
export const metodoTotales = (totales: TotalGanado): MetodoTotal[] =>
  Object.entries(totales).map(([metodo, { entrada, salida }]) => ({
    metodo,
    entrada,
    salida,
    neto: pesosOf(centsOf(entrada) - centsOf(salida)),
  }));

export interface CobroMetodo {
  metodo: string;
  entrada: number;
}

/** The pie of cash in per method: methods that took nothing are left out. */
export const cobrosPorMetodo = (totales: TotalGanado): CobroMetodo[] =>
  metodoTotales(totales)
    .filter((m) => m.entrada > 0)
    .map(({ metodo, entrada }) => ({ metodo, entrada }));

export interface ResumenVentas {
  /** Number of sales. */
  ventas: number;
  /** Σ total. */
  total: number;
  diasConVentas: number;
  /** total / ventas, or 0 without sales. */
  promedio: number;
}

export function resumenVentas(dias: VentasDelDia[]): ResumenVentas {
  const ventas = dias.reduce((a, d) => a + d.ventas, 0);
  const total = pesosOf(sumCents(dias.map((d) => centsOf(d.total))));
  return {
    ventas,
    total,
    diasConVentas: dias.filter((d) => d.ventas > 0).length,
    promedio: ventas ? pesosOf(roundCents(total / ventas)) : 0,
  };
}

/** Longer periods are charted with their days with sales only. */
export const MAX_FILLED_DAYS = 366;

/**
 * The chart's days: every day of the period, those without sales at zero, so the time axis is
 * true. A period longer than MAX_FILLED_DAYS (or not readable) keeps the server's days only.
 */
export function diasDelPeriodo(dias: VentasDelDia[], fechaInicio: string, fechaFin: string): VentasDelDia[] {
  const desde = utcDay(fechaInicio);
  const hasta = utcDay(fechaFin);
  if (Number.isNaN(desde) || Number.isNaN(hasta) || hasta < desde) return dias;
  if ((hasta - desde) / DAY_MS + 1 > MAX_FILLED_DAYS) return dias;
  const byDay = new Map(dias.map((d) => [d.fecha, d]));
  const filled: VentasDelDia[] = [];
  for (let t = desde; t <= hasta; t += DAY_MS) {
    const fecha = isoDay(t);
    filled.push(byDay.get(fecha) ?? { fecha, ventas: 0, total: 0 });
  }
  return filled;
}

export interface LocalStockPacientes {
  localNombre: string;
  stockTotal: number;
  cantidadPacientes: number;
}

/** Stock and patients per branch joined by branch NAME (a branch missing from one side counts 0),
 * in the stock list's order, then the branches that only have patients. */
export function stockYPacientes(stock: StockPorLocal[], pacientes: PacientesPorLocal[]): LocalStockPacientes[] {
  const rows = new Map<string, LocalStockPacientes>();
  const row = (localNombre: string) => {
    let r = rows.get(localNombre);
    if (!r) {
      r = { localNombre, stockTotal: 0, cantidadPacientes: 0 };
      rows.set(localNombre, r);
    }
    return r;
  };
  for (const s of stock) row(s.localNombre).stockTotal += s.stockTotal;
  for (const p of pacientes) row(p.localNombre).cantidadPacientes += p.cantidadPacientes;
  return [...rows.values()];
}

export const TODOS_LOS_LOCALES = 'todos los locales';

/** The branch as the file names carry it: its name in lower case with spaces turned to `_`, or
 * 'todos los locales' (as the server names the same files). */
export const branchFilePart = (localNombre: string | undefined) =>
  localNombre === undefined ? TODOS_LOS_LOCALES : localNombre.trim().toLowerCase().replace(/ /g, '_');

export const ventasFileName = (localNombre: string | undefined, f: StatisticsFiltro) =>
  `ventas_${branchFilePart(localNombre)}_${f.fechaInicio}_hasta_${f.fechaFin}.xlsx`;

export const marcasFileName = (localNombre: string | undefined, f: StatisticsFiltro) =>
  `marcas_vendidas_${branchFilePart(localNombre)}_${f.fechaInicio}_hasta_${f.fechaFin}.xlsx`;

/** The income per method in the shape the cards and the chart read (method name → in and out). */
export const totalesDeIngresos = (ingresos: Ingreso[]): TotalGanado =>
  Object.fromEntries(ingresos.map((i) => [i.metodoPago, { entrada: i.entrada, salida: i.salida }]));
