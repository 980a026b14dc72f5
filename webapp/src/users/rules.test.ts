import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sessionFromToken } from '../session/sessionSlice';
import { adminToken, locales, usuario, usuarios } from '../test/seed';
import {
  contrasenaBody,
  contrasenaProblems,
  desdeUsuario,
  edicionProblems,
  esPropia,
  estadoDe,
  localesOrdenados,
  nuevoProblems,
  nuevoUsuario,
  problemas,
  rolBody,
  rolNombre,
  trimmed,
  usuarioBody,
} from './rules';

interface Caso {
  nombre: string;
  username: string | null;
  contrasena: string | null;
  rol: string | null;
  localId: number | null;
  errores: string[];
}

// The cases the server's rules read too (src/http/users/rules.rs): the same file in both suites
// keeps the two copies of the rules and their words from drifting apart.
const CASES = join(dirname(fileURLToPath(import.meta.url)), '../../../tests/cases/user_account.json');
const casos = (JSON.parse(readFileSync(CASES, 'utf8')) as { casos: Caso[] }).casos;

describe('an account’s form, as the server judges it', () => {
  it('has the shared cases', () => {
    expect(casos.length).toBeGreaterThanOrEqual(8);
  });

  for (const caso of casos) {
    it(caso.nombre, () => {
      const { username, contrasena, rol, localId } = caso;
      expect(problemas({ username, contrasena, rol, localId })).toEqual(caso.errores);
    });
  }

  it('counts characters, not UTF-16 units: twenty with an emoji fit, twenty-one do not', () => {
    const ok = { contrasena: null, rol: null, localId: null };
    expect(problemas({ ...ok, username: '😎'.repeat(20) })).toEqual([]);
    expect(problemas({ ...ok, username: '😎'.repeat(21) })).toHaveLength(1);
    expect(problemas({ username: null, contrasena: '😎'.repeat(8), rol: null, localId: null })).toEqual([]);
  });

  it('takes white space as Rust does: a no-break space is one, a zero-width no-break space is not', () => {
    const judged = (username: string) => problemas({ username, contrasena: null, rol: null, localId: null });
    expect(judged('ana\u00a0maría')).toHaveLength(1);
    expect(judged('ana\u0085')).toHaveLength(1);
    expect(judged('ana\ufeff')).toEqual([]);
    expect(trimmed('\u0085 ana\u3000')).toBe('ana');
    expect(trimmed('\ufeffana')).toBe('\ufeffana');
  });
});

describe('the dialogs’ forms', () => {
  it('a new account opens as a seller and says what is missing, in the form’s order', () => {
    expect(nuevoProblems(nuevoUsuario())).toEqual([
      'El nombre de usuario debe tener entre 1 y 20 caracteres, sin espacios.',
      'La contraseña debe tener entre 8 y 128 caracteres.',
      'Un vendedor debe tener un local asignado.',
    ]);
    // An admin needs no branch.
    expect(nuevoProblems({ username: 'eva', contrasena: 'secreta123', rol: 'ROLE_ADMIN', localId: 0 })).toEqual([]);
  });

  it('judges and sends the username trimmed, the password as typed', () => {
    const form = { username: '  Lucía.Gómez ', contrasena: ' secreta 1 ', rol: 'ROLE_VENDEDOR', localId: 2 };
    expect(nuevoProblems(form)).toEqual([]);
    expect(usuarioBody(form)).toEqual({
      username: 'Lucía.Gómez',
      contrasena: ' secreta 1 ',
      rol: 'ROLE_VENDEDOR',
      localId: 2,
    });
    expect(usuarioBody({ ...form, rol: 'ROLE_ADMIN', localId: 0 }).localId).toBeNull();
  });

  it('an edit opens as the account stands and waits until something changes', () => {
    const beto = usuarios()[1];
    const form = desdeUsuario(beto);
    expect(form).toEqual({ username: 'beto', contrasena: '', rol: 'ROLE_VENDEDOR', localId: 1 });
    expect(edicionProblems(beto, form)).toEqual(['No hay cambios para guardar: cambiá el rol o el local.']);
    expect(edicionProblems(beto, { ...form, localId: 2 })).toEqual([]);
    expect(rolBody({ ...form, localId: 2 })).toEqual({ rol: 'ROLE_VENDEDOR', localId: 2 });
    expect(edicionProblems(beto, { ...form, localId: 0 })).toEqual(['Un vendedor debe tener un local asignado.']);
    expect(edicionProblems(beto, { ...form, rol: 'ROLE_ADMIN' })).toEqual([]);
    // An admin without a branch opens with none chosen, and none is no change.
    const ana = usuario();
    expect(edicionProblems(ana, desdeUsuario(ana))).toHaveLength(1);
    expect(rolBody({ ...desdeUsuario(ana), rol: 'ROLE_VENDEDOR', localId: 1 })).toEqual({
      rol: 'ROLE_VENDEDOR',
      localId: 1,
    });
  });

  it('a new password is typed twice, the same', () => {
    expect(contrasenaProblems({ contrasena: '', repetida: '' })).toEqual([
      'La contraseña debe tener entre 8 y 128 caracteres.',
      'Repetí la contraseña nueva.',
    ]);
    expect(contrasenaProblems({ contrasena: 'otraclave', repetida: 'otraClave' })).toEqual([
      'Las dos contraseñas no coinciden.',
    ]);
    expect(contrasenaProblems({ contrasena: 'otraclave', repetida: 'otraclave' })).toEqual([]);
    expect(contrasenaBody({ contrasena: 'otraclave', repetida: 'otraclave' })).toEqual({ contrasena: 'otraclave' });
  });
});

describe('how an account reads', () => {
  it('says the role and the state in words', () => {
    expect(rolNombre('ROLE_ADMIN')).toBe('Administrador');
    expect(rolNombre('ROLE_VENDEDOR')).toBe('Vendedor');
    expect(rolNombre('ROLE_OTRO')).toBe('ROLE_OTRO');
    expect(estadoDe(true).nombre).toBe('Habilitado');
    expect(estadoDe(false).nombre).toBe('Deshabilitado');
  });

  it('knows the logged-in user’s own account', () => {
    const session = sessionFromToken(adminToken());
    expect(usuarios().map((u) => esPropia(session, u))).toEqual([true, false, false]);
  });

  it('sorts the branches as Spanish does', () => {
    const nombres = localesOrdenados([
      ...locales,
      { id: 3, nombre: 'Ñandú' },
      { id: 4, nombre: 'Óptica Sur' },
      { id: 5, nombre: 'norte chico' },
      { id: 6, nombre: 'Oeste' },
    ]).map((l) => l.nombre);
    expect(nombres).toEqual(['Centro', 'Norte', 'norte chico', 'Ñandú', 'Oeste', 'Óptica Sur']);
  });
});
