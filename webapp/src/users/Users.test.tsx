import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { Menu } from '../layout/Menu';
import { routes as appRoutes } from '../routing/routes';
import { alerted, confirmed } from '../test/alerts';
import { cellTexts, openPage, postedBody, postKeys, whenEnabled, type Answers, type Call } from '../test/page';
import { adminToken, sellerToken, usuario, usuarios } from '../test/seed';
import { Users } from './Users';

beforeEach(() => {
  vi.mocked(confirm).mockReset();
});

const ULTIMO = 'Es el único administrador habilitado: habilite o cree otro administrador antes.';

/** The branches in the order they were created, not by name. */
const LOCALES = [
  { id: 2, nombre: 'Norte', direccion: 'Ruta 14', celular: '22' },
  { id: 1, nombre: 'Centro', direccion: 'Calle 1', celular: '11' },
  { id: 3, nombre: 'Ñandú', direccion: 'Calle 3', celular: '33' },
];

/** Opens 'Usuarios' as `token` (Ana, the admin, unless told); `keys` records each POST's
 * Idempotency-Key. */
function open(answers: Answers = {}, token = adminToken()) {
  const { keys, onRequest } = postKeys();
  const view = openPage('/usuarios', [{ path: '/usuarios', element: <Users /> }], {
    token,
    answers: { 'GET /api/usuarios': [200, usuarios()], 'GET /api/local': [200, LOCALES], ...answers },
    onRequest,
  });
  return { ...view, keys };
}

const table = () => screen.findByRole('table', { name: 'Usuarios' });
const reads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/usuarios').length;
const putBody = (calls: Call[], path: string) =>
  JSON.parse(calls.find((c) => c.method === 'PUT' && c.path === path)?.body ?? 'null');
const options = (label: string) =>
  within(screen.getByLabelText(label))
    .getAllByRole('option')
    .map((o) => o.textContent);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const problems = () => screen.getByTestId('save-problems').querySelectorAll('li');
const problemTexts = () => Array.from(problems(), (li) => li.textContent);

describe('Usuarios: the list', () => {
  it('shows every account as the server sorts it, with its role, branch and state in words', async () => {
    open();
    const rows = cellTexts(await table());
    expect(rows).toEqual([
      ['ana (tu cuenta)', 'Administrador', '—', 'Habilitado', 'EditarContraseñaDeshabilitar'],
      ['beto', 'Vendedor', 'Centro', 'Habilitado', 'EditarContraseñaDeshabilitar'],
      ['carla', 'Vendedor', 'Norte', 'Deshabilitado', 'EditarContraseñaHabilitar'],
    ]);
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Usuario', 'Rol', 'Local', 'Estado', 'Acciones']);
    expect(screen.getByRole('button', { name: 'Editar beto' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Contraseña de carla' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Habilitar carla' })).toBeTruthy();
  });

  it('says so when the list cannot be read', async () => {
    open({ 'GET /api/usuarios': [500, {}] });
    expect(await screen.findByText('No se pudieron cargar los usuarios.')).toBeTruthy();
  });
});

