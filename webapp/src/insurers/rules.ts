// The obras sociales' rules, kept pure so they are tested alone: the CUIT's check digit, how an
// obra social and its plans read, the form, why 'Guardar' waits and the body it sends. The checks
// copy the server's (command/src/insurers and events/src/insurers.rs) so the form says what is
// wrong before it is sent; the server still decides, and its refusals are shown as it words them.
import type {
  CoberturaBody,
  CoberturaPlan,
  ObraSocial,
  ObraSocialBody,
  PlanBody,
  PlanObraSocial,
} from '../api/insurers';
import { centsOf, centsText, formatPesos, parseCents, pesosOf, PESOS } from '../lib/money';
import { formatPorcentaje, inputText, PERCENT, readNumber, WHOLE } from '../lib/numbers';
import { fold } from '../lib/text';
import { COBERTURA, MAX_NOMBRE, MAX_PLANES, MAX_VALIDEZ_DIAS, PROBLEMS } from './messages';

// ------------------------------------------------------------------------------------- the CUIT

const PESOS_CUIT = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];

/** The CUIT as the server reads it: without the spaces around it, the dashes and the spaces
 * inside ('30-54674125-3' is '30546741253'). */
export const cuitDigits = (text: string) => text.trim().replace(/[- ]/g, '');

/** Whether `text` is a CUIT the tax office could have issued: eleven digits (dashes and spaces
 * aside) whose last is the check digit of the first ten: 11 − (Σ digit × weight) mod 11, with the
 * weights 5 4 3 2 7 6 5 4 3 2; 11 is 0 and 10 is never issued. */
