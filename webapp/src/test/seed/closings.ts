// The cash closing's answers as the server writes them: a branch's day in each state and the
// list of closings.
import type { CajaDia, CajaMetodo, Cierre } from '../../api/closings';

const metodo = (metodoPagoId: number, metodoPago: string, rest: Partial<CajaMetodo> = {}): CajaMetodo => ({
  metodoPagoId,
  metodoPago,
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
