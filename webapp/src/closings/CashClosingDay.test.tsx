// The day as the counter lives it: the float right after opening, the count asked before it is
// sent, the methods in the server's order, a seller before a closed day, and a card with plans in
// cuotas counted as the terminal's batch lists it (per plan, or whole).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirm } from '../app/alerts';
import { openPage, whenEnabled, type Answers } from '../test/page';
import {
  adminToken,
  cajaAbierta,
  cajaAbiertaConPlanes,
  cajaCerrada,
  cajaConPlanes,
  cajaContada,
  cajaContadaEntera,
  cajaContadaPorPlan,
  cierre,
  esperadoTarjeta,
  locales,
  sellerToken,
  springPage,
} from '../test/seed';
import { CashClosing } from './CashClosing';
import { alerted } from '../test/alerts';

const DIA = '2026-11-21';

function open(token: string, answers: Answers) {
  return openPage(`/cierreCaja?local=1&fecha=${DIA}`, [{ path: '/cierreCaja', element: <CashClosing /> }], {
    token,
    answers: {
      'GET /api/local': [200, locales],
      'GET /api/caja/cierres': [200, springPage([cierre()], 10)],
      'GET /api/caja/sin-cerrar': [200, []],
      ...answers,
    },
  });
}

const posted = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === `/api/caja/1/${DIA}/cierre`);

const bodyOf = (calls: { method: string; path: string; body: string | null }[], path: string) =>
  JSON.parse(calls.find((c) => c.method === 'POST' && c.path === path)?.body ?? 'null');

/** The texts of a form's labels, in order. */
const labels = (form: HTMLElement) => [...form.querySelectorAll('label')].map((l) => l.textContent);

/** Each row's cells' texts of a table, header left out. */
const cells = (table: HTMLElement, column: number) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => (r as HTMLTableRowElement).cells[column].textContent);

