// The lab jobs' rules, kept pure so they are tested alone: how the time in a state reads (the
// seconds are the server's, counted by the shop's clock, never the browser's), the order's form
// and the state change with the server's own rules and words (command/src/jobs/commands.rs) so a button
// says why it waits before the server is asked, when a second mail is asked first, how the frozen
// prescription reads, and which WhatsApp links are opened.
import type { Aviso, EstadoBody, EstadoTrabajo, OrdenBody, Receta, Trabajo, TrabajosFiltro } from '../api/jobs';
import { readDate } from '../lib/dates';
import { readNumber, WHOLE } from '../lib/numbers';
import { PROBLEMS, RECETA } from './messages';
import { prescripcionText } from '../lib/prescription';

/** The longest tray, notes and reason the server keeps. */
export const MAX_BANDEJA = 40;
export const MAX_NOTAS = 500;
export const MAX_MOTIVO = 255;

/** The state the server needs a reason for, and the one after which only it is allowed. */
export const REHACER: EstadoTrabajo = 'REHACER';
export const TERMINADO: EstadoTrabajo = 'ANTEOJO_TERMINADO';
export const ENTREGADO: EstadoTrabajo = 'ENTREGADO';
/** The list's default: every job not delivered. */
export const ABIERTOS = 'ABIERTOS';

const length = (text: string) => [...text.trim()].length;

// --- Time ----------------------------------------------------------------------------------

/** Time in a state, as the counter says it: '12 min', '5 h', '1 día', '3 días'. */
export function tiempoText(segundos: number): string {
  const s = Math.max(0, Math.floor(segundos));
  if (s < 3600) return `${Math.floor(s / 60)} min`;
  if (s < 86400) return `${Math.floor(s / 3600)} h`;
  const dias = Math.floor(s / 86400);
  return dias === 1 ? '1 día' : `${dias} días`;
}

// --- The list ------------------------------------------------------------------------------

export const filtroInicial = (): TrabajosFiltro => ({
  estado: ABIERTOS,
  localId: 0,
  laboratorioId: 0,
  atrasados: false,
  page: 0,
  size: 20,
});

// --- The order -----------------------------------------------------------------------------

/** What the lab is told, as typed: `prometido` is `aaaa-mm-dd` once read, else the text typed. */
export interface Orden {
  /** 0: not chosen. */
  laboratorioId: number;
  prometido: string;
  bandeja: string;
  notas: string;
}

export const ordenVacia = (): Orden => ({ laboratorioId: 0, prometido: '', bandeja: '', notas: '' });

/** The job's order as its form opens. */
export const ordenDe = (t: Pick<Trabajo, 'laboratorioId' | 'prometido' | 'bandeja' | 'notas'>): Orden => ({
  laboratorioId: t.laboratorioId,
  prometido: t.prometido,
  bandeja: t.bandeja ?? '',
  notas: t.notas ?? '',
});

/** Why 'Encargar' or 'Guardar' waits; empty when it does not. */
export function ordenProblems(o: Orden): string[] {
  const problems: string[] = [];
  if (!o.laboratorioId) problems.push(PROBLEMS.sinLaboratorio);
  const fecha = readDate(o.prometido);
  if (fecha.kind === 'blank') problems.push(PROBLEMS.sinPrometido);
  else if (fecha.kind === 'invalid') problems.push(PROBLEMS.prometidoInvalido(fecha.error));
  if (length(o.bandeja) > MAX_BANDEJA) problems.push(PROBLEMS.bandejaLarga(MAX_BANDEJA));
  if (length(o.notas) > MAX_NOTAS) problems.push(PROBLEMS.notasLargas(MAX_NOTAS));
  return problems;
}

/** The body sent: the tray and the notes trimmed, blank ones left out. */
export function ordenBody(o: Orden): OrdenBody {
  const fecha = readDate(o.prometido);
  const body: OrdenBody = {
    laboratorioId: o.laboratorioId,
    prometido: fecha.kind === 'date' ? fecha.iso : o.prometido,
  };
  const bandeja = o.bandeja.trim();
  const notas = o.notas.trim();
  if (bandeja) body.bandeja = bandeja;
  if (notas) body.notas = notas;
  return body;
}

/** The body of an amendment: blanks are sent empty, so a cleared tray or note is cleared. */
export const modificacionBody = (o: Orden): OrdenBody => ({
  ...ordenBody(o),
  bandeja: o.bandeja.trim(),
  notas: o.notas.trim(),
});

// --- The state change ----------------------------------------------------------------------

export interface Cambio {
  /** '' while none is chosen. */
  estado: string;
  motivo: string;
}

/** Why 'Cambiar estado' waits; empty when it does not. Sending a job back to the lab needs the
 * reason, and a delivered job only goes back to the lab: the server's rules and words. */
