// The day as the counter lives it: the float right after opening, the count asked before it is
// sent, the methods in the server's order, and a seller before a closed day.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirm } from '../app/alerts';
import { openPage, whenEnabled, type Answers } from '../test/page';
import {
  adminToken,
  cajaAbierta,
  cajaCerrada,
  cajaContada,
  cierre,
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