export function cuitValido(text: string): boolean {
  const cuit = cuitDigits(text);
  if (!/^\d{11}$/.test(cuit)) return false;
  const sum = PESOS_CUIT.reduce((total, peso, i) => total + peso * Number(cuit[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return Number(cuit[10]) === (check === 11 ? 0 : check);
}

/** A CUIT as AFIP writes it, '30-54674125-3'; anything but eleven digits as it is. */
export function formatCuit(text: string): string {
  const cuit = cuitDigits(text);
  return /^\d{11}$/.test(cuit) ? `${cuit.slice(0, 2)}-${cuit.slice(2, 10)}-${cuit.slice(10)}` : text;
}

// ------------------------------------------------------------------------- how an obra social reads

/** A percent the server sent (40.0, 12.5) in hundredths, through its decimal text. */
const hundredthsOf = (percent: number) => centsOf(percent);

/** What a plan covers of one kind of item: 'el 40% hasta $ 30.000,00', 'el 12,5%',
 * 'hasta $ 15.000,50', 'sin cobertura'. */
export function coberturaTexto({ porcentaje, tope }: CoberturaPlan): string {
  const p = porcentaje == null ? null : formatPorcentaje(hundredthsOf(porcentaje));
  const t = tope == null ? null : formatPesos(centsOf(tope));
  if (p !== null && t !== null) return COBERTURA.ambos(p, t);
  if (p !== null) return COBERTURA.porcentaje(p);
  if (t !== null) return COBERTURA.tope(t);
  return COBERTURA.ninguna;
}

/** A plan's terms in one line: 'Cristales: el 40% hasta $ 30.000,00 · Armazones: sin cobertura ·
 * Receta: 60 días'. */
export function planResumen(plan: PlanObraSocial): string {
  const receta = plan.requiereReceta
    ? plan.validezRecetaDias == null
      ? 'Requiere receta'
      : `Requiere receta de hasta ${plan.validezRecetaDias} días`
    : 'Sin receta';
  return `Cristales: ${coberturaTexto(plan.cristales)} · Armazones: ${coberturaTexto(plan.armazones)} · ${receta}`;
}

/** '1 plan', '2 planes', 'Sin planes'. */
export const planesTexto = (n: number) => (n === 0 ? 'Sin planes' : n === 1 ? '1 plan' : `${n} planes`);

// ----------------------------------------------------------------------------------- the form

/** What a plan covers of one kind of item, as typed: es-AR percent and pesos, blank for none. */
export interface CoberturaForm {
  porcentaje: string;
  tope: string;
}

export interface PlanForm {
  /** The plan's card, kept while plans are added and removed. */
  key: number;
  nombre: string;
  cristales: CoberturaForm;
  armazones: CoberturaForm;
  requiereReceta: boolean;
  /** Whole days, blank for any age. */
  validez: string;
}

export interface ObraSocialForm {
  nombre: string;
  cuit: string;
  planes: PlanForm[];
  /** How many plans the form made (the keys of new ones). */
  added: number;
}

const sinCobertura = (): CoberturaForm => ({ porcentaje: '', tope: '' });

/** A blank plan: covers nothing, asks for no prescription. */
export const nuevoPlan = (key: number): PlanForm => ({
  key,
  nombre: '',
  cristales: sinCobertura(),
  armazones: sinCobertura(),
  requiereReceta: false,
  validez: '',
});

/** A new obra social opens with one blank plan: most have at least one. */
export const nuevaObraSocial = (): ObraSocialForm => ({ nombre: '', cuit: '', planes: [nuevoPlan(1)], added: 1 });

/** A coverage the server sent, as the inputs start: '12,5' and '30.000,00' (read back the same). */
const coberturaForm = ({ porcentaje, tope }: CoberturaPlan): CoberturaForm => ({
  porcentaje: porcentaje == null ? '' : inputText(hundredthsOf(porcentaje), 2),
  tope: tope == null ? '' : centsText(centsOf(tope)),
});

/** An obra social as its form opens; the CUIT as AFIP writes it. */
export function desdeObraSocial(os: ObraSocial): ObraSocialForm {
  return {
    nombre: os.nombre,
    cuit: formatCuit(os.cuit),
    planes: os.planes.map((p, i) => ({
      key: i + 1,
      nombre: p.nombre,
      cristales: coberturaForm(p.cristales),
      armazones: coberturaForm(p.armazones),
      requiereReceta: p.requiereReceta,
      validez: p.validezRecetaDias == null ? '' : String(p.validezRecetaDias),
    })),
    added: os.planes.length,
  };
}

export function agregarPlan(form: ObraSocialForm): ObraSocialForm {
  const key = form.added + 1;
  return { ...form, added: key, planes: [...form.planes, nuevoPlan(key)] };
}

export const quitarPlan = (form: ObraSocialForm, key: number): ObraSocialForm => ({
  ...form,
  planes: form.planes.filter((p) => p.key !== key),
});

export const cambiarPlan = (form: ObraSocialForm, plan: PlanForm): ObraSocialForm => ({
  ...form,
  planes: form.planes.map((p) => (p.key === plan.key ? plan : p)),
});

/** A plan's terms as typed, in the words of the list (`planResumen`): what each number means
 * together ('el 40% hasta $ 30.000,00'). Numbers that cannot be read yet count as blank. */
export function resumenDeForm(p: PlanForm): string {
  const cobertura = (c: CoberturaForm): CoberturaPlan => {
    const porcentaje = readNumber(c.porcentaje, PERCENT);
    const tope = parseCents(c.tope);
    return {
      porcentaje: porcentaje.kind === 'number' ? porcentaje.units / 100 : null,
      tope: tope === null ? null : pesosOf(tope),
    };
  };
  const validez = readNumber(p.validez, WHOLE);
  return planResumen({
    nombre: p.nombre,
    cristales: cobertura(p.cristales),
    armazones: cobertura(p.armazones),
    requiereReceta: p.requiereReceta,
    validezRecetaDias: validez.kind === 'number' ? validez.units : null,
  });
}

// ------------------------------------------------------------------------ why 'Guardar' waits

/** A name as the server keeps it: its words with one space between them. */
export const collapsed = (text: string) => text.split(/\s+/).filter(Boolean).join(' ');
const length = (text: string) => [...text].length;

/** Two plan names the server takes as the same ('Plata', ' plata '): case, accents and spaces
 * aside. */
const nameKey = (text: string) => fold(collapsed(text));

/** The range checks each input tells as it is typed (and the list under 'Guardar' repeats). */
export const porcentajeCheck = (hundredths: number) => (hundredths <= 10_000 ? null : 'Debe estar entre 0 y 100.');
export const topeCheck = (cents: number) => (cents > 0 ? null : 'Debe ser mayor a $ 0,00.');
export const validezCheck = (dias: number) =>
  dias >= 1 && dias <= MAX_VALIDEZ_DIAS ? null : `Debe ser de 1 a ${MAX_VALIDEZ_DIAS} días.`;

function coberturaProblems(plan: string, que: 'cristales' | 'armazones', c: CoberturaForm): string[] {
  const problems: string[] = [];
  const p = readNumber(c.porcentaje, PERCENT);
  if (p.kind === 'invalid') problems.push(PROBLEMS.numero(plan, `porcentaje de ${que}`, p.error));
  if (p.kind === 'number' && porcentajeCheck(p.units)) problems.push(PROBLEMS.porcentaje(plan));
  const t = readNumber(c.tope, PESOS);
  if (t.kind === 'invalid') problems.push(PROBLEMS.numero(plan, `tope de ${que}`, t.error));
  if (t.kind === 'number' && topeCheck(t.units)) problems.push(PROBLEMS.tope(plan));
  return problems;
}

/** Why 'Guardar' waits, in the form's order and without repeats; empty when it does not. */
export function obraSocialProblems(form: ObraSocialForm): string[] {
  const problems: string[] = [];
  const nombre = collapsed(form.nombre);
  if (nombre === '' || length(nombre) > MAX_NOMBRE) problems.push(PROBLEMS.nombre);
  if (!cuitValido(form.cuit)) problems.push(PROBLEMS.cuit);
  if (form.planes.length > MAX_PLANES) problems.push(PROBLEMS.demasiadosPlanes);
  const seen = new Set<string>();
  for (const p of form.planes) {
    const plan = collapsed(p.nombre);
    if (plan === '' || length(plan) > MAX_NOMBRE) problems.push(PROBLEMS.planSinNombre);
    else if (seen.has(nameKey(plan))) problems.push(PROBLEMS.planRepetido(plan));
    else seen.add(nameKey(plan));
    problems.push(...coberturaProblems(plan, 'cristales', p.cristales));
    problems.push(...coberturaProblems(plan, 'armazones', p.armazones));
    const v = readNumber(p.validez, WHOLE);
    if (v.kind === 'invalid') problems.push(PROBLEMS.numero(plan, 'validez de la receta', v.error));
    if (v.kind === 'number' && validezCheck(v.units)) problems.push(PROBLEMS.validez(plan));
  }
  return [...new Set(problems)];
}

// ------------------------------------------------------------------------------------ the body

/** A coverage as sent: the percent as es-AR writes it ('12,5'), the way the server reads a typed
 * one; the cap as the JSON number of pesos; blank ones as null. */
function coberturaBody(c: CoberturaForm): CoberturaBody {
  const p = readNumber(c.porcentaje, PERCENT);
  const tope = parseCents(c.tope);
  return {
    porcentaje: p.kind === 'number' ? inputText(p.units, 2) : null,
    tope: tope === null ? null : pesosOf(tope),
  };
}

function planBody(p: PlanForm): PlanBody {
  const validez = readNumber(p.validez, WHOLE);
  return {
    nombre: collapsed(p.nombre),
    cristales: coberturaBody(p.cristales),
    armazones: coberturaBody(p.armazones),
    requiereReceta: p.requiereReceta,
    validezRecetaDias: validez.kind === 'number' ? validez.units : null,
  };
}

/** The body 'Guardar' sends; call only when obraSocialProblems is empty. The CUIT goes as its
 * eleven digits. */
export const obraSocialBody = (form: ObraSocialForm): ObraSocialBody => ({
  nombre: collapsed(form.nombre),
  cuit: cuitDigits(form.cuit),
  planes: form.planes.map(planBody),
});

// ----------------------------------------------------------------------------------- the list

const ESPANOL = new Intl.Collator('es-AR');

/** The obras sociales by name as Spanish sorts them (as the server sorts them). */
export const ordenadas = (list: readonly ObraSocial[]) =>
  [...list].sort((a, b) => ESPANOL.compare(a.nombre, b.nombre) || a.id - b.id);
