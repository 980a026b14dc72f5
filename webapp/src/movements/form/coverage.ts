// A sale's coverage by the patient's obra social, kept pure so it is tested alone: the section's
// model as a patient prefills it, what the obra social pays of the sale (lib/coverage, the
// server's rule), why Guardar waits, and the body's `cobertura`. The payments then cover what the
// patient pays: the total less the obra social's part (./totals).
import type { ObraSocial, PlanObraSocial } from '../../api/insurers';
import type { CoberturaLeida, CoberturaVentaBody } from '../../api/movements';
import type { Paciente } from '../../api/patients';
import type { Producto } from '../../api/products';
import type { LookupItem } from '../../api/types';
import { coberturaDe, mismoNombre, partes, problemaReceta, recetaTexto, type Partes } from '../../lib/coverage';
import { isLocalMinute } from '../../lib/dates';
import { centsOf, pesosOf, sumCents } from '../../lib/money';
import { cantidadOf, lineaSubtotal } from './lines';
import { COBERTURA } from './messages';
import type { CoberturaForm, CoberturaGuardada, MovementForm } from './rules';
import { descuentoEnRango, descuentoOf, totales, type Totales } from './totals';

/** What the coverage is computed with, read by the form (./useCoverageData). */
export interface DatosCobertura {
  /** The shop's obras sociales with their plans; undefined until read. */
  obrasSociales: readonly ObraSocial[] | undefined;
  /** They could not be read. */
  obrasSocialesFallo: boolean;
  /** Whether a product is a lens (one of its categories holds lenses); null until the categories
   * are read. */
  esCristal: ((p: Producto) => boolean) | null;
}

/** Nothing read: a form whose coverage is off needs nothing. */
export const SIN_DATOS: DatosCobertura = { obrasSociales: undefined, obrasSocialesFallo: false, esCristal: null };

/** The lens test of a category list, as the server decides it: the admin's setting (`cristales`),
 * else the name ('Cristal'). A product's category missing from the list is judged by its name. */
export function esCristalSegun(categorias: readonly LookupItem[]): (p: Producto) => boolean {
  const byId = new Map(categorias.map((c) => [c.id, c.cristales ?? esNombreDeCristales(c.nombre)]));
  return (p) => p.categorias.some((c) => byId.get(c.id) ?? esNombreDeCristales(c.nombre));
}

const esNombreDeCristales = (nombre: string) => nombre.trim().toLowerCase() === 'cristal';

// ------------------------------------------------------------------------------ the model

/** The coverage a patient's obra social prefills: checked when they have one. */
export function coberturaDePaciente(paciente: Paciente | null): CoberturaForm {
  const a = paciente?.afiliacion ?? null;
  return {
    activa: a !== null,
    obraSocialId: a?.obraSocialId ?? 0,
    plan: a?.plan ?? '',
    afiliado: a?.afiliado ?? '',
    medico: '',
    matricula: '',
    fechaReceta: '',
  };
}

/** A loaded sale's coverage as the form keeps it to compare against. */
export const guardadaDe = (form: MovementForm, c: CoberturaLeida): CoberturaGuardada => ({
  obraSocialId: c.obraSocialId,
  obraSocial: c.obraSocial,
  plan: c.plan,
  cristales: centsOf(c.parteCristales),
  armazones: centsOf(c.parteArmazones),
  firma: firma(form),
  terminos: { cristales: c.cristales, armazones: c.armazones },
  liquidacionId: c.liquidacionId ?? null,
  facturado: centsOf(c.facturadoAlPaciente),
  textos: textos({
    afiliado: c.afiliado,
    medico: c.medico ?? '',
    matricula: c.matricula ?? '',
    fechaReceta: c.fechaReceta ?? '',
  }),
});

/** The affiliate number and the prescription as the server keeps them (trimmed). */
const textos = (c: Pick<CoberturaForm, 'afiliado' | 'medico' | 'matricula' | 'fechaReceta'>) =>
  JSON.stringify([c.afiliado, c.medico, c.matricula, c.fechaReceta].map((t) => t.trim()));

/** The product lines and the discount, the only things the parts depend on besides the plan:
 * while they stay as loaded, the saved parts stand. */
