// The patient rules of spec 001 sections 4, 5 and 9, kept pure so they are tested alone.
import type {
  Cristal,
  CristalBody,
  Ficha,
  FichaBody,
  Graduacion,
  Ojo,
  Paciente,
  PacienteBody,
  TipoVision,
} from '../api/patients';
import { formatFecha } from '../lib/dates';
import { formatUnits, readNumber, unitsOf, type NumberRule } from '../lib/numbers';
import { LABELS, PROBLEMS } from './messages';

export const GENEROS_PACIENTE = ['Hombre', 'Mujer', 'X'] as const;
export const OJOS: readonly Ojo[] = ['DERECHO', 'IZQUIERDO'];
export const TIPOS: readonly TipoVision[] = ['LEJOS', 'CERCA'];

// ------------------------------------------------------------------------------ numbers

/**
 * How prescription numbers are read (../lib/numbers): a leading plus or minus sign, a comma or a
 * dot as the decimal point ('1.250' is 1,25: these numbers never reach a thousand), two decimals.
 */
export const PRESCRIPCION: NumberRule = { decimals: 2, negative: true, thousands: false };

/** A prescription number as typed; null when blank or not a number ("abc", "1,2,3", "1e3"). */
export function parsePrescription(text: string): number | null {
  const units = unitsOf(text, PRESCRIPCION);
  return units === null ? null : units / 100;
}

/** Rounded to two decimals, half away from zero, without float drift (-1.1 + 0.2 gives -0.9). */
export function roundTo2(n: number): number {
  // toPrecision(12) drops the binary noise of the sum before rounding.
  const cents = Math.round(Number((Math.abs(n) * 100).toPrecision(12)));
  const rounded = (Math.sign(n) * cents) / 100;
  return rounded === 0 ? 0 : rounded;
}

const hundredths = (n: number) => Math.round(roundTo2(n) * 100);

/**
 * Diopters (esférico, cilíndrico, adición) as es-AR writes them: two decimals after a comma,
 * positives with an explicit plus: "-0,5" is shown "-0,50", "2" is "+2,00", zero is "0,00".
 */
export function formatSigned(n: number | null): string {
  if (n === null) return '';
  const units = hundredths(n);
  const text = formatUnits(units, 2, { group: false });
  return units > 0 ? `+${text}` : text;
}

/** The axis (eje) and the measures in millimetres: a plain number, no plus ("090" is "90",
 * "31.5" is "31,5"). */
export function formatPlain(n: number | null): string {
  return n === null ? '' : formatUnits(hundredths(n), 2, { fixed: false, group: false });
}

/** Normalises typed text when the input is left, so it shows what was understood. Text that is
 * not a number stays as typed, marked by its input, and the form cannot be saved with it: a
 * prescription is never lost or changed by a character it could not read. */
const normalise = (format: (n: number) => string) => (text: string) => {
  const r = readNumber(text, PRESCRIPCION);
  return r.kind === 'number' ? format(r.units / 100) : r.kind === 'blank' ? '' : text;
};
export const normaliseSigned = normalise(formatSigned);
export const normalisePlain = normalise(formatPlain);

/** The number sent to the server for a typed text (null when empty or unparsable). */
export function numberFor(text: string): number | null {
  const n = parsePrescription(text);
  return n === null ? null : roundTo2(n);
}

/**
 * Near-vision sphere = far-vision sphere + addition, to two decimals. A zero or empty addition
 * gives 0; an empty far sphere counts as plano (0), so the near sphere is the addition.
 */
export function nearSphere(far: number | null, adicion: number | null): number {
  if (adicion === null || adicion === 0) return 0;
  return roundTo2((far ?? 0) + adicion);
}

// ------------------------------------------------------------------------------ form model

export type GradField = 'esferico' | 'cilindrico' | 'eje';
export const GRAD_FIELDS: readonly GradField[] = ['esferico', 'cilindrico', 'eje'];

export const MEDIDAS = [
  'dnpDerecho',
  'dnpIzquierdo',
  'alturaPupilarDerecho',
  'alturaPupilarIzquierdo',
  'alturaPelicula',
  'puente',
  'diagonalMayor',
  'largo',
  'alturaArmazon',
] as const;
export type MedidaField = (typeof MEDIDAS)[number];
export type AdicionField = 'adicionDerecho' | 'adicionIzquierdo';
export type FichaNumberField = MedidaField | AdicionField;
const FICHA_NUMBERS: readonly FichaNumberField[] = [...MEDIDAS, 'adicionDerecho', 'adicionIzquierdo'];

