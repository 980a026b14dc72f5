import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { cellTexts, openPage, type Answers } from '../test/page';
import { adminToken, asiento, instant } from '../test/seed';
import { StockLedger } from './StockLedger';

const admin = adminToken();

const STOCK = 'GET /api/auditoria/stock/10';

function open(routes: Answers) {
  return openPage(
    '/stock',
    [
      { path: '/stock', element: <StockLedger productoId={10} /> },
      { path: '/editarMovimiento/:id', element: <p>movimiento</p> },
    ],
    { token: admin, answers: routes },
  );
}

const ledger = [
  asiento(),
  asiento({ registrado: instant(2024, 5, 1, 9, 30), localId: 2, localNombre: 'Norte', cantidad: 2, stock: 2 }),
  asiento({
    registrado: instant(2024, 5, 10, 10, 15, 30),
    motivo: 'Venta',
    cantidad: -1,
    stock: 4,
    movimientoId: 501,
    comprobante: '0001-00000005',
    usuario: 'beto',
  }),
  asiento({ registrado: instant(2024, 5, 12, 18, 40), motivo: 'Corrección manual', cantidad: 3, stock: 7 }),
  asiento({
    registrado: instant(2024, 5, 13, 8, 0),
    localId: 2,
    localNombre: 'Norte',
    motivo: 'Transferencia',
    cantidad: 3,
    stock: 5,
    transferenciaId: 7,
  }),
  asiento({
    registrado: instant(2024, 5, 14, 9, 0),
    motivo: 'Rotura',
    cantidad: -1,
    stock: 6,
    nota: 'Se cayó del exhibidor',
  }),
  asiento({ registrado: instant(2024, 5, 15, 9, 0), motivo: 'Devolución', cantidad: 1, stock: 7, movimientoId: 502 }),
  asiento({ registrado: instant(2024, 5, 16, 9, 0), motivo: 'Conteo', cantidad: -2, stock: 5, conteoId: 3 }),
];

const cells = cellTexts;

describe('stock ledger', () => {
  it('lists every change with its signed quantity, the running balance and its movement', async () => {
    const user = userEvent.setup();
    const { calls } = open({ [STOCK]: [200, ledger] });
    const table = await screen.findByRole('table', { name: 'Libro de stock' });
    expect(screen.getByRole('heading', { name: 'Libro de stock' })).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha', 'Local', 'Motivo', 'Cantidad', 'Stock', 'Referencia', 'Nota', 'Usuario']);
    expect(cells(table)).toEqual([
      ['01/05/2024 09:00:00', 'Centro', 'Carga inicial', '+5', '5', '', '', 'ana'],
      ['01/05/2024 09:30:00', 'Norte', 'Carga inicial', '+2', '2', '', '', 'ana'],
      ['10/05/2024 10:15:30', 'Centro', 'Venta', '-1', '4', 'Venta 0001-00000005', '', 'beto'],
      ['12/05/2024 18:40:00', 'Centro', 'Corrección manual', '+3', '7', '', '', 'ana'],
      ['13/05/2024 08:00:00', 'Norte', 'Transferencia', '+3', '5', 'Transferencia #7', '', 'ana'],
      ['14/05/2024 09:00:00', 'Centro', 'Rotura', '-1', '6', '', 'Se cayó del exhibidor', 'ana'],
      ['15/05/2024 09:00:00', 'Centro', 'Devolución', '+1', '7', 'Movimiento #502', '', 'ana'],
      ['16/05/2024 09:00:00', 'Centro', 'Conteo', '-2', '5', 'Conteo #3', '', 'ana'],
    ]);
    expect(within(table).getByRole('link', { name: 'Conteo #3' }).getAttribute('href')).toBe('/conteos/3');
    expect(within(table).getByRole('link', { name: 'Transferencia #7' }).getAttribute('href')).toBe(
      '/transferencias/7',
    );
    const link = within(table).getByRole('link', { name: 'Venta 0001-00000005' });
    expect(link.getAttribute('href')).toBe('/editarMovimiento/501');
    expect(calls.map((c) => `${c.path}${c.search}`)).toEqual(['/api/auditoria/stock/10']);
    await user.click(link);
    await screen.findByText('movimiento');
  });

  it("shows each branch's last balance up to the chosen moment", async () => {
    const user = userEvent.setup();
    const routes: Answers = { [STOCK]: [200, ledger] };
    const { calls } = open(routes);
    await screen.findByRole('table', { name: 'Libro de stock' });
    expect(screen.queryByRole('table', { name: 'Stock al momento' })).toBeNull();
    const ver = screen.getByRole<HTMLButtonElement>('button', { name: 'Ver stock al momento' });
    expect(ver.disabled).toBe(true);
    const input = document.getElementById('stockMomento') as HTMLInputElement;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('dd/mm/aaaa hh:mm:ss');
    // The server answers the ledger up to then: the first three changes.
    routes[STOCK] = [200, ledger.slice(0, 3)];
    await user.type(input, '11/05/2024 12:00');
    await user.click(ver);
    const asOf = await screen.findByRole('table', { name: 'Stock al momento' });
    expect(
      within(asOf)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Local', 'Stock']);
    expect(cells(asOf)).toEqual([
      ['Centro', '4'],
      ['Norte', '2'],
    ]);
    const utc = new Date(2024, 4, 11, 12, 0).toISOString().replace('.000Z', 'Z');
    expect(calls.at(-1)?.search).toBe(`?hasta=${encodeURIComponent(utc)}`);
    // The full ledger stays as it was.
    expect(cells(screen.getByRole('table', { name: 'Libro de stock' }))).toHaveLength(ledger.length);

    routes[STOCK] = [200, []];
    await user.clear(input);
    await user.type(input, '01/01/2020 00:00');
    await user.click(ver);
    await screen.findByText('No había stock registrado a ese momento.');
    expect(screen.queryByRole('table', { name: 'Stock al momento' })).toBeNull();
  });

  it('says so when the product has no stock changes, or the ledger cannot be loaded', async () => {
    open({ [STOCK]: [200, []] });
    await screen.findByText('No hay cambios de stock registrados.');
    vi.unstubAllGlobals();
    open({ [STOCK]: [500, { mensaje: 'x' }] });
    await screen.findByText('No se pudo cargar el libro de stock.');
  });
});
