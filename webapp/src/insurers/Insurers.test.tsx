import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { Menu } from '../layout/Menu';
import { routes as appRoutes } from '../routing/routes';
import { alerted, confirmed, declinedDelete } from '../test/alerts';
import { cellTexts, openPage, postedBody, postKeys, type Answers, type Call } from '../test/page';
import { adminToken, obraSocial, obrasSociales, sellerToken } from '../test/seed';
import { EditInsurer, NewInsurer } from './InsurerForm';
import { Insurers } from './Insurers';

beforeEach(() => {
  vi.mocked(confirm).mockReset();
});

/** Opens `at` among the obras sociales' screens as Ana, the admin; `keys` records each POST's
 * Idempotency-Key. */
function open(at: string, answers: Answers = {}) {
  const { keys, onRequest } = postKeys();
  const view = openPage(
    at,
    [
      { path: '/obrasSociales', element: <Insurers /> },
      { path: '/obrasSociales/nueva', element: <NewInsurer /> },
      { path: '/obrasSociales/:id', element: <EditInsurer /> },
    ],
    {
      token: adminToken(),
      answers: {
        'GET /api/obrasSociales': [200, obrasSociales()],
        'GET /api/obrasSociales/deudas': [200, []],
        ...answers,
      },
      onRequest,
    },
  );
  return { ...view, keys };
}

const table = () => screen.findByRole('table', { name: 'Obras sociales' });
const reads = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/obrasSociales').length;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const plan = (n: number) => within(screen.getByRole('group', { name: `Plan ${n}` }));
const problemTexts = () =>
  Array.from(screen.getByTestId('save-problems').querySelectorAll('li'), (li) => li.textContent);
const sentBody = (calls: Call[], method: string) => JSON.parse(calls.find((c) => c.method === method)?.body ?? 'null');