export const adicionOf = (ojo: Ojo): AdicionField => (ojo === 'DERECHO' ? 'adicionDerecho' : 'adicionIzquierdo');

/** Whether a graduation field is shown with a sign (diopters) or plain (the axis). */
export const isSigned = (field: GradField) => field !== 'eje';

export interface GraduacionForm {
  ojo: Ojo;
  tipo: TipoVision;
  esferico: string;
  cilindrico: string;
  eje: string;
}

/** A ficha as the form holds it: every number as typed text. */
export type FichaForm = {
  /** React key: stable while the form is open. */
  key: string;
  /** Only for fichas that came from the server. */
  id?: number;
  /** Orders fichas of the same date: the server id, or above every id for new ones. */
  rank: number;
  fecha: string;
  /** LEJOS DERECHO, LEJOS IZQUIERDO, CERCA DERECHO, CERCA IZQUIERDO. */
  graduaciones: GraduacionForm[];
  cristales: CristalBody[];
} & Record<FichaNumberField, string>;

export interface PacienteForm {
  nombreCompleto: string;
  direccion: string;
  celular: string;
  documento: string;
  correo: string;
  medico: string;
  obraSocial: string;
  observaciones: string;
  localId: number | null;
  genero: string;
  /** Newest first. */
  fichas: FichaForm[];
  /** How many fichas this form added (keys and ranks of new ones). */
  added: number;
}

const NEW_RANK = 1e12;
const blankNumbers = () => Object.fromEntries(FICHA_NUMBERS.map((f) => [f, ''])) as Record<FichaNumberField, string>;

/** A ficha dated `fecha` with the four prescriptions at zero (right and left, far and near). */
export function newFicha(fecha: string, seq: number): FichaForm {
  return {
    key: `nueva-${seq}`,
    rank: NEW_RANK + seq,
    fecha,
    ...blankNumbers(),
    graduaciones: TIPOS.flatMap((tipo) =>
      OJOS.map((ojo) => ({ ojo, tipo, esferico: formatSigned(0), cilindrico: formatSigned(0), eje: formatPlain(0) })),
    ),
    cristales: [],
  };
}

/** Newest date first; same date: the later one (higher id, new ones above saved ones) first. */
export function compareFichas(a: Pick<FichaForm, 'fecha' | 'rank'>, b: Pick<FichaForm, 'fecha' | 'rank'>): number {
  if (a.fecha !== b.fecha) return a.fecha < b.fecha ? 1 : -1;
  return b.rank - a.rank;
}

export const sortFichas = (fichas: FichaForm[]) => [...fichas].sort(compareFichas);

export function addFicha(form: PacienteForm, today: string): PacienteForm {
  const seq = form.added + 1;
  return { ...form, added: seq, fichas: sortFichas([newFicha(today, seq), ...form.fichas]) };
}

/** Removing is allowed only while more than one ficha remains. */
export const canRemoveFicha = (fichas: FichaForm[]) => fichas.length > 1;

/** Drops the ficha with the latest date (ties: the one listed first). */
export function removeLatestFicha(fichas: FichaForm[]): FichaForm[] {
  if (!canRemoveFicha(fichas)) return fichas;
  const latest = sortFichas(fichas)[0];
  return fichas.filter((f) => f !== latest);
}

export const removeCristal = (ficha: FichaForm, index: number): FichaForm => ({
  ...ficha,
  cristales: ficha.cristales.filter((_, i) => i !== index),
});

export const gradIndex = (ojo: Ojo, tipo: TipoVision) => TIPOS.indexOf(tipo) * OJOS.length + OJOS.indexOf(ojo);

/** Sets the near-vision sphere of one eye from its far sphere and addition. */
export function withNearSphere(ficha: FichaForm, ojo: Ojo): FichaForm {
  const far = ficha.graduaciones[gradIndex(ojo, 'LEJOS')];
  const near = nearSphere(parsePrescription(far.esferico), parsePrescription(ficha[adicionOf(ojo)]));
  const i = gradIndex(ojo, 'CERCA');
  const graduaciones = ficha.graduaciones.map((g, n) => (n === i ? { ...g, esferico: formatSigned(near) } : g));
  return { ...ficha, graduaciones };
}

