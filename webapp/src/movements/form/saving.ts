// Saving a movement: why the save is disabled, what warns before it, the body the server
// recomputes, and how a refusal reads. The form model and its arithmetic are in ./rules.
import type { MovimientoBody, TipoMovimiento } from '../../api/movements';
import { isLocalMinute, toMinute } from '../../lib/dates';
import { pesosOf, readPesos } from '../../lib/money';
import { readNumber } from '../../lib/numbers';
import { MESSAGES, PROBLEMS, TITLES } from './messages';
import { ESTADO_INICIAL, type MovementForm } from './rules';
import { CANTIDAD, cantidadOf, lineaSubtotal } from './lines';
import { coberturaBody, coberturaProblems, SIN_DATOS, totalesConCobertura, type DatosCobertura } from './coverage';
import {
  amountCents,
  cobraMenos,
  DESCUENTO,
  brutoCents,
  descuentoEnRango,
  descuentoOf,
  pagosEfectivos,
  totalCents,
} from './totals';

// ------------------------------------------------------------------------------ saving

/** Why the save button is disabled, in the form's order; empty when it is enabled. Save needs a
 * type; ENTRADA also needs branch, date and a line, and a coverage its obra social, plan,
 * affiliate and (when the plan asks) prescription; SALIDA needs description, branch, total and
 * date. Every typed number must read as one: a payment of '1,2,3' is not saved as 0. `datos` are
 * what the coverage is computed with (./coverage). */
export function saveBlockers(form: MovementForm, datos: DatosCobertura = SIN_DATOS): string[] {
  if (form.tipo === '') return [PROBLEMS.tipo];
  const problems: string[] = [];
  if (form.localId === null) problems.push(PROBLEMS.local);
  if (!isLocalMinute(form.fecha)) problems.push(PROBLEMS.fecha);
  if (form.tipo === 'ENTRADA') {
    if (form.lineas.length + form.adicionales.length === 0) problems.push(PROBLEMS.lineas);
    form.lineas.forEach((l) => {
      const r = readNumber(l.cantidad, CANTIDAD);
      const name = l.producto?.modelo ?? PROBLEMS.productoEliminado;
      if (r.kind === 'blank') problems.push(PROBLEMS.cantidadVacia(name));
      if (r.kind === 'invalid') problems.push(PROBLEMS.cantidad(name, r.error));
    });
    const d = readNumber(form.descuento, DESCUENTO);
    if (d.kind === 'invalid') problems.push(PROBLEMS.descuento(d.error));
    // Left, it resets to 0 with the specification's warning; until then it is not taken.
    if (d.kind === 'number' && !descuentoEnRango(d.units)) problems.push(MESSAGES.descuentoRango);
    problems.push(...coberturaProblems(form, datos));
  } else {
    if (form.descripcion.trim() === '') problems.push(PROBLEMS.descripcion);
    const total = readPesos(form.totalSalida);
    if (total.kind === 'invalid') problems.push(PROBLEMS.totalInvalido(total.error));
    else if (totalCents(form) <= 0) problems.push(PROBLEMS.total);
  }
  pagosEfectivos(form).forEach((p, i) => {
    const monto = readPesos(p.monto);
    if (monto.kind === 'invalid') problems.push(PROBLEMS.monto(i + 1, monto.error));
    const impuesto = readPesos(p.montoImpuesto);
    if (impuesto.kind === 'invalid') problems.push(PROBLEMS.montoImpuesto(i + 1, impuesto.error));
    else if (cobraMenos(form.tipo, p)) problems.push(PROBLEMS.cobraMenos(i + 1));
  });
  const t = totalesConCobertura(form, datos);
  // Told before the click, with the change: a customer who pays $ 2.000 for $ 1.500 is charged
  // $ 1.500 and gets $ 500 back; the server refuses payments above the total, or above what the
  // patient pays of a covered sale.
  if (t.excede) {
    problems.push(
      t.obraSocialCents > 0
        ? PROBLEMS.excedeParte(t.pacienteCents, t.vueltoCents)
        : PROBLEMS.excede(form.tipo === 'ENTRADA' ? t.vueltoCents : 0),
    );
  }
  // A sale with returns cannot be paid below what they refunded (the server's check_edit).
  const reintegrado = form.devuelto.valor - form.devuelto.credito;
  if (problems.length === 0 && reintegrado > 0 && t.pagadoCents < reintegrado) {
    problems.push(PROBLEMS.pagosMenoresQueReintegros(reintegrado));
  }
  return problems;
}

