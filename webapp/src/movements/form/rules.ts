// The movement form rules of spec 001 sections 4, 5 and 9, kept pure so they are tested alone:
// the form model and what a new type, branch or patient changes. The product and additional lines
// are in ./lines; the discount, the payments and the totals in ./totals; an obra social's coverage
// in ./coverage. Money is integer cents (lib/money) so the form sends exactly what the server
// computes.
import {
  ESTADO_LABELS,
  ESTADOS as ESTADOS_MOVIMIENTO,
  isEstado,
  type EstadoMovimiento,
  type MotivoPrecio,
  type Movimiento,
  type TipoMovimiento,
} from '../../api/movements';
import type { Paciente } from '../../api/patients';
import type { Producto } from '../../api/products';
import type { CoberturaPlan, Nombrado } from '../../api/types';
import { recargoDe, type PlanPago } from '../../lib/cuotas';
import { toMinute } from '../../lib/dates';
import { centsOf, centsText, parseScaled } from '../../lib/money';
import { inputText } from '../../lib/numbers';
import { coberturaDePaciente, guardadaDe } from './coverage';

export const TIPOS: readonly TipoMovimiento[] = ['ENTRADA', 'SALIDA'];

/** The order's states as the form offers them, in the server's order, with their labels. */
export const ESTADOS: readonly { value: EstadoMovimiento; label: string }[] = ESTADOS_MOVIMIENTO.map((value) => ({
  value,
  label: ESTADO_LABELS[value],
}));
export const ESTADO_INICIAL: EstadoMovimiento = 'PEDIDO_CRISTALES';

/** The state a new ENTRADA starts in: a patient's sale goes to the lab for lenses; a walk-in sale
 * without a patient (sunglasses, a case) leaves with the customer, delivered. */
export const estadoPorDefecto = (paciente: Paciente | null): EstadoMovimiento =>
  paciente ? ESTADO_INICIAL : 'ENTREGADO';

// ------------------------------------------------------------------------------ form model

/** A product line; cantidad as typed, the unit price in cents. */
export interface LineaForm {
  key: string;
  id?: number;
  /** Null for a loaded line whose product no longer exists. */
  producto: Producto | null;
  cantidad: string;
  precioCents: number;
}

export interface AdicionalForm {
  key: string;
  id?: number;
  descripcion: string;
  subtotalCents: number;
}

export interface PagoForm {
  key: string;
  id?: number;
  metodoPago: Nombrado | null;
  monto: string;
  montoImpuesto: string;
  /** Once the user types montoImpuesto, it stops following monto. */
  impuestoEditado: boolean;
  /** A saved payment's amounts as loaded: sent back unchanged, it is the server's as it was,
   * and rules made since do not reach it (`cobraMenos`). */
  guardado?: { monto: string; montoImpuesto: string };
  fecha: string;
  /** Charged by card in cuotas (an ENTRADA's): montoImpuesto is then monto with the plan's
   * surcharge, computed, never typed (./totals). */
  plan: PlanPago | null;
}

/** A sale's coverage by the patient's obra social, as the form holds it. */
export interface CoberturaForm {
  /** 'Con cobertura de obra social': unchecked, the sale is sent without one (null). */
  activa: boolean;
  /** 0 while none is chosen. */
  obraSocialId: number;
  /** One of its plans by name; blank while none is chosen. */
  plan: string;
  afiliado: string;
  medico: string;
  matricula: string;
  /** `yyyy-MM-dd`, blank, or the text typed while it is not a date (ui/DateInput). */
  fechaReceta: string;
}

/** The coverage of the loaded sale (edit): the parts the server computed with the plan's terms of
 * the day it was recorded, which it keeps while the sale stays on that plan. */
export interface CoberturaGuardada {
  obraSocialId: number;
  /** Its name now (blank when it was deleted since). */
  obraSocial: string;
  plan: string;
  /** In cents. */
  cristales: number;
  armazones: number;
  /** The product lines and the discount those parts were computed for (./coverage firma). */
  firma: string;
  /** The plan's terms the sale was recorded with: while it stays on that plan, the server
   * computes by them, whatever the plan says today. */
  terminos: { cristales: CoberturaPlan; armazones: CoberturaPlan };
  /** The liquidación it was presented in (then the coverage and what it covers stand); null if none. */
  liquidacionId: number | null;
  /** What the obra social rejected and the patient was billed, in cents: the patient pays it. */
  facturado: number;
  /** The affiliate number and prescription as loaded (./coverage textos): a presented sale keeps them. */
  textos: string;
}

