import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps, ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Rentabilidad } from '../api/profitability';
import { alert } from '../app/alerts';
import { routes as appRoutes } from '../routing/routes';
import { alerted } from '../test/alerts';
import { capturedDownloads, cellTexts, openPage, whenEnabled, type Answers, type Call } from '../test/page';
import { adminToken, lookupAnswers, rentabilidad, sellerToken } from '../test/seed';
import { Profitability } from './Profitability';

/** What the chart was given, last render last. */
const charts = vi.hoisted(() => ({ bar: [] as unknown[] }));

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
  };
});

const REPORT = 'GET /api/rentabilidad';
const EXCEL = 'GET /api/rentabilidad/excel';
const PATH = '/api/rentabilidad';

/** Brands as the server lists them (by id), so the select's Spanish order shows. */
const MARCAS = [
  { id: 5, nombre: 'Vulk' },
  { id: 6, nombre: 'Ray-Ban' },
  { id: 7, nombre: 'Ñandú' },
  { id: 8, nombre: 'Nike' },
  { id: 9, nombre: 'Oakley' },
  { id: 10, nombre: 'Ángel' },
];

/** The report by month: October's only sale was returned whole (no income, no percentage). */
const porMes = (): Rentabilidad =>
  rentabilidad({
    grupos: [
      { grupo: '10/2026', unidades: 0, ingresos: 0, costo: 0, margen: 0, margenPorcentaje: null, lineasSinCosto: 0 },
      {
        grupo: '11/2026',
        unidades: 9,
        ingresos: 256000.5,
        costo: 123000,
        margen: 133000.5,
        margenPorcentaje: 52,
        lineasSinCosto: 2,
      },
    ],
  });

/** The server's refusal of a period without both days, as it answers it. */
const report = (url: URL): [number, unknown] => {
  if (!url.searchParams.get('fechaInicio') || !url.searchParams.get('fechaFin')) {
    return [400, { mensaje: 'Ingresar fecha de inicio y fin por favor' }];
  }
  return [200, url.searchParams.get('agrupar') === 'mes' ? porMes() : rentabilidad()];
};

