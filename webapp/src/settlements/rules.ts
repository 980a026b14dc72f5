// The liquidaciones' rules, kept pure so they are tested alone: the months offered, how a sale
// and a liquidación read, what 'Presentar liquidación' sends, and the payment's form: what is
// left to collect as it is typed, why 'Registrar cobro' waits and what it sends. Amounts are
// integer cents (lib/money); the checks copy the server's (command/src/settlements, `cobro`) so the
// form says what is wrong before it is sent; the server still decides.
import type {
  CobroLiquidacionBody,
  EstadoLiquidacion,
  LiquidacionDetalle,
  PresentarBody,
  VentaCubierta,
  VentaPresentada,
} from '../api/settlements';
import { formatFecha, MESES, readDate } from '../lib/dates';
import { centsOf, pesosOf, readPesos, sumCents } from '../lib/money';
import { ventaNumero } from '../lib/names';
import { ESTADOS, MAX_MOTIVO, MAX_REFERENCIA, PROBLEMS } from './messages';

/** The screen of the liquidaciones; a liquidación's page is under it (`/…/5`). */
export const LIQUIDACIONES = '/obrasSociales/liquidaciones';

// ---------------------------------------------------------------------------------- the months

const pad = (n: number) => String(n).padStart(2, '0');

/** The month of a date in the browser's calendar, `aaaa-mm`. */
export const mesDe = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;

/** The month before `hoy`'s, `aaaa-mm`: what is presented in the first days of a month. */
export const mesAnterior = (hoy: Date = new Date()) => mesDe(new Date(hoy.getFullYear(), hoy.getMonth() - 1, 1));

/** Whether `text` is a month as the server reads it: `aaaa-mm`, from 2000 on. */
export const mesValido = (text: string | null | undefined): text is string => {
  const m = /^(\d{4})-(\d{2})$/.exec(text ?? '');
  return !!m && Number(m[1]) >= 2000 && Number(m[1]) <= 2100 && Number(m[2]) >= 1 && Number(m[2]) <= 12;
};

/** `2026-11` → '11/2026'. */
export const mesCorto = (mes: string) => (mesValido(mes) ? `${mes.slice(5, 7)}/${mes.slice(0, 4)}` : mes);

/** `2026-11` → 'Noviembre de 2026'. */
export function mesLargo(mes: string): string {
  if (!mesValido(mes)) return mes;
  const nombre = MESES[Number(mes.slice(5, 7)) - 1];
  return `${nombre[0].toUpperCase()}${nombre.slice(1)} de ${mes.slice(0, 4)}`;
}

/** How many months back the month select offers, besides the current one. */
export const MESES_ATRAS = 36;

/** The months the select offers, the current one first and then back `atras` months; `elegido`
 * too (a link may name an older one), in its place. */
export function mesesElegibles(hoy: Date = new Date(), elegido?: string, atras = MESES_ATRAS) {
  const meses = Array.from({ length: atras + 1 }, (_, i) => mesDe(new Date(hoy.getFullYear(), hoy.getMonth() - i, 1)));
  if (mesValido(elegido) && !meses.includes(elegido)) meses.push(elegido);
  return meses.sort((a, b) => b.localeCompare(a)).map((value) => ({ value, label: mesLargo(value) }));
}

// ---------------------------------------------------------------------------- the obras sociales

const ESPANOL = new Intl.Collator('es-AR');

/** Named records by name as Spanish sorts them ('Ñ' after 'N', accents aside), the id breaking
 * ties. */
export const ordenadas = <T extends { id: number; nombre: string }>(list: readonly T[]) =>
  [...list].sort((a, b) => ESPANOL.compare(a.nombre, b.nombre) || a.id - b.id);

