// The movement form's product lines (with the branch's stock) and additional lines, kept pure so
// they are tested alone (spec 001 sections 4 and 5). Amounts in integer cents (lib/money).
import type { Producto } from '../../api/products';
import { centsOf, parseCents } from '../../lib/money';
import { unitsOf, type NumberRule } from '../../lib/numbers';
import type { AdicionalForm, LineaForm, MovementForm } from './rules';

// ------------------------------------------------------------------------------ product lines

/** A quantity: a whole number. A negative one is read (then made 0 with the specification's
 * warning); '1,5' is refused, not cut to 1. */
export const CANTIDAD: NumberRule = { decimals: 0, negative: true };

/** A quantity as typed; blank or unreadable counts 0 (and the form cannot be saved). */
export const cantidadOf = (text: string) => unitsOf(text, CANTIDAD) ?? 0;

/** Subtotal of a line: cantidad × precioUnitario, in cents. */
export const lineaSubtotal = (l: LineaForm) => cantidadOf(l.cantidad) * l.precioCents;

/** The product's stock at a branch (0 when it is not offered there). */
export const stockEn = (p: Producto, localId: number | null) =>
  p.productoLocales.find((pl) => pl.local.id === localId)?.stock ?? 0;

/** What the movement may take of a product: the branch's stock, plus what the loaded movement
 * already took there (an edit gives that back before taking again). */
export function disponible(form: MovementForm, p: Producto): number {
  const back = form.tomado.localId === form.localId ? (form.tomado.cantidades[p.id] ?? 0) : 0;
  return stockEn(p, form.localId) + back;
}

export type StockProblem = 'sinStock' | 'superaStock';

/** Adds one of a product: a new line, or one more on its line. Refused without stock. */
export function addProducto(form: MovementForm, p: Producto): { form: MovementForm; problem?: StockProblem } {
  const available = disponible(form, p);
  if (available <= 0) return { form, problem: 'sinStock' };
  const line = form.lineas.find((l) => l.producto?.id === p.id);
  if (line) {
    const cantidad = cantidadOf(line.cantidad) + 1;
    if (cantidad > available) return { form, problem: 'superaStock' };
    return {
      form: { ...form, lineas: form.lineas.map((l) => (l === line ? { ...l, cantidad: String(cantidad) } : l)) },
    };
  }
  const seq = form.seq + 1;
  const nueva: LineaForm = { key: `nuevo-${seq}`, producto: p, cantidad: '1', precioCents: centsOf(p.precio) };
  return { form: { ...form, seq, lineas: [...form.lineas, nueva] } };
}

/** Types a quantity: a negative one becomes 0, one above the stock becomes the stock. */
export function setCantidad(
  form: MovementForm,
  key: string,
  text: string,
): { form: MovementForm; problem?: 'negativa' | 'superaStock' } {
  const line = form.lineas.find((l) => l.key === key);
  if (!line) return { form };
  let cantidad = text;
  let problem: 'negativa' | 'superaStock' | undefined;
  const n = unitsOf(text, CANTIDAD);
  if (n !== null) {
    const available = line.producto ? disponible(form, line.producto) : Infinity;
    if (n < 0) [cantidad, problem] = ['0', 'negativa'];
    else if (n > available) [cantidad, problem] = [String(Math.max(available, 0)), 'superaStock'];
  }
  return { form: { ...form, lineas: form.lineas.map((l) => (l === line ? { ...l, cantidad } : l)) }, problem };
}

export const removeLinea = (form: MovementForm, key: string): MovementForm => ({
  ...form,
  lineas: form.lineas.filter((l) => l.key !== key),
});

// ------------------------------------------------------------------------------ additional lines

/** A typed additional line can be added with a description and an amount. */
export const canAddAdicional = (descripcion: string, subtotal: string) =>
  descripcion.trim() !== '' && parseCents(subtotal) !== null;

export function addAdicional(form: MovementForm, descripcion: string, subtotal: string): MovementForm {
  if (!canAddAdicional(descripcion, subtotal)) return form;
  const seq = form.seq + 1;
  const nuevo: AdicionalForm = {
    key: `nuevo-${seq}`,
    descripcion: descripcion.trim(),
    subtotalCents: parseCents(subtotal)!,
  };
  return { ...form, seq, adicionales: [...form.adicionales, nuevo] };
}

export const removeAdicional = (form: MovementForm, key: string): MovementForm => ({
  ...form,
  adicionales: form.adicionales.filter((a) => a.key !== key),
});
