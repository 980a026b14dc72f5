// Staff accounts as the server lists them: the enabled first, then by name. Ana is the admin the
// tests log in as (adminToken), Beto a seller at Centro, Carla a disabled seller at Norte.
import type { Usuario } from '../../api/users';
import { seeded } from './defaults';

export const usuario = seeded<Usuario>(() => ({
  id: 1,
  username: 'ana',
  rol: 'ROLE_ADMIN',
  localId: null,
  local: null,
  habilitado: true,
}));

export const usuarios = (): Usuario[] => [
  usuario(),
  usuario({ id: 2, username: 'beto', rol: 'ROLE_VENDEDOR', localId: 1, local: 'Centro' }),
  usuario({ id: 3, username: 'carla', rol: 'ROLE_VENDEDOR', localId: 2, local: 'Norte', habilitado: false }),
];
