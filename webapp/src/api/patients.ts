// The patient calls (spec 001 section 7, contract sections 3.3 and 4.3).
import type { Accepts } from './types';
import { api } from './base';
import type { components } from './schema';

// Read shapes come from the server's OpenAPI document (scripts/gen-api); the body the form sends
// is a stricter form of the generated one (checked at the end of this file).
export type Ojo = components['schemas']['Ojo'];
export type TipoVision = components['schemas']['TipoVision'];
export type Graduacion = components['schemas']['Graduacion'];
/** A lens recorded on a ficha (added by the cash box when a crystal is sold). */
export type Cristal = components['schemas']['Cristal'];
/** One prescription record (ficha de graduación); `id` is numbered per patient. */
export type Ficha = components['schemas']['Ficha'];
/** A patient; `version` goes back with an edit so the server keeps what others added since. */
export type Paciente = components['schemas']['Paciente'];
/** A page of 12 patients (Spring's page shape). */
export type PacientePage = components['schemas']['Page_Paciente'];

export type GraduacionBody = Graduacion;

/** A lens to keep; `id` only when it came from the server. */
export interface CristalBody {
  id?: number;
  nombre: string | null;
  fecha: string | null;
}

/** A ficha to keep; `id` only when it came from the server (new fichas omit it). */
export interface FichaBody extends Omit<Ficha, 'id' | 'cristales'> {
  id?: number;
  cristales: CristalBody[];
}

/** What the form sends. A ficha or crystal left out is removed; the server keeps what others
 * added since `version`. */
export interface PacienteBody {
  nombreCompleto: string;
  direccion: string | null;
  celular: string;
  documento: string | null;
  correo: string | null;
  medico: string | null;
  obraSocial: string | null;
  observaciones: string | null;
  genero: string;
  local: { id: number };
  historialFichas: FichaBody[];
  /** PUT only: the version the form loaded. */
  version?: number;
}

/** A create's or an edit's answer: the record as the server reads it now. */
export type PacienteSaved = components['schemas']['PacienteGuardado'];

/** The two searches of the list; both answer pages. */
export type PacienteSearchBy = 'nombre' | 'documento';

const tags = ['Paciente'] as const;

export const patientsApi = api.injectEndpoints({
  endpoints: (build) => ({
    pacientesPage: build.query<PacientePage, number>({
      query: (page) => `api/pacientes/paginado/${page}`,
      providesTags: tags,
    }),
    /** By name: contains, case- and accent-insensitive; by document: exact. */
    searchPacientes: build.query<PacientePage, { by: PacienteSearchBy; text: string; page: number }>({
      query: ({ by, text, page }) =>
        by === 'nombre'
          ? `api/pacientes/buscar/nombre?nombre=${encodeURIComponent(text)}&page=${page}`
          : `api/pacientes/buscar/documento/${encodeURIComponent(text)}/page/${page}`,
      providesTags: tags,
    }),
    getPaciente: build.query<Paciente, number>({
      query: (id) => `api/pacientes/id/${id}`,
      providesTags: tags,
    }),
    createPaciente: build.mutation<PacienteSaved, PacienteBody>({
      query: (body) => ({ url: 'api/pacientes', method: 'POST', body }),
      invalidatesTags: tags,
    }),
    updatePaciente: build.mutation<PacienteSaved, { id: number; body: PacienteBody }>({
      query: ({ id, body }) => ({ url: `api/pacientes/${id}`, method: 'PUT', body }),
      invalidatesTags: tags,
    }),
    deletePaciente: build.mutation<{ mensaje: string }, number>({
      query: (id) => ({ url: `api/pacientes/${id}`, method: 'DELETE' }),
      invalidatesTags: tags,
    }),
  }),
});

export const {
  usePacientesPageQuery,
  useLazySearchPacientesQuery,
  useGetPacienteQuery,
  useCreatePacienteMutation,
  useUpdatePacienteMutation,
  useDeletePacienteMutation,
} = patientsApi;

/** Fails to compile when the form's body stops being one the server accepts. */
export type CheckedBodies = [Accepts<components['schemas']['PacienteBody'], PacienteBody>];
