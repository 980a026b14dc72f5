// The transfers' rules, kept pure so they are tested alone: how a state reads, who may receive or
// cancel, and the forms to send and to receive, with the server's own rules and words
// (command/src/transfers/mod.rs) so a button says why it waits before the server is asked.
import type {
  EnvioBody,
  EstadoTransferencia,
  LineaTransferencia,
  RecepcionBody,
  Transferencia,
} from '../api/transfers';
import type { Producto } from '../api/products';
import { readNumber, WHOLE } from '../lib/numbers';
import { isAdmin, type Session } from '../session/sessionSlice';
import { PROBLEMS } from './messages';

/** The longest note or reason the server keeps. */
export const MAX_TEXTO = 255;

export const ESTADOS: EstadoTransferencia[] = ['ENVIADA', 'RECIBIDA', 'RECIBIDA_CON_FALTANTE', 'CANCELADA'];

const ESTADO: Record<EstadoTransferencia, { nombre: string; badge: string }> = {
  ENVIADA: { nombre: 'Enviada', badge: 'text-bg-warning' },
  RECIBIDA: { nombre: 'Recibida', badge: 'text-bg-success' },
  RECIBIDA_CON_FALTANTE: { nombre: 'Recibida con faltante', badge: 'text-bg-danger' },
  CANCELADA: { nombre: 'Cancelada', badge: 'text-bg-secondary' },
};

/** A state as the screens say it, and its badge; an unknown one as it came. */
export const estadoDe = (estado: string) =>
  ESTADO[estado as EstadoTransferencia] ?? { nombre: estado, badge: 'text-bg-light border' };

/** Whether the user may receive it: in transit, and staff of the destination (or an admin). */
export const puedeRecibir = (session: Session, t: Transferencia) =>
  t.estado === 'ENVIADA' && (isAdmin(session) || session.localId === t.destinoId);

/** Whether the user may cancel it: in transit, and staff of the origin (or an admin). */
export const puedeCancelar = (session: Session, t: Transferencia) =>
  t.estado === 'ENVIADA' && (isAdmin(session) || session.localId === t.origenId);

/** '1 unidad', '3 unidades'. */
export const unidadesText = (n: number) => (n === 1 ? '1 unidad' : `${n} unidades`);

const tooLong = (text: string) => [...text.trim()].length > MAX_TEXTO;

// --- Sending -------------------------------------------------------------------------------

/** A product of the transfer being written: what the origin has of it, the units as typed. */
export interface LineaEnvio {
  productoId: number;
  modelo: string;
  marca: string;
  /** The origin's stock when the product was found. */
  stock: number;
  cantidad: string;
}

export interface Envio {
  /** 0: not chosen. */
  origenId: number;
  destinoId: number;
  lineas: LineaEnvio[];
  nota: string;
}

export const envioInicial = (origenId: number): Envio => ({ origenId, destinoId: 0, lineas: [], nota: '' });

/** The product's stock at a branch (0 when it is not offered there). */
export const stockEn = (p: Producto, localId: number) =>
  p.productoLocales.find((s) => s.local.id === localId)?.stock ?? 0;

/** The products found at the origin that can be sent: offered there with stock. */
export const enviables = (found: Producto[], origenId: number) => found.filter((p) => stockEn(p, origenId) > 0);

/** Adds a found product with one unit; a product already in the transfer is not added twice. */
export function agregarLinea(envio: Envio, p: Producto): { envio: Envio; repetido: boolean } {
  if (envio.lineas.some((l) => l.productoId === p.id)) return { envio, repetido: true };
  const linea: LineaEnvio = {
    productoId: p.id,
    modelo: p.modelo,
    marca: p.marca?.nombre ?? '',
    stock: stockEn(p, envio.origenId),
    cantidad: '1',
  };
  return { envio: { ...envio, lineas: [...envio.lineas, linea] }, repetido: false };
}

/** Why 'Enviar' waits; empty when it does not. Quantities whole and above 0, never above what the
 * origin has (the server says the same when it has less by then). */