describe('Cierre de caja: the day at the counter', () => {
  it('shows the float just opened as the day, and the count without errors until something is typed', async () => {
    const user = userEvent.setup();
    open(sellerToken(1), { [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()] });
    const fondo = await screen.findByRole('table', { name: 'Fondo de la caja' });
    expect(screen.getByText('Caja abierta con este fondo')).toBeTruthy();
    const rows = within(fondo)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual(['Efectivo$ 1.000,00', 'Tarjeta$ 0,00', 'Total$ 1.000,00']);

    // No red warning on fields nobody touched: the list says what to do, in the body's colour.
    const form = within(screen.getByRole('form', { name: 'Conteo' }));
    expect(document.querySelectorAll('.is-invalid')).toHaveLength(0);
    const cerrar = screen.getByRole('button', { name: 'Cerrar caja' }) as HTMLButtonElement;
    expect(cerrar.disabled).toBe(true);
    expect(cerrar.getAttribute('aria-describedby')).toBe('conteo-problems');
    const waits = document.getElementById('conteo-problems')!;
    expect(waits.className).not.toContain('text-danger');
    expect(waits.textContent).toBe('Para cerrar la caja:Escribí lo que contaste en cada método de pago (0 si no hay).');

    // Once counting starts, what is missing is told as usual.
    await user.type(form.getByLabelText('Efectivo'), '2.100');
    const missing = document.getElementById('conteo-problems')!;
    expect(missing.className).toContain('text-danger');
    expect(missing.textContent).toBe('No se puede guardar todavía:Contado de Tarjeta: escribí el monto (0 si no hay).');
    await user.type(form.getByLabelText('Tarjeta'), '0');
    expect(cerrar.disabled).toBe(false);
  });

  it('asks before closing, with the figures counted; declined, nothing is sent', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    const { calls } = open(adminToken(), {
      [`GET /api/caja/1/${DIA}`]: [200, cajaAbierta()],
      [`POST /api/caja/1/${DIA}/cierre`]: [200, { mensaje: 'La caja ha sido cerrada!', caja: cajaCerrada() }],
    });
    const form = within(await screen.findByRole('form', { name: 'Conteo' }));
    await user.type(form.getByLabelText('Efectivo'), '2.100');
    await user.type(form.getByLabelText('Tarjeta'), '800,5');
    await user.click(await whenEnabled(screen.getByRole('button', { name: 'Cerrar caja' }) as HTMLButtonElement));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        '¿Cerrar la caja?',
        'Contado en Centro el 21/11/2026: Efectivo $ 2.100,00, Tarjeta $ 800,50. Total: $ 2.900,50. ' +
          'Si coincide con lo esperado, la caja se cierra y no se podrán registrar más movimientos de ese día; si no, vas a ver la diferencia.',
        'Sí, cerrar la caja',
      ),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(posted(calls)).toHaveLength(0);

    vi.mocked(confirm).mockResolvedValue(true);
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    await alerted('success', 'CAJA CERRADA', 'La caja ha sido cerrada!');
    expect(posted(calls)).toHaveLength(1);
  });

  it('keeps a pasted reason whole, past the limit, and says why Cerrar caja waits', async () => {
    const user = userEvent.setup();
    open(adminToken(), { [`GET /api/caja/1/${DIA}`]: [200, cajaContada()] });
    const motivo = (await screen.findByLabelText('Motivo de la diferencia')) as HTMLTextAreaElement;
    await user.click(motivo);
    await user.paste('x'.repeat(260));
    expect(motivo.value).toHaveLength(260);
    expect(screen.getByLabelText('Caracteres usados').textContent).toBe('260/255');
    expect(screen.getByText('El motivo debe tener como máximo 255 caracteres.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cerrar caja' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the reason closes the day when the count that differs comes with one', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    open(adminToken(), { [`GET /api/caja/1/${DIA}`]: [200, cajaContada()] });
    await user.type(await screen.findByLabelText('Motivo de la diferencia'), 'Vuelto mal dado');
    await user.click(screen.getByRole('button', { name: 'Cerrar caja' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        '¿Cerrar la caja?',
        expect.stringMatching(
          /^Contado en Centro el 21\/11\/2026: Efectivo \$ 2\.100,00, Tarjeta \$ 800,00\. Total: \$ 2\.900,00\. Con el motivo de la diferencia, la caja se cierra/,
        ),
        'Sí, cerrar la caja',
      ),
    );
  });

  it('lists the methods in the order the server lists them, not by name', async () => {
    open(adminToken(), {
      'GET /api/metodoPago': [
        200,
        [
          { id: 2, nombre: 'Tarjeta' },
          { id: 1, nombre: 'Efectivo' },
        ],
      ],
      [`GET /api/caja/1/${DIA}`]: [200, cajaContada()],
    });
    const table = await screen.findByRole('table', { name: 'Resultado del conteo' });
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => (r as HTMLTableRowElement).cells[0].textContent),
      ).toEqual(['Tarjeta', 'Efectivo', 'Total']),
    );
    const form = screen.getByRole('form', { name: 'Conteo' });
    expect([...form.querySelectorAll('label')].map((l) => l.textContent)).toEqual([
      'Tarjeta',
      'Efectivo',
      'Motivo de la diferencia',
    ]);
  });

  it('tells a seller before a closed day that only an admin’s reopening lets a movement in', async () => {
    open(sellerToken(1), { [`GET /api/caja/1/${DIA}`]: [200, cajaCerrada()] });
    const note = await screen.findByText(/pedí a un administrador que reabra la caja/);
    expect(note.textContent).toBe(
      'Para registrar o corregir un movimiento de este día, pedí a un administrador que reabra la caja.',
    );
    expect(document.body.textContent).not.toContain('con fecha de hoy');
  });
});

