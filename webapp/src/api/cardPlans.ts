// A card's plans in cuotas: the plans in force on a day (every staff member, for a payment), one
// payment method's plans with their history (admins), a new rate of a plan from a day on, and a
// plan no longer offered from a day on. Percentages arrive as JSON numbers of percent (10.5 is
// 10,5 %), days as yyyy-MM-dd. Shapes come from the server's OpenAPI document (schema.d.ts); the
// body sent is checked against it in contract.ts.
import type { PlanesGuardados, PlanesMetodo, PlanVigente } from './types';
import { api } from './base';
import { keyedPost, onAnswer } from './endpoints';

export type { PlanVigente, Tasa, PlanTarjeta, PlanesMetodo, PlanesGuardados } from './types';

export interface TasaBody {
  cuotas: number;
  /** Percent as es-AR writes it ('10,5'), up to two decimals, 0 to 200; '0' is 'sin interés'. */
  recargo: string;
  /** yyyy-MM-dd; the server's today when left out. */
  desde?: string;
}

/** The plans of the day `fecha` (yyyy-MM-dd), or of the server's today. */
export const planesPath = (fecha?: string) => (fecha ? `api/planesTarjeta?fecha=${fecha}` : 'api/planesTarjeta');

const metodoPath = (metodoPagoId: number) => `api/metodoPago/${metodoPagoId}/planes`;

// A change reads the plans of the day again (the movement form's, the collection's) and the
// storefront's 'cuotas sin interés'; the method's own plans come in its answer. A refusal reads the
// method's plans again: another admin may have changed them meanwhile.
const changed = (result: unknown, _error: unknown, { metodoPagoId }: { metodoPagoId: number }) =>
  result ? (['PlanVigente', 'Tienda'] as const) : [{ type: 'PlanTarjeta' as const, id: metodoPagoId }];

export const cardPlansApi = api
  .enhanceEndpoints({ addTagTypes: ['PlanTarjeta', 'PlanVigente', 'Tienda'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** Any staff member; sorted by method name (as Spanish sorts it), then cuotas. */
      planesTarjeta: build.query<PlanVigente[], string | undefined>({
        query: planesPath,
        // A method renamed or deleted shows in the plans too.
        providesTags: ['PlanVigente', { type: 'Lookup', id: '/api/metodoPago' }],
      }),
      /** Admins: sorted by cuotas. */
      planesMetodo: build.query<PlanesMetodo, number>({
        query: metodoPath,
        providesTags: (_result, _error, id) => [{ type: 'PlanTarjeta', id }],
      }),
      /** A plan's surcharge from a day on (a new plan, or a new rate of one). `idempotencyKey` is made
       * once per rate the admin means to save: a double click or a retry records it once. */
      fijarTasa: build.mutation<PlanesGuardados, { metodoPagoId: number; body: TasaBody; idempotencyKey: string }>({
        query: ({ metodoPagoId, body, idempotencyKey }) => keyedPost(metodoPath(metodoPagoId), body, idempotencyKey),
        invalidatesTags: changed,
        onQueryStarted: onAnswer((answer, { metodoPagoId }, dispatch) =>
          dispatch(cardPlansApi.util.upsertQueryData('planesMetodo', metodoPagoId, answer.planes)),
        ),
      }),
      /** The plan of `cuotas` no longer offered from `desde` on (the server's today when left out). */
      retirarPlan: build.mutation<
        PlanesGuardados,
        { metodoPagoId: number; cuotas: number; desde?: string; idempotencyKey: string }
      >({
        query: ({ metodoPagoId, cuotas, desde, idempotencyKey }) => ({
          url: `${metodoPath(metodoPagoId)}/${cuotas}${desde ? `?desde=${desde}` : ''}`,
          method: 'DELETE',
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: changed,
        onQueryStarted: onAnswer((answer, { metodoPagoId }, dispatch) =>
          dispatch(cardPlansApi.util.upsertQueryData('planesMetodo', metodoPagoId, answer.planes)),
        ),
      }),
    }),
  });

export const { usePlanesTarjetaQuery, usePlanesMetodoQuery, useFijarTasaMutation, useRetirarPlanMutation } =
  cardPlansApi;
