import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert } from '../app/alerts';
import { capturedDownloads, cellTexts, openPage, whenEnabled, type Answers } from '../test/page';
import {
  adminToken,
  localesConEspacios,
  pacientesPorSucursal,
  sellerToken,
  stockMaterialCentro,
  stockMaterialNorte,
  stockPorSucursal,
  totalGanado,
  totalVendido,
  ventasPorDia,
} from '../test/seed';
import { Statistics } from './Statistics';

/** What the charts were given, last render last. */
const charts = vi.hoisted(() => ({ bar: [] as unknown[], pie: [] as unknown[] }));

vi.mock('recharts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('recharts')>();
  return {
    ...actual,
    // jsdom lays nothing out, so a responsive container measures 0: give it a fixed size.
    ResponsiveContainer: ({ children }: { children: ReactNode }) => (
      <actual.ResponsiveContainer width={640} height={300}>
        {children}
      </actual.ResponsiveContainer>
    ),
    BarChart: (props: ComponentProps<typeof actual.BarChart>) => {
      charts.bar.push(props.data);
      return <actual.BarChart {...props} />;
    },
    Pie: (props: ComponentProps<typeof actual.Pie>) => {
      charts.pie.push(props.data);
      return <actual.Pie {...props} />;
    },
  };
});

const admin = adminToken();
const seller = sellerToken(1);

type Routes = Answers;

const GANADO = 'POST /api/estadisticas/ingresos';
/** The seed's totals per method as the income call answers them. */
const ingresos = Object.entries(totalGanado).map(([metodoPago, { entrada, salida }], i) => ({
  metodoPagoId: i + 1,
  metodoPago,
  entrada,
  salida,
  neto: entrada - salida,
}));
const VENDIDO = 'POST /api/movimientos/total-vendido';
const VENTAS_DIA = 'POST /api/estadisticas/ventas-por-dia';
const EXCEL_VENTAS = 'POST /api/excel/ventas';
const EXCEL_MARCAS = 'POST /api/excel/ventas/marcas';
const MATERIAL = '/api/productos/stock-material';

/** The stock per material of each branch, by `localId` (0 answers empty, as the server does). */
const materialByLocal: Record<string, unknown> = { '1': stockMaterialCentro, '2': stockMaterialNorte, '3': [] };

