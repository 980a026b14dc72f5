// The returns' rules, kept pure so they are tested alone: what of a sale can still come back,
// the estimated refund (a copy of the server's rule, command/src/movements/returns.rs `valorar`),
// why 'Devolver' is disabled and the body it sends. Money in integer cents (../lib/money).
import type { Movimiento } from '../../api/movements';
import type { DevolucionBody } from '../../api/movements';
import { centsOf, parseCents, pesosOf, readPesos } from '../../lib/money';
import { readNumber, WHOLE } from '../../lib/numbers';
import { PROBLEMS } from './messages';

/** 100% in hundredths of a percent, as the server keeps discounts. */
const FULL = 10_000;

/** One product of a sale (its lines together, in the order they were sold). */
export interface ProductoVendido {
  productoId: number;
  modelo: string;
  marca: string;
  /** Its lines' units and unit prices (cents), in order: returns take them from the first on. */
  lineas: { cantidad: number; precio: number }[];
  vendidas: number;
  devueltas: number;
  /** What can still come back. */
  quedan: number;
}

/** One additional line of a sale, by its position (from 0). */
export interface AdicionalVendido {
  posicion: number;
  descripcion: string;
  subtotal: number;
  devuelto: boolean;
}

export const isSale = (m: Pick<Movimiento, 'tipoMovimiento' | 'devolucionDe'>) =>
  m.tipoMovimiento === 'ENTRADA' && m.devolucionDe == null;

/** The sale's products, one per product (a product on several lines is one), first sold first.
 * A line whose product no longer exists cannot be named in a return and is left out. */
export function productosDe(venta: Movimiento): ProductoVendido[] {
  const byId = new Map<number, ProductoVendido>();
  for (const d of venta.detalles) {
    const id = d.producto?.id;
    if (id == null) continue;
    let p = byId.get(id);
    if (!p) {
      const devueltas = venta.devuelto.productos.find((x) => x.productoId === id)?.cantidad ?? 0;
      p = {
        productoId: id,
        modelo: d.producto?.modelo ?? '',
        marca: d.producto?.marca?.nombre ?? '',
        lineas: [],
        vendidas: 0,
        devueltas,
        quedan: 0,
      };
      byId.set(id, p);
    }
    p.lineas.push({ cantidad: d.cantidad, precio: centsOf(d.precioUnitario) });
    p.vendidas += d.cantidad;
  }
  const productos = [...byId.values()];
  for (const p of productos) p.quedan = Math.max(0, p.vendidas - p.devueltas);
  return productos;
}

export function adicionalesDe(venta: Movimiento): AdicionalVendido[] {
  return venta.detallesAdicionales.map((a, posicion) => ({
    posicion,
    descripcion: a.descripcion ?? '',
    subtotal: centsOf(a.subtotal),
    devuelto: venta.devuelto.adicionales.includes(posicion),
  }));
}

/** What a return asks for: units per product, positions of additional lines. */
export interface Pedido {
  productos: { productoId: number; cantidad: number }[];
  adicionales: number[];
}

/** The estimated return: its value after the sale's discount, the part that cancels what the
 * sale still owes, and the part paid back (the refund's total). Cents. */
export interface Estimacion {
  valor: number;
  credito: number;
  reintegro: number;
}

/** `value / divisor` rounded to the nearest, halves away from zero (the server's `div_round`). */
function divRound(value: number, divisor: number): number {
  const q = Math.trunc(value / divisor);
  const r = value - q * divisor;
  if (2 * Math.abs(r) >= divisor) return q + Math.sign(value);
  return q;
}

/** The gross value of `cantidad` units of `p` after the `antes` units returned before: the
 * lines' prices from the first line on, skipping what came back already. */
function brutoDe(p: ProductoVendido, antes: number, cantidad: number): number {
  let [skip, take, bruto] = [antes, cantidad, 0];
  for (const l of p.lineas) {
    const here = Math.max(0, l.cantidad - skip);
    skip = Math.max(0, skip - l.cantidad);
    const now = Math.min(here, take);
    bruto += l.precio * now;
    take -= now;
  }
  return bruto;
}

/**
 * The server's value of a return (command/src/movements/returns.rs `valorar`): the units at their
 * lines' prices and the additional lines' subtotals, less the sale's discount, rounded to the
 * cent; the return that completes the sale takes what is left of its total. Of the value, what
 * the sale still owes (`deuda`, already less the earlier returns' credit) is credited first; the
 * rest is refunded.
 *
 * The earlier returns' value is the server's own sum (`devuelto.valor`), so the estimate is exact.
 */
export function estimar(venta: Movimiento, pedido: Pedido): Estimacion {
  const productos = productosDe(venta);
  const adicionales = adicionalesDe(venta);
  const descuento = Math.round((venta.descuento ?? 0) * 100);
  const neto = (bruto: number) => divRound(bruto * (FULL - descuento), FULL);
  const asked = new Map<number, number>();
  for (const l of pedido.productos) {
    if (l.cantidad > 0) asked.set(l.productoId, (asked.get(l.productoId) ?? 0) + l.cantidad);
  }
  let bruto = 0;
  for (const p of productos) {
    const cantidad = Math.min(asked.get(p.productoId) ?? 0, p.quedan);
    bruto += brutoDe(p, p.devueltas, cantidad);
  }
  const elegidos = new Set(pedido.adicionales);
  for (const a of adicionales) if (elegidos.has(a.posicion) && !a.devuelto) bruto += a.subtotal;

  const total = centsOf(venta.total);
  const antes = centsOf(venta.devuelto.valor);
  const pendiente = total - antes;
  const completes =
    venta.detalles.every((d) => d.producto != null) &&
    productos.every((p) => p.devueltas + (asked.get(p.productoId) ?? 0) >= p.vendidas) &&
    adicionales.every((a) => a.devuelto || elegidos.has(a.posicion));
  const valor = Math.max(0, completes ? pendiente : Math.min(neto(bruto), pendiente));
  const credito = Math.min(valor, Math.max(0, centsOf(venta.deuda)));
  return { valor, credito, reintegro: valor - credito };
}