/** A CUIT as AFIP writes it, '30-54674125-3'; anything but eleven digits as it is. */
export function formatCuit(text: string): string {
  const cuit = text.replace(/[- ]/g, '');
  return /^\d{11}$/.test(cuit) ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` : text;
}

// ------------------------------------------------------------------------------- how a sale reads

/** The receipt's number, '#7' for a sale without one. */
export const comprobante = (v: Pick<VentaCubierta, 'comprobante' | 'movimientoId'>) => ventaNumero(v, v.movimientoId);

/** The prescription the obra social asks for: 'Dra. Paz · MP 1234 · 19/11/2026'; '' without one. */
export const recetaTexto = (v: Pick<VentaCubierta, 'medico' | 'matricula' | 'fechaReceta'>) =>
  [v.medico, v.matricula, v.fechaReceta ? formatFecha(v.fechaReceta) : null].filter(Boolean).join(' · ');

/** Each line of the sale as the obra social reads it: '1 × Orma Blue'. */
export const detalleLineas = (v: Pick<VentaCubierta, 'detalles'>) =>
  v.detalles.map((d) => `${d.cantidad} × ${d.descripcion}`);

/** The sale's patient, or 'Sin paciente'. */
export const pacienteTexto = (v: Pick<VentaCubierta, 'paciente'>) => v.paciente || 'Sin paciente';

// ----------------------------------------------------------------------------- presenting a month

/** The sales checked: all but those unchecked, in the list's order. */
export const elegidas = (ventas: readonly VentaCubierta[], excluidas: ReadonlySet<number>) =>
  ventas.filter((v) => !excluidas.has(v.movimientoId));

/** What the obra social is asked to pay for `ventas`, in cents. */
export const aCargoCents = (ventas: readonly Pick<VentaCubierta, 'monto'>[]) =>
  sumCents(ventas.map((v) => centsOf(v.monto)));

/** Why 'Presentar liquidación' waits; empty when it does not. */
export const presentarProblems = (ventas: readonly VentaCubierta[]) =>
  ventas.length === 0 ? [PROBLEMS.sinVentas] : [];

export const presentarBody = (obraSocialId: number, mes: string, ventas: readonly VentaCubierta[]): PresentarBody => ({
  obraSocialId,
  mes,
  ventas: ventas.map((v) => v.movimientoId),
});

// -------------------------------------------------------------------------- how a liquidación reads

/** The state in Spanish and its badge's colour. */
export const estadoDe = (estado: EstadoLiquidacion) =>
  ESTADOS[estado] ?? { nombre: estado, badge: 'text-bg-secondary' };

/** What the obra social may still reject of a sale: what it was presented for, minus its
 * earlier débitos; in cents. */
export const debitable = (item: Pick<VentaPresentada, 'presentado' | 'debitado'>) =>
  centsOf(item.presentado) - centsOf(item.debitado);

/** What was rejected of a sale and not billed to its patient yet, in cents. */
export const porFacturar = (item: Pick<VentaPresentada, 'debitado' | 'facturado'>) =>
  centsOf(item.debitado) - centsOf(item.facturado);

// ------------------------------------------------------------------------------ the payment's form

/** One rejected sale as typed: the sale (0: none chosen yet), the amount and why. */
export interface DebitoForm {
  /** The row, kept while rows are added and removed. */
  key: number;
  movimientoId: number;
  monto: string;
  motivo: string;
}

export interface CobroForm {
  /** `aaaa-mm-dd`, '' when blank; while the text is not a date, the text (ui/DateInput). */
  fecha: string;
  referencia: string;
  /** Pesos as typed ('73.800,00', '73800'). */
  monto: string;
  debitos: DebitoForm[];
  /** How many débito rows the form made (the keys of new ones). */
  added: number;
}

/** The form as it opens: dated `hoy` (`aaaa-mm-dd`), nothing typed. */
export const nuevoCobro = (hoy: string): CobroForm => ({
  fecha: hoy,
  referencia: '',
  monto: '',
  debitos: [],
  added: 0,
});

/** A débito row for sale `movimientoId` (0: to choose), at the end. */
export function agregarDebito(form: CobroForm, movimientoId = 0): CobroForm {
  const key = form.added + 1;
  return { ...form, added: key, debitos: [...form.debitos, { key, movimientoId, monto: '', motivo: '' }] };
}

export const quitarDebito = (form: CobroForm, key: number): CobroForm => ({
  ...form,
  debitos: form.debitos.filter((d) => d.key !== key),
});

export const cambiarDebito = (form: CobroForm, debito: DebitoForm): CobroForm => ({
  ...form,
  debitos: form.debitos.map((d) => (d.key === debito.key ? debito : d)),
});

/** Typed pesos in cents; blank and unreadable text count as 0 (their problem is told apart). */
const cents = (text: string) => {
  const r = readPesos(text);
  return r.kind === 'number' ? r.units : 0;
};

/** The payment and its débitos as typed, in cents. */
export const cobroYDebitos = (form: CobroForm) => cents(form.monto) + sumCents(form.debitos.map((d) => cents(d.monto)));

/** What the obra social would still owe once this payment is recorded, in cents (negative when
 * the form asks for more than it owes). */
export const quedaPendiente = (pendienteCents: number, form: CobroForm) => pendienteCents - cobroYDebitos(form);

/** A text as the server keeps it: its words with one space between them. */
export const collapsed = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
const length = (text: string) => [...text].length;

/**
 * Why 'Registrar cobro' waits, in the form's order and without repeats; empty when it does not.
 * The server's rules: a reference of up to 80 characters; a day from the presentation to `hoy`
 * (`aaaa-mm-dd`); an amount, or at least one débito; each débito of a sale of this liquidación,
 * once, for more than $ 0 and at most what that sale was presented for minus its earlier
 * débitos, with its reason; and the payment and its débitos together no more than what the obra
 * social still owes.
 */
export function cobroProblems(l: LiquidacionDetalle, form: CobroForm, hoy: string): string[] {
  const problems: string[] = [];
  const referencia = collapsed(form.referencia);
  if (referencia === '' || length(referencia) > MAX_REFERENCIA) problems.push(PROBLEMS.referencia);
  const fecha = readDate(form.fecha);
  if (fecha.kind !== 'date') problems.push(PROBLEMS.sinFecha);
  else if (fecha.iso < l.fecha || fecha.iso > hoy) problems.push(PROBLEMS.fecha(l.fecha));
  const monto = readPesos(form.monto);
  if (monto.kind === 'invalid') problems.push(PROBLEMS.monto(monto.error));
  else if (cents(form.monto) === 0 && form.debitos.length === 0) problems.push(PROBLEMS.vacio);
  const seen = new Set<number>();
  for (const d of form.debitos) {
    const id = d.movimientoId;
    if (!id) {
      problems.push(PROBLEMS.sinVenta);
      continue;
    }
    if (seen.has(id)) {
      problems.push(PROBLEMS.repetida(id));
      continue;
    }
    seen.add(id);
    const item = l.items.find((i) => i.movimientoId === id);
    const maximo = item ? debitable(item) : 0;
    const r = readPesos(d.monto);
    if (r.kind === 'invalid') problems.push(PROBLEMS.debitoNumero(id, r.error));
    else if (r.kind === 'blank' || r.units <= 0 || r.units > maximo) problems.push(PROBLEMS.debitoMonto(id, maximo));
    const motivo = collapsed(d.motivo);
    if (motivo === '' || length(motivo) > MAX_MOTIVO) problems.push(PROBLEMS.motivo(id));
  }
  const pendiente = centsOf(l.pendiente);
  if (quedaPendiente(pendiente, form) < 0)
    problems.push(pendiente <= 0 ? PROBLEMS.yaCobrada : PROBLEMS.excede(pendiente));
  return [...new Set(problems)];
}

/** The body 'Registrar cobro' sends; call only when cobroProblems is empty. Amounts go as JSON
 * numbers of pesos, texts collapsed. */
export function cobroBody(form: CobroForm): CobroLiquidacionBody {
  const fecha = readDate(form.fecha);
  return {
    fecha: fecha.kind === 'date' ? fecha.iso : form.fecha,
    referencia: collapsed(form.referencia),
    monto: pesosOf(cents(form.monto)),
    debitos: form.debitos.map((d) => ({
      movimientoId: d.movimientoId,
      monto: pesosOf(cents(d.monto)),
      motivo: collapsed(d.motivo),
    })),
  };
}