export interface MovementForm {
  tipo: TipoMovimiento | '';
  localId: number | null;
  fecha: string;
  vendedor: string;
  descripcion: string;
  paciente: Paciente | null;
  estado: EstadoMovimiento | null;
  /** The user picked the state: a patient chosen later no longer changes it. */
  estadoElegido: boolean;
  lineas: LineaForm[];
  adicionales: AdicionalForm[];
  /** Percentage as typed; blank when none was typed. */
  descuento: string;
  /** The amount a SALIDA states directly. */
  totalSalida: string;
  /** An admin's reason for a price below what a seller may charge; blank when none. */
  motivoPrecio: MotivoPrecio | '';
  pagos: PagoForm[];
  /** A sale's earlier returns (cents): their value after the discount and the part of it that
   * cancelled debt; zeros when it has none. */
  devuelto: { valor: number; credito: number };
  /** What the loaded movement already took from its branch (edit): product id → quantity. */
  tomado: { localId: number | null; cantidades: Record<number, number> };
  /** Keys of rows added by this form. */
  seq: number;
  /** An ENTRADA with a patient: what their obra social pays (./coverage). */
  cobertura: CoberturaForm;
  /** The loaded sale's coverage; null for a new movement or a sale without one. */
  coberturaGuardada: CoberturaGuardada | null;
}

/** Everything the type and branch changes clear, as a new form starts it (fresh lists each time):
 * the seller back to the one a new form is prefilled with (the logged-in user). */
const cleared = (vendedor: string) =>
  ({
    vendedor,
    descripcion: '',
    lineas: [],
    adicionales: [],
    descuento: '',
    totalSalida: '',
    motivoPrecio: '',
    pagos: [],
  }) satisfies Partial<MovementForm>;

/** A new movement: dated `now`, for the patient when there is one (an ENTRADA), with the seller
 * prefilled (`vendedor`, the logged-in user). */
export function emptyMovementForm(
  now: string,
  localId: number | null,
  paciente: Paciente | null = null,
  vendedor = '',
): MovementForm {
  return {
    tipo: paciente ? 'ENTRADA' : '',
    localId,
    fecha: now,
    ...cleared(vendedor),
    paciente,
    estado: paciente ? estadoPorDefecto(paciente) : null,
    estadoElegido: false,
    devuelto: { valor: 0, credito: 0 },
    tomado: { localId: null, cantidades: {} },
    seq: 0,
    // A patient with an obra social has the sale covered unless the seller unchecks it.
    cobertura: coberturaDePaciente(paciente),
    coberturaGuardada: null,
  };
}

/** How much of a loaded movement the form may change: all of it; nothing of a refund (a SALIDA
 * with `devolucionDe`); a sale with returns keeps its type, branch, patient, product and additional
 * lines, discount and total (its state, date, payments, seller and description change). */
export type Bloqueo = 'reintegro' | 'devoluciones' | null;

export function bloqueoDe(m: Pick<Movimiento, 'devolucionDe' | 'devoluciones'> | undefined): Bloqueo {
  if (!m) return null;
  if (m.devolucionDe != null) return 'reintegro';
  return m.devoluciones.length > 0 ? 'devoluciones' : null;
}