describe('Obras sociales: the list', () => {
  it('shows what each owes for its part of the covered sales, what of it was not presented, and since when', async () => {
    open('/obrasSociales', {
      'GET /api/obrasSociales/deudas': [
        200,
        [
          {
            obraSocialId: 1,
            obraSocial: 'OSDE',
            ventas: 2,
            monto: 45000.5,
            sinPresentar: 15000.5,
            desde: '2026-11-02',
          },
        ],
      ],
    });
    const table = await screen.findByRole('table', { name: 'Lo que deben las obras sociales' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Obra social', 'Ventas', 'Debe', 'Sin presentar', 'Desde la venta del']);
    expect(cellTexts(table)).toEqual([['OSDE', '2', '$ 45.000,50', '$ 15.000,50', '02/11/2026']]);
    // Each one opens its liquidaciones on the month of the oldest sale it owes.
    expect(within(table).getByRole('link', { name: 'OSDE' }).getAttribute('href')).toBe(
      '/obrasSociales/liquidaciones?obraSocial=1&mes=2026-11',
    );
  });

  it('links to the liquidaciones', async () => {
    open('/obrasSociales');
    await table();
    expect(screen.getByRole('link', { name: 'Liquidaciones' }).getAttribute('href')).toBe(
      '/obrasSociales/liquidaciones',
    );
  });

  it('shows each by name with its CUIT as AFIP writes it and its plans', async () => {
    open('/obrasSociales');
    const rows = cellTexts(await table());
    expect(rows).toEqual([
      ['IOSFA', '30-71234500-0', 'Sin planes', 'EditarEliminar'],
      ['OSDE', '30-54674125-3', '2 planes210, 310', 'EditarEliminar'],
      ['Swiss Medical', '33-69345023-9', '1 planSMG20', 'EditarEliminar'],
    ]);
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nombre', 'CUIT', 'Planes', 'Acciones']);
    expect(screen.getByRole('link', { name: 'Editar OSDE' }).getAttribute('href')).toBe('/obrasSociales/1');
    expect(screen.getByRole('link', { name: 'Nueva obra social' }).getAttribute('href')).toBe('/obrasSociales/nueva');
  });

  it('says so when there are none', async () => {
    open('/obrasSociales', { 'GET /api/obrasSociales': [200, []] });
    expect(await screen.findByText(/No hay obras sociales cargadas/)).toBeTruthy();
  });

  it('says so when the list cannot be read', async () => {
    open('/obrasSociales', { 'GET /api/obrasSociales': [500, {}] });
    expect(await screen.findByText('No se pudieron cargar las obras sociales.')).toBeTruthy();
  });
});

describe('Obras sociales: a new one', () => {
  it('sends the name, the CUIT’s digits and two plans with es-AR numbers, once per opened form, then lists them again', async () => {
    const user = userEvent.setup();
    const creada = obraSocial({ id: 4, nombre: 'OSPE' });
    const { calls, keys, router } = open('/obrasSociales/nueva', {
      'POST /api/obrasSociales': [201, { mensaje: 'La obra social ha sido creada!', obraSocial: creada }],
    });
    expect(screen.getByRole('heading', { name: 'Nueva obra social' })).toBeTruthy();
    // One blank plan to start; Guardar says what it waits for.
    expect(screen.getAllByRole('group', { name: /^Plan \d+$/ })).toHaveLength(1);
    expect(button('Guardar').disabled).toBe(true);
    expect(problemTexts()).toEqual([
      'El nombre de la obra social es obligatorio y tiene como máximo 80 caracteres.',
      'El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.',
      'Cada plan necesita un nombre de hasta 80 caracteres.',
    ]);

    await user.type(screen.getByLabelText('Nombre'), ' OSPE ');
    await user.type(screen.getByLabelText('CUIT'), '30546741253');
    await user.tab();
    // Once left, a CUIT that checks is written as AFIP writes it.
    expect(screen.getByLabelText<HTMLInputElement>('CUIT').value).toBe('30-54674125-3');

    await user.type(plan(1).getByLabelText('Nombre del plan'), 'A 210');
    await user.type(plan(1).getByLabelText('Cristales: %'), '40');
    await user.type(plan(1).getByLabelText('Cristales: tope'), '30.000');
    await user.click(plan(1).getByLabelText('Requiere receta'));
    await user.type(plan(1).getByLabelText('Validez de la receta (días)'), '60');
    expect(plan(1).getByTestId('plan-1-resumen').textContent).toBe(
      'Cristales: el 40% hasta $ 30.000,00 · Armazones: sin cobertura · Requiere receta de hasta 60 días',
    );

    await user.click(button('Agregar plan'));
    await user.type(plan(2).getByLabelText('Nombre del plan'), 'B 310');
    await user.type(plan(2).getByLabelText('Cristales: %'), '12,5');
    await user.type(plan(2).getByLabelText('Armazones: tope'), '15000,50');
    expect(button('Guardar').disabled).toBe(false);
    expect(screen.queryByTestId('save-problems')).toBeNull();

    await user.click(button('Guardar'));
    await alerted('success', 'OBRA SOCIAL CREADA', 'La obra social ha sido creada!');
    expect(postedBody(calls, '/api/obrasSociales')).toEqual({
      nombre: 'OSPE',
      cuit: '30546741253',
      planes: [
        {
          nombre: 'A 210',
          cristales: { porcentaje: '40', tope: 30000 },
          armazones: { porcentaje: null, tope: null },
          requiereReceta: true,
          validezRecetaDias: 60,
        },
        {
          nombre: 'B 310',
          cristales: { porcentaje: '12,5', tope: null },
          armazones: { porcentaje: null, tope: 15000.5 },
          requiereReceta: false,
          validezRecetaDias: null,
        },
      ],
    });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/obrasSociales'));
    await table();
    expect(reads(calls)).toBe(1);
  });

  it('shows the server’s reasons (400) and stays, with the same key on a retry', async () => {
    const user = userEvent.setup();
    const answers: Answers = {
      'POST /api/obrasSociales': [
        400,
        { errors: ['Ya existe una obra social con ese nombre.', 'El plan 210 figura más de una vez.'] },
      ],
    };
    const { keys, router } = open('/obrasSociales/nueva', answers);
    await user.type(screen.getByLabelText('Nombre'), 'OSDE');
    await user.type(screen.getByLabelText('CUIT'), '30-54674125-3');
    await user.click(plan(1).getByRole('button', { name: 'Quitar plan' }));
    expect(screen.queryByRole('group', { name: 'Plan 1' })).toBeNull();
    expect(screen.getByText(/Sin planes/)).toBeTruthy();
    await user.click(button('Guardar'));
    await alerted(
      'error',
      'ERROR DE VALIDACIÓN',
      'Ya existe una obra social con ese nombre., El plan 210 figura más de una vez.',
    );
    expect(router.state.location.pathname).toBe('/obrasSociales/nueva');
    expect(screen.getByLabelText<HTMLInputElement>('Nombre').value).toBe('OSDE');
    await waitFor(() => expect(button('Guardar').disabled).toBe(false));
    await user.click(button('Guardar'));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
  });

  it('marks a CUIT whose check digit is wrong and waits', async () => {
    const user = userEvent.setup();
    const { calls } = open('/obrasSociales/nueva');
    await user.type(screen.getByLabelText('Nombre'), 'OSPE');
    await user.type(screen.getByLabelText('CUIT'), '30-54674125-4');
    await user.tab();
    expect(screen.getByLabelText('CUIT').className).toContain('is-invalid');
    expect(screen.getAllByText(/El CUIT debe tener 11 números válidos/)).toHaveLength(2);
    await user.type(plan(1).getByLabelText('Nombre del plan'), 'Único');
    await user.type(plan(1).getByLabelText('Cristales: %'), '120');
    expect(plan(1).getByText('Debe estar entre 0 y 100.')).toBeTruthy();
    expect(problemTexts()).toEqual([
      'El CUIT debe tener 11 números válidos (sin guiones), como figura en la constancia de AFIP.',
      'El porcentaje de cobertura del plan Único debe estar entre 0 y 100.',
    ]);
    expect(button('Guardar').disabled).toBe(true);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('Obras sociales: a change', () => {
  it('opens one as it stands and sends it whole, with the plans left', async () => {
    const user = userEvent.setup();
    const { calls, router } = open('/obrasSociales/1', {
      'GET /api/obrasSociales/1': [200, obraSocial()],
      'PUT /api/obrasSociales/1': [200, { mensaje: 'La obra social ha sido actualizada!', obraSocial: obraSocial() }],
    });
    expect(await screen.findByRole('heading', { name: 'Editar obra social' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('CUIT').value).toBe('30-54674125-3');
    expect(plan(1).getByLabelText<HTMLInputElement>('Nombre del plan').value).toBe('210');
    expect(plan(1).getByLabelText<HTMLInputElement>('Cristales: tope').value).toBe('30.000,00');
    expect(plan(1).getByLabelText<HTMLInputElement>('Requiere receta').checked).toBe(true);
    expect(plan(2).getByLabelText<HTMLInputElement>('Cristales: %').value).toBe('12,5');
    expect(plan(2).getByLabelText<HTMLInputElement>('Armazones: tope').value).toBe('15.000,50');
    await user.click(plan(1).getByRole('button', { name: 'Quitar plan' }));
    await user.clear(plan(1).getByLabelText('Cristales: %'));
    await user.type(plan(1).getByLabelText('Cristales: %'), '15');
    await user.click(button('Guardar'));
    await alerted('success', 'OBRA SOCIAL ACTUALIZADA', 'La obra social ha sido actualizada!');
    expect(sentBody(calls, 'PUT')).toEqual({
      nombre: 'OSDE',
      cuit: '30546741253',
      planes: [
        {
          nombre: '310',
          cristales: { porcentaje: '15', tope: null },
          armazones: { porcentaje: null, tope: 15000.5 },
          requiereReceta: false,
          validezRecetaDias: null,
        },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/obrasSociales'));
  });

  it('says in the server’s words that one does not exist', async () => {
    open('/obrasSociales/9', { 'GET /api/obrasSociales/9': [404, { mensaje: 'La obra social 9 no existe.' }] });
    expect(await screen.findByText('La obra social 9 no existe.')).toBeTruthy();
    expect(alert).toHaveBeenCalledWith('error', 'ERROR', 'La obra social 9 no existe.');
    expect(screen.getByRole('link', { name: 'Volver al listado de obras sociales' })).toBeTruthy();
  });
});

describe('Obras sociales: deleting one', () => {
  it('asks first; declined, nothing is sent', async () => {
    const { calls } = open('/obrasSociales');
    await table();
    await declinedDelete(calls, () => screen.findByRole('button', { name: 'Eliminar OSDE' }));
    expect(confirm).toHaveBeenCalledWith(
      '¿Eliminar la obra social OSDE?',
      'No se puede deshacer. Una obra social que figura en pacientes o ventas no se puede eliminar.',
      'Sí, eliminarla',
    );
  });

  it('tells the server’s refusal while patients or sales name it (409)', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open('/obrasSociales', {
      'DELETE /api/obrasSociales/1': [
        409,
        { mensaje: 'Hay pacientes o ventas con esta obra social: no se puede eliminar.' },
      ],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Eliminar OSDE' }));
    await confirmed(
      '¿Eliminar la obra social OSDE?',
      'No se puede deshacer. Una obra social que figura en pacientes o ventas no se puede eliminar.',
      'Sí, eliminarla',
    );
    await alerted('error', 'ERROR', 'Hay pacientes o ventas con esta obra social: no se puede eliminar.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/obrasSociales/1']);
    // The list is read again: another admin may have changed it meanwhile.
    await waitFor(() => expect(reads(calls)).toBe(2));
  });

  it('deletes one no one names', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open('/obrasSociales', {
      'DELETE /api/obrasSociales/3': [200, { mensaje: 'La obra social ha sido eliminada' }],
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Eliminar IOSFA' }));
    await alerted('success', 'OBRA SOCIAL ELIMINADA', 'La obra social ha sido eliminada');
    await waitFor(() => expect(reads(calls)).toBe(2));
  });
});

describe('Obras sociales: route and menu', () => {
  it("is in the admins' ADMINISTRAR menu", async () => {
    const user = userEvent.setup();
    openPage('/inicio', [{ path: '/inicio', element: <Menu /> }], { token: adminToken() });
    await user.click(within(screen.getByTestId('menu-administrar')).getByRole('button', { name: 'ADMINISTRAR' }));
    expect(screen.getByRole('link', { name: 'Obras sociales' }).getAttribute('href')).toBe('/obrasSociales');
  });

  it('a seller sees no entry and is kept out of the route', async () => {
    const user = userEvent.setup();
    const { calls } = openPage('/obrasSociales', appRoutes, { token: sellerToken(1) });
    await alerted('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso');
    await user.click(within(screen.getByTestId('menu-administrar')).getByRole('button', { name: 'ADMINISTRAR' }));
    expect(screen.getByRole('link', { name: 'Pacientes' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Obras sociales' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/obrasSociales'))).toBe(false);
  });

  it('an admin opens the list through the app’s routes', async () => {
    openPage('/obrasSociales', appRoutes, {
      token: adminToken(),
      answers: { 'GET /api/obrasSociales': [200, obrasSociales()] },
    });
    expect(await table()).toBeTruthy();
  });
});