export const canSave = (form: MovementForm, datos: DatosCobertura = SIN_DATOS) =>
  saveBlockers(form, datos).length === 0;

export type SaveProblem = 'sinPagos' | 'excede' | 'descuentoTotalCero';

/** What stops a save, told in a pop-up before anything is sent. */
export function saveProblem(form: MovementForm, datos: DatosCobertura = SIN_DATOS): SaveProblem | null {
  if (form.pagos.length === 0) return 'sinPagos';
  if (form.tipo === 'ENTRADA') {
    const d = descuentoOf(form.descuento);
    if (d !== null && d !== 0 && brutoCents(form) <= 0) return 'descuentoTotalCero';
  }
  return totalesConCobertura(form, datos).excede ? 'excede' : null;
}

const BLOCKING: Record<SaveProblem, boolean> = { sinPagos: true, excede: true, descuentoTotalCero: true };

/** Whether a problem stops the save. Every one does, for both types: payments above the total are
 * refused by the server for a SALIDA as for an ENTRADA (the books would otherwise subtract more
 * than the expense), so the form says so once and sends nothing, instead of warning, sending and
 * showing the server's refusal too. */
export const blocks = (_form: MovementForm, problem: SaveProblem) => BLOCKING[problem];

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** The create and edit body. Call only when canSave holds. */
export function movimientoBody(form: MovementForm, datos: DatosCobertura = SIN_DATOS): MovimientoBody {
  const tipo = form.tipo as TipoMovimiento;
  const entrada = tipo === 'ENTRADA';
  const t = totalesConCobertura(form, datos);
  const descuento = entrada ? descuentoOf(form.descuento) : null;
  const body: MovimientoBody = {
    tipoMovimiento: tipo,
    fecha: toMinute(form.fecha),
    total: pesosOf(t.totalCents),
    totalImpuesto: pesosOf(t.cobradoCents),
    descripcion: optional(form.descripcion),
    vendedor: optional(form.vendedor),
    paciente: entrada && form.paciente ? { id: form.paciente.id } : null,
    detalles: entrada
      ? form.lineas.map((l) => ({
          cantidad: cantidadOf(l.cantidad),
          precioUnitario: pesosOf(l.precioCents),
          subtotal: pesosOf(lineaSubtotal(l)),
          producto: l.producto ? { id: l.producto.id } : null,
        }))
      : [],
    detallesAdicionales: entrada
      ? form.adicionales.map((a) => ({ descripcion: a.descripcion, subtotal: pesosOf(a.subtotalCents) }))
      : [],
    cajaMovimientos: pagosEfectivos(form)
      .filter((p) => p.metodoPago !== null)
      .map((p) => ({
        monto: pesosOf(amountCents(p.monto)),
        montoImpuesto: pesosOf(amountCents(p.montoImpuesto)),
        metodoPago: { id: p.metodoPago!.id, nombre: p.metodoPago!.nombre },
        fecha: toMinute(p.fecha),
        cuotas: entrada && p.plan ? p.plan.cuotas : null,
      })),
    local: { id: form.localId! },
    estadoMovimiento: entrada ? (form.estado ?? ESTADO_INICIAL) : null,
    cobertura: coberturaBody(form, datos),
  };
  const motivo = entrada && form.motivoPrecio ? { motivoPrecio: form.motivoPrecio } : {};
  return descuento === null ? { ...body, ...motivo } : { ...body, ...motivo, descuento: descuento / 100 };
}

/** How a refused save is told: a validation list under ERROR DE VALIDACIÓN, a mensaje with an
 * error as title and text, a bare mensaje under ERROR. Null when the answer says nothing. */
export function saveFailure(error: unknown): { title: string; text?: string } | null {
  const data = (error as { data?: unknown } | undefined)?.data as
    { errors?: unknown; mensaje?: unknown; error?: unknown } | undefined;
  if (!data || typeof data !== 'object') return null;
  if (Array.isArray(data.errors)) {
    return { title: TITLES.errorValidacion, text: data.errors.filter((e) => typeof e === 'string').join(', ') };
  }
  if (typeof data.mensaje === 'string') {
    return typeof data.error === 'string'
      ? { title: data.mensaje, text: data.error }
      : { title: TITLES.error, text: data.mensaje };
  }
  return null;
}
