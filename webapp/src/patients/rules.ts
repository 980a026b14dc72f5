// The patient rules of spec 001 sections 4, 5 and 9, kept pure so they are tested alone: the
// patient form, why it cannot be saved, its body; the fichas in ./ficha, their numbers in
// ./prescription.
import type { Paciente, PacienteBody } from '../api/patients';
import { PROBLEMS } from './messages';
import { fichaBody, fichaFromServer, fichaNumberProblems, newFicha, sortFichas, type FichaForm } from './ficha';

export const GENEROS_PACIENTE = ['Hombre', 'Mujer', 'X'] as const;

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

export function addFicha(form: PacienteForm, today: string): PacienteForm {
  const seq = form.added + 1;
  return { ...form, added: seq, fichas: sortFichas([newFicha(today, seq), ...form.fichas]) };
}

const textOf = (v: string | null | undefined) => v ?? '';

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
