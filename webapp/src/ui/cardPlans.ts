import { usePlanesTarjetaQuery } from '../api/cardPlans';
import { recargoDe, type PlanPago } from '../lib/cuotas';

const NONE: PlanPago[] = [];

/**
 * The plans a payment by `metodoPagoId` can be charged on, on day `fecha` (yyyy-MM-dd; the
 * server's today when none), by cuotas: the server charges a payment in cuotas at the rate in
 * force on the payment's own day. One read per day, shared by every payment of that day; none
 * while it loads or when it fails (the payment is then typed as any other).
 */
export function usePlanesDelMetodo(metodoPagoId: number | null | undefined, fecha?: string): PlanPago[] {
  const { data } = usePlanesTarjetaQuery(fecha);
  if (!data || metodoPagoId == null) return NONE;
  return data
    .filter((p) => p.metodoPago.id === metodoPagoId)
    .map((p) => ({ cuotas: p.cuotas, recargo: recargoDe(p.recargo) }));
}