function open(extra: Answers = {}, token = adminToken()) {
  return openPage('/rentabilidad', [{ path: '/rentabilidad', element: <Profitability /> }], {
    token,
    answers: { ...lookupAnswers, 'GET /api/marca': [200, MARCAS], [REPORT]: report, ...extra },
  });
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const reports = (calls: Call[]) => calls.filter((c) => c.path === PATH);
const ver = (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Ver' }));
const options = (label: string) =>
  within(screen.getByRole('combobox', { name: label }))
    .getAllByRole('option')
    .map((o) => o.textContent);
const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

beforeEach(() => {
  // A Sunday late in November 2026: the form opens on the 1st to today.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 29, 18, 30));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  charts.bar.length = 0;
});

describe('Rentabilidad', () => {
  it('opens on this month, asks nothing until Ver, then shows the totals, the groups, the chart and the free lines', async () => {
    const user = userEvent.setup();
    const { calls } = open();
    expect(screen.getByRole('heading', { name: 'RENTABILIDAD' })).toBeTruthy();
    expect(byId<HTMLInputElement>('rentabilidadDesde').value).toBe('01/11/2026');
    expect(byId<HTMLInputElement>('rentabilidadHasta').value).toBe('29/11/2026');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Agrupar por' }).value).toBe('marca');
    expect(options('Agrupar por')).toEqual(['Marca', 'Categoría', 'Local', 'Vendedor', 'Mes']);
    expect(screen.getByText(/presione Ver/)).toBeTruthy();
    // What each figure is, before any figure.
    const como = within(screen.getByRole('region', { name: 'Cómo se calcula' }));
    expect(como.getByText(/después de su descuento, menos las devoluciones/)).toBeTruthy();
    expect(como.getByText(/"Detalles adicionales" con costo \$ 0,00/)).toBeTruthy();
    expect(como.getByText(/No es la "Ganancia" de Estadísticas/)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(reports(calls)).toEqual([]);

    await ver(user);
    const grupos = await screen.findByRole('table', { name: 'Rentabilidad por marca' });
    expect(reports(calls).map((c) => c.search)).toEqual(['?fechaInicio=2026-11-01&fechaFin=2026-11-29&agrupar=marca']);
    expect(reports(calls)[0].auth).toMatch(/^Bearer /);
    expect(screen.getByTestId('rentabilidad-resumen').textContent).toBe(
      'Del 01/11/2026 al 29/11/2026 · Todos los locales',
    );

    // The four figures, es-AR money and percentage.
    const totales = within(screen.getByRole('region', { name: 'Totales del período' }));
    expect(totales.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent])).toEqual([
      ['Ingresos', '$ 256.000,50'],
      ['Costo', '$ 123.000,00'],
      ['Margen', '$ 133.000,50'],
      ['Margen %', '52,0 %'],
    ]);
    expect(byId('rentabilidadMargenPorcentaje').textContent).toBe('52,0 %');
    expect(byId('rentabilidadRecargos').textContent).toBe('Recargos de tarjeta (ingreso financiero): $ 28.500,00');
    expect(byId('rentabilidadSinCosto').textContent).toBe(
      '2 líneas de productos se vendieron sin costo registrado y cuentan con costo $ 0,00 (Vulk: 2): su margen aparece más alto de lo que fue.',
    );

    // The groups in the server's order, the loss in red, then the total.
    expect(headers(grupos)).toEqual(['Marca', 'Unidades', 'Ingresos', 'Costo', 'Margen', 'Margen %']);
    expect(cellTexts(grupos)).toEqual([
      ['Oakley', '1', '$ 2.000,00', '$ 3.000,00', '-$ 1.000,00', '-50,0 %'],
      ['Ray-Ban', '3', '$ 150.000,00', '$ 70.000,00', '$ 80.000,00', '53,3 %'],
      ['Vulk', '5', '$ 60.000,50', '$ 50.000,00', '$ 10.000,50', '16,7 %'],
      ['Detalles adicionales', '0', '$ 44.000,00', '$ 0,00', '$ 44.000,00', '100,0 %'],
      ['Total', '9', '$ 256.000,50', '$ 123.000,00', '$ 133.000,50', '52,0 %'],
    ]);
    expect(within(grupos).getByText('-$ 1.000,00').className).toContain('text-danger');
    expect(within(grupos).getByText('-50,0 %').className).toContain('text-danger');

    // The chart, loaded lazily: each group's income and margin.
    const chart = await screen.findByRole('img', { name: 'Ingresos y margen por marca' });
    await waitFor(() => expect(chart.querySelector('svg')).not.toBeNull());
    expect(charts.bar.at(-1)).toEqual([
      { grupo: 'Oakley', ingresos: 2000, margen: -1000 },
      { grupo: 'Ray-Ban', ingresos: 150000, margen: 80000 },
      { grupo: 'Vulk', ingresos: 60000.5, margen: 10000.5 },
      { grupo: 'Detalles adicionales', ingresos: 44000, margen: 44000 },
    ]);
    await waitFor(() =>
      expect([...chart.querySelectorAll('.recharts-legend-item-text')].map((t) => t.textContent)).toEqual([
        'Ingresos',
        'Margen',
      ]),
    );

    // What was given at $ 0, and what it cost.
    const gratis = screen.getByRole('table', { name: 'Vendido sin cargo' });
    expect(headers(gratis)).toEqual(['Fecha', 'Comprobante', 'Producto', 'Cantidad', 'Costo', 'Motivo']);
    expect(cellTexts(gratis)).toEqual([
      ['29/11/2026', '0001-00000004', 'Vulk X Vulk', '1', '$ 20.000,00', 'Garantía'],
      ['03/11/2026', '#7', 'Estuche rígido', '2', 'Sin costo registrado', 'Sin motivo registrado'],
      ['Total', '', '', '3', '$ 20.000,00', ''],
    ]);
    expect(within(gratis).getByRole('link', { name: '0001-00000004' }).getAttribute('href')).toBe(
      '/editarMovimiento/42',
    );
    expect(screen.queryByText(/líneas más recientes/)).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends every filter and the grouping in the query, reads again on a new grouping, and names the groups so', async () => {
    const user = userEvent.setup();
    const { calls } = open();
    // The lookups as Spanish sorts them, 'Todas' first.
    await screen.findByRole('option', { name: 'Ñandú' });
    expect(options('Marca')).toEqual(['Todas', 'Ángel', 'Nike', 'Ñandú', 'Oakley', 'Ray-Ban', 'Vulk']);
    expect(options('Categoría')).toEqual(['Todas', 'Cristal', 'Receta', 'Sol']);
    expect(options('Local')).toEqual(['Todos los locales', 'Centro', 'Norte']);

    fireEvent.change(byId('rentabilidadDesde'), { target: { value: '5/10/2026' } });
    fireEvent.change(byId('rentabilidadHasta'), { target: { value: '31/10/2026' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Local' }), 'Norte');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Marca' }), 'Ray-Ban');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Categoría' }), 'Cristal');
    await user.type(screen.getByRole('textbox', { name: 'Vendedor' }), ' Ana María ');
    await ver(user);
    await screen.findByRole('table', { name: 'Rentabilidad por marca' });
    const filtros =
      'fechaInicio=2026-10-05&fechaFin=2026-10-31&localId=2&marcaId=6&categoriaId=3&vendedor=Ana%20Mar%C3%ADa';
    expect(reports(calls).map((c) => c.search)).toEqual([`?${filtros}&agrupar=marca`]);
    // The period as the server read it (the fixture's), the rest as chosen.
    expect(screen.getByTestId('rentabilidad-resumen').textContent).toBe(
      'Del 01/11/2026 al 29/11/2026 · Norte · Marca: Ray-Ban · Categoría: Cristal · Vendedor: Ana María',
    );

    // A new grouping reads the report again at once, without 'Ver'.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agrupar por' }), 'Mes');
    const meses = await screen.findByRole('table', { name: 'Rentabilidad por mes' });
    expect(reports(calls).at(-1)?.search).toBe(`?${filtros}&agrupar=mes`);
    expect(screen.getByRole('heading', { name: 'Rentabilidad por mes' })).toBeTruthy();
    expect(headers(meses)[0]).toBe('Mes');
    // A month whose only sale came back: no income, no percentage.
    expect(cellTexts(meses)[0]).toEqual(['10/2026', '0', '$ 0,00', '$ 0,00', '$ 0,00', '—']);
    expect(await screen.findByRole('img', { name: 'Ingresos y margen por mes' })).toBeTruthy();

    // 'Ver' again with the same filters reads the report again (a sale may have come in).
    const before = reports(calls).length;
    await ver(user);
    await waitFor(() => expect(reports(calls)).toHaveLength(before + 1));
    expect(reports(calls).at(-1)?.search).toBe(`?${filtros}&agrupar=mes`);
  });

  it('waits for Ver on a grouping chosen before any report', async () => {
    const user = userEvent.setup();
    const { calls } = open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agrupar por' }), 'Vendedor');
    await new Promise((r) => setTimeout(r, 50));
    expect(reports(calls)).toEqual([]);
    await ver(user);
    await screen.findByRole('table', { name: 'Rentabilidad por vendedor' });
    expect(reports(calls).map((c) => c.search)).toEqual([
      '?fechaInicio=2026-11-01&fechaFin=2026-11-29&agrupar=vendedor',
    ]);
  });

  it("shows the server's message when it refuses the period, and no figures", async () => {
    const user = userEvent.setup();
    const { calls } = open();
    fireEvent.change(byId('rentabilidadDesde'), { target: { value: '' } });
    await ver(user);
    expect((await screen.findByRole('alert')).textContent).toBe('Ingresar fecha de inicio y fin por favor');
    expect(reports(calls).map((c) => c.search)).toEqual(['?fechaFin=2026-11-29&agrupar=marca']);
    expect(screen.queryByRole('region', { name: 'Totales del período' })).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows the server's words for an end before the start", async () => {
    const user = userEvent.setup();
    open({ [REPORT]: [400, { mensaje: 'La fecha de fin no puede ser anterior a la de inicio' }] });
    await ver(user);
    expect((await screen.findByRole('alert')).textContent).toBe('La fecha de fin no puede ser anterior a la de inicio');
  });

  it('says when nothing was sold, without a chart', async () => {
    const user = userEvent.setup();
    const vacio = rentabilidad({
      totales: { unidades: 0, ingresos: 0, costo: 0, margen: 0, margenPorcentaje: null, lineasSinCosto: 0 },
      grupos: [],
      recargosTarjeta: 0,
      sinCargo: [],
    });
    open({ [REPORT]: [200, vacio] });
    await ver(user);
    await screen.findByText('No hay ventas en el período con estos filtros.');
    expect(byId('rentabilidadMargenPorcentaje').textContent).toBe('—');
    expect(byId('rentabilidadSinCosto')).toBeNull();
    expect(screen.getByText('No se vendió ningún producto sin cargo en el período.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
    expect(charts.bar).toEqual([]);
  });

  it('says when the free lines were cut, and names a single line without cost', async () => {
    const user = userEvent.setup();
    const base = rentabilidad();
    open({
      [REPORT]: [
        200,
        rentabilidad({
          totales: { ...base.totales, lineasSinCosto: 1 },
          grupos: base.grupos.map((g) => ({ ...g, lineasSinCosto: g.grupo === 'Oakley' ? 1 : 0 })),
          sinCargoRecortado: true,
        }),
      ],
    });
    await ver(user);
    expect(
      await screen.findByText('Se muestran las 2 líneas más recientes: hubo más. Acote el período para ver el resto.'),
    ).toBeTruthy();
    expect(byId('rentabilidadSinCosto').textContent).toBe(
      '1 línea de producto se vendió sin costo registrado y cuenta con costo $ 0,00 (Oakley: 1): su margen aparece más alto de lo que fue.',
    );
  });

  it('downloads the workbook of the filters as they stand, under its name', async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:xlsx');
    const { calls } = open({ [EXCEL]: [200, 'xlsx'] });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agrupar por' }), 'Categoría');
    const boton = screen.getByRole<HTMLButtonElement>('button', { name: 'Descargar Excel' });
    await user.click(boton);
    await waitFor(() => expect(saved).toEqual(['rentabilidad_2026-11-01_2026-11-29.xlsx']));
    await alerted('success', 'ÉXITO', 'Excel generado correctamente');
    const excel = calls.find((c) => c.path === '/api/rentabilidad/excel');
    expect(excel?.search).toBe('?fechaInicio=2026-11-01&fechaFin=2026-11-29&agrupar=categoria');
    expect(excel?.auth).toMatch(/^Bearer /);
    // The download reads no report.
    expect(reports(calls)).toEqual([]);
  });

  it("alerts the workbook's refusal in the server's words", async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:xlsx');
    open({ [EXCEL]: [400, { mensaje: 'La fecha de fin no puede ser anterior a la de inicio' }] });
    await user.click(await whenEnabled(screen.getByRole<HTMLButtonElement>('button', { name: 'Descargar Excel' })));
    await alerted('error', 'ERROR', 'La fecha de fin no puede ser anterior a la de inicio');
    expect(saved).toEqual([]);
  });

  it('Limpiar goes back to this month by brand, with no report', async () => {
    const user = userEvent.setup();
    open();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agrupar por' }), 'Local');
    fireEvent.change(byId('rentabilidadDesde'), { target: { value: '01/01/2026' } });
    await ver(user);
    await screen.findByRole('table', { name: 'Rentabilidad por local' });
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    expect(byId<HTMLInputElement>('rentabilidadDesde').value).toBe('01/11/2026');
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Agrupar por' }).value).toBe('marca');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/presione Ver/)).toBeTruthy();
  });
});

describe('Rentabilidad: who sees it', () => {
  it('an admin finds it in the menu beside the statistics', async () => {
    openPage('/rentabilidad', appRoutes, { token: adminToken(), answers: { ...lookupAnswers, [REPORT]: report } });
    await screen.findByRole('heading', { name: 'RENTABILIDAD' });
    const link = screen.getByRole('link', { name: 'RENTABILIDAD' });
    expect(link.getAttribute('href')).toBe('/rentabilidad');
    expect(link.closest('li')?.previousElementSibling?.textContent).toBe('ESTADÍSTICAS');
  });

  it('a seller sees no entry and is kept out of the route, asking nothing', async () => {
    const { calls } = openPage('/rentabilidad', appRoutes, { token: sellerToken(1), answers: { [REPORT]: report } });
    await alerted('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso');
    expect(screen.getByRole('link', { name: 'ESTADÍSTICAS' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'RENTABILIDAD' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'RENTABILIDAD' })).toBeNull();
    expect(calls.some((c) => c.path.startsWith(PATH))).toBe(false);
  });
});
