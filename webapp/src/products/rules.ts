// The catalogue rules of spec 000 sections 4, 5 and 9, kept pure so they are tested alone.
import { errorText } from '../api/base';
import type { MassUpdateBody, NamedRef, Producto, ProductoBody } from '../api/products';
import { isoDate } from '../lib/dates';
import { centsOf, centsText, parseCents, PESOS, pesosOf, readPesos, scaleCents } from '../lib/money';
import { readNumber, unitsOf, WHOLE, type NumberRule } from '../lib/numbers';
import { containsFolded } from '../lib/text';
import { PROBLEMS } from './messages';

export const GENEROS = ['Hombre', 'Mujer', 'Unisex', 'Niño', 'Niña'] as const;
/** Initial stock of a branch when it is checked. */
const NEW_STOCK = '0';

/** One chosen branch and its stock as typed. */
export interface LocalStock {
  local: NamedRef;
  stock: string;
}

/** Every product field but the model; numbers as typed (read by ../lib/numbers): shared by the single and the bulk forms. */
export interface ProductFieldsValue {
  marca: NamedRef | null;
  categorias: NamedRef[];
  material: NamedRef | null;
  genero: string;
  costo: string;
  precio: string;
  descripcion: string;
  productoLocales: LocalStock[];
  proveedores: NamedRef[];
}

export const emptyFields: ProductFieldsValue = {
  marca: null,
  categorias: [],
  material: null,
  genero: '',
  costo: '',
  precio: '',
  descripcion: '',
  productoLocales: [],
  proveedores: [],
};

/** A category as the forms hold it; `cristales` as the server's list says (absent on a category
 * read from a product: the name decides, as on the server when the admin never said). */
type CategoriaRef = { nombre: string; cristales?: boolean };

/** Whether a category's products are lenses: exclusive, without material or gender. */
export const isCristal = (c: CategoriaRef) => c.cristales ?? c.nombre.trim().toLowerCase() === 'cristal';

export const onlyCristal = (categorias: CategoriaRef[]) => categorias.length === 1 && isCristal(categorias[0]);

/** The chosen categories with the list's lens setting (a product's own carry only id and name). */
export const withListFlags = <T extends { id: number }>(chosen: T[], list: (T & { cristales?: boolean })[]) =>
  chosen.map((c) => list.find((l) => l.id === c.id) ?? c);

/** Cristal is exclusive: choosing it leaves it alone, choosing any other category drops it. */
export function toggleCategoria(selected: NamedRef[], categoria: NamedRef, checked: boolean): NamedRef[] {
  if (!checked) return selected.filter((c) => c.id !== categoria.id);
  if (selected.some((c) => c.id === categoria.id)) return selected;
  if (isCristal(categoria)) return [categoria];
  return [...selected.filter((c) => !isCristal(c)), categoria];
}

export function toggleItem<T extends { id: number }>(selected: T[], item: T, checked: boolean): T[] {
  const rest = selected.filter((s) => s.id !== item.id);
  return checked ? [...rest, item] : rest;
}

/** Checking a branch starts its stock at 0; unchecking forgets it. Kept in branch id order. */
export function toggleLocal(selected: LocalStock[], local: NamedRef, checked: boolean): LocalStock[] {
  const rest = selected.filter((s) => s.local.id !== local.id);
  if (!checked) return rest;
  const kept = selected.find((s) => s.local.id === local.id);
  return [...rest, kept ?? { local, stock: NEW_STOCK }].sort((a, b) => a.local.id - b.local.id);
}

export const setStock = (selected: LocalStock[], localId: number, stock: string) =>
  selected.map((s) => (s.local.id === localId ? { ...s, stock } : s));

/** The suggested price for a cost, both in cents: 3 times the cost plus 20 percent (× 3.6),
 * rounded to cents half away from zero. */
export const priceFromCost = (costoCents: number) => scaleCents(costoCents, 36, 10);

/** Typing a cost suggests the price; a blank or unreadable cost leaves the price as it is. */
export function typeCost(f: ProductFieldsValue, costo: string): ProductFieldsValue {
  const cents = parseCents(costo);
  return cents === null ? { ...f, costo } : { ...f, costo, precio: centsText(priceFromCost(cents)) };
}

/** Whether a name holds the search, ignoring accents and case (the brand and supplier boxes, the
 * mass update's type-ahead). */
export const matches = (nombre: string, search: string) => containsFolded(nombre, search);

/** Why the fields cannot be saved yet, in the form's order; empty when they can. Price is
 * required, cost optional; at least one branch (with a whole stock), a brand, one category and
 * one supplier. */
export function fieldsProblems(f: ProductFieldsValue): string[] {
  const problems: string[] = [];
  if (f.categorias.length === 0) problems.push(PROBLEMS.categoria);
  if (f.marca === null) problems.push(PROBLEMS.marca);
  const costo = readPesos(f.costo);
  if (costo.kind === 'invalid') problems.push(PROBLEMS.costo(costo.error));
  const precio = readPesos(f.precio);
  if (precio.kind === 'blank') problems.push(PROBLEMS.precioObligatorio);
  if (precio.kind === 'invalid') problems.push(PROBLEMS.precio(precio.error));
  if (f.productoLocales.length === 0) problems.push(PROBLEMS.local);
  for (const s of f.productoLocales) {
    const stock = readNumber(s.stock, WHOLE);
    if (stock.kind === 'blank') problems.push(PROBLEMS.stockVacio(s.local.nombre));
    if (stock.kind === 'invalid') problems.push(PROBLEMS.stock(s.local.nombre, stock.error));
  }
  if (f.proveedores.length === 0) problems.push(PROBLEMS.proveedor);
  return problems;
}

export const fieldsValid = (f: ProductFieldsValue) => fieldsProblems(f).length === 0;

