// A ficha (graduation record) as the patient form holds it, spec 001 sections 4 and 9: every
// number as typed text, the near sphere recalculated, loaded from and sent to the server.
import type { Cristal, CristalBody, Ficha, FichaBody, Graduacion, Ojo, TipoVision } from '../api/patients';
import { formatFecha } from '../lib/dates';
import { readNumber } from '../lib/numbers';
import { LABELS, PROBLEMS } from './messages';
import {
  PRESCRIPCION,
  formatPlain,
  formatSigned,
  nearSphere,
  normalisePlain,
  normaliseSigned,
  numberFor,
  parsePrescription,
} from './prescription';

export const OJOS: readonly Ojo[] = ['DERECHO', 'IZQUIERDO'];
export const TIPOS: readonly TipoVision[] = ['LEJOS', 'CERCA'];

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
  cristales: CristalForm[];
} & Record<FichaNumberField, string>;

/** A lens as the form holds it: what is sent, and the return that brought it back (shown
 * '(devuelto)', never sent: the server keeps it). */
export type CristalForm = CristalBody & { devolucionId?: number };

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
    cristales: (f.cristales ?? []).map((c: Cristal) =>
      c.devolucionId == null
        ? { id: c.id, nombre: c.nombre, fecha: c.fecha }
        : { id: c.id, nombre: c.nombre, fecha: c.fecha, devolucionId: c.devolucionId },
    ),
  };
}

/** The accessible name of a graduation input, e.g. "Esférico lejos derecho". */
export const gradLabel = (field: GradField, tipo: TipoVision, ojo: Ojo) =>
  `${LABELS.grad[field]} ${LABELS.vision[tipo].word} ${LABELS.ojo[ojo].toLowerCase()}`;

/** The numbers of a ficha that do not read as numbers, by their labels, with why. */
export function fichaNumberProblems(f: FichaForm): string[] {
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

/** A ficha as the server reads it; ids only for what came from the server. */
export function fichaBody(f: FichaForm): FichaBody {
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
    cristales: f.cristales.map((c) =>
      c.id === undefined ? { nombre: c.nombre, fecha: c.fecha } : { id: c.id, nombre: c.nombre, fecha: c.fecha },
    ),
  };
  return f.id === undefined ? body : { id: f.id, ...body };
}
