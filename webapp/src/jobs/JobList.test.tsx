// 'Trabajos' (the list) and 'Recordatorios'.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { adminToken, recordatorios, sellerToken, trabajosPage } from '../test/seed';
import { open, rowCells } from './fixture';

describe('Trabajos: the list', () => {
  it('shows the open jobs, promised earliest first, with the time in their state; overdue ones marked', async () => {
    // The time in a state is the server's, by the shop's clock: a browser clock years off changes nothing.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 1, 9, 0, 0) });
    try {
      const { calls } = open('/trabajos', sellerToken(1));
      const row = await screen.findByTestId('trabajo-41');
      expect(rowCells(row)).toEqual([
        '0001-00000041',
        'José Pérez',
        'Lab Sur',
        '30/11/2026',
        'Control de calidad',
        '3 h',
      ]);
      const atrasado = screen.getByTestId('trabajo-42');
      expect(rowCells(atrasado)).toEqual([
        '#42',
        'Ana Gómez',
        'Lab Sur',
        '20/11/2026',
        'Pidiendo CristalesAtrasado',
        '8 días',
      ]);
      expect(atrasado.className).toContain('table-danger');
      expect(
        within(row).getByRole('link', { name: 'Ver trabajo de la venta 0001-00000041' }).getAttribute('href'),
      ).toBe('/trabajos/41');
      expect(calls.find((c) => c.path === '/api/trabajos')?.search).toBe('?estado=ABIERTOS&page=0&size=20');
      expect(screen.getByText('Se muestran los trabajos de tu local.')).toBeTruthy();
      expect(screen.queryByLabelText('Local')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('filters by the server’s states, the lab, the overdue ones, and an admin by branch', async () => {
    const user = userEvent.setup();
    const { calls } = open('/trabajos', adminToken());
    await screen.findByTestId('trabajo-41');
    await waitFor(() =>
      expect(
        within(screen.getByLabelText('Estado'))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'Abiertos (sin entregar)',
        'Todos los estados',
        'Pidiendo Cristales',
        'Rehacer',
        'Cristales recibidos',
        'Armando pedido',
        'Control de calidad',
        'Anteojo Terminado',
        'Entregado',
      ]),
    );
    await user.selectOptions(screen.getByLabelText('Estado'), 'REHACER');
    await user.selectOptions(screen.getByLabelText('Local'), '2');
    await user.selectOptions(screen.getByLabelText('Laboratorio'), '3');
    await user.click(screen.getByLabelText('Solo atrasados'));
    await waitFor(() =>
      expect(calls.at(-1)?.search).toBe('?estado=REHACER&localId=2&laboratorioId=3&atrasados=true&page=0&size=20'),
    );
  });

  it('says when there are none', async () => {
    open('/trabajos', sellerToken(1), { 'GET /api/trabajos': [200, trabajosPage([])] });
    expect(await screen.findByText('No hay trabajos.')).toBeTruthy();
  });
});

describe('Recordatorios', () => {
  it('lists the check-ups due and the glasses not collected, each with its one-click WhatsApp', async () => {
    const user = userEvent.setup();
    const { calls } = open('/recordatorios', sellerToken(1), {
      'GET /api/recordatorios': [200, recordatorios()],
    });
    const control = await screen.findByTestId('control-7');
    expect(rowCells(control)).toEqual(['José Pérez', '0379 15 4123456', '10/03/2024', 'WhatsApp']);
    const link = within(control).getByRole('link', { name: 'WhatsApp a José Pérez' });
    expect(link.getAttribute('href')).toBe('https://wa.me/5493794123456?text=Control');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(rowCells(screen.getByTestId('control-8')).at(-1)).toBe('Sin celular válido');
    expect(rowCells(screen.getByTestId('sin-retirar-41'))).toEqual([
      '0001-00000041',
      'José Pérez',
      '0379 15 4123456',
      '10/11/2026 17:45',
      'Centro',
      'WhatsApp',
    ]);
    expect(calls.find((c) => c.path === '/api/recordatorios')?.search).toBe('?meses=12&dias=7');
    const meses = screen.getByLabelText('Meses desde la última ficha');
    await user.clear(meses);
    await user.type(meses, '0');
    expect(screen.getByText('Los meses deben ser un número entero entre 1 y 120.')).toBeTruthy();
    await user.clear(meses);
    await user.type(meses, '6');
    await user.clear(screen.getByLabelText('Días esperando retiro'));
    await user.type(screen.getByLabelText('Días esperando retiro'), '3');
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?meses=6&dias=3'));
  });

  it('says when there is no one to remind', async () => {
    open('/recordatorios', adminToken(), {
      'GET /api/recordatorios': [200, recordatorios({ controles: [], sinRetirar: [] })],
    });
    expect(await screen.findByText('No hay controles vencidos.')).toBeTruthy();
    expect(screen.getByText('No hay anteojos sin retirar.')).toBeTruthy();
    expect(screen.getByLabelText('Local')).toBeTruthy();
  });
});
