// The lab job under a sale's form.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { whenEnabled } from '../test/page';
import { adminToken, movimiento, sellerToken, trabajo } from '../test/seed';
import { open, bodyOf } from './fixture';
import { alerted } from '../test/alerts';

describe('Trabajos: under a sale', () => {
  it('a sale with its job shows the state its read says, in the server’s words, and links to it', async () => {
    const { calls } = open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, trabajo: 'CONTROL_CALIDAD' })],
    });
    const section = await screen.findByTestId('trabajo-venta');
    await within(section).findByText('Control de calidad');
    expect(within(section).getByText('Esta venta tiene su trabajo de laboratorio.')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Ver trabajo' }).getAttribute('href')).toBe('/trabajos/41');
    // The sale's read says it: the job is not asked for.
    expect(calls.some((c) => c.path === '/api/trabajos/41')).toBe(false);
  });

  it('a sale without a job orders it from a lab; the server’s refusal is told in its words', async () => {
    const user = userEvent.setup();
    let ordered = false;
    let posts = 0;
    const pedido = trabajo({ estado: 'PEDIDO_CRISTALES', etiqueta: 'Pidiendo Cristales' });
    const { calls } = open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': () => [200, movimiento({ id: 41, trabajo: ordered ? 'PEDIDO_CRISTALES' : null })],
      'POST /api/trabajos': () => {
        posts += 1;
        if (posts === 1) return [400, { errors: ['La venta no tiene cristales: no hay trabajo para el laboratorio.'] }];
        ordered = true;
        return [201, { mensaje: 'El trabajo ha sido encargado al laboratorio!', trabajo: pedido }];
      },
    });
    const form = await screen.findByRole('form', { name: 'Encargar al laboratorio' });
    const encargar = within(form).getByRole('button', { name: 'Encargar' }) as HTMLButtonElement;
    expect(encargar.disabled).toBe(true);
    expect(within(form).getByText('Elegí el laboratorio.')).toBeTruthy();
    await within(form).findByRole('option', { name: 'Lab Sur' });
    await user.selectOptions(within(form).getByLabelText('Laboratorio'), '3');
    await user.type(within(form).getByLabelText('Prometido para'), '30/11/2026');
    await user.type(within(form).getByLabelText('Bandeja'), 'B-12');
    await user.click(encargar);
    await alerted('error', 'ERROR DE VALIDACIÓN', 'La venta no tiene cristales: no hay trabajo para el laboratorio.');
    await user.click(await whenEnabled(encargar));
    await alerted('success', 'TRABAJO ENCARGADO', 'El trabajo ha sido encargado al laboratorio!');
    expect(bodyOf(calls, '/api/trabajos')).toEqual({
      movimientoId: 41,
      laboratorioId: 3,
      prometido: '2026-11-30',
      bandeja: 'B-12',
    });
    expect(await screen.findByRole('link', { name: 'Ver trabajo' })).toBeTruthy();
    expect(within(screen.getByTestId('trabajo-venta')).getByTestId('estado').textContent).toBe('Pidiendo Cristales');
    expect(calls.some((c) => c.path === '/api/trabajos/41')).toBe(false);
  });

  it('a walk-in sale without a patient has no lab section, unless it already has a job', async () => {
    const { calls } = open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, paciente: null, trabajo: null })],
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/movimientos/41')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('trabajo-venta')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Encargar al laboratorio' })).toBeNull();
  });

  it('a walk-in sale ordered before keeps showing its job', async () => {
    open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, paciente: null, trabajo: 'PEDIDO_CRISTALES' })],
    });
    const section = await screen.findByTestId('trabajo-venta');
    expect(within(section).getByRole('link', { name: 'Ver trabajo' })).toBeTruthy();
  });

  it('a movement that is no sale has no job section, and asks nothing', async () => {
    const { calls } = open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, tipoMovimiento: 'SALIDA' })],
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/movimientos/41')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('trabajo-venta')).toBeNull();
    expect(calls.some((c) => c.path === '/api/trabajos/41')).toBe(false);
  });

  it("an admin records a saved sale's lenses after its category was marked; a seller is not offered it", async () => {
    const user = userEvent.setup();
    const mensaje = 'Los cristales de la venta quedaron en la ficha del paciente.';
    const { calls } = open('/editarMovimiento/41', adminToken(), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, trabajo: null })],
      'POST /api/movimientos/41/cristales': [201, { mensaje, movimiento: movimiento({ id: 41 }) }],
    });
    const form = await screen.findByRole('form', { name: 'Registrar cristales en la ficha' });
    await user.click(within(form).getByRole('button', { name: 'Registrar cristales en la ficha' }));
    await alerted('success', 'CRISTALES REGISTRADOS', mensaje);
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/api/movimientos/41/cristales')).toHaveLength(1);
  });

  it('a seller is not offered to record lenses after the sale', async () => {
    open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, trabajo: null })],
    });
    await screen.findByRole('form', { name: 'Encargar al laboratorio' });
    expect(screen.queryByRole('form', { name: 'Registrar cristales en la ficha' })).toBeNull();
  });
});
