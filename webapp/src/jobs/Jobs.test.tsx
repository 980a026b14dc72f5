import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { openPage, whenEnabled, type Answers } from '../test/page';
import {
  adminToken,
  laboratorios,
  locales,
  movimiento,
  recordatorios,
  sellerToken,
  trabajo,
  trabajoEstados,
  trabajoListo,
  trabajoResumen,
  trabajosPage,
} from '../test/seed';
import { JobDetail } from './JobDetail';
import { JobList } from './JobList';
import { Reminders } from './Reminders';
import { SaleJob } from './SaleJob';

vi.mock('../app/alerts', () => ({ alert: vi.fn(), confirm: vi.fn() }));

afterEach(() => {
  vi.mocked(alert).mockClear();
  vi.mocked(confirm).mockReset();
  vi.unstubAllGlobals();
});

const screens = [
  { path: '/trabajos', element: <JobList /> },
  { path: '/trabajos/:id', element: <JobDetail /> },
  { path: '/editarMovimiento/:id', element: <SaleJob id={41} /> },
  { path: '/recordatorios', element: <Reminders /> },
];

/** Opens `at`; `keys` records each POST's Idempotency-Key. */
function open(at: string, token: string, answers: Answers = {}) {
  const keys: (string | null)[] = [];
  const view = openPage(at, screens, {
    token,
    answers: {
      'GET /api/local': [200, locales],
      'GET /api/laboratorio': [200, laboratorios],
      'GET /api/trabajos/estados': [200, trabajoEstados],
      'GET /api/trabajos': [
        200,
        trabajosPage([
          trabajoResumen(),
          trabajoResumen({
            id: 42,
            paciente: 'Ana Gómez',
            estado: 'PEDIDO_CRISTALES',
            etiqueta: 'Pidiendo Cristales',
            prometido: '2026-11-20',
            atrasado: true,
            desde: '2026-11-18T08:00:00',
            segundos: 8 * 86400 + 5 * 3600,
          }),
        ]),
      ],
      'GET /api/trabajos/41': [200, trabajo()],
      ...answers,
    },
    onRequest: (request) => {
      if (request.method === 'POST') keys.push(request.headers.get('Idempotency-Key'));
    },
  });
  return { ...view, keys };
}

const bodyOf = (calls: { method: string; path: string; body: string | null }[], path: string) =>
  JSON.parse([...calls].reverse().find((c) => c.method !== 'GET' && c.path === path)?.body ?? 'null');

const rowCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Trabajos: the list', () => {
  it('shows the open jobs, promised earliest first, with the time in their state; overdue ones marked', async () => {
    // The time in a state is the server's, by the shop's clock: a browser clock years off changes nothing.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2031, 0, 1, 9, 0, 0) });
    try {
      const { calls } = open('/trabajos', sellerToken(1));
      const row = await screen.findByTestId('trabajo-41');
      expect(rowCells(row)).toEqual(['#41', 'José Pérez', 'Lab Sur', '30/11/2026', 'Control de calidad', '3 h']);
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
      expect(within(row).getByRole('link', { name: 'Ver trabajo #41' }).getAttribute('href')).toBe('/trabajos/41');
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

describe('Trabajos: one job', () => {
  it('shows the order, the frozen prescription, the frame and lenses, the history and the notices', async () => {
    open('/trabajos/41', sellerToken(1));
    expect(await screen.findByRole('heading', { name: 'Trabajo #41' })).toBeTruthy();
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
    await screen.findByRole('heading', { name: 'Trabajo #41' });
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
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('success', 'ESTADO ACTUALIZADO', 'El estado del trabajo ha sido actualizado!'),
    );
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
    await screen.findByRole('heading', { name: 'Trabajo #41' });
    const reads = () => calls.filter((c) => c.method === 'GET' && c.path === '/api/trabajos/41').length;
    const before = reads();
    // Meanwhile, someone else finished the glasses.
    actual = trabajo({ estado: 'ANTEOJO_TERMINADO', etiqueta: 'Anteojo Terminado', version: 5 });
    await user.selectOptions(screen.getByLabelText('Nuevo estado'), 'ENTREGADO');
    await user.click(await whenEnabled(screen.getByRole('button', { name: 'Cambiar estado' }) as HTMLButtonElement));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('error', 'ERROR', mensaje));
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
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('success', 'ESTADO ACTUALIZADO', 'El estado del trabajo ha sido actualizado!'),
    );
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
    await screen.findByRole('heading', { name: 'Trabajo #41' });
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
    await screen.findByRole('heading', { name: 'Trabajo #41' });
    const correo = screen.getByRole('button', { name: 'Avisar por correo' }) as HTMLButtonElement;
    await user.click(correo);
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'error',
        'ERROR DE VALIDACIÓN',
        'La óptica no tiene configurado el envío de correos.',
      ),
    );
    await user.click(await whenEnabled(correo));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toBe(keys[1]);
    // Only a WhatsApp notice so far (opened): the first mail is not asked first.
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks before a second mail while the customer has one; cancelled, nothing is sent', async () => {
    const user = userEvent.setup();
    const [whatsapp] = trabajo().avisos;
    const correo = { ...whatsapp, aviso: 2, canal: 'EMAIL', destinatario: 'jose@cliente.test', estado: 'ENVIADO' };
    const conCorreo = trabajoListo({ avisos: [whatsapp, correo] });
    const { calls } = open('/trabajos/41', sellerToken(1), {
      'GET /api/trabajos/41': [200, conCorreo],
      'POST /api/trabajos/41/avisos': [200, { mensaje: 'El aviso por correo quedó en camino.', trabajo: conCorreo }],
    });
    await screen.findByRole('heading', { name: 'Trabajo #41' });
    expect(rowCells(screen.getByTestId('aviso-2')).at(3)).toBe('Enviado');
    vi.mocked(confirm).mockResolvedValueOnce(false);
    const boton = screen.getByRole('button', { name: 'Avisar por correo' });
    await user.click(boton);
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        '¿Enviar otro correo?',
        'El cliente ya tiene un correo de este trabajo.',
        'Sí, enviar',
      ),
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    vi.mocked(confirm).mockResolvedValueOnce(true);
    await user.click(boton);
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('success', 'AVISO REGISTRADO', 'El aviso por correo quedó en camino.'),
    );
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
    await screen.findByRole('heading', { name: 'Trabajo #41' });
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
    await screen.findByRole('heading', { name: 'Trabajo #41' });
    await screen.findByRole('option', { name: 'Óptica Lab' });
    await user.selectOptions(screen.getByLabelText('Laboratorio'), '4');
    const prometido = screen.getByLabelText('Prometido para');
    await user.clear(prometido);
    await user.type(prometido, '05/12/2026');
    await user.type(screen.getByLabelText('Notas para el laboratorio'), 'Antirreflejo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('success', 'TRABAJO ACTUALIZADO', 'El trabajo ha sido actualizado!'),
    );
    expect(bodyOf(calls, '/api/trabajos/41')).toEqual({
      laboratorioId: 4,
      prometido: '2026-12-05',
      bandeja: 'B-12',
      notas: 'Antirreflejo',
    });
  });
});

describe('Trabajos: under a sale', () => {
  it('a sale with its job shows the state its read says, in the server’s words, and links to it', async () => {
    const { calls } = open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, trabajo: 'CONTROL_CALIDAD' })],
    });
    const section = await screen.findByTestId('trabajo-venta');
    await within(section).findByText('Control de calidad');
    expect(within(section).getByText('Trabajo #41')).toBeTruthy();
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
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'error',
        'ERROR DE VALIDACIÓN',
        'La venta no tiene cristales: no hay trabajo para el laboratorio.',
      ),
    );
    await user.click(await whenEnabled(encargar));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'success',
        'TRABAJO ENCARGADO',
        'El trabajo ha sido encargado al laboratorio!',
      ),
    );
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

  it('a movement that is no sale has no job section, and asks nothing', async () => {
    const { calls } = open('/editarMovimiento/41', sellerToken(1), {
      'GET /api/movimientos/41': [200, movimiento({ id: 41, tipoMovimiento: 'SALIDA' })],
    });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/movimientos/41')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('trabajo-venta')).toBeNull();
    expect(calls.some((c) => c.path === '/api/trabajos/41')).toBe(false);
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
      '#41',
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
