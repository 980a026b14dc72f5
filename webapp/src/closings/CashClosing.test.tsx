import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirm } from '../app/alerts';
import { isoDate } from '../lib/dates';
import { openPage, postKeys, whenEnabled, type Answers } from '../test/page';
import {
  adminToken,
  cajaAbierta,
  cajaCerrada,
  cajaContada,
  cajaContadaPorPlan,
  cajaSinAbrir,
  cierre,
  esperadoTarjeta,
  locales,
  sellerToken,
  springPage,
} from '../test/seed';
import type { LineaEsperado, MetodoEsperado } from '../api/closings';
import { CashClosing } from './CashClosing';
import { UnclosedDaysNotice } from './UnclosedDays';
import { alerted, confirmed } from '../test/alerts';

const HOY = isoDate(new Date());
const DIA = '2026-11-21';

function open(
  token: string,
  answers: Answers,
  at = `/cierreCaja?local=1&fecha=${DIA}`,
  onRequest?: ReturnType<typeof postKeys>['onRequest'],
) {
  return openPage(at, [{ path: '/cierreCaja', element: <CashClosing /> }], {
    token,
    onRequest,
    // The same object, so a test may change an answer midway.
    answers: Object.assign(
      answers,
      {
        'GET /api/local': [200, locales],
        'GET /api/caja/cierres': [200, springPage([cierre()], 10)],
        'GET /api/caja/sin-cerrar': [200, []],
      },
      { ...answers },
    ),
  });
}

const bodyOf = (calls: { method: string; path: string; body: string | null }[], path: string) =>
  JSON.parse(calls.find((c) => c.method === 'POST' && c.path === path)?.body ?? 'null');