export function envioProblems(envio: Envio): string[] {
  const problems: string[] = [];
  if (!envio.origenId) problems.push(PROBLEMS.sinOrigen);
  if (!envio.destinoId) problems.push(PROBLEMS.sinDestino);
  if (envio.origenId && envio.origenId === envio.destinoId) problems.push(PROBLEMS.mismoLocal);
  if (envio.lineas.length === 0) problems.push(PROBLEMS.sinLineas);
  for (const l of envio.lineas) {
    const r = readNumber(l.cantidad, WHOLE);
    if (r.kind === 'invalid') problems.push(PROBLEMS.cantidad(l.modelo, r.error));
    else if (r.kind === 'blank' || r.units <= 0) problems.push(PROBLEMS.cantidadNoPositiva(l.modelo));
    else if (r.units > l.stock) problems.push(PROBLEMS.stockInsuficiente(l.modelo));
  }
  if (tooLong(envio.nota)) problems.push(PROBLEMS.textoLargo(MAX_TEXTO));
  return problems;
}

const units = (text: string) => {
  const r = readNumber(text, WHOLE);
  return r.kind === 'number' ? r.units : 0;
};

/** The body 'Enviar' sends: the note only when written. */
export function envioBody(envio: Envio): EnvioBody {
  const body: EnvioBody = {
    origenId: envio.origenId,
    destinoId: envio.destinoId,
    lineas: envio.lineas.map((l) => ({ productoId: l.productoId, cantidad: units(l.cantidad) })),
  };
  const nota = envio.nota.trim();
  if (nota) body.nota = nota;
  return body;
}

// --- Receiving -----------------------------------------------------------------------------

/** What arrived per product (typed) and the shortfall's reason. */
export interface Recepcion {
  recibidas: Record<number, string>;
  motivo: string;
}

/** The receipt as it opens: every product whole, as sent. */
export const recepcionInicial = (t: Transferencia): Recepcion => ({
  recibidas: Object.fromEntries(t.lineas.map((l) => [l.productoId, String(l.cantidad)])),
  motivo: '',
});

/** The units read for a line; null while the text is no whole number. */
const recibidasDe = (r: Recepcion, l: LineaTransferencia) => {
  const reading = readNumber(r.recibidas[l.productoId] ?? '', WHOLE);
  return reading.kind === 'number' ? reading.units : null;
};

/** Whether less arrived than was sent, on any product. */
export const hayFaltante = (t: Transferencia, r: Recepcion) =>
  t.lineas.some((l) => {
    const n = recibidasDe(r, l);
    return n !== null && n < l.cantidad;
  });

/** Why 'Recibir' waits; empty when it does not. Between 0 and what was sent; less needs the reason. */
export function recepcionProblems(t: Transferencia, r: Recepcion): string[] {
  const problems: string[] = [];
  for (const l of t.lineas) {
    const reading = readNumber(r.recibidas[l.productoId] ?? '', WHOLE);
    if (reading.kind === 'invalid') problems.push(PROBLEMS.cantidad(l.modelo, reading.error));
    else if (reading.kind === 'blank' || reading.units > l.cantidad)
      problems.push(PROBLEMS.fueraDeRango(l.modelo, l.cantidad));
  }
  if (tooLong(r.motivo)) problems.push(PROBLEMS.textoLargo(MAX_TEXTO));
  if (problems.length === 0 && hayFaltante(t, r) && !r.motivo.trim()) problems.push(PROBLEMS.faltanteSinMotivo);
  return problems;
}

/** The body 'Recibir' sends: every product with what arrived; the reason only when written. */
export function recepcionBody(t: Transferencia, r: Recepcion): RecepcionBody {
  const body: RecepcionBody = {
    recibidas: t.lineas.map((l) => ({ productoId: l.productoId, cantidad: recibidasDe(r, l) ?? l.cantidad })),
  };
  const motivo = r.motivo.trim();
  if (motivo) body.motivo = motivo;
  return body;
}
