import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { openPage, postedBody, postKeys, whenEnabled, type Answers } from '../test/page';
import {
  adminToken,
  locales,
  producto,
  sellerToken,
  transferencia,
  transferenciaConFaltante,
  transferenciasPage,
} from '../test/seed';
import { NewTransfer } from './NewTransfer';
import { TransferDetail } from './TransferDetail';
import { TransferList } from './TransferList';
import { alerted } from '../test/alerts';

const screens = [
  { path: '/transferencias', element: <TransferList /> },
  { path: '/transferencias/nueva', element: <NewTransfer /> },
  { path: '/transferencias/:id', element: <TransferDetail /> },
];

/** Opens `at`; `keys` records each POST's Idempotency-Key. */
function open(at: string, token: string, answers: Answers = {}) {
  const { keys, onRequest } = postKeys();
  const view = openPage(at, screens, {
    token,
    answers: {
      'GET /api/local': [200, locales],
      'GET /api/transferencias': [200, transferenciasPage([transferencia({ id: 8 }), transferenciaConFaltante()])],
      'GET /api/transferencias/7': [200, transferencia()],
      ...answers,
    },
    onRequest,
  });
  return { ...view, keys };
}

const rowCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Transferencias: the list', () => {
  it('shows each transfer with its state in Spanish; a seller sees their branch’s', async () => {
    const { calls } = open('/transferencias', sellerToken(2));
    const row = await screen.findByTestId('transferencia-7');
    expect(rowCells(row)).toEqual(['#7', '20/11/2026 10:30', 'Centro', 'Norte', '4', 'Recibida con faltante', 'Ver']);
    expect(within(screen.getByTestId('transferencia-8')).getByText('Enviada')).toBeTruthy();
    expect(screen.getByText(/Se muestran las transferencias que salen de tu local/)).toBeTruthy();
    expect(screen.queryByLabelText('Local')).toBeNull();
    expect(calls.find((c) => c.path === '/api/transferencias')?.search).toBe('?page=0&size=20');
    expect(screen.getByRole('link', { name: 'Nueva transferencia' }).getAttribute('href')).toBe(
      '/transferencias/nueva',
    );
  });

  it('filters by state, and an admin by branch', async () => {
    const user = userEvent.setup();
    const { calls } = open('/transferencias', adminToken());
    await screen.findByTestId('transferencia-7');
    await user.selectOptions(screen.getByLabelText('Estado'), 'RECIBIDA_CON_FALTANTE');
    await user.selectOptions(screen.getByLabelText('Local'), '2');
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?estado=RECIBIDA_CON_FALTANTE&localId=2&page=0&size=20'));
    expect(
      within(screen.getByLabelText('Estado'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos los estados', 'Enviada', 'Recibida', 'Recibida con faltante', 'Cancelada']);
  });

  it('says when there are none', async () => {
    open('/transferencias', sellerToken(1), { 'GET /api/transferencias': [200, transferenciasPage([])] });
    expect(await screen.findByText('No hay transferencias.')).toBeTruthy();
  });
});

describe('Transferencias: a new one', () => {
  const rb = producto({
    productoLocales: [{ local: locales[0], stock: 3, minimo: null, enTransito: 0 }],
  });

  it('a seller sends from their own branch: products found there, never above its stock', async () => {
    const user = userEvent.setup();
    const { calls, router } = open('/transferencias/nueva', sellerToken(1), {
      'GET /api/productos/buscar': [200, [rb]],
      'POST /api/transferencias': [
        201,
        { mensaje: 'La transferencia ha sido enviada!', transferencia: transferencia() },
      ],
    });
    const origen = (await screen.findByLabelText('Local de origen')) as HTMLSelectElement;
    await waitFor(() => expect(origen.selectedOptions[0]?.textContent).toBe('Centro'));
    expect(origen.disabled).toBe(true);
    const enviar = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    expect(enviar.disabled).toBe(true);
    expect(screen.getByText('Elegí el local de destino.')).toBeTruthy();
    expect(screen.getByText('Agregá al menos un producto a la transferencia.')).toBeTruthy();
    // The destination never lists the origin.
    expect(
      within(screen.getByLabelText('Local de destino'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Elegí el local', 'Norte']);
    await user.selectOptions(screen.getByLabelText('Local de destino'), '2');
    await user.type(screen.getByRole('textbox', { name: 'Buscar por modelo' }), 'rb');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText('Stock en Centro: 3')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/productos/buscar')?.search).toBe('?modelo=rb&localId=1');
    await user.click(screen.getByRole('button', { name: 'Agregar RB3025' }));
    const cantidad = screen.getByLabelText('Cantidad de RB3025');
    await user.clear(cantidad);
    await user.type(cantidad, '4');
    expect(screen.getByText('Stock insuficiente para el producto: RB3025')).toBeTruthy();
    expect(enviar.disabled).toBe(true);
    await user.clear(cantidad);
    await user.type(cantidad, '3');
    await user.type(screen.getByLabelText('Nota (opcional)'), 'Para la vidriera');
    expect(enviar.disabled).toBe(false);
    await user.click(enviar);
    await alerted('success', 'TRANSFERENCIA ENVIADA', 'La transferencia ha sido enviada!');
    expect(postedBody(calls, '/api/transferencias')).toEqual({
      origenId: 1,
      destinoId: 2,
      lineas: [{ productoId: 10, cantidad: 3 }],
      nota: 'Para la vidriera',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/transferencias/7'));
  });

  it("an admin chooses the origin; the server's refusal is shown in its words", async () => {
    const user = userEvent.setup();
    const { calls } = open('/transferencias/nueva', adminToken(), {
      'GET /api/productos/buscar': [200, [rb]],
      'POST /api/transferencias': [400, { errors: ['Stock insuficiente para el producto: RB3025'] }],
    });
    const origen = (await screen.findByLabelText('Local de origen')) as HTMLSelectElement;
    expect(origen.disabled).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Buscar por modelo' }), 'rb');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(alert).toHaveBeenCalledWith(
      'warning',
      'ATENCIÓN',
      'Elegí primero el local de origen: los productos se buscan en su stock.',
    );
    await waitFor(() => expect(origen.options.length).toBe(3));
    await user.selectOptions(screen.getByLabelText('Local de destino'), '1');
    // Choosing the destination's branch as the origin asks for the destination again.
    await user.selectOptions(origen, '1');
    expect((screen.getByLabelText('Local de destino') as HTMLSelectElement).value).toBe('0');
    expect(screen.getByText('Elegí el local de destino.')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Local de destino'), '2');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar RB3025' }));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await alerted('error', 'ERROR DE VALIDACIÓN', 'Stock insuficiente para el producto: RB3025');
    expect(postedBody(calls, '/api/transferencias')).toEqual({
      origenId: 1,
      destinoId: 2,
      lineas: [{ productoId: 10, cantidad: 1 }],
    });
  });

  it('sends one Idempotency-Key per opened form, the same on a retry', async () => {
    const user = userEvent.setup();
    let sent = 0;
    // The first answer is lost (a gateway error); the retry is taken.
    const { keys, router } = open('/transferencias/nueva', sellerToken(1), {
      'GET /api/productos/buscar': [200, [rb]],
      'POST /api/transferencias': () =>
        ++sent === 1
          ? [502, { mensaje: 'Bad Gateway' }]
          : [201, { mensaje: 'La transferencia ha sido enviada!', transferencia: transferencia() }],
    });
    const fill = async () => {
      const origen = (await screen.findByLabelText('Local de origen')) as HTMLSelectElement;
      await waitFor(() => expect(origen.selectedOptions[0]?.textContent).toBe('Centro'));
      await user.selectOptions(screen.getByLabelText('Local de destino'), '2');
      await user.type(screen.getByRole('textbox', { name: 'Buscar por modelo' }), 'rb');
      await user.click(screen.getByRole('button', { name: 'Buscar' }));
      await user.click(await screen.findByRole('button', { name: 'Agregar RB3025' }));
    };
    await fill();
    const enviar = screen.getByRole('button', { name: 'Enviar' }) as HTMLButtonElement;
    await user.click(enviar);
    await whenEnabled(enviar);
    expect(keys).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/transferencias/nueva');
    await user.click(enviar);
    await waitFor(() => expect(router.state.location.pathname).toBe('/transferencias/7'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Sent, the form opened again is another transfer.
    await act(() => router.navigate('/transferencias/nueva'));
    await fill();
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(keys).toHaveLength(3));
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[2]).not.toBe(keys[0]);
  });
});

describe('Transferencias: one transfer', () => {
  it('the destination receives less with the reason the server requires', async () => {
    const user = userEvent.setup();
    let received = false;
    const answers: Answers = {
      'GET /api/transferencias/7': () => [200, received ? transferenciaConFaltante() : transferencia()],
      'POST /api/transferencias/7/recepcion': () => {
        received = true;
        return [200, { mensaje: 'La transferencia ha sido recibida!', transferencia: transferenciaConFaltante() }];
      },
    };
    const { calls } = open('/transferencias/7', sellerToken(2), answers);
    expect(await screen.findByRole('heading', { name: 'Transferencia #7' })).toBeTruthy();
    expect(screen.getByText('Para la vidriera')).toBeTruthy();
    const recibidas = screen.getByLabelText('Recibidas de RB3025') as HTMLInputElement;
    expect(recibidas.value).toBe('3');
    expect((screen.getByLabelText('Recibidas de Clubmaster') as HTMLInputElement).value).toBe('1');
    const recibir = screen.getByRole('button', { name: 'Recibir' }) as HTMLButtonElement;
    expect(recibir.disabled).toBe(false);
    await user.clear(recibidas);
    await user.type(recibidas, '2');
    expect(screen.getByText('Recibir menos de lo enviado necesita el motivo del faltante.')).toBeTruthy();
    expect(recibir.disabled).toBe(true);
    await user.type(screen.getByLabelText('Motivo del faltante'), 'Llegó rota');
    // No 'Cancelar' at the destination.
    expect(screen.queryByRole('button', { name: 'Cancelar transferencia' })).toBeNull();
    await user.click(recibir);
    await alerted('success', 'TRANSFERENCIA RECIBIDA', 'La transferencia ha sido recibida!');
    expect(postedBody(calls, '/api/transferencias/7/recepcion')).toEqual({
      recibidas: [
        { productoId: 10, cantidad: 2 },
        { productoId: 11, cantidad: 1 },
      ],
      motivo: 'Llegó rota',
    });
    // Read again: received with a shortfall, what arrived per product, no form.
    expect(await screen.findByText('Recibida con faltante')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Productos de la transferencia' });
    expect(rowCells(within(table).getAllByRole('row')[1])).toEqual(['RB3025', 'Vulk', '3', '2']);
    expect(screen.getByText('Motivo del faltante')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Recibir' })).toBeNull();
  });

  it('the origin cancels while in transit, asked first; it cannot receive', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open('/transferencias/7', sellerToken(1), {
      'POST /api/transferencias/7/cancelacion': [400, { errors: ['La transferencia ya fue recibida.'] }],
    });
    await screen.findByRole('heading', { name: 'Transferencia #7' });
    expect(screen.queryByRole('button', { name: 'Recibir' })).toBeNull();
    expect(screen.getByText('En tránsito: la recibe el personal del local de destino.')).toBeTruthy();
    await user.type(screen.getByLabelText('Motivo de la cancelación (opcional)'), 'Error de carga');
    await user.click(screen.getByRole('button', { name: 'Cancelar transferencia' }));
    expect(confirm).toHaveBeenCalledWith(
      '¿Cancelar la transferencia?',
      'Las unidades vuelven al stock del local de origen.',
      'Sí, cancelar',
    );
    await alerted('error', 'ERROR DE VALIDACIÓN', 'La transferencia ya fue recibida.');
    expect(postedBody(calls, '/api/transferencias/7/cancelacion')).toEqual({ motivo: 'Error de carga' });
  });
});