/** The loaded movement as the form holds it; ids stay on their rows. */
export function formFromMovimiento(m: Movimiento): MovementForm {
  const tipo: TipoMovimiento | '' =
    m.tipoMovimiento === 'SALIDA' ? 'SALIDA' : m.tipoMovimiento === 'ENTRADA' ? 'ENTRADA' : '';
  const cantidades: Record<number, number> = {};
  for (const d of m.detalles) {
    if (d.producto) cantidades[d.producto.id] = (cantidades[d.producto.id] ?? 0) + d.cantidad;
  }
  const form: MovementForm = {
    tipo,
    localId: m.local?.id ?? null,
    fecha: toMinute(m.fecha),
    vendedor: m.vendedor ?? '',
    descripcion: m.descripcion ?? '',
    paciente: m.paciente ?? null,
    estado: tipo === 'ENTRADA' ? (isEstado(m.estadoMovimiento) ? m.estadoMovimiento : ESTADO_INICIAL) : null,
    // A saved sale keeps its state when its patient changes.
    estadoElegido: true,
    lineas: m.detalles.map((d) => ({
      key: `detalle-${d.id}`,
      id: d.id,
      producto: d.producto ?? null,
      cantidad: String(d.cantidad),
      precioCents: centsOf(d.precioUnitario),
    })),
    adicionales: m.detallesAdicionales.map((a) => ({
      key: `adicional-${a.id}`,
      id: a.id,
      descripcion: a.descripcion,
      subtotalCents: centsOf(a.subtotal),
    })),
    descuento: descuentoText(m.descuento),
    totalSalida: tipo === 'SALIDA' ? centsText(centsOf(m.total)) : '',
    // The server keeps the reason a sale has when an edit sends none.
    motivoPrecio: '',
    pagos: m.cajaMovimientos.map((p) => {
      const monto = centsText(centsOf(p.monto));
      const montoImpuesto = centsText(centsOf(p.montoImpuesto));
      return {
        key: `pago-${p.id}`,
        id: p.id,
        metodoPago: p.metodoPago ?? null,
        monto,
        montoImpuesto,
        impuestoEditado: monto !== montoImpuesto,
        guardado: { monto, montoImpuesto },
        fecha: toMinute(p.fecha),
        // Sent back as it was, the server keeps the rate it was charged at.
        plan: tipo === 'ENTRADA' && p.cuotas != null ? { cuotas: p.cuotas, recargo: recargoDe(p.recargo ?? 0) } : null,
      };
    }),
    devuelto: { valor: centsOf(m.devuelto.valor), credito: centsOf(m.devuelto.credito) },
    tomado: { localId: m.local?.id ?? null, cantidades },
    seq: 0,
    // A sale saved without coverage stays without it until the seller checks it; the patient's
    // obra social is ready in the fields when they do.
    cobertura: { ...coberturaDePaciente(m.paciente ?? null), activa: false },
    coberturaGuardada: null,
  };
  const c = m.cobertura;
  if (!c || tipo !== 'ENTRADA') return form;
  return {
    ...form,
    cobertura: {
      activa: true,
      obraSocialId: c.obraSocialId,
      plan: c.plan,
      afiliado: c.afiliado,
      medico: c.medico ?? '',
      matricula: c.matricula ?? '',
      fechaReceta: c.fechaReceta ?? '',
    },
    coberturaGuardada: guardadaDe(form, c),
  };
}

/** A stored discount as its input starts: es-AR's comma ('12,5'), blank for none. */
function descuentoText(descuento: number | null | undefined): string {
  if (descuento === null || descuento === undefined) return '';
  const hundredths = parseScaled(String(descuento), 2);
  return hundredths === null ? String(descuento) : inputText(hundredths, 2);
}

/** A new type clears totals, texts, lines and payments (the seller back to `vendedor`); SALIDA
 * also drops the patient and the state, an ENTRADA starts in the patient's default state. */
export function changeTipo(form: MovementForm, tipo: TipoMovimiento | '', vendedor = ''): MovementForm {
  const paciente = tipo === 'SALIDA' ? null : form.paciente;
  return {
    ...form,
    ...cleared(vendedor),
    tipo,
    paciente,
    cobertura: paciente === form.paciente ? form.cobertura : coberturaDePaciente(paciente),
    estado: tipo === 'ENTRADA' ? estadoPorDefecto(paciente) : null,
    estadoElegido: false,
  };
}

/** A new branch clears the same as a new type (the patient stays) and resets the date to now. */
export function changeLocal(form: MovementForm, localId: number | null, now: string, vendedor = ''): MovementForm {
  return {
    ...form,
    ...cleared(vendedor),
    localId,
    fecha: now,
    estado: form.tipo === 'ENTRADA' ? estadoPorDefecto(form.paciente) : null,
    estadoElegido: false,
  };
}

/** Another patient (or none): an ENTRADA whose state the user did not pick follows the patient's
 * default, 'Pidiendo Cristales' with one and 'Entregado' without. The coverage starts again from
 * the new patient's obra social: covered when they have one, not when they have none. */
export function setPaciente(form: MovementForm, paciente: Paciente | null): MovementForm {
  const follows = form.tipo === 'ENTRADA' && !form.estadoElegido;
  const same = (paciente?.id ?? null) === (form.paciente?.id ?? null);
  return {
    ...form,
    paciente,
    estado: follows ? estadoPorDefecto(paciente) : form.estado,
    cobertura: same ? form.cobertura : coberturaDePaciente(paciente),
  };
}

/** The state the user picked: it stays whatever patient is chosen after. */
export const setEstado = (form: MovementForm, estado: EstadoMovimiento): MovementForm => ({
  ...form,
  estado,
  estadoElegido: true,
});
