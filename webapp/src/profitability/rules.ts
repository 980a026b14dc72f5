// The profitability screen's rules, kept pure so they are tested alone. The server computes every
// figure (income after the discount and net of returns, the cost as it was when sold, the margin
// and its percentage); the screen only chooses, names and writes them.
import type { Agrupar, Cifras, GrupoRentabilidad, RentabilidadFiltro, SinCargo } from '../api/profitability';
import { errorText } from '../api/base';
import type { LookupItem } from '../api/types';
import { isoDate } from '../lib/dates';
import { centsOf, parseScaled, pesosOf, sumCents } from '../lib/money';
import { formatUnits } from '../lib/numbers';

/** The groupings in the order the select offers them, each with the title its column takes. */
export const AGRUPACIONES: readonly { value: Agrupar; label: string }[] = [
  { value: 'marca', label: 'Marca' },
  { value: 'categoria', label: 'Categoría' },
  { value: 'local', label: 'Local' },
  { value: 'vendedor', label: 'Vendedor' },
  { value: 'mes', label: 'Mes' },
];

/** 'Marca', 'Categoría'...: the groups' column title (as the server's workbook titles it). */
export const tituloDe = (agrupar: Agrupar) => AGRUPACIONES.find((a) => a.value === agrupar)?.label ?? agrupar;

/** 'Rentabilidad por marca': the groups' table and heading. */
export const tablaNombre = (agrupar: Agrupar) => `Rentabilidad por ${tituloDe(agrupar).toLowerCase()}`;

/** 'Ingresos y margen por marca': the chart's title. */
export const graficoNombre = (agrupar: Agrupar) => `Ingresos y margen por ${tituloDe(agrupar).toLowerCase()}`;

/** The form as it opens: this month so far (its first day to `hoy`, the browser's calendar day),
 * every branch, brand, category and seller, by brand. */
export const filtroInicial = (hoy: Date = new Date()): RentabilidadFiltro => {
  const fechaFin = isoDate(hoy);
  return {
    fechaInicio: `${fechaFin.slice(0, 8)}01`,
    fechaFin,
    localId: 0,
    marcaId: 0,
    categoriaId: 0,
    vendedor: '',
    agrupar: 'marca',
  };
};

const ESPANOL = new Intl.Collator('es-AR');

/** Lookup items by name as Spanish sorts them ('Ñandú' after 'Norte'), the id breaking ties. */
export const ordenados = (items: readonly LookupItem[]) =>
  [...items].sort((a, b) => ESPANOL.compare(a.nombre, b.nombre) || a.id - b.id);

/** The server's one-decimal percentage as es-AR writes it, always with its decimal so a column
 * reads evenly: 52.8 → '52,8 %', 50 → '50,0 %', -4.25 → '-4,3 %'; '—' without income (null). */
export function porcentaje(p: number | null | undefined): string {
  if (p === null || p === undefined) return '—';
  const tenths = parseScaled(String(p), 1) ?? Math.round(p * 10);
  return `${formatUnits(tenths, 1)} %`;
}

/** The workbook's name, as the server names it. */
export const excelFileName = (f: RentabilidadFiltro) => `rentabilidad_${f.fechaInicio}_${f.fechaFin}.xlsx`;

/** One bar pair per group: what it brought in and what it left. */
export interface BarraGrupo {
  grupo: string;
  ingresos: number;
  margen: number;
}

export const barras = (grupos: readonly GrupoRentabilidad[]): BarraGrupo[] =>
  grupos.map(({ grupo, ingresos, margen }) => ({ grupo, ingresos, margen }));

/** The warning when product lines were sold without a recorded cost (counted at cost 0, so their
 * margin shows higher than it was), with how many in each group; null when there were none. */
export function sinCostoAviso(totales: Cifras, grupos: readonly GrupoRentabilidad[]): string | null {
  const n = totales.lineasSinCosto;
  if (n <= 0) return null;
  const donde = grupos
    .filter((g) => g.lineasSinCosto > 0)
    .map((g) => `${g.grupo}: ${g.lineasSinCosto}`)
    .join(', ');
  const cuantas =
    n === 1
      ? '1 línea de producto se vendió sin costo registrado y cuenta con costo $ 0,00'
      : `${n} líneas de productos se vendieron sin costo registrado y cuentan con costo $ 0,00`;
  return `${cuantas}${donde ? ` (${donde})` : ''}: su margen aparece más alto de lo que fue.`;
}

/** The free lines added up: units, and the cost of those whose cost was recorded (in pesos). */
export function totalSinCargo(lineas: readonly SinCargo[]) {
  return {
    cantidad: lineas.reduce((a, l) => a + l.cantidad, 0),
    costo: pesosOf(sumCents(lineas.map((l) => centsOf(l.costo)))),
  };
}

/** The Spanish reason of a refused call: the report's `{ mensaje }`, or the workbook's, whose
 * refusal arrives as text (api/base's downloadFile keeps it so). */
export function mensajeDe(error: unknown): string | undefined {
  const known = errorText(error);
  if (known !== undefined) return known;
  const data = (error as { data?: unknown } | undefined)?.data;
  if (typeof data !== 'string') return undefined;
  try {
    return errorText({ data: JSON.parse(data) as unknown });
  } catch {
    return undefined;
  }
}
