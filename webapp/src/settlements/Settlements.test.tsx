import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiquidacionDetalle } from '../api/settlements';
import { alert, confirm } from '../app/alerts';
import { routes as appRoutes } from '../routing/routes';
import { alerted, confirmed } from '../test/alerts';
import {
  capturedDownloads,
  cellTexts,
  openPage,
  postedBody,
  postKeys,
  whenEnabled,
  type Answers,
  type Call,
} from '../test/page';
import {
  adminToken,
  liquidacion,
  liquidacionDetalle,
  obrasSociales,
  sellerToken,
  ventaPresentada,
  ventaSinPresentar,
  ventasSinPresentar,
} from '../test/seed';
import { Settlement } from './Settlement';
import { Settlements } from './Settlements';

beforeEach(() => {
  // Today is 10/12/2026: the month offered first is November.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 11, 10, 12, 0));
  vi.mocked(confirm).mockReset();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const LISTA = 'GET /api/liquidaciones';
const PENDIENTES = 'GET /api/liquidaciones/pendientes';
const DETALLE = 'GET /api/liquidaciones/5';

/** The pending sales of OSDE (1) in November 2026; nothing for any other month or obra social. */
const pendientes = (url: URL): [number, unknown] =>
  url.searchParams.get('obraSocialId') === '1' && url.searchParams.get('mes') === '2026-11'
    ? [200, ventasSinPresentar()]
    : [200, []];

/** Opens `at` among the liquidaciones' screens as Ana, the admin; `keys` records each POST's
 * Idempotency-Key. */
function open(at: string, answers: Answers = {}) {
  const { keys, onRequest } = postKeys();
  const view = openPage(
    at,
    [
      { path: '/obrasSociales/liquidaciones', element: <Settlements /> },
      { path: '/obrasSociales/liquidaciones/:id', element: <Settlement /> },
    ],
    {
      token: adminToken(),
      answers: {
        'GET /api/obrasSociales': [200, obrasSociales()],
        [PENDIENTES]: pendientes,
        [LISTA]: [200, [liquidacion({ id: 3, mes: '2026-10', fecha: '2026-11-02', estado: 'COBRADA_PARCIAL' })]],
        [DETALLE]: [200, liquidacionDetalle()],
        ...answers,
      },
      onRequest,
    },
  );
  return { ...view, keys };
}

const button = (name: string | RegExp) => screen.getByRole<HTMLButtonElement>('button', { name });
const select = (label: string) => screen.getByLabelText<HTMLSelectElement>(label);
const reads = (calls: Call[], path: string) => calls.filter((c) => c.method === 'GET' && c.path === path);
const problemTexts = () =>
  Array.from(screen.getByTestId('save-problems').querySelectorAll('li'), (li) => li.textContent);

describe('Liquidaciones: presenting a month', () => {
  it('offers the obras sociales by name and the months from this one back, last month chosen', async () => {
    open('/obrasSociales/liquidaciones');
    await waitFor(() => expect(select('Obra social').disabled).toBe(false));
    expect(Array.from(select('Obra social').options, (o) => o.textContent)).toEqual([
      'Elegí la obra social',
      'IOSFA',
      'OSDE',
      'Swiss Medical',
    ]);
    expect(select('Mes').value).toBe('2026-11');
    expect(Array.from(select('Mes').options, (o) => o.textContent).slice(0, 2)).toEqual([
      'Diciembre de 2026',
      'Noviembre de 2026',
    ]);
    expect(screen.getByText('Elegí la obra social para ver sus ventas sin presentar.')).toBeTruthy();
  });

  it('lists the month’s pending sales all checked, with what the obra social pays, and totals the checked ones', async () => {
    const user = userEvent.setup();
    const { calls, router } = open('/obrasSociales/liquidaciones');
    await waitFor(() => expect(select('Obra social').disabled).toBe(false));
    await user.selectOptions(select('Obra social'), 'OSDE');
    const table = await screen.findByRole('table', { name: 'Ventas sin presentar' });
    expect(reads(calls, '/api/liquidaciones/pendientes').map((c) => c.search)).toEqual(['?obraSocialId=1&mes=2026-11']);
    expect(router.state.location.search).toBe('?obraSocial=1&mes=2026-11');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Presentar',
      'Fecha',
      'Comprobante',
      'Paciente',
      'Afiliado',
      'Plan',
      'Receta',
      'Detalle',
      'A cargo de la obra social',
    ]);
    expect(cellTexts(table)).toEqual([
      [
        '',
        '04/11/2026',
        '0001-00000005N.º 12',
        'Laura DíazDoc. 30123456',
        '61 123456 7',
        '210',
        'Dra. Paz · MP 1234 · 30/10/2026',
        '1 × Essilor Orma Blue1 × Essilor Aviator',
        '$ 45.000,00',
      ],
      [
        '',
        '17/11/2026',
        'Sin comprobanteN.º 15',
        'Juan Pérez',
        '61 999999 1',
        '210',
        'Sin receta',
        '2 × Lentes de lectura',
        '$ 28.800,00',
      ],
    ]);
    const total = () => screen.getByTestId('total-presentar').textContent;
    expect(total()).toBe('Total a presentar: $ 73.800,00');
    await user.click(screen.getByRole('checkbox', { name: 'Presentar la venta N.º 12' }));
    expect(total()).toBe('Total a presentar: $ 28.800,00');
    await user.click(screen.getByRole('checkbox', { name: 'Presentar la venta N.º 15' }));
    expect(total()).toBe('Total a presentar: $ 0,00');
    expect(button('Presentar liquidación').disabled).toBe(true);
    expect(problemTexts()).toEqual(['Elegí al menos una venta para presentar.']);
    await user.click(button('Marcar todas'));
    expect(total()).toBe('Total a presentar: $ 73.800,00');
    expect(button('Presentar liquidación').disabled).toBe(false);
  });

  it('presents the checked sales once per opened form, then opens the new liquidación', async () => {
    const user = userEvent.setup();
    const { calls, keys, router } = open('/obrasSociales/liquidaciones?obraSocial=1&mes=2026-11', {
      'POST /api/liquidaciones': [
        201,
        { mensaje: 'La liquidación N.º 5 fue presentada.', id: 5, liquidacion: liquidacionDetalle() },
      ],
    });
    await screen.findByRole('table', { name: 'Ventas sin presentar' });
    await user.click(screen.getByRole('checkbox', { name: 'Presentar la venta N.º 15' }));
    await user.click(button('Presentar liquidación'));
    await alerted('success', 'LIQUIDACIÓN PRESENTADA', 'La liquidación N.º 5 fue presentada.');
    expect(postedBody(calls, '/api/liquidaciones')).toEqual({ obraSocialId: 1, mes: '2026-11', ventas: [12] });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/obrasSociales/liquidaciones/5'));
    expect(await screen.findByRole('heading', { name: 'Liquidación N.º 5' })).toBeTruthy();
  });

  it('shows the server’s reasons and stays, with the same key on a retry', async () => {
    const user = userEvent.setup();
    const { keys, router } = open('/obrasSociales/liquidaciones?obraSocial=1&mes=2026-11', {
      'POST /api/liquidaciones': [400, { errors: ['La venta N.º 12 ya fue presentada en la liquidación N.º 3.'] }],
    });
    await screen.findByRole('table', { name: 'Ventas sin presentar' });
    await user.click(button('Presentar liquidación'));
    await alerted('error', 'ERROR DE VALIDACIÓN', 'La venta N.º 12 ya fue presentada en la liquidación N.º 3.');
    await user.click(await whenEnabled(await screen.findByRole('button', { name: 'Presentar liquidación' })));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[1]).toBe(keys[0]);
    expect(router.state.location.pathname).toBe('/obrasSociales/liquidaciones');
  });

  it('says so when the month has nothing to present, and reads another month when chosen', async () => {
    const user = userEvent.setup();
    const { calls } = open('/obrasSociales/liquidaciones?obraSocial=1&mes=2026-11');
    await screen.findByRole('table', { name: 'Ventas sin presentar' });
    await user.selectOptions(select('Mes'), '2026-10');
    expect(await screen.findByText('No hay ventas con cobertura de este mes sin presentar.')).toBeTruthy();
    expect(reads(calls, '/api/liquidaciones/pendientes').map((c) => c.search)).toEqual([
      '?obraSocialId=1&mes=2026-11',
      '?obraSocialId=1&mes=2026-10',
    ]);
  });

  it('lists the obra social’s liquidaciones, the month as mm/aaaa and the state in Spanish, each opening its page', async () => {
    const { calls } = open('/obrasSociales/liquidaciones?obraSocial=1&mes=2026-11', {
      [LISTA]: [
        200,
        [
          liquidacion(),
          liquidacion({
            id: 3,
            mes: '2026-10',
            fecha: '2026-11-02',
            ventas: 1,
            total: 45000,
            cobrado: 44000,
            debitado: 1000,
            facturado: 1000,
            pendiente: 0,
            estado: 'COBRADA',
          }),
        ],
      ],
    });
    const table = await screen.findByRole('table', { name: 'Liquidaciones' });
    expect(reads(calls, '/api/liquidaciones').map((c) => c.search)).toEqual(['?obraSocialId=1']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Mes',
      'N.º',
      'Presentada',
      'Ventas',
      'Total',
      'Cobrado',
      'Debitado',
      'Pendiente',
      'Estado',
      'Acciones',
    ]);
    expect(cellTexts(table)).toEqual([
      ['11/2026', '5', '01/12/2026', '2', '$ 73.800,00', '$ 0,00', '$ 0,00', '$ 73.800,00', 'Presentada', 'Ver'],
      ['10/2026', '3', '02/11/2026', '1', '$ 45.000,00', '$ 44.000,00', '$ 1.000,00', '$ 0,00', 'Cobrada', 'Ver'],
    ]);
    expect(screen.getByRole('link', { name: 'Ver la liquidación N.º 3' }).getAttribute('href')).toBe(
      '/obrasSociales/liquidaciones/3',
    );
  });
});