describe('Usuarios: a new account', () => {
  it('sends the username trimmed with the role and branch, once per opened dialog, and reads the list again', async () => {
    const user = userEvent.setup();
    const lucia = usuario({ id: 4, username: 'Lucía.Gómez', rol: 'ROLE_VENDEDOR', localId: 3, local: 'Ñandú' });
    const { calls, keys } = open({
      'POST /api/usuarios': [201, { mensaje: 'El usuario ha sido creado!', usuario: lucia }],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    const dialog = screen.getByRole('dialog', { name: 'Nuevo usuario' });
    const crear = within(dialog).getByRole('button', { name: 'Crear' }) as HTMLButtonElement;
    expect(crear.disabled).toBe(true);
    expect(screen.getByText('No se puede guardar todavía:')).toBeTruthy();
    expect(problemTexts()).toEqual([
      'El nombre de usuario debe tener entre 1 y 20 caracteres, sin espacios.',
      'La contraseña debe tener entre 8 y 128 caracteres.',
      'Un vendedor debe tener un local asignado.',
    ]);
    expect(options('Rol')).toEqual(['Vendedor', 'Administrador']);
    // The branches as Spanish sorts them, not as they were created.
    await waitFor(() => expect(options('Local')).toEqual(['Elegí el local', 'Centro', 'Norte', 'Ñandú']));
    await user.type(screen.getByLabelText('Nombre de usuario'), '  Lucía.Gómez ');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta-123');
    await user.selectOptions(screen.getByLabelText('Local'), '3');
    expect(crear.disabled).toBe(false);
    expect(screen.queryByTestId('save-problems')).toBeNull();
    await user.click(crear);
    await alerted('success', 'USUARIO CREADO', 'El usuario ha sido creado!');
    expect(postedBody(calls, '/api/usuarios')).toEqual({
      username: 'Lucía.Gómez',
      contrasena: 'secreta-123',
      rol: 'ROLE_VENDEDOR',
      localId: 3,
    });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(reads(calls)).toBe(2));
  });

  it('a seller needs a branch; an admin may have none', async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'POST /api/usuarios': [201, { mensaje: 'El usuario ha sido creado!', usuario: usuario({ id: 5 }) }],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    await user.type(screen.getByLabelText('Nombre de usuario'), 'eva');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta-123');
    expect(problemTexts()).toEqual(['Un vendedor debe tener un local asignado.']);
    expect(button('Crear').disabled).toBe(true);
    expect(button('Crear').getAttribute('aria-describedby')).toBe('usuario-problems');
    await user.selectOptions(screen.getByLabelText('Rol'), 'ROLE_ADMIN');
    expect(screen.queryByTestId('save-problems')).toBeNull();
    expect(options('Local (opcional)')[0]).toBe('Sin local');
    await user.selectOptions(screen.getByLabelText('Rol'), 'ROLE_VENDEDOR');
    expect(problemTexts()).toEqual(['Un vendedor debe tener un local asignado.']);
    await user.selectOptions(screen.getByLabelText('Rol'), 'ROLE_ADMIN');
    await user.click(button('Crear'));
    await alerted('success', 'USUARIO CREADO', 'El usuario ha sido creado!');
    expect(postedBody(calls, '/api/usuarios')).toEqual({
      username: 'eva',
      contrasena: 'secreta-123',
      rol: 'ROLE_ADMIN',
      localId: null,
    });
  });

  it("tells the server's list of reasons and stays open to try again", async () => {
    const user = userEvent.setup();
    open({ 'POST /api/usuarios': [400, { errors: ['Ya existe un usuario con ese nombre.'] }] });
    await table();
    await user.click(screen.getByRole('button', { name: 'Nuevo usuario' }));
    await user.type(screen.getByLabelText('Nombre de usuario'), 'BETO');
    await user.type(screen.getByLabelText('Contraseña'), 'secreta-123');
    await user.selectOptions(screen.getByLabelText('Local'), '1');
    await user.click(button('Crear'));
    await alerted('error', 'ERROR DE VALIDACIÓN', 'Ya existe un usuario con ese nombre.');
    expect(screen.getByRole('dialog', { name: 'Nuevo usuario' })).toBeTruthy();
  });
});

