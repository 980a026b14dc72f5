// The obras sociales: every staff member reads them (the patient form chooses a patient's from
// them), admins create, change and delete them. Each has its CUIT and plans, and each plan what it
// covers of lenses and of frames (a percentage, a cap or both). Percentages arrive as JSON numbers
// of percent (40.0 is 40 %), caps as pesos. Shapes come from the server's OpenAPI document
// (schema.d.ts); the body sent is checked against it in contract.ts.
import type { DeudaObraSocial, ObraSocial, ObraSocialGuardada } from './types';
import { api } from './base';
import { keyedPost, remove, update } from './endpoints';

export type {
  Afiliacion,
  CoberturaPlan,
  DeudaObraSocial,
  ObraSocial,
  ObraSocialGuardada,
  PlanObraSocial,
} from './types';

/** What a plan covers of one kind of item, as the form sends it. */
export interface CoberturaBody {
  /** Percent as es-AR writes it ('40', '12,5'), up to two decimals, 0 to 100; null: none. */
  porcentaje: string | null;
  /** Pesos; null: no cap. */
  tope: number | null;
}

export interface PlanBody {
  nombre: string;
  cristales: CoberturaBody;
  armazones: CoberturaBody;
  requiereReceta: boolean;
  /** Days a prescription stays valid, 1 to 730; null: any age. */
  validezRecetaDias: number | null;
}

/** What the form sends, on create and on edit alike: the plans left out are removed. */
export interface ObraSocialBody {
  nombre: string;
  /** The eleven digits (the server takes dashes too). */
  cuit: string;
  planes: PlanBody[];
}

const PATH = 'api/obrasSociales';

// A change reads the list again, a refusal too (another admin may have changed it meanwhile), and
// the patients: their obra social is read with its name as it is now.
const changed = ['ObraSocial', 'Paciente'] as const;

export const insurersApi = api.enhanceEndpoints({ addTagTypes: ['ObraSocial', 'DeudaObraSocial'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Any staff member; sorted by name. */
    obrasSociales: build.query<ObraSocial[], void>({
      query: () => PATH,
      providesTags: ['ObraSocial'],
    }),
    /** Admins: what each owes for its part of the covered sales (and of it, what was not
     * presented in a liquidación yet), largest first. Read afresh each time (a sale anywhere
     * changes it); the liquidaciones' commands read it again too (api/settlements.ts). */
    deudasObrasSociales: build.query<DeudaObraSocial[], void>({
      query: () => `${PATH}/deudas`,
      providesTags: ['DeudaObraSocial'],
    }),
    obraSocial: build.query<ObraSocial, number>({
      query: (id) => `${PATH}/${id}`,
      providesTags: ['ObraSocial'],
    }),
    /** `idempotencyKey` is made once per opened form: a double click or a retry after a lost
     * answer creates one obra social (the server answers the first again). */
    crearObraSocial: build.mutation<ObraSocialGuardada, { body: ObraSocialBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => keyedPost(PATH, body, idempotencyKey),
      invalidatesTags: changed,
    }),
    actualizarObraSocial: build.mutation<ObraSocialGuardada, { id: number; body: ObraSocialBody }>({
      query: update<ObraSocialBody>(PATH),
      invalidatesTags: changed,
    }),
    /** Refused (409) while a patient or a sale names it. */
    eliminarObraSocial: build.mutation<{ mensaje: string }, number>({
      query: remove(PATH),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useObrasSocialesQuery,
  useObraSocialQuery,
  useDeudasObrasSocialesQuery,
  useCrearObraSocialMutation,
  useActualizarObraSocialMutation,
  useEliminarObraSocialMutation,
} = insurersApi;