describe('Liquidaciones: one liquidación', () => {
  it('shows its obra social, month, state, figures, sales and payments', async () => {
    open('/obrasSociales/liquidaciones/5', {
      [DETALLE]: [
        200,
        liquidacionDetalle({
          cobrado: 44000,
          debitado: 1000,
          pendiente: 28800,
          estado: 'COBRADA_PARCIAL',
          items: [
            ventaPresentada(ventaSinPresentar(), { debitado: 1000, motivos: ['Falta troquel'] }),
            ventaPresentada(ventasSinPresentar()[1]),
          ],
          cobros: [{ numero: 1, fecha: '2026-12-05', referencia: 'TRF 0045', monto: 44000 }],
        }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Liquidación N.º 5' })).toBeTruthy();
    expect(screen.getAllByTestId('estado')[0].textContent).toBe('Cobrada en parte');
    const datos = screen.getByTestId('liquidacion-datos');
    expect(Array.from(datos.querySelectorAll('dd'), (d) => d.textContent)).toEqual([
      'OSDE',
      '30-54674125-3',
      '11/2026 (noviembre de 2026)',
      '01/12/2026',
      '2',
    ]);
    const figura = (id: string) => screen.getByTestId(`liquidacion-${id}`).textContent;
    expect(['total', 'cobrado', 'debitado', 'facturado', 'pendiente'].map(figura)).toEqual([
      '$ 73.800,00',
      '$ 44.000,00',
      '$ 1.000,00',
      '$ 0,00',
      '$ 28.800,00',
    ]);
    const items = screen.getByRole('table', { name: 'Ventas de la liquidación' });
    expect(cellTexts(items).map((row) => row.slice(-2))).toEqual([
      ['$ 45.000,00', '$ 1.000,00Falta troquelFacturar al paciente'],
      ['$ 28.800,00', ''],
    ]);
    expect(cellTexts(screen.getByRole('table', { name: 'Cobros' }))).toEqual([
      ['1', '05/12/2026', 'TRF 0045', '$ 44.000,00'],
    ]);
    expect(screen.getByRole('link', { name: 'Volver' }).getAttribute('href')).toBe(
      '/obrasSociales/liquidaciones?obraSocial=1&mes=2026-11',
    );
  });

  it('records a transfer with a débito, telling what would still be owed, once per opened form', async () => {
    const user = userEvent.setup();
    const despues: LiquidacionDetalle = liquidacionDetalle({
      cobrado: 44000,
      debitado: 1000,
      pendiente: 28800,
      estado: 'COBRADA_PARCIAL',
      items: [
        ventaPresentada(ventaSinPresentar(), { debitado: 1000, motivos: ['Falta troquel'] }),
        ventaPresentada(ventasSinPresentar()[1]),
      ],
      cobros: [{ numero: 1, fecha: '2026-12-10', referencia: 'TRF 0045', monto: 44000 }],
    });
    let cobrada = false;
    const { calls, keys } = open('/obrasSociales/liquidaciones/5', {
      [DETALLE]: () => [200, cobrada ? despues : liquidacionDetalle()],
      'POST /api/liquidaciones/5/cobros': () => {
        cobrada = true;
        return [201, { mensaje: 'El cobro fue registrado.', id: 5, liquidacion: despues }];
      },
    });
    const form = within(await screen.findByRole('form', { name: 'Registrar cobro' }));
    expect(screen.getByLabelText<HTMLInputElement>('Fecha de la transferencia').value).toBe('10/12/2026');
    const queda = () => screen.getByTestId('queda-pendiente').textContent;
    expect(queda()).toBe('Queda pendiente: $ 73.800,00');
    expect(form.getByRole<HTMLButtonElement>('button', { name: 'Registrar cobro' }).disabled).toBe(true);

    await user.type(screen.getByLabelText('Referencia (N.º de transferencia)'), 'TRF 0045');
    await user.type(screen.getByLabelText('Monto cobrado'), '44.000');
    expect(queda()).toBe('Queda pendiente: $ 29.800,00');
    await user.click(button('Agregar débito'));
    const debito = within(screen.getByRole('group', { name: 'Débito 1' }));
    await user.selectOptions(debito.getByLabelText('Venta'), '12');
    expect(debito.getByText('Hasta $ 45.000,00')).toBeTruthy();
    await user.type(debito.getByLabelText('Monto debitado'), '1.000,00');
    expect(queda()).toBe('Queda pendiente: $ 28.800,00');
    expect(problemTexts()).toEqual(['Escribí el motivo del débito de la venta N.º 12, de hasta 200 caracteres.']);
    await user.type(debito.getByLabelText('Motivo'), 'Falta troquel');
    expect(screen.queryByTestId('save-problems')).toBeNull();

    await user.click(form.getByRole('button', { name: 'Registrar cobro' }));
    await alerted('success', 'COBRO REGISTRADO', 'El cobro fue registrado.');
    expect(postedBody(calls, '/api/liquidaciones/5/cobros')).toEqual({
      fecha: '2026-12-10',
      referencia: 'TRF 0045',
      monto: 44000,
      debitos: [{ movimientoId: 12, monto: 1000, motivo: 'Falta troquel' }],
    });
    expect(keys).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('liquidacion-pendiente').textContent).toBe('$ 28.800,00'));
    expect(screen.getAllByTestId('estado')[0].textContent).toBe('Cobrada en parte');
    // A blank form again, with the figures of now.
    await waitFor(() => expect(queda()).toBe('Queda pendiente: $ 28.800,00'));
    expect(screen.getByLabelText<HTMLInputElement>('Monto cobrado').value).toBe('');
  });

  it('tells under the amount why it cannot be read, and refuses more than is owed', async () => {
    const user = userEvent.setup();
    open('/obrasSociales/liquidaciones/5');
    await screen.findByRole('form', { name: 'Registrar cobro' });
    const monto = screen.getByLabelText('Monto cobrado');
    await user.type(monto, '1,2,3');
    await user.tab();
    expect(screen.getByText('Tiene más de una coma: la coma separa los decimales (1.234,56).')).toBeTruthy();
    await user.clear(monto);
    await user.type(screen.getByLabelText('Referencia (N.º de transferencia)'), 'TRF 1');
    await user.type(monto, '73800.01');
    expect(screen.getByTestId('queda-pendiente').textContent).toBe('Queda pendiente: -$ 0,01');
    expect(button('Registrar cobro').disabled).toBe(true);
    expect(problemTexts()).toEqual([
      'El cobro y los débitos suman más de lo que la obra social debe de esta liquidación ($ 73.800,00).',
    ]);
  });

  it('bills a rejected part to the patient once confirmed', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const detalle = liquidacionDetalle({
      cobrado: 44000,
      debitado: 1000,
      pendiente: 28800,
      estado: 'COBRADA_PARCIAL',
      items: [
        ventaPresentada(ventaSinPresentar(), { debitado: 1000, motivos: ['Falta troquel'] }),
        ventaPresentada(ventasSinPresentar()[1]),
      ],
    });
    const { calls, keys } = open('/obrasSociales/liquidaciones/5', {
      [DETALLE]: [200, detalle],
      'POST /api/liquidaciones/5/debitos/12/facturar': [
        200,
        { mensaje: 'Se facturó al paciente $ 1.000,00 de la venta N.º 12.', id: 5, liquidacion: null },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Facturar al paciente $ 1.000,00 de la venta N.º 12' }));
    await confirmed(
      '¿Facturar al paciente $ 1.000,00 de la venta N.º 12?',
      'Laura Díaz pasa a deber ese importe en su cuenta corriente, y la obra social deja de deberlo.',
      'Sí, facturar',
    );
    await alerted('success', 'DÉBITO FACTURADO', 'Se facturó al paciente $ 1.000,00 de la venta N.º 12.');
    expect(postedBody(calls, '/api/liquidaciones/5/debitos/12/facturar')).toEqual({});
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The liquidación is read again.
    await waitFor(() => expect(reads(calls, '/api/liquidaciones/5').length).toBe(2));
  });

  it('bills nothing when the confirmation is declined', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    const { calls } = open('/obrasSociales/liquidaciones/5', {
      [DETALLE]: [
        200,
        liquidacionDetalle({
          items: [ventaPresentada(ventaSinPresentar(), { debitado: 1000, motivos: ['Falta troquel'] })],
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: /^Facturar al paciente/ }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('downloads its workbook and PDF under the server’s names', async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:liquidacion');
    open('/obrasSociales/liquidaciones/5', {
      'GET /api/liquidaciones/5/excel': [200, {}],
      'GET /api/liquidaciones/5/pdf': [200, {}],
    });
    await user.click(await screen.findByRole('button', { name: 'Descargar Excel' }));
    await alerted('success', 'ÉXITO', 'Excel generado correctamente');
    await user.click(await whenEnabled(button('Descargar PDF')));
    await alerted('success', 'ÉXITO', 'PDF generado correctamente');
    expect(saved).toEqual(['liquidacion_5_2026-11.xlsx', 'liquidacion_5_2026-11.pdf']);
  });

  it('offers no payment once nothing is owed, and says why a liquidación cannot be read', async () => {
    open('/obrasSociales/liquidaciones/5', {
      [DETALLE]: [200, liquidacionDetalle({ cobrado: 73800, pendiente: 0, estado: 'COBRADA' })],
    });
    expect(await screen.findByText('La obra social ya pagó o debitó todo lo presentado.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Registrar cobro' })).toBeNull();
  });

  it('says so when the liquidación does not exist', async () => {
    open('/obrasSociales/liquidaciones/9', {
      'GET /api/liquidaciones/9': [404, { mensaje: 'La liquidación 9 no existe.' }],
    });
    expect(await screen.findByText('La liquidación 9 no existe.')).toBeTruthy();
    expect(alert).not.toHaveBeenCalled();
  });
});

describe('Liquidaciones: the routes', () => {
  it('an admin opens the screen through the app’s routes, not an obra social’s form', async () => {
    openPage('/obrasSociales/liquidaciones', appRoutes, {
      token: adminToken(),
      answers: { 'GET /api/obrasSociales': [200, obrasSociales()], [LISTA]: [200, []] },
    });
    expect(await screen.findByRole('heading', { name: 'LIQUIDACIONES' })).toBeTruthy();
    expect(await screen.findByText('Todavía no se presentó ninguna liquidación.')).toBeTruthy();
  });

  it('an admin opens a liquidación through the app’s routes', async () => {
    openPage('/obrasSociales/liquidaciones/5', appRoutes, {
      token: adminToken(),
      answers: { [DETALLE]: [200, liquidacionDetalle()] },
    });
    expect(await screen.findByRole('heading', { name: 'Liquidación N.º 5' })).toBeTruthy();
  });

  it('a seller is kept out', async () => {
    const { calls } = openPage('/obrasSociales/liquidaciones', appRoutes, { token: sellerToken(1) });
    await alerted('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso');
    expect(calls.some((c) => c.path.startsWith('/api/liquidaciones'))).toBe(false);
  });
});