/** Types into a graduation input; the far sphere recalculates the near one of that eye. */
export function setGraduacion(ficha: FichaForm, ojo: Ojo, tipo: TipoVision, field: GradField, text: string): FichaForm {
  const i = gradIndex(ojo, tipo);
  const graduaciones = ficha.graduaciones.map((g, n) => (n === i ? { ...g, [field]: text } : g));
  const next = { ...ficha, graduaciones };
  return tipo === 'LEJOS' && field === 'esferico' ? withNearSphere(next, ojo) : next;
}

/** Types into a ficha number; an addition recalculates the near sphere of its eye. */
export function setFichaNumber(ficha: FichaForm, field: FichaNumberField, text: string): FichaForm {
  const next = { ...ficha, [field]: text };
  if (field === 'adicionDerecho') return withNearSphere(next, 'DERECHO');
  if (field === 'adicionIzquierdo') return withNearSphere(next, 'IZQUIERDO');
  return next;
}

const isAdicion = (field: FichaNumberField): field is AdicionField =>
  field === 'adicionDerecho' || field === 'adicionIzquierdo';

/** The normalised text of a ficha number when its input is left: additions signed, measures plain. */
export const normaliseFichaNumber = (field: FichaNumberField, text: string) =>
  isAdicion(field) ? normaliseSigned(text) : normalisePlain(text);

export const normaliseGrad = (field: GradField, text: string) =>
  isSigned(field) ? normaliseSigned(text) : normalisePlain(text);

const textOf = (v: string | null | undefined) => v ?? '';

function gradFromServer(list: Graduacion[], ojo: Ojo, tipo: TipoVision): GraduacionForm {
  const g = list.find((x) => x.ojo === ojo && x.tipo === tipo);
  return {
    ojo,
    tipo,
    esferico: formatSigned(g?.esferico ?? null),
    cilindrico: formatSigned(g?.cilindrico ?? null),
    eje: formatPlain(g?.eje ?? null),
  };
}

export function fichaFromServer(f: Ficha, index = 0): FichaForm {
  const numbers = Object.fromEntries(
    FICHA_NUMBERS.map((field) => {
      const value = f[field] ?? null;
      return [field, isAdicion(field) ? formatSigned(value) : formatPlain(value)];
    }),
  ) as Record<FichaNumberField, string>;
  return {
    key: f.id === undefined ? `ficha-sin-id-${index}` : `ficha-${f.id}`,
    id: f.id,
    rank: f.id ?? 0,
    fecha: f.fecha ?? '',
    ...numbers,
    graduaciones: TIPOS.flatMap((tipo) => OJOS.map((ojo) => gradFromServer(f.graduaciones ?? [], ojo, tipo))),
    cristales: (f.cristales ?? []).map((c: Cristal) => ({ id: c.id, nombre: c.nombre, fecha: c.fecha })),
  };
}

/** A new patient: one ficha dated today; a user with a branch gets it preselected. */
export function emptyPacienteForm(today: string, localId: number | null): PacienteForm {
  return {
    nombreCompleto: '',
    direccion: '',
    celular: '',
    documento: '',
    correo: '',
    medico: '',
    obraSocial: '',
    observaciones: '',
    localId,
    genero: '',
    fichas: [newFicha(today, 1)],
    added: 1,
  };
}

