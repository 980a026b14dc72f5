import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { isoDate } from '../lib/dates';
import { capturedDownloads, openPage, pageNumbers, pagination, type Answers } from '../test/page';
import { adminToken, locales, producto, sellerToken, springPage } from '../test/seed';
import { ProductList } from './ProductList';
import { alerted, declinedDelete } from '../test/alerts';

const admin = adminToken();
const seller = sellerToken(1);

function open(token: string, routes: Answers, at = '/productos/page/0') {
  return openPage(at, [{ path: '/productos/page/:page', element: <ProductList /> }], { token, answers: routes });
}

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);
const searchForm = (name: string) => within(screen.getByRole('search', { name }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirm).mockReset();
});

describe('product list', () => {
  it('shows admins cost, actions and the admin buttons', async () => {
    open(admin, { 'GET /api/productos/page/2': [200, springPage([producto()], 12, 2, 3)] }, '/productos/page/2');
    await screen.findByText('RB3025');
    expect(screen.getByRole('heading', { name: 'NUESTRO CATÁLOGO' })).toBeTruthy();
    // prettier-ignore
    expect(headers()).toEqual([
      'Modelo', 'Marca', 'Categoria', 'Material', 'Genero', 'Costo', 'Precio', 'Stock', 'Descripción', 'Acciones',
    ]);
    expect(screen.getByText('Centro: 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/editarProducto/10?fromPage=2');
    expect(screen.getByRole('link', { name: 'Crear producto' }).getAttribute('href')).toBe('/crearVariosProductos');
    expect(screen.getByRole('button', { name: 'Generar Stock del Local' })).toBeTruthy();
  });

  it('shows sellers neither cost nor actions', async () => {
    open(seller, { 'GET /api/productos/page/0': [200, springPage([producto({ costo: null })], 12)] });
    await screen.findByText('RB3025');
    expect(headers()).toEqual(['Modelo', 'Marca', 'Categoria', 'Material', 'Genero', 'Precio', 'Stock', 'Descripción']);
    expect(screen.queryByRole('link', { name: 'Crear producto' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Generar Stock del Local' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Limpiar Filtros' })).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Anterior' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Siguiente' }).disabled).toBe(true);
  });

  it("shows what is on its way to a branch as 'En tránsito', only where there is some", async () => {
    const enCamino = producto({
      productoLocales: [
        { local: locales[0], stock: 3, minimo: null, enTransito: 0 },
        { local: locales[1], stock: 0, minimo: 2, enTransito: 3 },
      ],
    });
    open(admin, { 'GET /api/productos/page/0': [200, springPage([enCamino], 12)] });
    const stock = await screen.findByText(/^Norte: 0/);
    expect(stock.textContent).toBe('Norte: 0En tránsito: 3');
    expect(within(stock).getByText('En tránsito: 3')).toBeTruthy();
    expect(screen.getByText('Centro: 3').textContent).toBe('Centro: 3');
  });

  it('says so when there are no products', async () => {
    open(admin, { 'GET /api/productos/page/0': [200, springPage([], 12, 0, 0)] });
    await screen.findByText('No se encontraron productos');
  });

  it('warns about a blank search and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, { 'GET /api/productos/page/0': [200, springPage([producto()], 12)] });
    await screen.findByText('RB3025');
    await user.type(searchForm('Buscar por modelo').getByRole('textbox'), '   ');
    await user.click(searchForm('Buscar por modelo').getByRole('button', { name: 'Buscar' }));
    expect(alert).toHaveBeenCalledWith('warning', 'ATENCIÓN', 'Debes ingresar un código de modelo válido');
    await user.click(searchForm('Buscar por marca').getByRole('button', { name: 'Buscar' }));
    expect(alert).toHaveBeenCalledWith('warning', 'ATENCIÓN', 'Debes ingresar una marca válida');
    expect(calls.filter((c) => c.path.includes('/modelo/') || c.path.includes('/marca/'))).toHaveLength(0);
  });

  it('answers a search without matches (404, empty body) with SIN RESULTADOS', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, {
      'GET /api/productos/page/0': [200, springPage([producto()], 12)],
      'GET /api/productos/marca/ray%20ban': [404, undefined],
    });
    await screen.findByText('RB3025');
    await user.type(searchForm('Buscar por marca').getByRole('textbox'), ' ray ban ');
    await user.click(searchForm('Buscar por marca').getByRole('button', { name: 'Buscar' }));
    await alerted('info', 'SIN RESULTADOS', 'No se encontraron productos con esa marca');
    expect(calls.some((c) => c.path === '/api/productos/marca/ray%20ban')).toBe(true);
    await screen.findByText('No se encontraron productos');
  });

  it('shows the matches of a model search until the filters are cleared', async () => {
    const user = userEvent.setup();
    open(admin, {
      'GET /api/productos/page/0': [200, springPage([producto()], 12, 0, 2)],
      'GET /api/productos/modelo/OX': [200, [producto({ id: 11, modelo: 'OX8046' })]],
    });
    await screen.findByText('RB3025');
    await user.type(searchForm('Buscar por modelo').getByRole('textbox'), 'OX');
    await user.click(searchForm('Buscar por modelo').getByRole('button', { name: 'Buscar' }));
    await screen.findByText('OX8046');
    expect(screen.queryByText('RB3025')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Limpiar Filtros' }));
    await screen.findByText('RB3025');
    expect(screen.getByRole('navigation', { name: 'Páginas' })).toBeTruthy();
  });

  it('asks before deleting, then confirms with the server message', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open(admin, {
      'GET /api/productos/page/0': [200, springPage([producto()], 12)],
      'DELETE /api/productos/10': [200, { mensaje: 'Se elimino el producto con éxito!' }],
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro ?', 'No puedes revertir este cambio', 'Si, eliminarlo');
    await alerted('success', 'PRODUCTO ELIMINADO', 'Se elimino el producto con éxito!');
    // The deletion invalidates the page, which is fetched again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/productos/page/0')).toHaveLength(2));
  });

  it('sends nothing when the delete is not confirmed', async () => {
    const { calls } = open(admin, { 'GET /api/productos/page/0': [200, springPage([producto()], 12)] });
    await declinedDelete(calls);
  });

  it('explains a delete refused because of cash movements, and a 400 with its errors', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const routes: Answers = {
      'GET /api/productos/page/0': [200, springPage([producto()], 12)],
      'DELETE /api/productos/10': [409, { mensaje: 'en uso' }],
    };
    open(admin, routes);
    await user.click(await screen.findByRole('button', { name: 'Eliminar' }));
    await alerted(
      'error',
      'ERROR AL ELIMINAR EL PRODUCTO',
      'Existen Movimientos en la Caja. Por favor elimine esos movimientos para continuar',
    );
    routes['DELETE /api/productos/10'] = [400, { errors: ['uno', 'dos'] }];
    await user.click(screen.getByRole('button', { name: 'Eliminar' }));
    await alerted('error', 'ERROR AL ELIMINAR EL PRODUCTO', 'uno, dos');
  });

  it('pages through a window of 5 numbers, arrows disabled at the ends', async () => {
    const user = userEvent.setup();
    const { router } = open(
      admin,
      {
        'GET /api/productos/page/5': [200, springPage([producto()], 12, 5, 10)],
        'GET /api/productos/page/6': [200, springPage([producto({ id: 12, modelo: 'SEXTA' })], 12, 6, 10)],
        'GET /api/productos/page/9': [200, springPage([producto({ id: 13, modelo: 'ULTIMA' })], 12, 9, 10)],
      },
      '/productos/page/5',
    );
    await screen.findByText('RB3025');
    expect(pageNumbers()).toEqual(['4', '5', '6', '7', '8']);
    await user.click(pagination().getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('SEXTA');
    expect(router.state.location.pathname).toBe('/productos/page/6');
    await act(() => router.navigate('/productos/page/9'));
    await screen.findByText('ULTIMA');
    expect(pagination().getByRole<HTMLButtonElement>('button', { name: 'Siguiente' }).disabled).toBe(true);
    expect(pagination().getByRole<HTMLButtonElement>('button', { name: 'Anterior' }).disabled).toBe(false);
    expect(pageNumbers()).toEqual(['6', '7', '8', '9', '10']);
  });

  it('lists only the category of the URL, and keeps it when paging', async () => {
    const user = userEvent.setup();
    const { calls, router } = open(
      seller,
      {
        'GET /api/productos/page/0': [200, springPage([producto({ costo: null })], 12, 0, 2)],
        'GET /api/productos/page/1': [
          200,
          springPage([producto({ id: 12, modelo: 'SEGUNDA', costo: null })], 12, 1, 2),
        ],
      },
      '/productos/page/0?categoria=2',
    );
    await screen.findByText('RB3025');
    expect(calls.find((c) => c.path === '/api/productos/page/0')!.search).toBe('?categoria=2');
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    await screen.findByText('SEGUNDA');
    expect(router.state.location.search).toBe('?categoria=2');
    expect(calls.find((c) => c.path === '/api/productos/page/1')!.search).toBe('?categoria=2');
  });

  it('exports the stock of a chosen branch', async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:stock');
    const { calls } = open(admin, {
      'GET /api/productos/page/0': [200, springPage([producto()], 12)],
      'GET /api/local': [200, locales],
      'GET /api/excel/stock/2': [200, 'xlsx'],
    });
    await user.click(await screen.findByRole('button', { name: 'Generar Stock del Local' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Seleccionar Local' }));
    await user.click(dialog.getByRole('button', { name: 'Generar Excel' }));
    expect(alert).toHaveBeenCalledWith('warning', 'ATENCIÓN', 'Por favor selecciona un local');
    await user.selectOptions(await dialog.findByLabelText('Local'), 'Norte');
    await user.click(dialog.getByRole('button', { name: 'Generar Excel' }));
    await alerted('success', 'ÉXITO', 'Excel generado correctamente');
    expect(saved).toEqual([`stock_norte_${isoDate(new Date())}.xlsx`]);
    expect(calls.find((c) => c.path === '/api/excel/stock/2')?.auth).toBe(`Bearer ${admin}`);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
