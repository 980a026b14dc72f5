// The staff accounts' rules, kept pure so they are tested alone: the server's own rules of an
// account's form with its words (src/http/users/rules.rs, both checked against
// tests/cases/user_account.json), the dialogs' forms and bodies, and how a role and a state read.
import type { ContrasenaBody, Rol, RolBody, Usuario, UsuarioBody } from '../api/users';
import type { LookupItem } from '../api/types';
import { ROLE_ADMIN, ROLE_VENDEDOR, type Session } from '../session/sessionSlice';
import { PROBLEMS } from './messages';

/** The longest username the server keeps, in characters. */
export const MAX_USERNAME = 20;
/** A password's length, in characters, as the server takes it. */
export const MIN_PASSWORD = 8;
export const MAX_PASSWORD = 128;

/** Characters as the server counts them (Rust's chars: Unicode code points, not UTF-16 units). */
const length = (text: string) => [...text].length;

/** White space as Rust's `char::is_whitespace` reads it (Unicode's White_Space property), which
 * JavaScript's `\s` and `trim` do not quite match. */
const SPACE = /\p{White_Space}/u;
const AROUND = /^\p{White_Space}+|\p{White_Space}+$/gu;

/** The text without the white space around it, as Rust's `str::trim` leaves it. */
export const trimmed = (text: string) => text.replace(AROUND, '');

const validUsername = (username: string) =>
  username !== '' && length(username) <= MAX_USERNAME && !SPACE.test(username);

const passwordFits = (password: string) => {
  const n = length(password);
  return n >= MIN_PASSWORD && n <= MAX_PASSWORD;
};

/** The parts of an account's form; a part the request does not carry is null and not judged (a
 * role change carries no password, a new password no role). */
export interface Cuenta {
  username: string | null;
  contrasena: string | null;
  /** Judged with `localId` (a seller needs one); null: no role sent. */
  rol: string | null;
  localId: number | null;
}

/** Why the server refuses an account's form, in the order the form shows its fields and in its
 * words; empty when it takes it. */
export function problemas(cuenta: Cuenta): string[] {
  const found: string[] = [];
  if (cuenta.username !== null && !validUsername(cuenta.username)) found.push(PROBLEMS.nombreInvalido);
  if (cuenta.contrasena !== null && !passwordFits(cuenta.contrasena))
    found.push(PROBLEMS.contrasenaInvalida(MIN_PASSWORD, MAX_PASSWORD));
  if (cuenta.rol !== null) {
    if (cuenta.rol !== ROLE_ADMIN && cuenta.rol !== ROLE_VENDEDOR) found.push(PROBLEMS.rolDesconocido);
    else if (cuenta.rol === ROLE_VENDEDOR && cuenta.localId === null) found.push(PROBLEMS.vendedorSinLocal);
  }
  return found;
}

// --- How an account reads ------------------------------------------------------------------

export const ROLES: { value: Rol; label: string }[] = [
  { value: ROLE_VENDEDOR, label: 'Vendedor' },
  { value: ROLE_ADMIN, label: 'Administrador' },
];

/** 'Administrador', 'Vendedor'; an unknown role as it came. */
export const rolNombre = (rol: string) => ROLES.find((r) => r.value === rol)?.label ?? rol;

/** Whether the account is enabled, in words, with its badge. */
export const estadoDe = (habilitado: boolean) =>
  habilitado
    ? { nombre: 'Habilitado', badge: 'text-bg-success' }
    : { nombre: 'Deshabilitado', badge: 'text-bg-secondary' };

/** Whether the account is the logged-in user's own: a change to it ends this session too. */
export const esPropia = (session: Session, u: Usuario) => session.username === u.username;

const ESPANOL = new Intl.Collator('es-AR');

/** The branches by name as Spanish sorts them (as the server sorts the accounts). */
export const localesOrdenados = (locales: readonly LookupItem[]) =>
  [...locales].sort((a, b) => ESPANOL.compare(a.nombre, b.nombre) || a.id - b.id);

// --- The dialogs' forms --------------------------------------------------------------------

/** A new account's form, or an account's role and branch; `localId` 0 is no branch. */
export interface UsuarioForm {
  username: string;
  contrasena: string;
  rol: string;
  localId: number;
}

/** A new account opens as a seller (the account most often made), with nothing chosen. */
export const nuevoUsuario = (): UsuarioForm => ({ username: '', contrasena: '', rol: ROLE_VENDEDOR, localId: 0 });

/** An account's role and branch as they stand. */
export const desdeUsuario = (u: Usuario): UsuarioForm => ({
  username: u.username,
  contrasena: '',
  rol: u.rol,
  localId: u.localId ?? 0,
});

const localDe = (f: UsuarioForm) => (f.localId > 0 ? f.localId : null);

/** Why 'Crear' waits; empty when it does not. The username is judged as it is sent, trimmed. */
export const nuevoProblems = (f: UsuarioForm) =>
  problemas({ username: trimmed(f.username), contrasena: f.contrasena, rol: f.rol, localId: localDe(f) });

/** Whether the role or the branch changed from the account's. */
export const cambio = (u: Usuario, f: UsuarioForm) => f.rol !== u.rol || localDe(f) !== (u.localId ?? null);

/** Why 'Guardar' waits; empty when it does not. Saving nothing new would still end the account's
 * open sessions, so an unchanged form waits too. */
export function edicionProblems(u: Usuario, f: UsuarioForm): string[] {
  const found = problemas({ username: null, contrasena: null, rol: f.rol, localId: localDe(f) });
  if (found.length === 0 && !cambio(u, f)) found.push(PROBLEMS.sinCambios);
  return found;
}

/** The body 'Crear' sends: the username trimmed, the password as typed. */
export const usuarioBody = (f: UsuarioForm): UsuarioBody => ({
  username: trimmed(f.username),
  contrasena: f.contrasena,
  rol: f.rol as Rol,
  localId: localDe(f),
});

/** The body 'Guardar' sends. */
export const rolBody = (f: UsuarioForm): RolBody => ({ rol: f.rol as Rol, localId: localDe(f) });

/** A new password, typed twice. */
export interface NuevaContrasena {
  contrasena: string;
  repetida: string;
}

export const nuevaContrasena = (): NuevaContrasena => ({ contrasena: '', repetida: '' });

/** Why 'Cambiar contraseña' waits; empty when it does not. Both typings must be the same, so a
 * slip of the finger does not lock the account out. */
export function contrasenaProblems(c: NuevaContrasena): string[] {
  const found = problemas({ username: null, contrasena: c.contrasena, rol: null, localId: null });
  if (c.repetida === '') found.push(PROBLEMS.sinRepetir);
  else if (c.repetida !== c.contrasena) found.push(PROBLEMS.noCoinciden);
  return found;
}

export const contrasenaBody = (c: NuevaContrasena): ContrasenaBody => ({ contrasena: c.contrasena });