function open(token: string, extra: Routes = {}) {
  const routes: Routes = {
    'GET /api/local': [200, localesConEspacios],
    'GET /api/productos/stock-total-sucursal': [200, stockPorSucursal],
    'GET /api/pacientes/cantidad-por-sucursal': [200, pacientesPorSucursal],
    // The stock per material answers by its localId.
    [`GET ${MATERIAL}`]: (url) => [200, materialByLocal[url.searchParams.get('localId') ?? ''] ?? []],
    [GANADO]: [200, ingresos],
    [VENDIDO]: [200, totalVendido],
    [VENTAS_DIA]: [200, ventasPorDia],
    ...extra,
  };
  const view = openPage('/estadistica', [{ path: '/estadistica', element: <Statistics /> }], {
    token,
    answers: routes,
  });
  return { ...view, routes };
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const setDates = (inicio: string, fin: string) => {
  fireEvent.change(byId('fechaInicio'), { target: { value: inicio } });
  fireEvent.change(byId('fechaFin'), { target: { value: fin } });
};
/** Chooses branch `local` once the list has it, and the period from `inicio` to `fin`. */
async function periodAt(user: UserEvent, local: string, inicio: string, fin: string) {
  await screen.findByRole('option', { name: local });
  await user.selectOptions(screen.getByRole('combobox', { name: 'Local' }), local);
  setDates(inicio, fin);
}
/** Filters branch `local` over the period, and waits for its figures. */
async function filteredAt(user: UserEvent, local: string, inicio: string, fin: string) {
  await periodAt(user, local, inicio, fin);
  await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
  await screen.findByRole('article', { name: 'Método Efectivo' });
}
const card = (metodo: string) => within(screen.getByRole('article', { name: `Método ${metodo}` }));
const cardPairs = (metodo: string) =>
  card(metodo)
    .getAllByRole('term')
    .map((t) => [t.textContent, t.nextElementSibling?.textContent]);
const tableRows = (name: string) => cellTexts(screen.getByRole('table', { name }));

afterEach(() => {
  vi.restoreAllMocks();
  charts.bar.length = 0;
  charts.pie.length = 0;
});

describe('statistics', () => {
  it('shows sellers the title and a note, and asks the server nothing', async () => {
    const { calls } = open(seller);
    expect(screen.getByRole('heading', { name: 'ESTADÍSTICAS' })).toBeTruthy();
    expect(screen.getByText('Las estadísticas están disponibles solo para administradores.')).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
    expect(byId('local')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Aplicar Filtros' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descargar ventas' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
  });

  it('applies the filters: cards per method, units sold, both tables and the charts', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin);
    expect(screen.getByRole('heading', { name: 'ESTADÍSTICAS' })).toBeTruthy();
    // The stock tables need no period: every branch, the materials added up by name.
    await screen.findByRole('table', { name: 'Stock por material' });
    expect(tableRows('Stock por material')).toEqual([
      ['Acetato', '70'],
      ['Metal', '90'],
      ['Titanio', '5'],
    ]);
    expect(calls.filter((c) => c.path === MATERIAL).map((c) => c.search)).toEqual([
      '?localId=1',
      '?localId=2',
      '?localId=3',
    ]);
    await screen.findByRole('table', { name: 'Stock y pacientes por local' });
    expect(tableRows('Stock y pacientes por local')).toEqual([
      ['Centro', '120', '30'],
      ['Norte', '45', '8'],
      ['Depósito', '0', '1'],
    ]);
    expect(screen.getByText(/presione Aplicar Filtros/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Local' }).value).toBe('0');
    expect(
      within(byId('local'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todos los locales', 'Centro', 'Norte', 'La Cruz Sur']);

    setDates('2024-05-01', '2024-05-04');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));

    await screen.findByRole('article', { name: 'Método Efectivo' });
    expect(cardPairs('Efectivo')).toEqual([
      ['Entrada', '$ 15.000,50'],
      ['Salida', '$ 2.000,25'],
      ['Neto', '$ 13.000,25'],
    ]);
    expect(cardPairs('Tarjeta')).toEqual([
      ['Entrada', '$ 8.200,00'],
      ['Salida', '$ 9.000,00'],
      ['Neto', '-$ 800,00'],
    ]);
    expect(cardPairs('Transferencia').at(-1)).toEqual(['Neto', '$ 0,00']);
    expect(screen.getByLabelText('Cantidad vendida').textContent).toBe('37');
    const body = JSON.stringify({ local: 0, fechaInicio: '2024-05-01', fechaFin: '2024-05-04' });
    const periodPaths = [
      '/api/estadisticas/ingresos',
      '/api/movimientos/total-vendido',
      '/api/estadisticas/ventas-por-dia',
    ];
    for (const path of periodPaths) {
      const call = calls.find((c) => c.path === path);
      expect(call?.body).toBe(body);
      expect(call?.auth).toBe(`Bearer ${admin}`);
    }

    // The sales data block.
    const datos = within(screen.getByRole('region', { name: 'Datos de ventas' }));
    expect(datos.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Ventas', '3'],
      ['Total vendido', '$ 15.200,50'],
      ['Promedio por venta', '$ 5.066,83'],
      ['Días con ventas', '2'],
    ]);

    // The charts, loaded lazily: every day of the period, and the cash in per method that took some.
    const ventasChart = await screen.findByRole('img', { name: 'Ventas por día (sin lo devuelto)' });
    expect(screen.getByRole('heading', { name: 'Ventas por día (sin lo devuelto)' })).toBeTruthy();
    await waitFor(() => expect(ventasChart.querySelector('svg')).not.toBeNull());
    expect(charts.bar.at(-1)).toEqual([
      { fecha: '2024-05-01', ventas: 2, total: 12000 },
      { fecha: '2024-05-02', ventas: 0, total: 0 },
      { fecha: '2024-05-03', ventas: 1, total: 3200.5 },
      { fecha: '2024-05-04', ventas: 0, total: 0 },
    ]);
    // The chart draws them: a tick per day (dd/MM), a bar per day with sales, money on the other axis.
    await waitFor(() => expect(ventasChart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2));
    const ticks = [...ventasChart.querySelectorAll('.recharts-cartesian-axis-tick-value')].map((t) => t.textContent);
    expect(ticks).toEqual(expect.arrayContaining(['01/05', '02/05', '03/05', '04/05', '$ 12.000,00']));
    const cobrosChart = await screen.findByRole('img', { name: 'Ingresos por método de pago (día y local del cobro)' });
    expect(screen.getByRole('heading', { name: 'Ingresos por método de pago (día y local del cobro)' })).toBeTruthy();
    await waitFor(() => expect(cobrosChart.querySelector('svg')).not.toBeNull());
    expect(charts.pie.at(-1)).toEqual([
      { metodo: 'Efectivo', entrada: 15000.5, fill: expect.any(String) },
      { metodo: 'Tarjeta', entrada: 8200, fill: expect.any(String) },
    ]);
    await waitFor(() =>
      expect([...cobrosChart.querySelectorAll('.recharts-legend-item-text')].map((t) => t.textContent)).toEqual([
        'Efectivo',
        'Tarjeta',
      ]),
    );
    expect(alert).not.toHaveBeenCalled();
  });

  it('reads one branch: its period and its materials', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin);
    await filteredAt(user, 'Norte', '2024-05-01', '2024-05-31');
    expect(calls.find((c) => c.path === '/api/estadisticas/ingresos')?.body).toBe(
      JSON.stringify({ local: 2, fechaInicio: '2024-05-01', fechaFin: '2024-05-31' }),
    );
    await waitFor(() =>
      expect(tableRows('Stock por material')).toEqual([
        ['Metal', '40'],
        ['Titanio', '5'],
      ]),
    );
    expect(calls.filter((c) => c.path === MATERIAL).at(-1)?.search).toBe('?localId=2');
    expect(screen.getByText('Del 01/05/2024 al 31/05/2024 · Norte')).toBeTruthy();
  });

  it('asks for both dates before a report or a download, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin);
    await screen.findByRole('table', { name: 'Stock por material' });
    fireEvent.change(byId('fechaInicio'), { target: { value: '2024-05-01' } });
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    expect(alert).toHaveBeenCalledWith('warning', 'ATENCIÓN', 'Ingresar fecha de inicio y fin por favor');
    await user.click(screen.getByRole('button', { name: 'Descargar ventas' }));
    await user.click(screen.getByRole('button', { name: 'Descargar marcas vendidas' }));
    expect(vi.mocked(alert).mock.calls).toEqual([
      ['warning', 'ATENCIÓN', 'Ingresar fecha de inicio y fin por favor'],
      ['warning', 'ATENCIÓN', 'Ingresar fecha de inicio y fin por favor'],
      ['warning', 'ATENCIÓN', 'Ingresar fecha de inicio y fin por favor'],
    ]);
    // An end before the start is refused here too, with the server's words.
    setDates('2024-05-10', '2024-05-01');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    expect(alert).toHaveBeenLastCalledWith(
      'warning',
      'ATENCIÓN',
      'La fecha de fin no puede ser anterior a la de inicio',
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('shows the server message when it refuses the period', async () => {
    const user = userEvent.setup();
    open(admin, { [GANADO]: [400, { mensaje: 'Ingresar fecha de inicio y fin por favor' }] });
    setDates('2024-05-01', '2024-05-02');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    await screen.findByText('Ingresar fecha de inicio y fin por favor', { selector: '.alert' });
    expect(screen.queryByRole('article', { name: /^Método/ })).toBeNull();
  });

  it('clears the filters back to every branch and no period', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin);
    await filteredAt(user, 'Centro', '2024-05-01', '2024-05-02');
    await waitFor(() => expect(tableRows('Stock por material')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Limpiar Filtros' }));
    expect(byId<HTMLSelectElement>('local').value).toBe('0');
    expect(byId<HTMLInputElement>('fechaInicio').value).toBe('');
    expect(byId<HTMLInputElement>('fechaFin').value).toBe('');
    expect(screen.queryByRole('article', { name: 'Método Efectivo' })).toBeNull();
    expect(screen.queryByLabelText('Cantidad vendida')).toBeNull();
    expect(screen.queryByRole('img', { name: 'Ventas por día (sin lo devuelto)' })).toBeNull();
    expect(screen.getByText(/presione Aplicar Filtros/)).toBeTruthy();
    await waitFor(() => expect(tableRows('Stock por material')).toHaveLength(3));
    const posts = calls.filter((c) => c.method === 'POST').length;
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(posts);
  });

  it('says so when the period has no sales and no cash, without loading the charts', async () => {
    const user = userEvent.setup();
    open(admin, { [GANADO]: [200, []], [VENDIDO]: [200, { total: 0 }], [VENTAS_DIA]: [200, []] });
    setDates('2024-05-01', '2024-05-02');
    await user.click(screen.getByRole('button', { name: 'Aplicar Filtros' }));
    await screen.findByText('No hay ventas en el período.');
    expect(screen.getByText('No hay cobros en el período.')).toBeTruthy();
    expect(screen.getByLabelText('Cantidad vendida').textContent).toBe('0');
    expect(screen.queryByRole('img')).toBeNull();
    expect(charts.bar).toEqual([]);
    expect(charts.pie).toEqual([]);
  });

  it('downloads both workbooks under their names, with the token, and tells when one fails', async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:xlsx');
    const { calls, routes } = open(admin, { [EXCEL_VENTAS]: [200, 'xlsx'], [EXCEL_MARCAS]: [200, 'xlsx'] });
    await periodAt(user, 'La Cruz Sur', '2024-05-01', '2024-05-31');
    await user.click(screen.getByRole('button', { name: 'Descargar ventas' }));
    await waitFor(() => expect(saved).toEqual(['ventas_la_cruz_sur_2024-05-01_hasta_2024-05-31.xlsx']));
    expect(alert).toHaveBeenLastCalledWith('success', 'ÉXITO', 'Excel generado correctamente');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Local' }), 'Todos los locales');
    const marcas = screen.getByRole<HTMLButtonElement>('button', { name: 'Descargar marcas vendidas' });
    await user.click(await whenEnabled(marcas));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]).toBe('marcas_vendidas_todos los locales_2024-05-01_hasta_2024-05-31.xlsx');
    const ventas = calls.find((c) => c.path === '/api/excel/ventas');
    expect(ventas?.auth).toBe(`Bearer ${admin}`);
    expect(ventas?.body).toBe(JSON.stringify({ local: 3, fechaInicio: '2024-05-01', fechaFin: '2024-05-31' }));
    expect(calls.find((c) => c.path === '/api/excel/ventas/marcas')?.body).toBe(
      JSON.stringify({ local: 0, fechaInicio: '2024-05-01', fechaFin: '2024-05-31' }),
    );

    routes[EXCEL_MARCAS] = [500, { mensaje: 'fallo' }];
    await user.click(await whenEnabled(marcas));
    await waitFor(() => expect(alert).toHaveBeenLastCalledWith('error', 'ERROR', 'No se pudo generar el Excel'));
    expect(saved).toHaveLength(2);
    // Downloads read no statistics of the period.
    expect(calls.some((c) => c.path === '/api/estadisticas/ingresos')).toBe(false);
  });
});