export function formFromPaciente(p: Paciente): PacienteForm {
  return {
    nombreCompleto: textOf(p.nombreCompleto),
    direccion: textOf(p.direccion),
    celular: textOf(p.celular),
    documento: textOf(p.documento),
    correo: textOf(p.correo),
    medico: textOf(p.medico),
    obraSocial: textOf(p.obraSocial),
    observaciones: textOf(p.observaciones),
    localId: p.local?.id ?? null,
    genero: textOf(p.genero),
    fichas: sortFichas((p.historialFichas ?? []).map((f, i) => fichaFromServer(f, i))),
    added: 0,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The accessible name of a graduation input, e.g. "Esférico lejos derecho". */
export const gradLabel = (field: GradField, tipo: TipoVision, ojo: Ojo) =>
  `${LABELS.grad[field]} ${LABELS.vision[tipo].word} ${LABELS.ojo[ojo].toLowerCase()}`;

/** The numbers of a ficha that do not read as numbers, by their labels, with why. */
function fichaNumberProblems(f: FichaForm): string[] {
  const problems: string[] = [];
  const check = (label: string, text: string) => {
    const r = readNumber(text, PRESCRIPCION);
    if (r.kind === 'invalid') problems.push(PROBLEMS.numero(formatFecha(f.fecha), label, r.error));
  };
  for (const g of f.graduaciones) {
    for (const field of GRAD_FIELDS) check(gradLabel(field, g.tipo, g.ojo), g[field]);
  }
  for (const field of FICHA_NUMBERS) check(LABELS.numero[field], f[field]);
  return problems;
}

/** Why create and edit are disabled, in the form's order; empty when they are enabled. They need
 * nombreCompleto, celular, a branch, a gender, a date on every ficha and every number readable. */
export function pacienteProblems(f: PacienteForm): string[] {
  const problems: string[] = [];
  if (f.nombreCompleto.trim() === '') problems.push(PROBLEMS.nombreCompleto);
  if (f.celular.trim() === '') problems.push(PROBLEMS.celular);
  if (f.localId === null) problems.push(PROBLEMS.local);
  if (!(GENEROS_PACIENTE as readonly string[]).includes(f.genero)) problems.push(PROBLEMS.genero);
  if (!f.fichas.every((ficha) => DATE.test(ficha.fecha))) problems.push(PROBLEMS.fechaFicha);
  return [...problems, ...f.fichas.flatMap(fichaNumberProblems)];
}

export const canSubmitPaciente = (f: PacienteForm) => pacienteProblems(f).length === 0;

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

function fichaBody(f: FichaForm): FichaBody {
  const numbers = Object.fromEntries(FICHA_NUMBERS.map((field) => [field, numberFor(f[field])])) as Record<
    FichaNumberField,
    number | null
  >;
  const body: FichaBody = {
    fecha: f.fecha,
    ...numbers,
    graduaciones: f.graduaciones.map((g) => ({
      ojo: g.ojo,
      tipo: g.tipo,
      esferico: numberFor(g.esferico),
      cilindrico: numberFor(g.cilindrico),
      eje: numberFor(g.eje),
    })),
    cristales: f.cristales.map((c) => (c.id === undefined ? { nombre: c.nombre, fecha: c.fecha } : { ...c })),
  };
  return f.id === undefined ? body : { id: f.id, ...body };
}

/** The write body; blank optional texts are sent as null, numbers as numbers. Call only when
 * canSubmitPaciente holds. */
export function pacienteBody(f: PacienteForm, version?: number): PacienteBody {
  const body: PacienteBody = {
    nombreCompleto: f.nombreCompleto.trim(),
    direccion: optional(f.direccion),
    celular: f.celular.trim(),
    documento: optional(f.documento),
    correo: optional(f.correo),
    medico: optional(f.medico),
    obraSocial: optional(f.obraSocial),
    observaciones: optional(f.observaciones),
    genero: f.genero,
    local: { id: f.localId! },
    historialFichas: f.fichas.map(fichaBody),
  };
  return version === undefined ? body : { ...body, version };
}

/** What a refused save says: its mensaje, then its errors list when there is one. */
export function saveErrorText(error: unknown, fallback: string): string {
  const data = (error as { data?: { mensaje?: unknown; errors?: unknown } } | undefined)?.data;
  const mensaje = data && typeof data === 'object' && typeof data.mensaje === 'string' ? data.mensaje : undefined;
  const errors =
    data && typeof data === 'object' && Array.isArray(data.errors)
      ? data.errors.filter((e): e is string => typeof e === 'string')
      : [];
  if (mensaje && errors.length) return `${mensaje}: ${errors.join(', ')}`;
  return mensaje ?? (errors.length ? errors.join(', ') : fallback);
}

/** The cash-box list of one patient: the route carries the full name (contract 7.3, shown as the
 * title) and `?id=`, by which the list asks for exactly that patient's movements. */
export const comprasPath = (nombreCompleto: string, id: number) =>
  `/adminitrarCajaPaciente/${encodeURIComponent(nombreCompleto)}?id=${id}`;