describe('Días sin cerrar', () => {
  const sinCerrar = {
    localId: 2,
    local: 'Yapeyú',
    fecha: '2026-11-20',
    estado: 'SIN_ABRIR',
    neto: 10000,
    movimientos: 3,
  };

  it('lists for an admin each past day with money no closing counted, and opens it above', async () => {
    const user = userEvent.setup();
    open(adminToken(), {
      'GET /api/caja/sin-cerrar': [200, [sinCerrar]],
      [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()],
      'GET /api/caja/2/2026-11-20': [200, cajaSinAbrir({ localId: 2, fecha: '2026-11-20' })],
    });
    const table = await screen.findByRole('table', { name: 'Días sin cerrar' });
    const row = within(table).getAllByRole('row')[1];
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['20/11/2026', 'Yapeyú', 'Sin abrir', '$ 10.000,00', '3', 'Ver']);
    expect(
      screen.getByText('Hay 1 día con dinero que ningún cierre contó: abrilo y cerralo, o reabrilo.'),
    ).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Ver' }));
    await waitFor(() => expect((document.getElementById('cajaFecha') as HTMLInputElement).value).toBe('20/11/2026'));
  });

  it('is told to an admin on entering, with the way to the closings', async () => {
    openPage('/inicio', [{ path: '/inicio', element: <UnclosedDaysNotice /> }], {
      token: adminToken(),
      answers: { 'GET /api/caja/sin-cerrar': [200, [sinCerrar, { ...sinCerrar, localId: 1, local: 'La Cruz' }]] },
    });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Hay 2 días con dinero que ningún cierre contó');
    expect(within(notice).getByRole('link', { name: 'Ver en Cierre de caja' }).getAttribute('href')).toBe(
      '/cierreCaja',
    );
  });

  it('is not shown to a seller', async () => {
    const { calls } = open(sellerToken(1), { [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()] });
    await screen.findByText('Conteo a ciegas');
    expect(screen.queryByRole('table', { name: 'Días sin cerrar' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/caja/sin-cerrar')).toBe(false);
  });
});

describe('Cierre de caja', () => {
  it("opens a seller's own branch today, and sends the float typed as people write money", async () => {
    const user = userEvent.setup();
    const { calls } = open(
      sellerToken(1),
      {
        [`GET /api/caja/1/${HOY}`]: [200, cajaSinAbrir({ fecha: HOY })],
        [`POST /api/caja/1/${HOY}/apertura`]: [
          200,
          { mensaje: 'La caja ha sido abierta!', caja: cajaAbierta({ fecha: HOY }) },
        ],
      },
      '/cierreCaja',
    );
    await screen.findByText('Sin abrir');
    expect((document.getElementById('cajaLocal') as HTMLSelectElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('Efectivo'), '1.234,56');
    await user.click(screen.getByRole('button', { name: 'Abrir caja' }));
    await alerted('success', 'CAJA ABIERTA', 'La caja ha sido abierta!');
    expect(bodyOf(calls, `/api/caja/1/${HOY}/apertura`)).toEqual({ fondo: [{ metodoPagoId: 1, monto: 1234.56 }] });
    await screen.findByText('Conteo a ciegas');
  });

  it(
    'counts blind, shows the differences of a count that does not match, and closes with the reason',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      vi.mocked(confirm).mockResolvedValue(true);
      const answers: Answers = {
        [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()],
        [`POST /api/caja/1/${DIA}/cierre`]: [200, { mensaje: 'El conteo no coincide', caja: cajaContada() }],
      };
      const { calls } = open(adminToken(), answers);
      await screen.findByText('Conteo a ciegas');
      expect(screen.queryByRole('table', { name: 'Resultado del conteo' })).toBeNull();
      const cerrar = screen.getByRole('button', { name: 'Cerrar caja' });
      expect(cerrar).toHaveProperty('disabled', true);
      // Nothing counted yet: what it waits for, not a list of errors.
      expect(document.getElementById('conteo-problems')?.textContent).toBe(
        'Para cerrar la caja:Escribí lo que contaste en cada método de pago (0 si no hay).',
      );

      const form = within(screen.getByRole('form', { name: 'Conteo' }));
      await user.type(form.getByLabelText('Efectivo'), '2.100');
      await user.type(form.getByLabelText('Tarjeta'), '800');
      await user.click(await whenEnabled(cerrar as HTMLButtonElement));
      await screen.findByText('El conteo no coincide');
      expect(bodyOf(calls, `/api/caja/1/${DIA}/cierre`)).toEqual({
        contado: [
          { metodoPagoId: 1, monto: 2100 },
          { metodoPagoId: 2, monto: 800 },
        ],
      });
      const table = within(screen.getByRole('table', { name: 'Resultado del conteo' }));
      const efectivo = table.getByText('Efectivo').closest('tr')!;
      expect(efectivo.textContent).toContain('-$ 100,00 (Falta)');
      expect(efectivo.className).toContain('table-danger');

      answers[`POST /api/caja/1/${DIA}/cierre`] = [200, { mensaje: 'La caja ha sido cerrada!', caja: cajaCerrada() }];
      calls.length = 0;
      await user.type(screen.getByLabelText('Motivo de la diferencia'), 'Vuelto mal dado');
      expect(screen.getByText('15/255')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
      await alerted('success', 'CAJA CERRADA', 'La caja ha sido cerrada!');
      expect(bodyOf(calls, `/api/caja/1/${DIA}/cierre`).motivo).toBe('Vuelto mal dado');
      await waitFor(() => expect(screen.getByTestId('estado-caja').textContent).toBe('Cerrada'));
      expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy();
    },
  );

  it('lets an admin reopen a closed day with a reason, after confirming', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open(adminToken(), {
      [`GET /api/caja/1/${DIA}`]: [200, cajaCerrada()],
      [`POST /api/caja/1/${DIA}/reapertura`]: [
        200,
        { mensaje: 'La caja ha sido reabierta!', caja: cajaContada({ reaperturas: 1, motivoReapertura: 'Seña' }) },
      ],
    });
    await screen.findByText('Motivo de la diferencia:');
    const reabrir = screen.getByRole('button', { name: 'Reabrir caja' });
    expect(reabrir).toHaveProperty('disabled', true);
    expect(screen.getByText('Escribí el motivo de la reapertura.')).toBeTruthy();
    await user.type(screen.getByLabelText('Motivo de la reapertura'), 'Seña');
    await user.click(reabrir);
    await alerted('success', 'CAJA REABIERTA', 'La caja ha sido reabierta!');
    expect(confirm).toHaveBeenCalledWith(
      '¿Reabrir la caja?',
      expect.stringContaining('Centro del 21/11/2026'),
      'Sí, reabrir',
    );
    expect(bodyOf(calls, `/api/caja/1/${DIA}/reapertura`)).toEqual({ motivo: 'Seña' });
    await screen.findByText('Reabierta 1 vez');
  });

  it('lists the closings with their differences, and asks an admin to choose a branch for the day', async () => {
    const { calls } = open(adminToken(), {}, '/cierreCaja');
    await screen.findByText('Elegí un local para ver, abrir o cerrar su caja del día.');
    const table = within(await screen.findByRole('table', { name: 'Cierres de caja' }));
    const row = table.getByText('21/11/2026').closest('tr')!;
    expect(row.textContent).toContain('-$ 100,00 (Falta)');
    expect(row.textContent).toContain('Vuelto mal dado');
    expect(calls.some((c) => c.path === '/api/caja/cierres' && c.search.includes('size=10'))).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/api/caja/0'))).toBe(false);
  });
  it('asks before another day replaces a count typed and not sent', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    const { calls } = open(adminToken(), { [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()] });
    await screen.findByText('Conteo a ciegas');
    const form = within(screen.getByRole('form', { name: 'Conteo' }));
    await user.type(form.getByLabelText('Efectivo'), '5');
    await user.click(screen.getByRole('button', { name: 'Hoy' }));
    await confirmed('¿Salir sin guardar?', expect.any(String), 'Sí, salir sin guardar');
    expect((screen.getByLabelText('Día') as HTMLInputElement).value).toBe('21/11/2026');
    expect(calls.some((c) => c.path === `/api/caja/1/${HOY}`)).toBe(false);
  });
  it('tells a refused count in the server words and reads the day again', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const answers: Answers = {
      [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()],
      [`POST /api/caja/1/${DIA}/cierre`]: [400, { errors: ['La caja de ese día ya está cerrada.'] }],
    };
    const { calls } = open(adminToken(), answers);
    await screen.findByText('Conteo a ciegas');
    answers[`GET /api/caja/1/${DIA}`] = [200, cajaCerrada()];
    const form = within(screen.getByRole('form', { name: 'Conteo' }));
    await user.type(form.getByLabelText('Efectivo'), '0');
    await user.type(form.getByLabelText('Tarjeta'), '0');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    await alerted('error', 'ERROR DE VALIDACIÓN', 'La caja de ese día ya está cerrada.');
    await waitFor(() => expect(screen.getByTestId('estado-caja').textContent).toBe('Cerrada'));
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/api/caja/1/${DIA}`)).toHaveLength(2);
  });
});

describe('a count sent again', () => {
  it('carries the same Idempotency-Key until it is recorded, and a new one for the next count', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { keys, onRequest } = postKeys();
    const answers: Answers = {
      [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()],
      [`POST /api/caja/1/${DIA}/cierre`]: [
        409,
        { mensaje: 'El registro fue modificado por otra operación. Intente nuevamente.' },
      ],
    };
    open(adminToken(), answers, undefined, onRequest);
    await screen.findByText('Conteo a ciegas');
    const count = async () => {
      const form = within(screen.getByRole('form', { name: 'Conteo' }));
      await user.clear(form.getByLabelText('Efectivo'));
      await user.type(form.getByLabelText('Efectivo'), '100');
      await user.clear(form.getByLabelText('Tarjeta'));
      await user.type(form.getByLabelText('Tarjeta'), '0');
      const cerrar = screen.getByRole('button', { name: 'Cerrar caja' }) as HTMLButtonElement;
      await user.click(cerrar);
      await whenEnabled(cerrar);
    };
    await count();
    await count();
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    // Recorded (the count differs: the day stays open), the same figures again are a recount.
    answers[`POST /api/caja/1/${DIA}/cierre`] = [200, { mensaje: 'El conteo no coincide', caja: cajaContada() }];
    await count();
    await count();
    await waitFor(() => expect(keys).toHaveLength(4));
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
  });
});

describe('the breakdown of an expected figure', () => {
  const linea = (rest: Partial<LineaEsperado>): LineaEsperado => ({
    partida: 'VENTA',
    concepto: 'Venta 0001-00000005',
    fecha: `${DIA}T10:00:00`,
    monto: 1200,
    movimientoId: 7,
    abrible: true,
    ...rest,
  });
  const efectivo = (lineas: LineaEsperado[], esperado: number): MetodoEsperado => ({
    metodoPagoId: 1,
    metodoPago: 'Efectivo',
    esperado,
    lineas,
  });

  it('opens from the figure: the float and each movement, a link only to what the seller may open', async () => {
    const user = userEvent.setup();
    const { calls } = open(sellerToken(1), {
      [`GET /api/caja/1/${DIA}`]: [200, cajaContada()],
      [`GET /api/caja/1/${DIA}/esperado`]: [
        200,
        [
          efectivo(
            [
              linea({
                partida: 'FONDO',
                concepto: 'Fondo inicial',
                fecha: null,
                monto: 1000,
                movimientoId: null,
                abrible: false,
              }),
              linea({}),
              linea({
                partida: 'COBRO',
                concepto: 'Cobro de la venta 0002-00000003 del 20/11/2026',
                movimientoId: 9,
                abrible: false,
                monto: 300,
              }),
              linea({ partida: 'GASTO', concepto: 'Salida #8: Limpieza', movimientoId: 8, monto: -300 }),
            ],
            2200,
          ),
        ],
      ],
    });
    await user.click(await screen.findByRole('button', { name: /^Ver el detalle de lo esperado en Efectivo: / }));
    const table = await screen.findByRole('table', { name: 'Detalle de lo esperado en Efectivo' });
    expect(within(table).getByRole('link', { name: 'Venta 0001-00000005' }).getAttribute('href')).toBe(
      '/editarMovimiento/7',
    );
    expect(within(table).queryByRole('link', { name: /^Cobro/ })).toBeNull();
    expect(within(table).getByText('-$ 300,00')).toBeTruthy();
    expect(within(table).getByText('$ 2.200,00')).toBeTruthy();
    expect(screen.queryByText(/lo esperado cambió/)).toBeNull();
    expect(calls.filter((c) => c.path === `/api/caja/1/${DIA}/esperado`)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Cerrar detalle' }));
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Detalle de lo esperado en Efectivo' })).toBeNull());
  });

  it('says to count again when a movement was recorded after the count', async () => {
    const user = userEvent.setup();
    open(sellerToken(1), {
      [`GET /api/caja/1/${DIA}`]: [200, cajaContada()],
      [`GET /api/caja/1/${DIA}/esperado`]: [200, [efectivo([linea({ monto: 2500 })], 2500)]],
    });
    await user.click(await screen.findByRole('button', { name: /^Ver el detalle de lo esperado en Efectivo: / }));
    await screen.findByText(
      'Desde el último conteo se registraron movimientos: lo esperado cambió. Volvé a contar para compararlo.',
    );
  });

  it("compares a plan's payments with that plan's figure only: one paid in it since the count changes it", async () => {
    const user = userEvent.setup();
    const tarjeta = esperadoTarjeta();
    const nueva = linea({ concepto: 'Venta 0001-00000011 · 6 cuotas', movimientoId: 11, monto: 250, cuotas: 6 });
    open(sellerToken(1), {
      [`GET /api/caja/1/${DIA}`]: [200, cajaContadaPorPlan()],
      [`GET /api/caja/1/${DIA}/esperado`]: [200, [{ ...tarjeta, esperado: 2050, lineas: [...tarjeta.lineas, nueva] }]],
    });
    // The card's own line and its other plan still add up to their figures.
    await user.click(await screen.findByRole('button', { name: 'Ver el detalle de lo esperado en Tarjeta: $ 300,00' }));
    await screen.findByRole('table', { name: 'Detalle de lo esperado en Tarjeta' });
    expect(screen.queryByText(/lo esperado cambió/)).toBeNull();
    await user.click(
      screen.getByRole('button', { name: 'Ver el detalle de lo esperado en Tarjeta · 3 cuotas: $ 600,00' }),
    );
    await screen.findByRole('table', { name: 'Detalle de lo esperado en Tarjeta · 3 cuotas' });
    expect(screen.queryByText(/lo esperado cambió/)).toBeNull();

    await user.click(
      screen.getByRole('button', { name: 'Ver el detalle de lo esperado en Tarjeta · 6 cuotas: $ 900,00' }),
    );
    const seis = await screen.findByRole('table', { name: 'Detalle de lo esperado en Tarjeta · 6 cuotas' });
    expect(within(seis).getByRole('link', { name: 'Venta 0001-00000011 · 6 cuotas' })).toBeTruthy();
    expect(within(seis).getByText('$ 1.150,00')).toBeTruthy();
    await screen.findByText(/lo esperado cambió/);
  });
});
