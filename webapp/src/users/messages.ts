// The texts the staff accounts' screen shows in its alerts, confirmations and notices, through
// ../app/alerts: titles first, then the messages and why a button waits.
import { confirmation } from '../app/confirmations';
import { COMMON_MESSAGES, REFUSAL_TITLES } from '../app/words';

export const TITLES = {
  ...REFUSAL_TITLES,
  creado: 'USUARIO CREADO',
  actualizado: 'USUARIO ACTUALIZADO',
  habilitado: 'USUARIO HABILITADO',
  deshabilitado: 'USUARIO DESHABILITADO',
  contrasena: 'CONTRASEÑA CAMBIADA',
} as const;

export const MESSAGES = {
  ...COMMON_MESSAGES,
  enviando: 'Enviando...',
  listaFallo: 'No se pudieron cargar los usuarios.',
  sinUsuarios: 'No hay usuarios.',
  ayuda:
    'Cada cambio en una cuenta (rol, local, contraseña o estado) cierra sus sesiones abiertas: esa persona vuelve a ingresar para seguir.',
  propia: 'Es tu cuenta: al guardar se cierra tu sesión y tenés que ingresar de nuevo.',
  rolAyuda: 'Un vendedor trabaja en su local; un administrador ve todos los locales.',
  localAdmin: 'Para un administrador el local es opcional: es el que las pantallas eligen primero.',
} as const;

/** 'Deshabilitar' asks first: the account can no longer log in and its open sessions end. */
export const disableConfirm = (username: string) =>
  confirmation(
    `¿Deshabilitar a ${username}?`,
    'No podrá ingresar y sus sesiones abiertas se cierran. Podés volver a habilitarlo cuando quieras.',
    'Sí, deshabilitar',
  );

/** Why a dialog's button waits, listed under it (ui/SaveProblems). The account's rules and their
 * words are the server's (src/http/users/rules.rs), checked against the same shared cases. */
export const PROBLEMS = {
  nombreInvalido: 'El nombre de usuario debe tener entre 1 y 20 caracteres, sin espacios.',
  contrasenaInvalida: (min: number, max: number) => `La contraseña debe tener entre ${min} y ${max} caracteres.`,
  rolDesconocido: 'Elija el rol: Administrador o Vendedor.',
  vendedorSinLocal: 'Un vendedor debe tener un local asignado.',
  sinCambios: 'No hay cambios para guardar: cambiá el rol o el local.',
  sinRepetir: 'Repetí la contraseña nueva.',
  noCoinciden: 'Las dos contraseñas no coinciden.',
} as const;