/** Why the single product form cannot be saved yet. */
export const productProblems = (modelo: string, f: ProductFieldsValue) => [
  ...(modelo.trim() === '' ? [PROBLEMS.modelo] : []),
  ...fieldsProblems(f),
];

export const canSubmitProduct = (modelo: string, f: ProductFieldsValue) => productProblems(modelo, f).length === 0;

/** Why the bulk form cannot be saved yet: every model input is required. */
export const bulkProblems = (modelos: string[], f: ProductFieldsValue) => [
  ...(modelos.length === 0 || modelos.some((m) => m.trim() === '') ? [PROBLEMS.modelos] : []),
  ...fieldsProblems(f),
];

export const canSubmitBulk = (modelos: string[], f: ProductFieldsValue) => bulkProblems(modelos, f).length === 0;

export function fieldsFromProducto(p: Producto): ProductFieldsValue {
  const named = (r: NamedRef) => ({ id: r.id, nombre: r.nombre });
  return {
    marca: p.marca ? named(p.marca) : null,
    categorias: p.categorias.map(named),
    material: p.material ? named(p.material) : null,
    genero: p.genero ?? '',
    costo: p.costo == null ? '' : centsText(centsOf(p.costo)),
    precio: centsText(centsOf(p.precio)),
    descripcion: p.descripcion ?? '',
    productoLocales: p.productoLocales.map((s) => ({ local: named(s.local), stock: String(s.stock) })),
    proveedores: p.proveedores.map(named),
  };
}

/** The write body. Only cristal chosen: no material and no gender; a material without a name
 * counts as none. Call only when fieldsValid holds. */
export function productoBody(modelo: string, f: ProductFieldsValue, version?: number): ProductoBody {
  const cristal = onlyCristal(f.categorias);
  const material = !cristal && f.material && f.material.nombre?.trim() ? { id: f.material.id } : null;
  const body: ProductoBody = {
    modelo: modelo.trim(),
    marca: { id: f.marca!.id },
    categorias: f.categorias.map((c) => ({ id: c.id })),
    material,
    genero: cristal ? '' : (f.genero ?? ''),
    costo: f.costo.trim() === '' ? null : pesosOf(parseCents(f.costo) ?? 0),
    precio: pesosOf(parseCents(f.precio) ?? 0),
    descripcion: f.descripcion.trim(),
    productoLocales: f.productoLocales.map((s) => ({ local: { id: s.local.id }, stock: unitsOf(s.stock, WHOLE) ?? 0 })),
    proveedores: f.proveedores.map((p) => ({ id: p.id })),
  };
  return version === undefined ? body : { ...body, version };
}

export interface ModelCheck {
  /** Trimmed, blanks left out. */
  modelos: string[];
  /** Indexes of the inputs holding a forbidden character. */
  invalid: number[];
  forbidden: string[];
  /** Models typed more than once (any case), each listed once as first typed. */
  duplicates: string[];
}

const FORBIDDEN = /[.;/\\]/;

export function checkModels(inputs: string[]): ModelCheck {
  const invalid: number[] = [];
  const modelos: string[] = [];
  inputs.forEach((raw, i) => {
    const m = raw.trim();
    if (m === '') return;
    modelos.push(m);
    if (FORBIDDEN.test(m)) invalid.push(i);
  });
  const seen = new Map<string, number>();
  const duplicates: string[] = [];
  for (const m of modelos) {
    const key = m.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 2) duplicates.push(modelos.find((x) => x.toLowerCase() === key)!);
  }
  return { modelos, invalid, forbidden: invalid.map((i) => inputs[i].trim()), duplicates };
}

/** What the server compares against the brand's models: lower-cased, each once. */
export const modelsForServer = (modelos: string[]) => [...new Set(modelos.map((m) => m.trim().toLowerCase()))];

/** The page of a route parameter: zero-based, 0 when missing or not a page number. */
export function pageParam(param: string | undefined): number {
  const n = Number(param);
  return param !== undefined && /^\d+$/.test(param) && Number.isSafeInteger(n) ? n : 0;
}

export const percentageInRange = (valor: number) => valor >= 0 && valor <= 100;

/** How the mass update's value is read: a percentage (a dot is its decimal point; a negative one
 * is read, then refused by the range check with the specification's warning) or a new amount of
 * pesos. Two decimals either way. */
export const massValueRule = (tipoCambio: MassUpdateBody['tipoCambio']): NumberRule =>
  tipoCambio === 'porcentaje' ? { decimals: 2, negative: true, thousands: false, percent: true } : PESOS;

export const massUpdateConfirmText = (tipo: MassUpdateBody['tipo']) =>
  `Se actualizarán los ${tipo === 'precio' ? 'precios' : 'costos'} según los filtros aplicados.`;

export const stockFileName = (localNombre: string, today: Date = new Date()) =>
  `stock_${localNombre.trim().toLowerCase().replace(/\s+/g, '_')}_${isoDate(today)}.xlsx`;

/** The mensaje of a failed answer, else its joined errors; undefined when it has neither. */
export function answerMensaje(error: unknown): string | undefined {
  const data = (error as { data?: { mensaje?: unknown } } | undefined)?.data;
  if (data && typeof data === 'object' && typeof data.mensaje === 'string') return data.mensaje;
  return errorText(error);
}

/** The `?categoria=` of a list's URL: a category id, or undefined when absent or not an id. */
export function categoriaParam(param: string | null): number | undefined {
  if (param === null || !/^\d+$/.test(param)) return undefined;
  const n = Number(param);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A list page's path, keeping the category filter. */
export function listPath(base: string, page: number, categoria: number | undefined): string {
  return `${base}/${page}${categoria === undefined ? '' : `?categoria=${categoria}`}`;
}
