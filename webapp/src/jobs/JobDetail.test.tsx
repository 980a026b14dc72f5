// One job: its data, its state, its notices and its order.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirm } from '../app/alerts';
import { whenEnabled } from '../test/page';
import { sellerToken, trabajo, trabajoListo } from '../test/seed';
import { open, bodyOf, rowCells } from './fixture';
import { alerted, confirmed } from '../test/alerts';
import type { Aviso } from '../api/jobs';

describe('Trabajos: one job', () => {
  it('shows the order, the frozen prescription, the frame and lenses, the history and the notices', async () => {
    open('/trabajos/41', sellerToken(1));
    expect(await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' })).toBeTruthy();
    expect(screen.getByTestId('estado').textContent).toBe('Control de calidad');
    const receta = screen.getByRole('table', { name: 'Receta' });
    expect(
      within(receta)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['LejosOD-1,25-0,5090', 'LejosOI-1,000,000', 'CercaOD+0,75-0,5090', 'CercaOI0,000,000']);
    expect(screen.getByTestId('medidas').textContent).toContain('Adición OD:+2,00');
    expect(screen.getByTestId('armazon').textContent).toBe('RB3025 Vulk');
    expect(screen.getByTestId('cristales').textContent).toBe('Orma Blue Essilor');
    const historial = screen.getByRole('table', { name: 'Historial' });
    expect(rowCells(within(historial).getAllByRole('row')[2])).toEqual([
      'Rehacer',
      '23/11/2026 09:30',
      'ana',
      'Cristal rayado',
      '5 h',
    ]);
    expect(rowCells(within(historial).getAllByRole('row')[1]).at(-1)).toBe('3 días');
    expect(rowCells(screen.getByTestId('aviso-1'))).toEqual([
      'WhatsApp',
      '0379 15 4123456',
      '24/11/2026 11:00',
      'Abierto en WhatsApp',
      '',
    ]);
    expect(screen.getByRole('link', { name: 'Ver estado del pedido' }).getAttribute('href')).toBe(
      'http://optica.test/estadoCompra/abc123',
    );
    // The lab is chosen once the labs' options arrive (a read of their own).
    await waitFor(() => expect((screen.getByLabelText('Laboratorio') as HTMLSelectElement).value).toBe('3'));
    expect((screen.getByLabelText('Prometido para') as HTMLInputElement).value).toBe('30/11/2026');
  });

  it('asks for the reason before sending a job back to the lab, then moves it', async () => {
    const user = userEvent.setup();
    const { calls } = open('/trabajos/41', sellerToken(1), {
      'POST /api/trabajos/41/estado': [
        200,
        {
          mensaje: 'El estado del trabajo ha sido actualizado!',
          trabajo: trabajo({ estado: 'REHACER', etiqueta: 'Rehacer' }),
        },
      ],
    });
    await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' });
    const cambiar = screen.getByRole('button', { name: 'Cambiar estado' }) as HTMLButtonElement;
    expect(cambiar.disabled).toBe(true);
    // The current state is not offered.
    await waitFor(() =>
      expect(within(screen.getByLabelText('Nuevo estado')).queryByText('Control de calidad')).toBeNull(),
    );
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'REHACER');
    expect(screen.getByText('Para rehacer un trabajo indicá el motivo.')).toBeTruthy();
    expect(cambiar.disabled).toBe(true);
    await user.type(screen.getByLabelText('Motivo (obligatorio para rehacer)'), 'Cristal rayado');
    await user.click(await whenEnabled(cambiar));
    await alerted('success', 'ESTADO ACTUALIZADO', 'El estado del trabajo ha sido actualizado!');
    // The job's version as loaded (the seed's 4) guards the move.
    expect(bodyOf(calls, '/api/trabajos/41/estado')).toEqual({
      estado: 'REHACER',
      motivo: 'Cristal rayado',
      version: 4,
    });
    await waitFor(() => expect(screen.getByTestId('estado').textContent).toBe('Rehacer'));
  });

  it('a move from a screen another person’s change left behind: the server’s words, and the job read again', async () => {
    const user = userEvent.setup();
    const mensaje =
      'El trabajo fue modificado por otra persona desde que se abrió. Vuelva a cargarlo para ver los cambios.';
    // What the server holds, read at each request: the test changes it midway.
    let actual = trabajo();
    let estado: [number, unknown] = [409, { mensaje }];
    const { calls } = open('/trabajos/41', sellerToken(1), {
      'GET /api/trabajos/41': () => [200, actual],
      'POST /api/trabajos/41/estado': () => estado,
    });
    await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' });
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/trabajos/41').length;
    const before = reads();
    // Meanwhile, someone else finished the glasses.
    actual = trabajo({ estado: 'ANTEOJO_TERMINADO', etiqueta: 'Anteojo Terminado', version: 5 });
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'ENTREGADO');
    await user.click(await whenEnabled(screen.getByRole('button', { name: 'Cambiar estado' }) as HTMLButtonElement));
    await alerted('error', 'ERROR', mensaje);
    expect(bodyOf(calls, '/api/trabajos/41/estado')).toEqual({ estado: 'ENTREGADO', version: 4 });
    // The job is read again: the screen shows where it is now, and a new move carries its version.
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('estado').textContent).toBe('Anteojo Terminado'));
    expect((screen.getByLabelText('Nuevo estado') as HTMLSelectElement).value).toBe('');
    estado = [
      200,
      {
        mensaje: 'El estado del trabajo ha sido actualizado!',
        trabajo: trabajo({ estado: 'ENTREGADO', etiqueta: 'Entregado', version: 6 }),
      },
    ];
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'ENTREGADO');
    await user.click(await whenEnabled(screen.getByRole('button', { name: 'Cambiar estado' }) as HTMLButtonElement));
    await alerted('success', 'ESTADO ACTUALIZADO', 'El estado del trabajo ha sido actualizado!');
    expect(bodyOf(calls, '/api/trabajos/41/estado')).toEqual({ estado: 'ENTREGADO', version: 5 });
  });

  it('once the glasses are ready, offers the WhatsApp notice first; it is recorded and the chat opened', async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const terminado = trabajoListo();
    const { calls, keys } = open('/trabajos/41', sellerToken(1), {
      'POST /api/trabajos/41/estado': [
        200,
        { mensaje: 'El estado del trabajo ha sido actualizado!', trabajo: terminado },
      ],
      'POST /api/trabajos/41/avisos': [200, { mensaje: 'El aviso por WhatsApp quedó registrado.', trabajo: terminado }],
    });
    await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' });
    expect(screen.queryByText('¡Anteojo terminado! Avisale al cliente que puede retirarlo.')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'ANTEOJO_TERMINADO');
    await user.click(screen.getByRole('button', { name: 'Cambiar estado' }));
    expect(await screen.findByText('¡Anteojo terminado! Avisale al cliente que puede retirarlo.')).toBeTruthy();
    const whatsapp = screen.getByRole('button', { name: 'Avisar por WhatsApp' });
    expect(whatsapp.className).toContain('btn-lg');
    await user.click(whatsapp);
    await waitFor(() =>
      expect(opened).toHaveBeenCalledWith('https://wa.me/5493794123456?text=Hola', '_blank', 'noopener'),
    );
    expect(bodyOf(calls, '/api/trabajos/41/avisos')).toEqual({ canal: 'WHATSAPP' });
    expect(keys.at(-1)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells the server’s refusal of a mail, and sends the same key on a retry', async () => {
    const user = userEvent.setup();
    const { keys } = open('/trabajos/41', sellerToken(1), {
      'GET /api/trabajos/41': [200, trabajoListo()],
      'POST /api/trabajos/41/avisos': [400, { errors: ['La óptica no tiene configurado el envío de correos.'] }],
    });
    await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' });
    const correo = screen.getByRole('button', { name: 'Avisar por correo' }) as HTMLButtonElement;
    await user.click(correo);
    await alerted('error', 'ERROR DE VALIDACIÓN', 'La óptica no tiene configurado el envío de correos.');
    await user.click(await whenEnabled(correo));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toBe(keys[1]);
    // Only a WhatsApp notice so far (opened): the first mail is not asked first.
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before a second mail while the customer has one; cancelled, nothing is sent', async () => {
    const user = userEvent.setup();
    const [whatsapp] = trabajo().avisos;
    const correo: Aviso = {
      ...whatsapp,
      aviso: 2,
      canal: 'EMAIL',
      destinatario: 'jose@cliente.test',
      estado: 'ENVIADO',
    };
    const conCorreo = trabajoListo({ avisos: [whatsapp, correo] });
    const { calls } = open('/trabajos/41', sellerToken(1), {
      'GET /api/trabajos/41': [200, conCorreo],
      'POST /api/trabajos/41/avisos': [200, { mensaje: 'El aviso por correo quedó en camino.', trabajo: conCorreo }],
    });
    await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' });
    expect(rowCells(screen.getByTestId('aviso-2')).at(3)).toBe('Enviado');
    vi.mocked(confirm).mockResolvedValueOnce(false);
    const boton = screen.getByRole('button', { name: 'Avisar por correo' });
    await user.click(boton);
    await confirmed('¿Enviar otro correo?', 'El cliente ya tiene un correo de este trabajo.', 'Sí, enviar');
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    vi.mocked(confirm).mockResolvedValueOnce(true);
    await user.click(boton);
    await alerted('success', 'AVISO REGISTRADO', 'El aviso por correo quedó en camino.');
    expect(bodyOf(calls, '/api/trabajos/41/avisos')).toEqual({ canal: 'EMAIL' });
    expect(confirm).toHaveBeenCalledTimes(2);
  });

  it('without a phone WhatsApp cannot be used, and says why', async () => {
    open('/trabajos/41', sellerToken(1), { 'GET /api/trabajos/41': [200, trabajoListo({ whatsapp: null })] });
    const whatsapp = (await screen.findByRole('button', { name: 'Avisar por WhatsApp' })) as HTMLButtonElement;
    expect(whatsapp.disabled).toBe(true);
    expect(screen.getByText('El paciente no tiene un celular válido para WhatsApp.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Avisar por correo' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('before the glasses are ready neither notice is offered, in the server’s words', async () => {
    const { calls } = open('/trabajos/41', sellerToken(1));
    await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' });
    const why = "El trabajo todavía no está terminado: avisá cuando esté en 'Anteojo Terminado'.";
    for (const name of ['Avisar por WhatsApp', 'Avisar por correo']) {
      const button = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(button.disabled).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe('avisos-no-listo');
    }
    expect(document.getElementById('avisos-no-listo')?.textContent).toBe(why);
    expect(screen.queryByText('El paciente no tiene un celular válido para WhatsApp.')).toBeNull();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('saves the order’s data', async () => {
    const user = userEvent.setup();
    const { calls } = open('/trabajos/41', sellerToken(1), {
      'PUT /api/trabajos/41': [200, { mensaje: 'El trabajo ha sido actualizado!', trabajo: trabajo({ version: 5 }) }],
    });
    await screen.findByRole('heading', { name: 'Trabajo de la venta 0001-00000041' });
    await screen.findByRole('option', { name: 'Óptica Lab' });
    await user.selectOptions(screen.getByLabelText('Laboratorio'), '4');
    const prometido = screen.getByLabelText('Prometido para');
    await user.clear(prometido);
    await user.type(prometido, '05/12/2026');
    await user.type(screen.getByLabelText('Notas para el laboratorio'), 'Antirreflejo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await alerted('success', 'TRABAJO ACTUALIZADO', 'El trabajo ha sido actualizado!');
    expect(bodyOf(calls, '/api/trabajos/41')).toEqual({
      laboratorioId: 4,
      prometido: '2026-12-05',
      bandeja: 'B-12',
      notas: 'Antirreflejo',
    });
  });
});
