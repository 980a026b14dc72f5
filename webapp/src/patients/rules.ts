// The patient rules of spec 001 sections 4, 5 and 9, kept pure so they are tested alone: the
// patient form, why it cannot be saved, its body; the fichas in ./ficha, their numbers in
// ./prescription.
import type { Afiliacion, ObraSocial } from '../api/insurers';
import type { AfiliacionBody, Paciente, PacienteBody } from '../api/patients';
import { fold } from '../lib/text';
import { MAX_AFILIADO, PROBLEMS } from './messages';
import { fichaBody, fichaFromServer, fichaNumberProblems, newFicha, sortFichas, type FichaForm } from './ficha';

export const GENEROS_PACIENTE = ['Hombre', 'Mujer', 'X'] as const;

export interface PacienteForm {
  nombreCompleto: string;
  direccion: string;
  celular: string;
  documento: string;
  correo: string;
  medico: string;
  /** The free text of a patient saved before obras sociales were kept (the existing front end's
   * 'Obra social'), shown read-only until one is chosen; blank when the patient had one chosen
   * (the server writes the text from it then). */
  textoAnterior: string;
  /** The chosen obra social (GET api/obrasSociales); 0: 'Sin obra social'. */
  obraSocialId: number;
  /** One of its plans, by name; blank until chosen (and for one without plans). */
  plan: string;
  /** The affiliate number on the patient's card. */
  afiliado: string;
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

/** 'Sin obra social': nothing chosen, nothing typed. */
const sinObraSocial = { obraSocialId: 0, plan: '', afiliado: '' };

/** A new patient: one ficha dated today; a user with a branch gets it preselected. */
export function emptyPacienteForm(today: string, localId: number | null): PacienteForm {
  return {
    nombreCompleto: '',
    direccion: '',
    celular: '',
    documento: '',
    correo: '',
    medico: '',
    ...sinObraSocial,
    textoAnterior: '',
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
    textoAnterior: p.afiliacion ? '' : textOf(p.obraSocial).trim(),
    obraSocialId: p.afiliacion?.obraSocialId ?? 0,
    plan: p.afiliacion?.plan ?? '',
    afiliado: p.afiliacion?.afiliado ?? '',
    observaciones: textOf(p.observaciones),
    localId: p.local?.id ?? null,
    genero: textOf(p.genero),
    fichas: sortFichas((p.historialFichas ?? []).map((f, i) => fichaFromServer(f, i))),
    added: 0,
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Why create and edit are disabled, in the form's order; empty when they are enabled. They need
 * nombreCompleto, celular, a plan and an affiliate number when an obra social is chosen, a branch,
 * a gender, a date on every ficha and every number readable. `obrasSociales` (once read) tells a
 * plan the obra social does not have. */
export function pacienteProblems(f: PacienteForm, obrasSociales?: readonly ObraSocial[]): string[] {
  const problems: string[] = [];
  if (f.nombreCompleto.trim() === '') problems.push(PROBLEMS.nombreCompleto);
  if (f.celular.trim() === '') problems.push(PROBLEMS.celular);
  problems.push(...afiliacionProblems(f, obrasSociales));
  if (f.localId === null) problems.push(PROBLEMS.local);
  if (!(GENEROS_PACIENTE as readonly string[]).includes(f.genero)) problems.push(PROBLEMS.genero);
  if (!f.fichas.every((ficha) => DATE.test(ficha.fecha))) problems.push(PROBLEMS.fechaFicha);
  return [...problems, ...f.fichas.flatMap(fichaNumberProblems)];
}

export const canSubmitPaciente = (f: PacienteForm) => pacienteProblems(f).length === 0;

// ------------------------------------------------------------------------- the obra social

const ESPANOL = new Intl.Collator('es-AR');

/** The obras sociales by name as Spanish sorts them (as the server sorts them). */
export const obrasSocialesOrdenadas = (list: readonly ObraSocial[]) =>
  [...list].sort((a, b) => ESPANOL.compare(a.nombre, b.nombre) || a.id - b.id);

/** Two plan names the server takes as the same: case, accents and spaces aside. */
const planKey = (text: string) => fold(text.split(/\s+/).filter(Boolean).join(' '));

/** The plan of `obraSocial` named `plan` (as the server finds it), if it has one by that name. */
export const planDe = (obraSocial: ObraSocial, plan: string) =>
  obraSocial.planes.find((p) => planKey(p.nombre) === planKey(plan));

/** The form once another obra social is chosen: its only plan chosen for it (none when it has
 * several, to be chosen); 'Sin obra social' forgets the plan and the number. The number typed
 * stays for another obra social: the user sees it and changes it if it was another card's. */
export function elegirObraSocial(f: PacienteForm, id: number, obrasSociales: readonly ObraSocial[]): PacienteForm {
  if (id === 0) return { ...f, ...sinObraSocial };
  const planes = obrasSociales.find((o) => o.id === id)?.planes ?? [];
  return { ...f, obraSocialId: id, plan: planes.length === 1 ? planes[0].nombre : '' };
}

/** Why the obra social's part waits, in the server's words: a plan when it has plans (one of its
 * own), and the affiliate number, of at most 20 characters. */
export function afiliacionProblems(f: PacienteForm, obrasSociales?: readonly ObraSocial[]): string[] {
  if (f.obraSocialId === 0) return [];
  const problems: string[] = [];
  const obraSocial = obrasSociales?.find((o) => o.id === f.obraSocialId);
  if (obraSocial && obraSocial.planes.length > 0) {
    if (f.plan.trim() === '') problems.push(PROBLEMS.sinPlan);
    else if (!planDe(obraSocial, f.plan))
      problems.push(
        PROBLEMS.planAjeno(
          f.plan.trim(),
          obraSocial.nombre,
          obraSocial.planes.map((p) => p.nombre),
        ),
      );
  }
  const afiliado = f.afiliado.trim();
  if (afiliado === '') problems.push(PROBLEMS.sinAfiliado);
  else if ([...afiliado].length > MAX_AFILIADO) problems.push(PROBLEMS.afiliadoLargo);
  return problems;
}

/** A patient's obra social as their page shows it: 'Obra social: OSDE · Plan 210 · N° de afiliado
 * 61234567/01' (no plan for one without plans). */
export const afiliacionTexto = (a: Afiliacion) =>
  [`Obra social: ${a.obraSocial || `N° ${a.obraSocialId}`}`, a.plan && `Plan ${a.plan}`, `N° de afiliado ${a.afiliado}`]
    .filter(Boolean)
    .join(' · ');

/** The obra social sent: the one chosen, or null for none (always sent: left out, the server
 * would keep the one the patient has). */
const afiliacionBody = (f: PacienteForm): AfiliacionBody | null =>
  f.obraSocialId === 0 ? null : { obraSocialId: f.obraSocialId, plan: f.plan.trim(), afiliado: f.afiliado.trim() };

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
    // The server writes '<obra social> <plan>' here when one is chosen; otherwise the old text
    // stays as it was (blank when the patient had one chosen, which is now cleared).
    obraSocial: f.obraSocialId === 0 ? optional(f.textoAnterior) : null,
    observaciones: optional(f.observaciones),
    genero: f.genero,
    local: { id: f.localId! },
    historialFichas: f.fichas.map(fichaBody),
    afiliacion: afiliacionBody(f),
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
  // A refusal of the patient's data says its reasons in both (mensaje joins them): once is enough.
  if (mensaje && errors.length && !errors.every((e) => mensaje.includes(e))) return `${mensaje}: ${errors.join(', ')}`;
  return mensaje ?? (errors.length ? errors.join(', ') : fallback);
}

/** The cash-box list of one patient: the route carries the full name (contract 7.3, shown as the
 * title) and `?id=`, by which the list asks for exactly that patient's movements. */
export const comprasPath = (nombreCompleto: string, id: number) =>
  `/adminitrarCajaPaciente/${encodeURIComponent(nombreCompleto)}?id=${id}`;