describe('Usuarios: changes to an account', () => {
  it("'Editar' changes the role and branch, and waits until something changed", async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'PUT /api/usuarios/2': [200, { mensaje: 'El usuario ha sido actualizado!', usuario: usuarios()[1] }],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Editar beto' }));
    const dialog = screen.getByRole('dialog', { name: 'Editar beto' });
    expect((screen.getByLabelText('Rol') as HTMLSelectElement).value).toBe('ROLE_VENDEDOR');
    await waitFor(() => expect((screen.getByLabelText('Local') as HTMLSelectElement).value).toBe('1'));
    const guardar = within(dialog).getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(guardar.disabled).toBe(true);
    expect(problemTexts()).toEqual(['No hay cambios para guardar: cambiá el rol o el local.']);
    expect(within(dialog).queryByText(/Es tu cuenta/)).toBeNull();
    await user.selectOptions(screen.getByLabelText('Local'), '2');
    await user.click(guardar);
    await alerted('success', 'USUARIO ACTUALIZADO', 'El usuario ha sido actualizado!');
    expect(putBody(calls, '/api/usuarios/2')).toEqual({ rol: 'ROLE_VENDEDOR', localId: 2 });
    await waitFor(() => expect(reads(calls)).toBe(2));
  });

  it("'Contraseña' needs the new one typed twice, the same", async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'PUT /api/usuarios/2/contrasena': [200, { mensaje: 'La contraseña ha sido cambiada!', usuario: usuarios()[1] }],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Contraseña de beto' }));
    const dialog = screen.getByRole('dialog', { name: 'Contraseña de beto' });
    const cambiar = within(dialog).getByRole('button', { name: 'Cambiar contraseña' }) as HTMLButtonElement;
    await user.type(screen.getByLabelText('Contraseña nueva'), 'nueva-clave-9');
    expect(problemTexts()).toEqual(['Repetí la contraseña nueva.']);
    await user.type(screen.getByLabelText('Repetir la contraseña nueva'), 'nueva-clave-8');
    expect(problemTexts()).toEqual(['Las dos contraseñas no coinciden.']);
    expect(cambiar.disabled).toBe(true);
    await user.clear(screen.getByLabelText('Repetir la contraseña nueva'));
    await user.type(screen.getByLabelText('Repetir la contraseña nueva'), 'nueva-clave-9');
    expect(cambiar.disabled).toBe(false);
    await user.click(cambiar);
    await alerted('success', 'CONTRASEÑA CAMBIADA', 'La contraseña ha sido cambiada!');
    expect(putBody(calls, '/api/usuarios/2/contrasena')).toEqual({ contrasena: 'nueva-clave-9' });
  });

  it("on one's own account, says the session ends", async () => {
    const user = userEvent.setup();
    open();
    await table();
    await user.click(screen.getByRole('button', { name: 'Contraseña de ana' }));
    expect(
      within(screen.getByRole('dialog', { name: 'Contraseña de ana' })).getByText(
        'Es tu cuenta: al guardar se cierra tu sesión y tenés que ingresar de nuevo.',
      ),
    ).toBeTruthy();
  });

  it("asks before disabling: declined sends nothing; accepted disables; 'Habilitar' asks nothing", async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'PUT /api/usuarios/2/habilitado': [
        200,
        { mensaje: 'El usuario ha sido deshabilitado!', usuario: { ...usuarios()[1], habilitado: false } },
      ],
      'PUT /api/usuarios/3/habilitado': [200, { mensaje: 'El usuario ha sido habilitado!', usuario: usuarios()[2] }],
    });
    await table();
    vi.mocked(confirm).mockResolvedValue(false);
    await user.click(button('Deshabilitar beto'));
    await confirmed(
      '¿Deshabilitar a beto?',
      'No podrá ingresar y sus sesiones abiertas se cierran. Podés volver a habilitarlo cuando quieras.',
      'Sí, deshabilitar',
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    vi.mocked(confirm).mockResolvedValue(true);
    await user.click(button('Deshabilitar beto'));
    await alerted('success', 'USUARIO DESHABILITADO', 'El usuario ha sido deshabilitado!');
    expect(putBody(calls, '/api/usuarios/2/habilitado')).toEqual({ habilitado: false });

    vi.mocked(confirm).mockClear();
    await user.click(await whenEnabled(button('Habilitar carla')));
    await alerted('success', 'USUARIO HABILITADO', 'El usuario ha sido habilitado!');
    expect(putBody(calls, '/api/usuarios/3/habilitado')).toEqual({ habilitado: true });
    expect(confirm).not.toHaveBeenCalled();
  });

  it('tells the 409 of the last enabled admin in its words', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open({ 'PUT /api/usuarios/1/habilitado': [409, { mensaje: ULTIMO }] });
    await table();
    await user.click(button('Deshabilitar ana'));
    await alerted('error', 'ERROR', ULTIMO);
    // A refusal reads the list again: another admin's change may be behind it.
    await waitFor(() => expect(reads(calls)).toBe(2));
    expect(alert).not.toHaveBeenCalledWith('success', expect.anything(), expect.anything());
  });
});

describe('Usuarios: route and menu', () => {
  it("is in the admins' ADMINISTRAR menu and only theirs", async () => {
    const user = userEvent.setup();
    openPage('/inicio', [{ path: '/inicio', element: <Menu /> }], { token: adminToken() });
    await user.click(within(screen.getByTestId('menu-administrar')).getByRole('button', { name: 'ADMINISTRAR' }));
    expect(screen.getByRole('link', { name: 'Usuarios' }).getAttribute('href')).toBe('/usuarios');
  });

  it('a seller sees no entry and is kept out of the route', async () => {
    const user = userEvent.setup();
    const { calls } = openPage('/usuarios', appRoutes, { token: sellerToken(1) });
    await alerted('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso');
    await user.click(within(screen.getByTestId('menu-administrar')).getByRole('button', { name: 'ADMINISTRAR' }));
    expect(screen.getByRole('link', { name: 'Pacientes' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Usuarios' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/usuarios')).toBe(false);
  });
});