describe('Cierre de caja: a card with plans in cuotas', () => {
  const HINT = 'Tarjeta: contala entera en su línea o plan por plan, como en el cierre de lote.';

  it('asks for the float per method only: no plan line to open with, in its figures or its correction', async () => {
    const user = userEvent.setup();
    const { calls } = open(adminToken(), {
      [`GET /api/caja/1/${DIA}`]: [200, cajaConPlanes()],
      [`POST /api/caja/1/${DIA}/apertura`]: [
        200,
        { mensaje: 'La caja ha sido abierta!', caja: cajaAbiertaConPlanes() },
      ],
    });
    const fondo = await screen.findByRole('form', { name: 'Fondo inicial' });
    expect(labels(fondo)).toEqual(['Efectivo', 'Tarjeta']);
    expect(document.getElementById('fondo-2-cuotas-3')).toBeNull();
    expect(screen.queryByText(HINT)).toBeNull();
    await user.type(within(fondo).getByLabelText('Efectivo'), '1.000');
    await user.click(within(fondo).getByRole('button', { name: 'Abrir caja' }));
    await alerted('success', 'CAJA ABIERTA', 'La caja ha sido abierta!');
    expect(bodyOf(calls, `/api/caja/1/${DIA}/apertura`)).toEqual({ fondo: [{ metodoPagoId: 1, monto: 1000 }] });

    const figures = await screen.findByRole('table', { name: 'Fondo de la caja' });
    expect(cells(figures, 0)).toEqual(['Efectivo', 'Tarjeta', 'Total']);
    expect(labels(screen.getByRole('form', { name: 'Fondo inicial' }))).toEqual(['Efectivo', 'Tarjeta']);
    // The count, though, asks for every line.
    expect(labels(screen.getByRole('form', { name: 'Conteo' }))).toEqual([
      'Efectivo',
      'Tarjeta',
      'Tarjeta · 3 cuotas',
      'Tarjeta · 6 cuotas',
    ]);
  });

  it(
    'counts the card plan by plan, sends cuotas on its plans only, and opens a plan’s expected figure alone',
    { timeout: 15_000 },
    async () => {
      const user = userEvent.setup();
      vi.mocked(confirm).mockResolvedValue(true);
      const { calls } = open(adminToken(), {
        [`GET /api/caja/1/${DIA}`]: [200, cajaAbiertaConPlanes()],
        [`POST /api/caja/1/${DIA}/cierre`]: [
          200,
          { mensaje: 'El conteo no coincide con lo esperado.', caja: cajaContadaPorPlan() },
        ],
        [`GET /api/caja/1/${DIA}/esperado`]: [200, [esperadoTarjeta()]],
      });
      const conteo = await screen.findByRole('form', { name: 'Conteo' });
      const form = within(conteo);
      expect(labels(conteo)).toEqual(['Efectivo', 'Tarjeta', 'Tarjeta · 3 cuotas', 'Tarjeta · 6 cuotas']);
      const tres = form.getByLabelText('Tarjeta · 3 cuotas');
      const seis = form.getByLabelText('Tarjeta · 6 cuotas');
      expect([tres.id, seis.id]).toEqual(['contado-2-cuotas-3', 'contado-2-cuotas-6']);
      // The hint is said over the card's lines and read with its own line.
      const hint = form.getByText(HINT);
      expect(form.getByLabelText('Tarjeta').getAttribute('aria-describedby')).toBe(hint.id);
      expect(hint.id).toBe('contado-2-planes');
      // Nothing typed yet: no red on the blank plans once left, they may stay blank.
      await user.click(tres);
      await user.tab();
      expect(tres.className).not.toContain('is-invalid');

      await user.type(form.getByLabelText('Efectivo'), '2.200');
      await user.type(form.getByLabelText('Tarjeta'), '300');
      await user.type(tres, '600');
      // One plan written: the others are asked for.
      expect(document.getElementById('conteo-problems')?.textContent).toContain(
        'Contado de Tarjeta · 6 cuotas: escribí el monto (0 si no hay) o dejá vacíos todos los planes.',
      );
      await user.type(seis, '800');
      await user.click(await whenEnabled(screen.getByRole('button', { name: 'Cerrar caja' }) as HTMLButtonElement));
      await waitFor(() =>
        expect(confirm).toHaveBeenCalledWith(
          '¿Cerrar la caja?',
          expect.stringContaining(
            'Efectivo $ 2.200,00, Tarjeta $ 300,00, Tarjeta · 3 cuotas $ 600,00, Tarjeta · 6 cuotas $ 800,00. Total: $ 3.900,00.',
          ),
          'Sí, cerrar la caja',
        ),
      );
      await screen.findByText('El conteo no coincide con lo esperado.');
      expect(bodyOf(calls, `/api/caja/1/${DIA}/cierre`)).toEqual({
        contado: [
          { metodoPagoId: 1, monto: 2200 },
          { metodoPagoId: 2, monto: 300 },
          { metodoPagoId: 2, monto: 600, cuotas: 3 },
          { metodoPagoId: 2, monto: 800, cuotas: 6 },
        ],
      });

      // The figures per line, each summed once.
      const table = screen.getByRole('table', { name: 'Resultado del conteo' });
      expect(cells(table, 0)).toEqual(['Efectivo', 'Tarjeta', 'Tarjeta · 3 cuotas', 'Tarjeta · 6 cuotas', 'Total']);
      expect(cells(table, 2)).toEqual(['$ 2.200,00', '$ 300,00', '$ 600,00', '$ 900,00', '$ 4.000,00']);
      expect(cells(table, 4)[3]).toBe('-$ 100,00 (Falta)');
      expect(cells(table, 4)[4]).toBe('-$ 100,00 (Falta)');

      // From a plan's line, only that plan's payments.
      await user.click(
        screen.getByRole('button', { name: 'Ver el detalle de lo esperado en Tarjeta · 6 cuotas: $ 900,00' }),
      );
      const plan = await screen.findByRole('table', { name: 'Detalle de lo esperado en Tarjeta · 6 cuotas' });
      expect(cells(plan, 0)).toEqual([
        'Venta 0001-00000007 · 6 cuotas',
        'Cobro de la venta 0001-00000004 del 20/11/2026 · 6 cuotas',
        'Esperado',
      ]);
      expect(cells(plan, 1).at(-1)).toBe('$ 900,00');
      expect(screen.queryByText(/lo esperado cambió/)).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Cerrar detalle' }));

      // From the card's own line, its payments without a plan (each plan has its line).
      await user.click(screen.getByRole('button', { name: 'Ver el detalle de lo esperado en Tarjeta: $ 300,00' }));
      const propia = await screen.findByRole('table', { name: 'Detalle de lo esperado en Tarjeta' });
      expect(cells(propia, 0)).toEqual(['Venta 0001-00000005', 'Esperado']);
      expect(screen.getByText('Sin los pagos en cuotas: cada plan tiene su línea.')).toBeTruthy();
      expect(screen.queryByText(/lo esperado cambió/)).toBeNull();
    },
  );

  it('counts the card whole on its own line: its plans left out, and its figure holds theirs', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const { calls } = open(adminToken(), {
      [`GET /api/caja/1/${DIA}`]: [200, cajaAbiertaConPlanes()],
      [`POST /api/caja/1/${DIA}/cierre`]: [
        200,
        { mensaje: 'El conteo no coincide con lo esperado.', caja: cajaContadaEntera() },
      ],
      [`GET /api/caja/1/${DIA}/esperado`]: [200, [esperadoTarjeta()]],
    });
    const form = within(await screen.findByRole('form', { name: 'Conteo' }));
    await user.type(form.getByLabelText('Efectivo'), '2.200');
    await user.type(form.getByLabelText('Tarjeta'), '1.700');
    await user.click(await whenEnabled(screen.getByRole('button', { name: 'Cerrar caja' }) as HTMLButtonElement));
    await screen.findByText('El conteo no coincide con lo esperado.');
    expect(bodyOf(calls, `/api/caja/1/${DIA}/cierre`)).toEqual({
      contado: [
        { metodoPagoId: 1, monto: 2200 },
        { metodoPagoId: 2, monto: 1700 },
      ],
    });

    const table = screen.getByRole('table', { name: 'Resultado del conteo' });
    expect(cells(table, 0)).toEqual(['Efectivo', 'Tarjeta', 'Tarjeta · 3 cuotas', 'Tarjeta · 6 cuotas', 'Total']);
    expect(cells(table, 2)).toEqual(['$ 2.200,00', '$ 1.800,00', '$ 0,00', '$ 0,00', '$ 4.000,00']);
    expect(screen.getByText('Tarjeta se contó entera: lo esperado en sus planes está en su línea.')).toBeTruthy();
    // A plan's figure is in the card's: nothing to open there.
    expect(screen.queryByRole('button', { name: /en Tarjeta · \d+ cuotas/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ver el detalle de lo esperado en Tarjeta: $ 1.800,00' }));
    const detalle = await screen.findByRole('table', { name: 'Detalle de lo esperado en Tarjeta' });
    expect(cells(detalle, 0)).toHaveLength(5);
    expect(cells(detalle, 1).at(-1)).toBe('$ 1.800,00');
    expect(screen.getByText('Con los pagos en cuotas: Tarjeta se contó entera.')).toBeTruthy();
    expect(screen.queryByText(/lo esperado cambió/)).toBeNull();

    // The recount starts as it was counted: the card on its line, its plans blank.
    expect((form.getByLabelText('Tarjeta') as HTMLInputElement).value).toBe('1.700,00');
    expect((form.getByLabelText('Tarjeta · 3 cuotas') as HTMLInputElement).value).toBe('');
  });
});