export function cambioProblems(actual: string, c: Cambio): string[] {
  const problems: string[] = [];
  if (!c.estado) problems.push(PROBLEMS.sinEstado);
  else if (c.estado === actual) problems.push(PROBLEMS.mismoEstado);
  else if (actual === ENTREGADO && c.estado !== REHACER) problems.push(PROBLEMS.entregado);
  if (c.estado === REHACER && !c.motivo.trim()) problems.push(PROBLEMS.rehacerSinMotivo);
  if (length(c.motivo) > MAX_MOTIVO) problems.push(PROBLEMS.motivoLargo(MAX_MOTIVO));
  return problems;
}

/** Whether the reason is asked for (it may always be written). */
export const pideMotivo = (estado: string) => estado === REHACER;

/** The body sent: the reason trimmed (a blank one left out) and the job's `version` as the screen
 * loaded it, so the server refuses (409) a move from a screen another person's change left
 * behind instead of undoing that change. */
export const cambioBody = (c: Cambio, version: number): EstadoBody => {
  const motivo = c.motivo.trim();
  return motivo ? { estado: c.estado, motivo, version } : { estado: c.estado, version };
};

// --- Notices -------------------------------------------------------------------------------

/** A WhatsApp link the app opens: only the server's `https://wa.me/` links; anything else none. */
export const whatsappUrl = (link: string | null | undefined) =>
  link && link.startsWith('https://wa.me/') ? link : null;

/** Whether the customer may be told: every notice says the glasses are ready, so the server takes
 * one only in 'Anteojo Terminado' (and refuses it otherwise, PROBLEMS.noListo in its words). */
export const puedeAvisar = (estado: string) => estado === TERMINADO;

/** The mail notices' states that mean the customer has (or is about to have) a mail of this job:
 * sent, waiting for the worker, or being retried. A failed one (FALLIDO) reached no one. */
const CORREO_VIVO = ['ENVIADO', 'PENDIENTE', 'REINTENTANDO'];

/** Whether 'Avisar por correo' asks first: the job already has a mail notice sent or on its way
 * (a WhatsApp notice, ABIERTO, is another channel and does not count). */
export const correoRepetido = (avisos: Pick<Aviso, 'canal' | 'estado'>[]) =>
  avisos.some((a) => a.canal === 'EMAIL' && CORREO_VIVO.includes(a.estado));

/** Whether a notice is still on its way (the job page asks again until it is not). */
export const enCamino = (t: Pick<Trabajo, 'avisos'> | undefined) =>
  !!t?.avisos.some((a) => a.estado === 'PENDIENTE' || a.estado === 'REINTENTANDO');

// --- The frozen prescription ---------------------------------------------------------------

export { prescripcionText };

export interface FilaReceta {
  vision: string;
  ojo: string;
  esferico: string;
  cilindrico: string;
  eje: string;
}

/** The four prescriptions, far then near, right eye then left. */
export function filasReceta(receta: Receta): FilaReceta[] {
  return (['LEJOS', 'CERCA'] as const).flatMap((tipo) =>
    (['DERECHO', 'IZQUIERDO'] as const).map((ojo) => {
      const g = receta.graduaciones.find((x) => x.ojo === ojo && x.tipo === tipo);
      return {
        vision: RECETA.vision[tipo],
        ojo: RECETA.ojo[ojo],
        esferico: prescripcionText(g?.esferico, true),
        cilindrico: prescripcionText(g?.cilindrico, true),
        eje: prescripcionText(g?.eje, false),
      };
    }),
  );
}

type Medida = keyof typeof RECETA.medidas;
const SIGNED: Medida[] = ['adicionDerecho', 'adicionIzquierdo'];

/** The additions and measures written in the ficha, each with its name. */
export function medidasReceta(receta: Receta): { nombre: string; valor: string }[] {
  return (Object.keys(RECETA.medidas) as Medida[])
    .filter((k) => typeof receta[k] === 'number')
    .map((k) => ({ nombre: RECETA.medidas[k], valor: prescripcionText(receta[k], SIGNED.includes(k)) }));
}

// --- Reminders -----------------------------------------------------------------------------

/** The reminders' inputs as typed, read: months 1 to 120, days 0 to 365 (the server's limits). */
export function recordatoriosFiltro(meses: string, dias: string): { meses: number; dias: number; problems: string[] } {
  const whole = (text: string, min: number, max: number) => {
    const r = readNumber(text, WHOLE);
    return r.kind === 'number' && r.units >= min && r.units <= max ? r.units : null;
  };
  const m = whole(meses, 1, 120);
  const d = whole(dias, 0, 365);
  const problems: string[] = [];
  if (m === null) problems.push(PROBLEMS.meses);
  if (d === null) problems.push(PROBLEMS.dias);
  return { meses: m ?? 12, dias: d ?? 7, problems };
}
