import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm, toast } from '../app/alerts';
import { openPage, whenEnabled } from '../test/page';
import { adminToken, fila, locales, metodosPago, pago, sellerToken, springPage } from '../test/seed';
import { MovementList, PatientMovements } from './MovementList';

vi.mock('../app/alerts', () => ({ alert: vi.fn(), confirm: vi.fn(), toast: vi.fn() }));

const admin = adminToken();
const seller = sellerToken(1);

type Routes = Record<string, [number, unknown]>;

const FILTRAR = 'GET /api/movimientos/lista';
const COMPLETO = 'GET /api/movimientos/filtrar-completo';
const TOTALES = 'GET /api/movimientos/totales';

/** Adds the lookups and totals every admin screen reads to the given answers (the same object,
 * so a test may still change an answer midway). */
const withLookups = (routes: Routes): Routes =>
  Object.assign(
    routes,
    {
      'GET /api/local': [200, locales],
      'GET /api/metodoPago': [200, metodosPago],
      [TOTALES]: [200, { Efectivo: 15000, Tarjeta: -200.5 }],
    },
    { ...routes },
  );

function open(token: string, routes: Routes, at = '/adminitrarCaja') {
  return openPage(
    at,
    [
      { path: '/adminitrarCaja', element: <MovementList /> },
      { path: '/adminitrarCajaPaciente/:pacienteFicha', element: <PatientMovements /> },
    ],
    { token, answers: withLookups(routes) },
  );
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
const rows = () => screen.getAllByRole('row').slice(1);
const nav = () => within(screen.getByRole('navigation', { name: 'Páginas' }));

/** A sale paid two ways (one row), a sale with a debt, and an expense. */
const sale = [
  fila({ fecha: '2024-05-12T18:40:00', descripcion: 'Anteojo completo' }),
  fila({
    id: 503,
    codigoEstado: '503-Qw12erTy',
    fecha: '2024-05-11T12:30:00',
    total: 5000,
    totalImpuesto: 5000,
    deuda: 4000,
    cajaMovimientos: [pago({ id: 35, fecha: '2024-05-11T12:30:00' })],
  }),
  fila({
    id: 502,
    codigoEstado: '502-Zz81aQpL',
    tipoMovimiento: 'SALIDA',
    estadoMovimiento: null,
    paciente: null,
    local: locales[1],
    descripcion: 'Alquiler',
    total: 200,
    fecha: '2024-05-11T08:00:00',
    cajaMovimientos: [pago({ id: 40, fecha: '2024-05-11T08:00:30', montoImpuesto: 200 })],
  }),
];

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(alert).mockClear();
  vi.mocked(toast).mockClear();
  vi.mocked(confirm).mockReset();
});

