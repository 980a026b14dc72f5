// The patient calls (spec 001 section 7, contract sections 3.3 and 4.3).
import type { Ficha, Graduacion, Paciente, PacientePage, PacienteSaved } from './types';
import { api } from './base';
import { collection } from './endpoints';

// Read shapes come from the server's OpenAPI document (scripts/gen-api); the body the form sends
// is a stricter form of the generated one (checked in contract.ts).
export type { Ojo, TipoVision, Graduacion, Cristal, Ficha, Paciente, PacientePage, PacienteSaved } from './types';

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

/** A patient's obra social as the form sends it: one of the shop's (`GET api/obrasSociales`), one
 * of its plans by name (blank when it has none) and the affiliate number on the patient's card. */
export interface AfiliacionBody {
  obraSocialId: number;
  plan: string;
  afiliado: string;
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
  /** The free text of the existing front end; the server writes '<obra social> <plan>' into it
   * when the patient has an obra social. */
  obraSocial: string | null;
  observaciones: string | null;
  genero: string;
  local: { id: number };
  historialFichas: FichaBody[];
  /** Always sent: the patient's obra social, or null for none. The server keeps the current one
   * only when the field is absent (the existing front end's edits), so leaving it out here would
   * never clear it. */
  afiliacion: AfiliacionBody | null;
  /** PUT only: the version the form loaded. */
  version?: number;
}

/** The two searches of the list; both answer pages. */
export type PacienteSearchBy = 'nombre' | 'documento';

export const patientsApi = api.injectEndpoints({
  endpoints: (build) => {
    const pacientes = collection<PacienteSaved, PacienteBody>(build, 'api/pacientes', ['Paciente']);
    return {
      pacientesPage: pacientes.read<PacientePage, number>((page) => `api/pacientes/paginado/${page}`),
      /** By name: contains, case- and accent-insensitive; by document: exact. */
      searchPacientes: pacientes.read<PacientePage, { by: PacienteSearchBy; text: string; page: number }>(
        ({ by, text, page }) =>
          by === 'nombre'
            ? `api/pacientes/buscar/nombre?nombre=${encodeURIComponent(text)}&page=${page}`
            : `api/pacientes/buscar/documento/${encodeURIComponent(text)}/page/${page}`,
      ),
      getPaciente: pacientes.read<Paciente, number>((id) => `api/pacientes/id/${id}`),
      createPaciente: pacientes.create,
      updatePaciente: pacientes.update,
      deletePaciente: pacientes.remove,
    };
  },
});

export const {
  usePacientesPageQuery,
  useLazySearchPacientesQuery,
  useGetPacienteQuery,
  useCreatePacienteMutation,
  useUpdatePacienteMutation,
  useDeletePacienteMutation,
} = patientsApi;
