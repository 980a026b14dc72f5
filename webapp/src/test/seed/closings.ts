// The cash closing's answers as the server writes them: a branch's day in each state (also with
// a card counted per plan in cuotas) and the list of closings.
import type { CajaDia, CajaMetodo, Cierre, LineaEsperado, MetodoEsperado } from '../../api/closings';

const metodo = (metodoPagoId: number, metodoPago: string, rest: Partial<CajaMetodo> = {}): CajaMetodo => ({
  metodoPagoId,
  metodoPago,
  cuotas: null,
  fondo: 0,
  esperado: null,
  contado: null,
  diferencia: null,
  ...rest,
});

/** Centro's day of 21/11/2026, not opened yet: Efectivo and Tarjeta. */
export const cajaSinAbrir = (rest: Partial<CajaDia> = {}): CajaDia => ({
  localId: 1,
  local: 'Centro',
  fecha: '2026-11-21',
  estado: 'SIN_ABRIR',
  conteos: 0,
  motivo: null,
  reaperturas: 0,
  motivoReapertura: null,
  metodos: [metodo(1, 'Efectivo'), metodo(2, 'Tarjeta')],
  ...rest,
});

/** Opened with $ 1.000 of cash, not counted yet: nothing expected is shown. */
export const cajaAbierta = (rest: Partial<CajaDia> = {}): CajaDia =>
  cajaSinAbrir({ estado: 'ABIERTA', metodos: [metodo(1, 'Efectivo', { fondo: 1000 }), metodo(2, 'Tarjeta')], ...rest });

/** Counted $ 2.900 of cash against $ 3.000 expected (a sale of $ 2.000, $ 800 of it by card):
 * $ 100 missing, no reason yet. */
export const cajaContada = (rest: Partial<CajaDia> = {}): CajaDia =>
  cajaAbierta({
    conteos: 1,
    metodos: [
      metodo(1, 'Efectivo', { fondo: 1000, esperado: 2200, contado: 2100, diferencia: -100 }),
      metodo(2, 'Tarjeta', { esperado: 800, contado: 800, diferencia: 0 }),
    ],
    ...rest,
  });

/** Closed with the reason. */
export const cajaCerrada = (rest: Partial<CajaDia> = {}): CajaDia =>
  cajaContada({ estado: 'CERRADA', conteos: 2, motivo: 'Vuelto mal dado', ...rest });

export const cierre = (rest: Partial<Cierre> = {}): Cierre => ({
  localId: 1,
  local: 'Centro',
  fecha: '2026-11-21',
  estado: 'CERRADA',
  conteos: 2,
  esperado: 3000,
  contado: 2900,
  diferencia: -100,
  motivo: 'Vuelto mal dado',
  reaperturas: 0,
  motivoReapertura: null,
  ...rest,
});

/** A card plan's line: the server names it by its card ('Tarjeta') and its cuotas. */
const plan = (cuotas: number, rest: Partial<CajaMetodo> = {}) => metodo(2, 'Tarjeta', { cuotas, ...rest });

/** Tarjeta with its plans of 3 and 6 cuotas in force, each a line after the card's own, as the
 * server orders them. */
const tarjetaConPlanes = (
  propia: Partial<CajaMetodo> = {},
  tres: Partial<CajaMetodo> = {},
  seis: Partial<CajaMetodo> = {},
) => [metodo(2, 'Tarjeta', propia), plan(3, tres), plan(6, seis)];

/** A day not opened yet while Tarjeta has plans of 3 and 6 cuotas. */
export const cajaConPlanes = (rest: Partial<CajaDia> = {}): CajaDia =>
  cajaSinAbrir({ metodos: [metodo(1, 'Efectivo'), ...tarjetaConPlanes()], ...rest });

/** Opened with $ 1.000 of cash while Tarjeta has plans: the blind count asks for every line. */
export const cajaAbiertaConPlanes = (rest: Partial<CajaDia> = {}): CajaDia =>
  cajaAbierta({ metodos: [metodo(1, 'Efectivo', { fondo: 1000 }), ...tarjetaConPlanes()], ...rest });

/** Tarjeta counted plan by plan: $ 300 without a plan and $ 600 in 3 cuotas match, $ 800 counted in
 * 6 cuotas against $ 900: $ 100 missing there. */
export const cajaContadaPorPlan = (rest: Partial<CajaDia> = {}): CajaDia =>
  cajaAbiertaConPlanes({
    conteos: 1,
    metodos: [
      metodo(1, 'Efectivo', { fondo: 1000, esperado: 2200, contado: 2200, diferencia: 0 }),
      ...tarjetaConPlanes(
        { esperado: 300, contado: 300, diferencia: 0 },
        { esperado: 600, contado: 600, diferencia: 0 },
        { esperado: 900, contado: 800, diferencia: -100 },
      ),
    ],
    ...rest,
  });

/** The same day with Tarjeta counted whole: its $ 1.800 (plans and all) on its own line, zero on
 * its plans, as the server answers a card counted whole. */
export const cajaContadaEntera = (rest: Partial<CajaDia> = {}): CajaDia =>
  cajaAbiertaConPlanes({
    conteos: 1,
    metodos: [
      metodo(1, 'Efectivo', { fondo: 1000, esperado: 2200, contado: 2200, diferencia: 0 }),
      ...tarjetaConPlanes(
        { esperado: 1800, contado: 1700, diferencia: -100 },
        { esperado: 0, contado: 0, diferencia: 0 },
        { esperado: 0, contado: 0, diferencia: 0 },
      ),
    ],
    ...rest,
  });

/** What makes up Tarjeta's expected figure on those days (`GET …/esperado`, per method): $ 300
 * without a plan, a sale of $ 600 in 3 cuotas, and $ 900 in 6 cuotas (a sale and a collection). */
export const esperadoTarjeta = (): MetodoEsperado => {
  const venta = (rest: Partial<LineaEsperado>): LineaEsperado => ({
    partida: 'VENTA',
    concepto: 'Venta 0001-00000005',
    fecha: '2026-11-21T10:00:00',
    monto: 300,
    movimientoId: 5,
    abrible: true,
    cuotas: null,
    ...rest,
  });
  return {
    metodoPagoId: 2,
    metodoPago: 'Tarjeta',
    esperado: 1800,
    lineas: [
      venta({}),
      venta({ concepto: 'Venta 0001-00000006 · 3 cuotas', movimientoId: 6, monto: 600, cuotas: 3 }),
      venta({ concepto: 'Venta 0001-00000007 · 6 cuotas', movimientoId: 7, monto: 500, cuotas: 6 }),
      venta({
        partida: 'COBRO',
        concepto: 'Cobro de la venta 0001-00000004 del 20/11/2026 · 6 cuotas',
        movimientoId: 9,
        monto: 400,
        cuotas: 6,
      }),
    ],
  };
};
