import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert } from '../app/alerts';
import { isoDate } from '../lib/dates';
import { capturedDownloads, openPage, postKeys, whenEnabled, type Answers } from '../test/page';
import { adminToken, aReponer, locales, motivosAjuste, producto, reponerPage, sellerToken } from '../test/seed';
import { ProductStock } from './ProductStock';
import { Reorder } from './Reorder';
import { alerted } from '../test/alerts';

afterEach(() => {
  vi.restoreAllMocks();
});

const bodyOf = (calls: { method: string; path: string; body: string | null }[], method: string, path: string) =>
  JSON.parse(calls.find((c) => c.method === method && c.path === path)?.body ?? 'null');

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Reponer', () => {
  function open(token: string, answers: Answers = {}) {
    return openPage('/reponer', [{ path: '/reponer', element: <Reorder /> }], {
      token,
      answers: {
        'GET /api/local': [200, locales],
        'GET /api/reponer': [200, reponerPage([aReponer({ costoCents: null })])],
        ...answers,
      },
    });
  }

  it("a seller sees their branch's list, without costs, and downloads it", async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:xlsx');
    const { calls } = open(sellerToken(1), { 'GET /api/reponer/excel': [200, 'xlsx'] });
    const row = await screen.findByTestId('reponer-10');
    expect(cells(row)).toEqual(['RB3025', 'Vulk', '1', '2', '5', '2', 'Lentes SA, Visión']);
    expect(calls.find((c) => c.path === '/api/reponer')?.search).toBe('?localId=1&page=0&size=50');
    expect((screen.getByLabelText('Local') as HTMLSelectElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(saved).toEqual([`reponer_centro_${isoDate(new Date())}.xlsx`]));
    expect(calls.find((c) => c.path === '/api/reponer/excel')?.search).toBe('?localId=1');
    expect(alert).toHaveBeenLastCalledWith('success', 'ÉXITO', 'El Excel se ha descargado correctamente.');
  });

  it('an admin chooses the branch first, and sees the cost', async () => {
    const user = userEvent.setup();
    const { calls } = open(adminToken(), { 'GET /api/reponer': [200, reponerPage([aReponer()])] });
    expect(await screen.findByText('Elegí el local para ver qué hay que reponer.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Descargar Excel' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.some((c) => c.path === '/api/reponer')).toBe(false);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Local'), '2');
    const row = await screen.findByTestId('reponer-10');
    expect(cells(row).at(-1)).toBe('$ 100,00');
    expect(calls.find((c) => c.path === '/api/reponer')?.search).toBe('?localId=2&page=0&size=50');
  });

  it('says when nothing is to reorder', async () => {
    open(sellerToken(2), { 'GET /api/reponer': [200, reponerPage([])] });
    expect(await screen.findByText('No hay productos en el punto de pedido o por debajo.')).toBeTruthy();
  });
});