describe('movement list', () => {
  it('lists one row per movement with its payments inside, its description and its debt', async () => {
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    expect(screen.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' })).toBeTruthy();
    // prettier-ignore
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Fecha', 'Tipo', 'Paciente', 'Local', 'Descripción', 'Total', 'Deuda', 'Estado', 'Pagos', 'Acciones',
    ]);
    const cells = rows().map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 8)
        .map((c) => c.textContent),
    );
    // prettier-ignore
    expect(cells).toEqual([
      ['12/05/2024 18:40', 'ENTRADA', 'José Pérez', 'Centro', 'Anteojo completo', '$ 3.000,00', '—', 'Pidiendo Cristales'],
      ['11/05/2024 12:30', 'ENTRADA', 'José Pérez', 'Centro', '', '$ 5.000,00', '$ 4.000,00', 'Pidiendo Cristales'],
      ['11/05/2024 08:00', 'SALIDA', '', 'Norte', 'Alquiler', '$ 200,00', '—', ''],
    ]);
    const [first, second, third] = rows();
    // The sale paid two ways is one row with both payments.
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Efectivo: $ 1.000,00 — 10/05/2024 10:15', 'Tarjeta: $ 2.100,00 — 12/05/2024 18:40']);
    expect(within(second).getAllByRole('cell')[6].className).toContain('text-danger');
    expect(
      within(third)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Efectivo: $ 200,00 — 11/05/2024 08:00']);
    expect(within(first).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/editarMovimiento/501');
    for (const name of ['PDF Comprobante', 'PDF Óptica', 'Copiar enlace', 'Eliminar']) {
      expect(within(first).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Crear movimiento' }).getAttribute('href')).toBe('/crearMovimiento');
    expect(calls.find((c) => c.path === '/api/movimientos/lista')?.search).toBe('?page=0&size=10');
    // No date chosen: no day sums.
    expect(calls.some((c) => c.path === '/api/movimientos/filtrar-completo')).toBe(false);
  });

  it('links a sale and its returns both ways: the refund names the sale, the sale is marked', async () => {
    const rowsWithReturn = [
      fila({
        id: 501,
        devoluciones: [601],
        // Paid in full: the whole value of the return was refunded.
        devuelto: { productos: [{ productoId: 10, cantidad: 1 }], adicionales: [], valor: 274, credito: 0 },
      }),
      fila({ id: 601, tipoMovimiento: 'SALIDA', estadoMovimiento: null, total: 274, devolucionDe: 501 }),
    ];
    open(seller, { [FILTRAR]: [200, springPage(rowsWithReturn, 10)] });
    await screen.findByText('Devolución de #501');
    const [sold, refund] = rows().map((r) => within(r).getAllByRole('cell')[1]);
    expect(sold.textContent).toBe('ENTRADACon devolución #601');
    expect(within(sold).getByRole('link', { name: 'Devolución #601' }).getAttribute('href')).toBe(
      '/editarMovimiento/601',
    );
    expect(within(refund).getByRole('link', { name: 'Devolución de #501' }).getAttribute('href')).toBe(
      '/editarMovimiento/501',
    );
  });

  it('shows a sale’s receipt number in its row; the customer’s PDF is that receipt', async () => {
    const numbered = [fila({ comprobante: '0001-00000042' }), fila({ id: 503, comprobante: null })];
    open(seller, { [FILTRAR]: [200, springPage(numbered, 10)] });
    const [first, second] = await screen.findAllByTestId('comprobante').then(() => rows());
    expect(within(first).getAllByRole('cell')[1].textContent).toBe('ENTRADAComprobante N° 0001-00000042');
    expect(within(second).getAllByRole('cell')[1].textContent).toBe('ENTRADA');
    expect(within(first).getByRole('button', { name: 'PDF Comprobante' }).getAttribute('title')).toBe(
      'Comprobante para el cliente',
    );
  });

  it('says so when there are no movements', async () => {
    open(admin, { [FILTRAR]: [200, springPage([], 10, 0, 0)] });
    await screen.findByText('No se encontraron movimientos');
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    open(admin, { [FILTRAR]: [500, { mensaje: 'x' }] });
    await screen.findByText('No se pudieron cargar los movimientos.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("gives sellers no branch filter, no totals (not even the day's) and no delete", async () => {
    const user = userEvent.setup();
    const { calls } = open(seller, { [FILTRAR]: [200, springPage(sale, 10)], [COMPLETO]: [200, []] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    fireEvent.change(byId('filtroFecha')!, { target: { value: '2024-05-12' } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/movimientos/lista')).toHaveLength(2));
    expect(screen.queryByText(/Totales del día/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/movimientos/filtrar-completo')).toBe(false);
    expect(byId('filtroLocal')).toBeNull();
    for (const id of ['filtroTipo', 'filtroPaciente', 'filtroFecha', 'filtroMetodoPago'])
      expect(byId(id)).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Mostrar totales' })).toBeNull();
    expect(screen.queryByText('Totales por método de pago')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/movimientos/totales' || c.path === '/api/local')).toBe(false);
  });

  it('hides the admin totals like a password until the eye shows them, for the chosen branch', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    const efectivo = await screen.findByLabelText<HTMLInputElement>('Efectivo');
    const tarjeta = screen.getByLabelText<HTMLInputElement>('Tarjeta');
    expect([efectivo.type, tarjeta.type]).toEqual(['password', 'password']);
    expect([efectivo.value, tarjeta.value]).toEqual(['$ 15.000,00', '-$ 200,50']);
    expect(calls.find((c) => c.path === '/api/movimientos/totales')?.search).toBe('?idLocal=0');
    await user.click(screen.getByRole('button', { name: 'Mostrar totales' }));
    expect([efectivo.type, tarjeta.type]).toEqual(['text', 'text']);
    await user.click(screen.getByRole('button', { name: 'Ocultar totales' }));
    expect(efectivo.type).toBe('password');
    await user.selectOptions(await screen.findByLabelText('Local'), 'Norte');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls.some((c) => c.search === '?idLocal=2')).toBe(true));
    expect(calls.filter((c) => c.path === '/api/movimientos/lista').at(-1)?.search).toBe('?page=0&size=10&idLocal=2');
  });

  it('says so when the totals cannot be calculated', async () => {
    open(admin, { [FILTRAR]: [200, springPage(sale, 10)], [TOTALES]: [500, { mensaje: 'x' }] });
    await screen.findByText('No se pudieron calcular los totales.');
  });

  it('applies every filter with Buscar and clears them with Limpiar', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)], [COMPLETO]: [200, []] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    await user.selectOptions(byId('filtroLocal')!, 'Centro');
    await user.selectOptions(byId('filtroTipo')!, 'SALIDA');
    await user.type(byId('filtroPaciente')!, ' José P ');
    fireEvent.change(byId('filtroFecha')!, { target: { value: '2024-05-12' } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Método de pago' }), 'Tarjeta');
    await user.click(screen.getByRole('checkbox', { name: 'Con deuda' }));
    const filtrar = () => calls.filter((c) => c.path === '/api/movimientos/lista');
    expect(filtrar()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const query = '&idLocal=1&tipoMovimiento=SALIDA&nombrePaciente=Jos%C3%A9%20P&fecha=2024-05-12&metodoPago=Tarjeta';
    await waitFor(() => expect(filtrar().at(-1)?.search).toBe(`?page=0&size=10${query}&conDeuda=true`));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/movimientos/filtrar-completo')?.search).toBe(
        `?${query.slice(1)}&conDeuda=true`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(filtrar().at(-1)?.search).toBe('?page=0&size=10'));
    expect(byId<HTMLInputElement>('filtroPaciente')!.value).toBe('');
    expect(byId<HTMLSelectElement>('filtroLocal')!.value).toBe('0');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Con deuda' }).checked).toBe(false);
    expect(screen.queryByText(/Totales del día/)).toBeNull();
  });

  it('sums the chosen day per payment method: each payment once, + ENTRADA, − SALIDA', async () => {
    const day = '2024-05-12';
    const twice = [
      pago({ id: 41, fecha: `${day}T09:00:00`, montoImpuesto: 500 }),
      pago({ id: 42, fecha: `${day}T17:00:00`, montoImpuesto: 300 }),
    ];
    const everyRow = [
      fila({ fecha: `${day}T18:40:00` }),
      fila({ id: 502, fecha: `${day}T17:00:00`, cajaMovimientos: twice }),
      fila({ id: 502, fecha: `${day}T09:00:00`, cajaMovimientos: twice }),
      fila({
        id: 503,
        tipoMovimiento: 'SALIDA',
        fecha: `${day}T12:00:00`,
        cajaMovimientos: [pago({ id: 51, fecha: `${day}T12:00:00`, montoImpuesto: 200 })],
      }),
    ];
    const user = userEvent.setup();
    open(admin, { [FILTRAR]: [200, springPage(everyRow.slice(0, 2), 10)], [COMPLETO]: [200, everyRow] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    fireEvent.change(byId('filtroFecha')!, { target: { value: day } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const box = within(await screen.findByRole('region', { name: 'Totales del día 12/05/2024' }));
    await box.findByText('Tarjeta');
    const pairs = box.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['Tarjeta', '$ 2.100,00'],
      ['Efectivo', '$ 600,00'],
      ['Total del día', '$ 2.700,00'],
    ]);
  });

  it('copies the public status link and confirms with a 2-second toast', async () => {
    const user = userEvent.setup();
    open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    await user.click((await screen.findAllByRole('button', { name: 'Copiar enlace' }))[2]);
    await waitFor(() => expect(toast).toHaveBeenCalledWith('success', 'Enlace copiado', 2000));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/estadoCompra/502-Zz81aQpL`);
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getAllByRole('button', { name: 'Copiar enlace' })[0]);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR', 'No se pudo copiar el enlace.'));
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('downloads both PDFs with the session token, and tells when one fails', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = open(admin, {
      [FILTRAR]: [200, springPage(sale, 10)],
      'GET /api/movimientos/reporteCliente/501': [200, '%PDF'],
      'GET /api/movimientos/reporteOptica/501': [200, '%PDF'],
    });
    const row = within((await screen.findAllByRole('row'))[1]);
    await user.click(row.getByRole('button', { name: 'PDF Comprobante' }));
    await waitFor(() => expect(saved).toEqual(['reporte_movimiento_cliente_501.pdf']));
    await user.click(await whenEnabled(row.getByRole<HTMLButtonElement>('button', { name: 'PDF Óptica' })));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('reporte_movimiento_optica_501.pdf');
    expect(calls.find((c) => c.path === '/api/movimientos/reporteOptica/501')?.auth).toBe(`Bearer ${admin}`);
    expect(alert).not.toHaveBeenCalled();
    const third = within(rows()[2]);
    await user.click(await whenEnabled(third.getByRole<HTMLButtonElement>('button', { name: 'PDF Comprobante' })));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR', 'No se pudo generar el PDF.'));
    expect(saved).toHaveLength(2);
  });

  it('asks before deleting; a refusal shows its message under ERROR AL ELIMINAR EL MOVIMIENTO', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const routes: Routes = {
      [FILTRAR]: [200, springPage(sale, 10)],
      'DELETE /api/movimientos/502': [500, { mensaje: 'Error al eliminar el movimiento' }],
    };
    const { calls } = open(admin, routes);
    await user.click((await screen.findAllByRole('button', { name: 'Eliminar' }))[2]);
    expect(confirm).toHaveBeenCalledWith('¿Estás seguro ?', 'No puedes revertir este cambio', 'Si, eliminarlo');
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('error', 'ERROR AL ELIMINAR EL MOVIMIENTO', 'Error al eliminar el movimiento'),
    );
    // The server answers 204 with no body.
    routes['DELETE /api/movimientos/502'] = [204, null];
    await user.click(screen.getAllByRole('button', { name: 'Eliminar' })[2]);
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('success', 'MOVIMIENTO ELIMINADO', 'El movimiento ha sido eliminado.'),
    );
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/movimientos/502',
      '/api/movimientos/502',
    ]);
    // The delete invalidates the list and the totals, which are fetched again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/movimientos/lista').length).toBeGreaterThan(1));
  });

  it('sends nothing when the delete is not confirmed', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    await user.click((await screen.findAllByRole('button', { name: 'Eliminar' }))[0]);
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('pages through a window of 5 numbers', async () => {
    const user = userEvent.setup();
    const routes: Routes = { [FILTRAR]: [200, springPage([fila()], 10, 0, 10)] };
    const { calls } = open(admin, routes);
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    expect(
      nav()
        .getAllByRole('button')
        .map((b) => b.textContent)
        .slice(1, -1),
    ).toEqual(['1', '2', '3', '4', '5']);
    routes[FILTRAR] = [200, springPage([fila({ fecha: '2024-04-01T12:00:00' })], 10, 4, 10)];
    await user.click(nav().getByRole('button', { name: '5' }));
    await screen.findByText('01/04/2024 12:00', { selector: 'td' });
    expect(calls.filter((c) => c.path === '/api/movimientos/lista').at(-1)?.search).toBe('?page=4&size=10');
    expect(
      nav()
        .getAllByRole('button')
        .map((b) => b.textContent)
        .slice(1, -1),
    ).toEqual(['3', '4', '5', '6', '7']);
  });

  it("shows one patient's movements by the id in the link, titled with the name", async () => {
    const user = userEvent.setup();
    const { calls } = open(
      seller,
      { [FILTRAR]: [200, springPage([fila()], 10)] },
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez?id=12',
    );
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    expect(screen.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paciente: José Pérez' })).toBeTruthy();
    expect(byId('filtroPaciente')).toBeNull();
    const lista = () => calls.filter((c) => c.path === '/api/movimientos/lista');
    expect(lista()[0].search).toBe('?page=0&size=10&idPaciente=12');
    // The other filters keep the patient; Limpiar too.
    await user.click(screen.getByRole('checkbox', { name: 'Con deuda' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(lista().at(-1)?.search).toBe('?page=0&size=10&idPaciente=12&conDeuda=true'));
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(lista().at(-1)?.search).toBe('?page=0&size=10&idPaciente=12'));
  });

  it("sums the chosen day of one patient's purchases by the id, never by the name", async () => {
    const user = userEvent.setup();
    const { calls } = open(
      admin,
      { [FILTRAR]: [200, springPage([fila()], 10)], [COMPLETO]: [200, [fila()]] },
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez?id=12',
    );
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    fireEvent.change(byId('filtroFecha')!, { target: { value: '2024-05-10' } });
    await user.click(screen.getByRole('checkbox', { name: 'Con deuda' }));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByRole('region', { name: 'Totales del día 10/05/2024' });
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/movimientos/filtrar-completo')?.search).toBe(
        '?fecha=2024-05-10&idPaciente=12&conDeuda=true',
      ),
    );
  });

  it('still searches by the name when an old link carries no id', async () => {
    const { calls } = open(
      seller,
      { [FILTRAR]: [200, springPage([fila()], 10)] },
      '/adminitrarCajaPaciente/Jos%C3%A9%20P%C3%A9rez',
    );
    await screen.findByText('10/05/2024 10:15', { selector: 'td' });
    expect(calls.find((c) => c.path === '/api/movimientos/lista')?.search).toBe(
      '?page=0&size=10&nombrePaciente=Jos%C3%A9%20P%C3%A9rez',
    );
  });
});