/** What the dialog holds: the quantities as typed by product id, the chosen additional lines,
 * the refund's method and the returning branch (0: none). */
export interface Devolucion {
  cantidades: Record<number, string>;
  adicionales: number[];
  metodoPagoId: number;
  localId: number;
  /** Part of the refund by a second method (0: none), as typed; the first method gives the rest. */
  otroMetodoId: number;
  otroMonto: string;
}

/** The method the refund goes back by to start with: the one the sale took most money by (the
 * customer who paid by card gets it back on the card), else the shop's first. */
export function metodoDeLaVenta(venta: Movimiento, primero: number): number {
  const porMetodo = new Map<number, number>();
  for (const p of venta.cajaMovimientos) {
    const id = p.metodoPago?.id;
    if (id != null) porMetodo.set(id, (porMetodo.get(id) ?? 0) + centsOf(p.monto));
  }
  let [elegido, mayor] = [primero, 0];
  for (const [id, cents] of porMetodo) {
    if (cents > mayor) [elegido, mayor] = [id, cents];
  }
  return elegido;
}

export const devolucionInicial = (metodoPagoId: number, localId: number): Devolucion => ({
  cantidades: {},
  adicionales: [],
  metodoPagoId,
  localId,
  otroMetodoId: 0,
  otroMonto: '',
});

/** The refund split: what goes back by the first method and by the second (cents); `null` when
 * the second is not used. The server checks that the parts add up to the refund (`reintegros`). */
export function reparto(d: Devolucion, reintegro: number): { primero: number; otro: number } | null {
  if (!d.otroMetodoId) return null;
  const otro = parseCents(d.otroMonto) ?? 0;
  return { primero: reintegro - otro, otro };
}

/** The units typed for each product that reads as a whole number above 0. */
export function pedidoDe(venta: Movimiento, d: Devolucion): Pedido {
  const productos = productosDe(venta).flatMap((p) => {
    const r = readNumber(d.cantidades[p.productoId] ?? '', WHOLE);
    return r.kind === 'number' && r.units > 0 ? [{ productoId: p.productoId, cantidad: r.units }] : [];
  });
  const libres = new Set(adicionalesDe(venta).flatMap((a) => (a.devuelto ? [] : [a.posicion])));
  const adicionales = [...new Set(d.adicionales)].filter((i) => libres.has(i)).sort((a, b) => a - b);
  return { productos, adicionales };
}

/** Why 'Devolver' is disabled; empty when it is not. The limits are the server's, in its words. */
export function devolucionProblems(venta: Movimiento, d: Devolucion, admin: boolean): string[] {
  const problems: string[] = [];
  for (const p of productosDe(venta)) {
    const r = readNumber(d.cantidades[p.productoId] ?? '', WHOLE);
    if (r.kind === 'invalid') problems.push(PROBLEMS.cantidad(p.modelo, r.error));
    if (r.kind === 'number' && r.units > p.quedan) problems.push(PROBLEMS.excede(p.modelo, p.quedan));
  }
  const pedido = pedidoDe(venta, d);
  if (problems.length === 0 && pedido.productos.length === 0 && pedido.adicionales.length === 0) {
    problems.push(PROBLEMS.nada);
  }
  const reintegro = problems.length === 0 ? estimar(venta, pedido).reintegro : 0;
  if (problems.length === 0 && !d.metodoPagoId && reintegro > 0) {
    problems.push(PROBLEMS.sinMetodo);
  }
  const partes = reparto(d, reintegro);
  if (partes && problems.length === 0) {
    if (d.otroMetodoId === d.metodoPagoId) problems.push(PROBLEMS.otroMismoMetodo);
    else if (readPesos(d.otroMonto).kind === 'invalid') problems.push(PROBLEMS.otroMontoInvalido);
    else if (partes.otro <= 0 || partes.primero <= 0) problems.push(PROBLEMS.otroMonto(reintegro));
  }
  if (admin && !d.localId) problems.push(PROBLEMS.sinLocal);
  return problems;
}

/** Whether the server asks the cashier to confirm before the refund leaves the drawer (409 with
 * `confirmar`). */
export const pideConfirmar = (error: unknown) =>
  (error as { status?: unknown; data?: { confirmar?: unknown } } | undefined)?.status === 409 &&
  (error as { data?: { confirmar?: unknown } }).data?.confirmar === true;

/** The return's body: the method when one is chosen (the server needs it only for a refund), the
 * branch only for admins. */
export function devolucionBody(venta: Movimiento, d: Devolucion, admin: boolean): DevolucionBody {
  const pedido = pedidoDe(venta, d);
  const body: DevolucionBody = { lineas: pedido.productos, adicionales: pedido.adicionales };
  const partes = reparto(d, estimar(venta, pedido).reintegro);
  if (partes && d.metodoPagoId) {
    body.reintegros = [
      { metodoPagoId: d.metodoPagoId, monto: pesosOf(partes.primero) },
      { metodoPagoId: d.otroMetodoId, monto: pesosOf(partes.otro) },
    ];
  } else if (d.metodoPagoId) body.metodoPagoId = d.metodoPagoId;
  if (admin && d.localId) body.localId = d.localId;
  return body;
}