describe('Stock por local (under the product form)', () => {
  const rb = producto({
    productoLocales: [
      { local: locales[0], stock: 3, minimo: null, enTransito: 0 },
      { local: locales[1], stock: 0, minimo: 2, enTransito: 3 },
    ],
  });

  /** Opens the panel of product 10; `keys` records each adjustment's Idempotency-Key. */
  function open(answers: Answers = {}) {
    const { keys, onRequest } = postKeys();
    const view = openPage(
      '/editarProducto/10',
      [{ path: '/editarProducto/:id', element: <ProductStock productoId={10} /> }],
      {
        token: adminToken(),
        answers: {
          'GET /api/productos/10': [200, rb],
          'GET /api/stock/motivos': [200, motivosAjuste],
          ...answers,
        },
        onRequest,
      },
    );
    return { ...view, keys };
  }

  it("shows each branch's stock, what is in transit and its reorder point", async () => {
    open();
    await screen.findByText('Stock por local');
    expect(screen.queryByRole('button', { name: 'Recargar' })).toBeNull();
    const norte = await screen.findByTestId('stock-local-2');
    expect(cells(norte).slice(0, 3)).toEqual(['Norte', '0', 'En tránsito: 3']);
    expect((within(norte).getByLabelText('Punto de pedido en Norte') as HTMLInputElement).value).toBe('2');
    expect(cells(screen.getByTestId('stock-local-1')).slice(0, 3)).toEqual(['Centro', '3', '—']);
  });

  it('saves a reorder point, and clears one left blank', async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'PUT /api/productos/10/minimo': [200, { mensaje: 'El punto de pedido ha sido guardado!', producto: rb }],
    });
    const centro = await screen.findByTestId('stock-local-1');
    const guardar = within(centro).getByRole('button', {
      name: 'Guardar punto de pedido en Centro',
    }) as HTMLButtonElement;
    expect(guardar.disabled).toBe(true);
    await user.type(within(centro).getByLabelText('Punto de pedido en Centro'), '5');
    await user.click(guardar);
    await alerted('success', 'PUNTO DE PEDIDO GUARDADO', 'El punto de pedido ha sido guardado!');
    expect(bodyOf(calls, 'PUT', '/api/productos/10/minimo')).toEqual({ localId: 1, minimo: 5 });
    expect(screen.getByRole('button', { name: 'Recargar' })).toBeTruthy();
    const norte = screen.getByTestId('stock-local-2');
    await user.clear(within(norte).getByLabelText('Punto de pedido en Norte'));
    await user.click(within(norte).getByRole('button', { name: 'Guardar punto de pedido en Norte' }));
    await waitFor(() =>
      expect(JSON.parse(calls.filter((c) => c.method === 'PUT').at(-1)?.body ?? 'null')).toEqual({
        localId: 2,
        minimo: null,
      }),
    );
  });

  it("adjusts with a reason that only takes out: the rule is said, the server's refusal shown", async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'POST /api/productos/10/ajustes': [400, { errors: ['El ajuste dejaría el stock de RB3025 por debajo de 0.'] }],
    });
    await user.click(await screen.findByRole('button', { name: 'Ajustar stock en Centro' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Ajustar stock de RB3025 en Centro' })).toBeTruthy();
    expect(within(dialog).getByText('Stock actual: 3')).toBeTruthy();
    const ajustar = within(dialog).getByRole('button', { name: 'Ajustar' }) as HTMLButtonElement;
    expect(ajustar.disabled).toBe(true);
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(6));
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elegí el motivo', 'Rotura', 'Robo o pérdida', 'Uso interno', 'Devolución a proveedor', 'Corrección']);
    await user.selectOptions(within(dialog).getByLabelText('Motivo'), 'Rotura');
    expect(within(dialog).getByTestId('ajuste-regla').textContent).toBe(
      '«Rotura» solo resta stock: escribí la cantidad en negativo (por ejemplo, -1).',
    );
    await user.type(within(dialog).getByLabelText('Cantidad'), '1');
    expect(within(dialog).getByText('«Rotura» resta stock: la cantidad debe ser negativa')).toBeTruthy();
    expect(ajustar.disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('Cantidad'));
    await user.type(within(dialog).getByLabelText('Cantidad'), '-1');
    expect(within(dialog).getByTestId('ajuste-regla').textContent).toMatch(/Stock resultante: 2\.$/);
    await user.type(within(dialog).getByLabelText('Nota (opcional)'), 'Se cayó del exhibidor');
    await user.click(ajustar);
    await alerted('error', 'ERROR DE VALIDACIÓN', 'El ajuste dejaría el stock de RB3025 por debajo de 0.');
    expect(bodyOf(calls, 'POST', '/api/productos/10/ajustes')).toEqual({
      localId: 1,
      cantidad: -1,
      motivo: 'Rotura',
      nota: 'Se cayó del exhibidor',
    });
    await whenEnabled(ajustar);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a correction adds units and closes with the server’s message', async () => {
    const user = userEvent.setup();
    const { calls } = open({
      'POST /api/productos/10/ajustes': [200, { mensaje: 'El stock ha sido ajustado!', producto: rb }],
    });
    await user.click(await screen.findByRole('button', { name: 'Ajustar stock en Norte' }));
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(6));
    await user.selectOptions(within(dialog).getByLabelText('Motivo'), 'Correccion');
    expect(within(dialog).getByTestId('ajuste-regla').textContent).toBe('Positivo suma unidades, negativo las resta.');
    await user.type(within(dialog).getByLabelText('Cantidad'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Ajustar' }));
    await alerted('success', 'STOCK AJUSTADO', 'El stock ha sido ajustado!');
    expect(bodyOf(calls, 'POST', '/api/productos/10/ajustes')).toEqual({
      localId: 2,
      cantidad: 4,
      motivo: 'Correccion',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    // The product's form above opened before the change: the panel says to reload it first.
    expect(
      screen.getByText(
        'El formulario de arriba muestra el producto como estaba al abrirlo: recargá la página antes de editarlo.',
      ),
    ).toBeTruthy();
  });

  it('sends one Idempotency-Key per opened dialog, the same on a retry', async () => {
    const user = userEvent.setup();
    let sent = 0;
    // The first answer is lost (a gateway error); the retry is taken.
    const { keys } = open({
      'POST /api/productos/10/ajustes': () =>
        ++sent === 1
          ? [502, { mensaje: 'Bad Gateway' }]
          : [200, { mensaje: 'El stock ha sido ajustado!', producto: rb }],
    });
    const fill = async () => {
      await user.click(await screen.findByRole('button', { name: 'Ajustar stock en Centro' }));
      const dialog = screen.getByRole('dialog');
      await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(6));
      await user.selectOptions(within(dialog).getByLabelText('Motivo'), 'Rotura');
      await user.type(within(dialog).getByLabelText('Cantidad'), '-1');
      return within(dialog).getByRole('button', { name: 'Ajustar' }) as HTMLButtonElement;
    };
    const ajustar = await fill();
    await user.click(ajustar);
    await whenEnabled(ajustar);
    expect(keys).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.click(ajustar);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Taken, the dialog opened again is another adjustment.
    await user.click(await fill());
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
