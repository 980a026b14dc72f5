// A card payment in cuotas, computed as the server computes it (optica_events::card_plans): what
// the card is charged for what the sale receives, each instalment, and the words the receipt and
// the screens use. Integer cents and hundredths of a percent, never floats; the shared cases of
// tests/cases/card_plans.json hold both copies to the same results. Kept in the kernel because
// the movement form, the balance collection and the cash list all show it.
import { formatPesos, parseScaled, scaleCents } from './money';
import { formatUnits } from './numbers';

/** 100 % in hundredths of a percent. */
const CIEN = 10_000;

/** The most cuotas a plan may have, and the highest surcharge in hundredths (200 %): the
 * server's limits. */
export const MAX_CUOTAS = 36;
export const MAX_RECARGO = 20_000;

/** A plan as a payment records it: its cuotas and its surcharge in hundredths of a percent
 * (1000 is 10 %). */
export interface PlanPago {
  cuotas: number;
  recargo: number;
}

/** What the card is charged for `montoCents` with a surcharge of `recargo` hundredths of a
 * percent, rounded to the cent half away from zero. */
export const conRecargo = (montoCents: number, recargo: number) => scaleCents(montoCents, CIEN + recargo, CIEN);

/** Each instalment of `totalCents` in `cuotas`, rounded to the cent half away from zero (the
 * card's issuer settles the last cent). */
export const valorCuota = (totalCents: number, cuotas: number) =>
  cuotas > 0 ? scaleCents(totalCents, 1, cuotas) : totalCents;

/** A plan by its instalments: '1 pago', '3 cuotas' (the server's `plan_nombre`). */
export const cuotasNombre = (cuotas: number) => (cuotas === 1 ? '1 pago' : `${cuotas} cuotas`);

/** The instalments as the receipt prints them: '1 pago', '3 cuotas de $ 33.333,33'. */
export const cuotasTexto = (cuotas: number, valorCuotaCents: number) =>
  cuotas === 1 ? '1 pago' : `${cuotas} cuotas de ${formatPesos(valorCuotaCents)}`;

/** `cuotasTexto` of a total the card is charged. */
export const planTexto = (cuotas: number, totalCents: number) => cuotasTexto(cuotas, valorCuota(totalCents, cuotas));

/** A percentage in hundredths as the server writes it in its texts: '10', '12,5', '0,01'. */
const porcentaje = (hundredths: number) => formatUnits(hundredths, 2, { fixed: false, group: false });

/** A surcharge in words, as the server's messages say it: 'sin interés', '10 % de recargo'. */
export const recargoTexto = (recargo: number) =>
  recargo === 0 ? 'sin interés' : `${porcentaje(recargo)} % de recargo`;

/** A surcharge in a table's cell: 'sin interés', '10 %', '12,5 %'. */
export const recargoCorto = (recargo: number) => (recargo === 0 ? 'sin interés' : `${porcentaje(recargo)} %`);

/** A plan as a select offers it: '1 pago', '3 cuotas sin interés', '6 cuotas (10 % de recargo)'. */
export function planNombre({ cuotas, recargo }: PlanPago): string {
  const pagos = cuotasNombre(cuotas);
  if (recargo === 0) return cuotas === 1 ? pagos : `${pagos} sin interés`;
  return `${pagos} (${recargoTexto(recargo)})`;
}

/** A percentage the server sent (10.5) in hundredths (1050), read through its decimal text. */
export const recargoDe = (percent: number) => parseScaled(String(percent), 2) ?? Math.round(percent * 100);

/** Hundredths of a percent as the JSON number of percent the server reads back exactly. */
export const porcentajeDe = (hundredths: number) => hundredths / 100;
