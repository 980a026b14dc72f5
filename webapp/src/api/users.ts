// The staff accounts, for admins: the list, a new account with its role and branch, a role or
// branch change, disabling and enabling, a new password. Each change ends the account's open
// sessions (its older tokens stop at their next request), and the server never lets the shop
// lose its last enabled admin (409). Shapes come from the server's OpenAPI document
// (schema.d.ts); the bodies sent are checked against it in contract.ts.
import type { Rol, Usuario, UsuarioGuardado } from './types';
import { api } from './base';
import { keyedPost, update } from './endpoints';

export type { Rol, Usuario, UsuarioGuardado } from './types';

export interface UsuarioBody {
  /** Without the spaces around it. */
  username: string;
  contrasena: string;
  rol: Rol;
  /** A seller's branch; an admin's is only a default, and may be none. */
  localId: number | null;
}

export interface RolBody {
  rol: Rol;
  localId: number | null;
}

export interface HabilitadoBody {
  habilitado: boolean;
}

export interface ContrasenaBody {
  contrasena: string;
}

/** `PUT api/usuarios/{id}/{step}` with the body. */
const step =
  <Body>(name: string) =>
  ({ id, body }: { id: number; body: Body }) => ({ url: `api/usuarios/${id}/${name}`, method: 'PUT', body });

// Every change reads the list again, a refusal too: a 409 may come from another admin's change
// meanwhile.
const changed = ['Usuario'] as const;

export const usersApi = api.enhanceEndpoints({ addTagTypes: ['Usuario'] }).injectEndpoints({
  endpoints: (build) => ({
    usuarios: build.query<Usuario[], void>({
      query: () => 'api/usuarios',
      providesTags: ['Usuario'],
    }),
    /** `idempotencyKey` is made once per opened dialog: a double click or a retry after a lost
     * answer creates one account (the server answers the first again). */
    crearUsuario: build.mutation<UsuarioGuardado, { body: UsuarioBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => keyedPost('api/usuarios', body, idempotencyKey),
      invalidatesTags: changed,
    }),
    cambiarRol: build.mutation<UsuarioGuardado, { id: number; body: RolBody }>({
      query: update<RolBody>('api/usuarios'),
      invalidatesTags: changed,
    }),
    habilitarUsuario: build.mutation<UsuarioGuardado, { id: number; body: HabilitadoBody }>({
      query: step<HabilitadoBody>('habilitado'),
      invalidatesTags: changed,
    }),
    cambiarContrasena: build.mutation<UsuarioGuardado, { id: number; body: ContrasenaBody }>({
      query: step<ContrasenaBody>('contrasena'),
      invalidatesTags: changed,
    }),
  }),
});

export const {
  useUsuariosQuery,
  useCrearUsuarioMutation,
  useCambiarRolMutation,
  useHabilitarUsuarioMutation,
  useCambiarContrasenaMutation,
} = usersApi;
