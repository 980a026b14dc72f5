import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { openPage, pageNumbers, pagination, type Answers } from '../test/page';
import { adminToken, paciente, sellerToken, springPage } from '../test/seed';
import { PatientList } from './PatientList';
import { alerted, declinedDelete } from '../test/alerts';

const admin = adminToken();
const seller = sellerToken(1);

function open(token: string, routes: Answers) {
  return openPage('/adminitrarPaciente', [{ path: '/adminitrarPaciente', element: <PatientList /> }], {
    token,
    answers: routes,
  });
}

const searchForm = (name: string) => within(screen.getByRole('search', { name }));
const searchButton = (name: string) => searchForm(name).getByRole<HTMLButtonElement>('button', { name: 'Buscar' });
const rows = () => screen.getAllByRole('row').slice(1);

afterEach(() => {
  vi.mocked(confirm).mockReset();
});

describe('patient list', () => {
  it('lists patients with their links; only admins delete', async () => {
    open(admin, { 'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)] });
    await screen.findByText('José Pérez');
    expect(screen.getByRole('heading', { name: 'LISTADO DE PACIENTES' })).toBeTruthy();
    // prettier-ignore
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Ficha', 'Nombre completo', 'Documento', 'Celular', 'Local', 'Acciones',
    ]);
    const row = within(rows()[0]);
    expect(row.getByText('154')).toBeTruthy();
    expect(row.getByText('30123456')).toBeTruthy();
    expect(row.getByText('Centro')).toBeTruthy();
    expect(row.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/editarPaciente/7');
    expect(row.getByRole('link', { name: 'Ver compras' }).getAttribute('href')).toBe(
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez?id=7',
    );
    expect(row.getByRole('link', { name: 'Registrar un movimiento' }).getAttribute('href')).toBe('/crearMovimiento/7');
    expect(row.getByRole('button', { name: 'Eliminar' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Crear paciente' }).getAttribute('href')).toBe('/crearPaciente');
  });

  it('gives sellers no delete button', async () => {
    open(seller, { 'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)] });
    await screen.findByText('José Pérez');
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('says so when there are no patients', async () => {
    const routes: Answers = {
      'GET /api/pacientes/paginado/0': [200, springPage([], 12, 0, 0)],
    };
    open(admin, routes);
    await screen.findByText('No se encontraron pacientes');
  });

  it('says so when the list cannot be loaded', async () => {
    open(admin, { 'GET /api/pacientes/paginado/0': [500, { mensaje: 'x' }] });
    await screen.findByText('Hubo un problema al cargar los pacientes.');
  });

  it('keeps each search button disabled while its field is blank', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, { 'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)] });
    await screen.findByText('José Pérez');
    expect(searchButton('Buscar por nombre').disabled).toBe(true);
    expect(searchButton('Buscar por documento').disabled).toBe(true);
    await user.type(searchForm('Buscar por nombre').getByRole('textbox'), '   ');
    expect(searchButton('Buscar por nombre').disabled).toBe(true);
    await user.type(searchForm('Buscar por nombre').getByRole('textbox'), '{Enter}');
    await user.type(searchForm('Buscar por documento').getByRole('textbox'), '301');
    expect(searchButton('Buscar por documento').disabled).toBe(false);
    expect(searchButton('Buscar por nombre').disabled).toBe(true);
    expect(calls.some((c) => c.path.includes('/buscar/'))).toBe(false);
  });

  it('searches by name (encoded, paged) until the filters are cleared', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, {
      'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)],
      'GET /api/pacientes/buscar/nombre': [200, springPage([paciente({ id: 8, nombreCompleto: 'María Núñez' })], 12)],
    });
    await screen.findByText('José Pérez');
    await user.type(searchForm('Buscar por nombre').getByRole('textbox'), ' maría n ');
    await user.click(searchButton('Buscar por nombre'));
    await screen.findByText('María Núñez');
    expect(screen.queryByText('José Pérez')).toBeNull();
    const call = calls.find((c) => c.path === '/api/pacientes/buscar/nombre')!;
    expect(call.search).toBe('?nombre=mar%C3%ADa%20n&page=0');
    expect(alert).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Limpiar Filtros' }));
    await screen.findByText('José Pérez');
    expect(searchForm('Buscar por nombre').getByRole<HTMLInputElement>('textbox').value).toBe('');
  });

  it('searches by document in the path and tells when nothing matched', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, {
      'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)],
      'GET /api/pacientes/buscar/documento/30%20999/page/0': [200, springPage([], 12, 0, 0)],
    });
    await screen.findByText('José Pérez');
    await user.type(searchForm('Buscar por documento').getByRole('textbox'), '30 999');
    await user.click(searchButton('Buscar por documento'));
    await alerted('info', 'SIN RESULTADOS', 'No se encontraron pacientes con ese nombre/documento.');
    expect(calls.some((c) => c.path === '/api/pacientes/buscar/documento/30%20999/page/0')).toBe(true);
    await screen.findByText('No se encontraron pacientes');
  });

  it('tells when a search fails', async () => {
    const user = userEvent.setup();
    open(admin, {
      'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)],
      'GET /api/pacientes/buscar/nombre': [500, { mensaje: 'boom' }],
    });
    await screen.findByText('José Pérez');
    await user.type(searchForm('Buscar por nombre').getByRole('textbox'), 'x');
    await user.click(searchButton('Buscar por nombre'));
    await alerted('error', 'ERROR', 'Hubo un problema al realizar la búsqueda.');
  });

  it('pages through a window of 5 numbers', async () => {
    const user = userEvent.setup();
    const routes: Answers = {};
    for (let n = 0; n < 10; n++) {
      routes[`GET /api/pacientes/paginado/${n}`] = [
        200,
        springPage([paciente({ id: 100 + n, nombreCompleto: `Paciente ${n + 1}` })], 12, n, 10),
      ];
    }
    open(admin, routes);
    await screen.findByText('Paciente 1');
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(pagination().getByRole<HTMLButtonElement>('button', { name: 'Anterior' }).disabled).toBe(true);
    await user.click(pagination().getByRole('button', { name: '5' }));
    await screen.findByText('Paciente 5');
    expect(pageNumbers()).toEqual(['3', '4', '5', '6', '7']);
    await user.click(pagination().getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('Paciente 6');
    expect(pageNumbers()).toEqual(['4', '5', '6', '7', '8']);
    await user.click(pagination().getByRole('button', { name: '8' }));
    await screen.findByText('Paciente 8');
    await user.click(pagination().getByRole('button', { name: '10' }));
    await screen.findByText('Paciente 10');
    expect(pageNumbers()).toEqual(['6', '7', '8', '9', '10']);
    expect(pagination().getByRole<HTMLButtonElement>('button', { name: 'Siguiente' }).disabled).toBe(true);
  });

  it('pages a search', async () => {
    const user = userEvent.setup();
    const routes: Answers = {
      'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)],
      'GET /api/pacientes/buscar/documento/3/page/0': [
        200,
        springPage([paciente({ id: 1, nombreCompleto: 'Uno' })], 12, 0, 2),
      ],
      'GET /api/pacientes/buscar/documento/3/page/1': [
        200,
        springPage([paciente({ id: 2, nombreCompleto: 'Dos' })], 12, 1, 2),
      ],
    };
    open(admin, routes);
    await screen.findByText('José Pérez');
    await user.type(searchForm('Buscar por documento').getByRole('textbox'), '3');
    await user.click(searchButton('Buscar por documento'));
    await screen.findByText('Uno');
    await user.click(pagination().getByRole('button', { name: '2' }));
    await screen.findByText('Dos');
    expect(alert).not.toHaveBeenCalled();
  });

  it('asks before deleting, then shows the server message; a refusal shows ERROR and its mensaje', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const routes: Answers = {
      'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)],
      'DELETE /api/pacientes/7': [409, { mensaje: 'El paciente tiene movimientos en la caja.' }],
    };
    const { calls } = open(admin, routes);
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro ?', 'No puedes revertir este cambio', 'Si, eliminarlo');
    await alerted('error', 'ERROR', 'El paciente tiene movimientos en la caja.');
    routes['DELETE /api/pacientes/7'] = [200, { mensaje: 'Se elimino el paciente con éxito!' }];
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await alerted('success', 'PACIENTE ELIMINADO', 'Se elimino el paciente con éxito!');
    // Each answered delete invalidates the list, which is fetched again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/pacientes/paginado/0')).toHaveLength(3));
  });

  it('sends nothing when the delete is not confirmed', async () => {
    const { calls } = open(admin, { 'GET /api/pacientes/paginado/0': [200, springPage([paciente()], 12)] });
    await declinedDelete(calls);
  });
});
