// The liquidaciones (admins): an obra social's covered sales of a month that were not presented
// yet; presenting them; the obra social's payments by bank transfer (never cash) with what it
// rejected of each sale (débitos) and why; billing a débito to the sale's patient; and the
// liquidación as a workbook and as the PDF handed to the obra social. Shapes come from the
// server's OpenAPI document (schema.d.ts); the bodies sent are checked against it in
// contract.ts.
import type { Liquidacion, LiquidacionDetalle, LiquidacionGuardada, VentaCubierta } from './types';
import { api } from './base';
import { download, keyedPost, whenSaved } from './endpoints';

export type {
  CobroLiquidacion,
  EstadoLiquidacion,
  LineaCubierta,
  Liquidacion,
  LiquidacionDetalle,
  LiquidacionGuardada,
  VentaCubierta,
  VentaPresentada,
} from './types';

/** 'Presentar liquidación': the chosen sales of one obra social's month, as the pending list
 * showed them. */
export interface PresentarBody {
  obraSocialId: number;
  /** `aaaa-mm`. */
  mes: string;
  /** The sales' ids (movimientoId). */
  ventas: number[];
}

/** What the obra social rejected of one presented sale, and why. */
export interface DebitoLiquidacionBody {
  movimientoId: number;
  /** Pesos (the server also reads es-AR text). */
  monto: number;
  motivo: string;
}

/** A payment the obra social made by bank transfer. */
export interface CobroLiquidacionBody {
  /** `aaaa-mm-dd`, the day the transfer arrived: from the presentation to today. */
  fecha: string;
  /** The transfer's (or the receipt's) number. */
  referencia: string;
  /** Pesos received; 0 for a payment that only records débitos. */
  monto: number;
  debitos: DebitoLiquidacionBody[];
}

/** The month whose pending sales are read: one obra social's, `aaaa-mm`. */
export interface PendientesFiltro {
  obraSocialId: number;
  mes: string;
}

const PATH = 'api/liquidaciones';

/** The file names the server gives the liquidación's workbook and PDF. */
export const liquidacionFileName = (l: { id: number; mes: string }, extension: 'xlsx' | 'pdf') =>
  `liquidacion_${l.id}_${l.mes}.${extension}`;

// A command changes the liquidación, its list, the sales waiting to be presented and what the
// obras sociales owe; a refusal reads the liquidaciones again (another admin may have recorded
// a payment meanwhile). Billing a débito also grows the sale's balance.
const changed = ['Liquidacion', 'DeudaObraSocial'] as const;
const billed = [...changed, 'Movimiento', 'Saldo'] as const;

export const settlementsApi = api
  .enhanceEndpoints({ addTagTypes: ['Liquidacion', 'DeudaObraSocial', 'Movimiento', 'Saldo'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The covered sales of an obra social dated in the month that no liquidación presented;
       * 400 `{ mensaje }` for a month the server cannot read. */
      liquidacionesPendientes: build.query<VentaCubierta[], PendientesFiltro>({
        query: ({ obraSocialId, mes }) =>
          `${PATH}/pendientes?obraSocialId=${obraSocialId}&mes=${encodeURIComponent(mes)}`,
        providesTags: ['Liquidacion'],
      }),
      /** The liquidaciones of one obra social (0: of every one), the latest month first. */
      liquidaciones: build.query<Liquidacion[], number>({
        query: (obraSocialId) => (obraSocialId ? `${PATH}?obraSocialId=${obraSocialId}` : PATH),
        providesTags: ['Liquidacion'],
      }),
      liquidacion: build.query<LiquidacionDetalle, number>({
        query: (id) => `${PATH}/${id}`,
        providesTags: ['Liquidacion'],
      }),
      /** `idempotencyKey` is made once per opened form: a double click or a retry after a lost
       * answer presents the sales once (the server answers the first again). 400 `{ errors }`. */
      presentarLiquidacion: build.mutation<LiquidacionGuardada, { body: PresentarBody; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => keyedPost(PATH, body, idempotencyKey),
        invalidatesTags: whenSaved(changed, ['Liquidacion']),
      }),
      /** A payment with its débitos; the key is made once per opened form. 400 `{ errors }`. */
      registrarCobroLiquidacion: build.mutation<
        LiquidacionGuardada,
        { id: number; body: CobroLiquidacionBody; idempotencyKey: string }
      >({
        query: ({ id, body, idempotencyKey }) => keyedPost(`${PATH}/${id}/cobros`, body, idempotencyKey),
        invalidatesTags: whenSaved(changed, ['Liquidacion']),
      }),
      /** Bills the patient of sale `movimientoId` what the obra social rejected of it and was not
       * billed yet: the sale's balance grows by it. */
      facturarDebito: build.mutation<LiquidacionGuardada, { id: number; movimientoId: number; idempotencyKey: string }>(
        {
          query: ({ id, movimientoId, idempotencyKey }) =>
            keyedPost(`${PATH}/${id}/debitos/${movimientoId}/facturar`, {}, idempotencyKey),
          invalidatesTags: whenSaved(billed, ['Liquidacion']),
        },
      ),
      /** Fetches the liquidación's workbook (or PDF) with the session's token and saves it under
       * the server's name; the Blob never enters the store. */
      liquidacionArchivo: build.mutation<null, { liquidacion: { id: number; mes: string }; tipo: 'excel' | 'pdf' }>({
        queryFn: download(
          ({ liquidacion, tipo }: { liquidacion: { id: number; mes: string }; tipo: 'excel' | 'pdf' }) => ({
            request: { url: `${PATH}/${liquidacion.id}/${tipo}` },
            fileName: liquidacionFileName(liquidacion, tipo === 'excel' ? 'xlsx' : 'pdf'),
          }),
        ),
      }),
    }),
  });

export const {
  useLiquidacionesPendientesQuery,
  useLiquidacionesQuery,
  useLiquidacionQuery,
  usePresentarLiquidacionMutation,
  useRegistrarCobroLiquidacionMutation,
  useFacturarDebitoMutation,
  useLiquidacionArchivoMutation,
} = settlementsApi;