export function firma(form: MovementForm): string {
  const lineas = form.lineas.map((l) => [l.producto?.id ?? null, cantidadOf(l.cantidad), l.precioCents]);
  return JSON.stringify([lineas, descuentoValido(form)]);
}

function descuentoValido(form: MovementForm): number | null {
  const d = descuentoOf(form.descuento);
  return d !== null && descuentoEnRango(d) ? d : null;
}

export const setCobertura = (form: MovementForm, patch: Partial<CoberturaForm>): MovementForm => ({
  ...form,
  cobertura: { ...form.cobertura, ...patch },
});

/** Another obra social: the patient's plan when it is theirs, its only plan when it has one,
 * else none; the prescription stays (the doctor wrote it whatever pays it). */
export function elegirObraSocial(form: MovementForm, obraSocialId: number, datos: DatosCobertura): MovementForm {
  const os = datos.obrasSociales?.find((o) => o.id === obraSocialId);
  const propia = form.paciente?.afiliacion;
  const plan =
    propia && propia.obraSocialId === obraSocialId ? propia.plan : os?.planes.length === 1 ? os.planes[0].nombre : '';
  const afiliado = propia && propia.obraSocialId === obraSocialId ? propia.afiliado : form.cobertura.afiliado;
  return setCobertura(form, { obraSocialId, plan, afiliado });
}

/** The sale goes with a coverage: an ENTRADA with a patient, the box checked. */
export const coberturaActiva = (form: MovementForm) =>
  form.tipo === 'ENTRADA' && form.paciente !== null && form.cobertura.activa;

export const obraSocialElegida = (form: MovementForm, datos: DatosCobertura) =>
  datos.obrasSociales?.find((o) => o.id === form.cobertura.obraSocialId);

export const planElegido = (form: MovementForm, datos: DatosCobertura): PlanObraSocial | undefined =>
  obraSocialElegida(form, datos)?.planes.find((p) => mismoNombre(p.nombre, form.cobertura.plan));

/** The sale stays on the plan it was saved with: the server keeps the terms of that day and does
 * not ask for the prescription again (it checks only that it is not dated after the sale). */
export function mismoPlanGuardado(form: MovementForm): boolean {
  const g = form.coberturaGuardada;
  return g !== null && g.obraSocialId === form.cobertura.obraSocialId && mismoNombre(g.plan, form.cobertura.plan);
}

/** Whether the prescription's fields are asked for: the plan requires it, or the sale has one. */
export function pideReceta(form: MovementForm, datos: DatosCobertura): boolean {
  const c = form.cobertura;
  if (c.medico !== '' || c.matricula !== '' || c.fechaReceta !== '') return true;
  return !mismoPlanGuardado(form) && (planElegido(form, datos)?.requiereReceta ?? false);
}

// ------------------------------------------------------------------------------ the part

/** What the obra social pays of the sale as it is now; null without a coverage or while what it
 * is computed with is not known (the plans or the categories being read). A sale edited on its
 * saved plan, with its lines and discount as loaded, keeps the parts the server computed. */
export function partesDeLaVenta(form: MovementForm, datos: DatosCobertura): Partes | null {
  if (!coberturaActiva(form)) return null;
  const g = form.coberturaGuardada;
  if (g && mismoPlanGuardado(form) && firma(form) === g.firma) {
    return { cristales: g.cristales, armazones: g.armazones, monto: g.cristales + g.armazones };
  }
  // On the plan it was saved with, the terms of that day (the server keeps them).
  const terminos = g && mismoPlanGuardado(form) ? g.terminos : planElegido(form, datos);
  const esCristal = form.lineas.length === 0 ? () => false : datos.esCristal;
  if (!terminos || !esCristal) return null;
  // Additional lines (a lab's lenses, a repair) are not covered; a line whose product no longer
  // exists is refused by the server anyway.
  const productos = form.lineas.filter((l) => l.producto !== null);
  const suma = (lens: boolean) => sumCents(productos.filter((l) => esCristal(l.producto!) === lens).map(lineaSubtotal));
  const venta = { cristales: suma(true), armazones: suma(false), descuento: descuentoValido(form) };
  return partes(venta, coberturaDe(terminos.cristales), coberturaDe(terminos.armazones));
}

