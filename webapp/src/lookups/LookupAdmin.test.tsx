import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { INICIO, openPage, type Answers } from '../test/page';
import { adminToken } from '../test/seed';
import { LookupAdmin } from './LookupAdmin';
import { screens } from './screens';
import { alerted } from '../test/alerts';

const admin = adminToken();
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const problems = () =>
  screen.queryAllByTestId('save-problems').flatMap((p) => [...p.querySelectorAll('li')].map((li) => li.textContent));
/** The text the button points at with aria-describedby: why it is disabled. */
const why = (name: string) => {
  const ids = button(name).getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
};

function open(screenName: keyof typeof screens, routes: Answers) {
  const screensAt = [{ path: '/admin', element: <LookupAdmin screen={screens[screenName]} /> }, INICIO];
  return openPage('/admin', screensAt, { token: admin, answers: routes });
}

afterEach(() => {
  vi.mocked(confirm).mockReset();
});

describe('lookup administration screen', () => {
  it("links each payment method to its plans in cuotas, and no other lookup's items", async () => {
    const { unmount } = open('metodoPago', {
      'GET /api/metodoPago': [
        200,
        [
          { id: 1, nombre: 'Efectivo' },
          { id: 3, nombre: 'Visa' },
        ],
      ],
    });
    const link = await screen.findByRole('link', { name: 'Planes de cuotas de Visa' });
    expect(link.getAttribute('href')).toBe('/metodosPago/3/planes');
    expect(link.textContent).toBe('Planes de cuotas');
    expect(screen.getAllByRole('link', { name: /^Planes de cuotas/ })).toHaveLength(2);
    unmount();
    open('marca', { 'GET /api/marca': [200, [{ id: 1, nombre: 'Vulk' }]] });
    await screen.findByLabelText('Vulk');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('enables the buttons by selection and validity', async () => {
    const user = userEvent.setup();
    open('local', { 'GET /api/local': [200, [{ id: 3, nombre: 'Centro', direccion: 'Calle 1', celular: '12' }]] });
    const item = await screen.findByLabelText('Centro — Calle 1 — 12');
    expect(button('Crear').disabled).toBe(true);
    expect(button('Editar').disabled).toBe(true);
    expect(button('Eliminar').disabled).toBe(true);

    await user.type(screen.getByLabelText('Nombre'), 'Norte');
    await user.type(screen.getByLabelText('Dirección'), 'Ruta 14');
    expect(button('Crear').disabled).toBe(true);
    await user.type(screen.getByLabelText('Celular'), '99');
    expect(button('Crear').disabled).toBe(false);

    await user.click(item);
    expect(screen.getByLabelText<HTMLInputElement>('Dirección').value).toBe('Calle 1');
    expect(button('Crear').disabled).toBe(true);
    expect(button('Editar').disabled).toBe(false);
    expect(button('Eliminar').disabled).toBe(false);
    await user.clear(screen.getByLabelText('Celular'));
    expect(button('Editar').disabled).toBe(true);

    await user.click(button('Limpiar selección'));
    expect(button('Editar').disabled).toBe(true);
    expect(button('Eliminar').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Nombre').value).toBe('');
  });

  it('says under the buttons why Crear and Editar are disabled, and points the buttons at it', async () => {
    const user = userEvent.setup();
    open('local', { 'GET /api/local': [200, [{ id: 3, nombre: 'Centro', direccion: 'Calle 1', celular: '12' }]] });
    const item = await screen.findByLabelText('Centro — Calle 1 — 12');
    expect(problems()).toEqual(['Escribí el nombre.', 'Escribí la dirección.', 'Escribí el celular.']);
    expect(why('Crear')).toContain('Escribí el nombre.');
    expect(why('Editar')).toContain('Para editar o eliminar, elegí un elemento de la lista.');
    expect(why('Eliminar')).toContain('Para editar o eliminar, elegí un elemento de la lista.');

    await user.type(screen.getByLabelText('Nombre'), '   ');
    await user.type(screen.getByLabelText('Dirección'), 'Ruta 14');
    expect(problems()).toEqual(['Escribí el nombre.', 'Escribí el celular.']);
    await user.type(screen.getByLabelText('Nombre'), 'Norte');
    await user.type(screen.getByLabelText('Celular'), '99');
    expect(problems()).toEqual([]);
    expect(screen.queryByText(/No se puede guardar/)).toBeNull();
    expect(button('Crear').disabled).toBe(false);

    await user.click(item);
    expect(why('Crear')).toContain('Estás editando «Centro». Para crear uno nuevo, tocá «Limpiar selección».');
    await user.clear(screen.getByLabelText('Celular'));
    expect(button('Editar').disabled).toBe(true);
    expect(why('Editar')).toContain('Escribí el celular.');
  });

  it('says the limit when an item saved before has a name longer than the server accepts', async () => {
    const user = userEvent.setup();
    const long = 'Anteojos de sol polarizados con clip magnético';
    open('categoria', { 'GET /api/categoria': [200, [{ id: 5, nombre: long }]] });
    await user.click(await screen.findByLabelText(long));
    expect(button('Editar').disabled).toBe(true);
    expect(problems()).toEqual([`El nombre puede tener hasta 40 caracteres (tiene ${long.length}).`]);
    expect(why('Editar')).toContain('El nombre puede tener hasta 40 caracteres');
    expect(screen.getByLabelText('Nombre').className).toContain('is-invalid');
  });

  it('shows the joined errors of a 400 under the action title', async () => {
    const user = userEvent.setup();
    open('metodoPago', {
      'GET /api/metodoPago': [200, []],
      'POST /api/metodoPago': [400, { errors: ['uno', 'dos'] }],
    });
    await screen.findByText('No hay elementos.');
    await user.type(screen.getByLabelText('Nombre'), 'Efectivo');
    await user.click(button('Crear'));
    await alerted('error', 'ERROR AL CREAR EL MÉTODO DE PAGO', 'uno, dos');
  });

  it('tells why a brand in use cannot be deleted, and asks first', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open('marca', {
      'GET /api/marca': [200, [{ id: 7, nombre: 'Vulk' }]],
      'DELETE /api/marca/7': [500, { mensaje: 'Error al eliminar la marca en la base de datos' }],
    });
    await user.click(await screen.findByLabelText('Vulk'));
    await user.click(button('Eliminar'));
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro ?', 'No puedes revertir este cambio', 'Si, eliminarlo');
    await alerted(
      'error',
      'ERROR AL ELIMINAR LA MARCA',
      'Existen Productos con la marca. Por favor elimine esos productos para continuar',
    );
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });

  it('sends nothing when the delete is not confirmed', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    const { calls } = open('marca', { 'GET /api/marca': [200, [{ id: 7, nombre: 'Vulk' }]] });
    await user.click(await screen.findByLabelText('Vulk'));
    await user.click(button('Eliminar'));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('goes to inicio after creating a category, with the server message', async () => {
    const user = userEvent.setup();
    const { calls } = open('categoria', {
      'GET /api/categoria': [200, []],
      'POST /api/categoria': [201, { mensaje: 'La categoria ha sido creada con éxito!', categoria: { id: 1 } }],
    });
    await screen.findByText('No hay elementos.');
    await user.type(screen.getByLabelText('Nombre'), '  Sol ');
    await user.click(button('Crear'));
    await screen.findByText('pantalla de inicio');
    expect(alert).toHaveBeenCalledWith('success', 'La categoria ha sido creada con éxito!');
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({ nombre: 'Sol', cristales: false });
  });

  it('says which categories hold lenses, and an edit sends the setting as the admin left it', async () => {
    const user = userEvent.setup();
    const { calls } = open('categoria', {
      'GET /api/categoria': [
        200,
        [
          { id: 1, nombre: 'Sol', cristales: false },
          { id: 2, nombre: 'Cristales', cristales: true },
        ],
      ],
      'PUT /api/categoria/2': [201, { mensaje: 'La categoria ha sido actualizada con éxito!', categoria: { id: 2 } }],
    });
    await user.click(await screen.findByLabelText('Cristales — lentes'));
    const lentes = screen.getByLabelText<HTMLInputElement>('Sus productos son cristales (lentes)');
    expect(lentes.checked).toBe(true);
    await user.click(screen.getByLabelText('Sol'));
    expect(lentes.checked).toBe(false);
    await user.click(screen.getByLabelText('Cristales — lentes'));
    await user.clear(screen.getByLabelText('Nombre'));
    await user.type(screen.getByLabelText('Nombre'), 'Lentes orgánicos');
    await user.click(button('Editar'));
    await screen.findByText('pantalla de inicio');
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body!)).toEqual({
      nombre: 'Lentes orgánicos',
      cristales: true,
    });
  });

  it('shows no lens setting on the other lookups', async () => {
    open('marca', { 'GET /api/marca': [200, [{ id: 7, nombre: 'Vulk' }]] });
    await screen.findByLabelText('Vulk');
    expect(screen.queryByLabelText('Sus productos son cristales (lentes)')).toBeNull();
  });
  it('administers the labs of the jobs: created with its phone, a lab with jobs is not deleted', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open('laboratorio', {
      'GET /api/laboratorio': [200, [{ id: 4, nombre: 'Lab Sur', celular: '3794 555555' }]],
      'DELETE /api/laboratorio/4': [
        409,
        { mensaje: 'Existen trabajos encargados a este laboratorio. Por favor elimine esos trabajos para continuar' },
      ],
      'POST /api/laboratorio': [
        201,
        { mensaje: 'El laboratorio ha sido creado con éxito!', laboratorio: { id: 5, nombre: 'Óptica Lab' } },
      ],
    });
    expect(await screen.findByRole('heading', { name: 'ADMINISTRAR LABORATORIOS' })).toBeTruthy();
    await user.click(await screen.findByLabelText('Lab Sur — 3794 555555'));
    await user.click(button('Eliminar'));
    await alerted(
      'error',
      'ERROR AL ELIMINAR EL LABORATORIO',
      'Existen trabajos encargados a este laboratorio. Por favor elimine esos trabajos para continuar',
    );
    await user.click(button('Limpiar selección'));
    await user.type(screen.getByLabelText('Nombre'), 'Óptica Lab');
    await user.type(screen.getByLabelText('Celular'), '3794 111111');
    await user.click(button('Crear'));
    await screen.findByText('pantalla de inicio');
    expect(alert).toHaveBeenCalledWith('success', 'El laboratorio ha sido creado con éxito!');
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({
      nombre: 'Óptica Lab',
      celular: '3794 111111',
    });
  });
});