/** The form's totals with the obra social's part taken from what the patient pays, less what it
 * rejected and the patient was billed (the server's `a_cargo_obra_social`). */
export function totalesConCobertura(form: MovementForm, datos: DatosCobertura): Totales {
  const parte = partesDeLaVenta(form, datos)?.monto ?? 0;
  const g = form.coberturaGuardada;
  const facturado = g && coberturaActiva(form) && mismoPlanGuardado(form) ? g.facturado : 0;
  return totales(form, Math.max(0, parte - facturado));
}

// ------------------------------------------------------------------------------ saving

/** Why the coverage keeps Guardar waiting, in the section's order (the server's rules). */
export function coberturaProblems(form: MovementForm, datos: DatosCobertura): string[] {
  const liquidacion = form.coberturaGuardada?.liquidacionId ?? null;
  const problems: string[] =
    liquidacion !== null && !presentadaIntacta(form) ? [COBERTURA.presentada(liquidacion)] : [];
  if (!coberturaActiva(form)) return problems;
  const c = form.cobertura;
  const guardado = mismoPlanGuardado(form);
  const os = obraSocialElegida(form, datos);
  const plan = planElegido(form, datos);
  if (c.obraSocialId === 0) problems.push(COBERTURA.sinObraSocial);
  else if (!guardado) {
    if (datos.obrasSociales === undefined) {
      problems.push(datos.obrasSocialesFallo ? COBERTURA.obrasSocialesFallo : COBERTURA.leyendo);
    } else if (!os) problems.push(COBERTURA.obraSocialInexistente);
    else if (os.planes.length === 0) problems.push(COBERTURA.sinPlanes(os.nombre));
    else if (c.plan.trim() === '') problems.push(COBERTURA.sinPlan);
    else if (!plan) problems.push(COBERTURA.planInexistente(c.plan.trim(), os.nombre));
  }
  if (c.afiliado.trim() === '') problems.push(COBERTURA.sinAfiliado);
  const fecha = c.fechaReceta.trim();
  const fechaLeida = /^\d{4}-\d{2}-\d{2}$/.test(fecha);
  if (fecha !== '' && !fechaLeida) problems.push(COBERTURA.fechaInvalida);
  if (!guardado && plan?.requiereReceta && (c.medico.trim() === '' || c.matricula.trim() === '' || fecha === '')) {
    problems.push(COBERTURA.recetaRequerida(plan.nombre));
  }
  if (fechaLeida && isLocalMinute(form.fecha)) {
    const dias = guardado ? null : (plan?.validezRecetaDias ?? null);
    const p = problemaReceta(fecha, form.fecha.slice(0, 10), dias);
    if (p) problems.push(recetaTexto(p));
  }
  if (problems.length === 0 && partesDeLaVenta(form, datos) === null) problems.push(COBERTURA.leyendoCategorias);
  return problems;
}

/** A sale presented to its obra social keeps what was presented: the same obra social and plan,
 * affiliate number and prescription, product lines and discount (the server refuses anything
 * else, and keeps the parts as presented). */
export function presentadaIntacta(form: MovementForm): boolean {
  const g = form.coberturaGuardada;
  if (!g || g.liquidacionId === null) return true;
  return (
    coberturaActiva(form) && mismoPlanGuardado(form) && firma(form) === g.firma && textos(form.cobertura) === g.textos
  );
}

const optional = (text: string) => (text.trim() === '' ? null : text.trim());

/** The body's `cobertura`: null without one, so an edit that unchecks it removes it; with one,
 * its part as computed here (`monto`, pesos), which the server checks against its own. */
export function coberturaBody(form: MovementForm, datos: DatosCobertura): CoberturaVentaBody | null {
  if (!coberturaActiva(form)) return null;
  const c = form.cobertura;
  const p = partesDeLaVenta(form, datos);
  return {
    obraSocialId: c.obraSocialId,
    plan: c.plan.trim(),
    afiliado: c.afiliado.trim(),
    medico: optional(c.medico),
    matricula: optional(c.matricula),
    fechaReceta: optional(c.fechaReceta),
    ...(p ? { monto: pesosOf(p.monto) } : {}),
  };
}
