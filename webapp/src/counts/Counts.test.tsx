import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import { capturedDownloads, openPage, whenEnabled, type Answers } from '../test/page';
import { adminToken, conteo, conteosPage, locales, planillaAbierta, planillaCerrada, sellerToken } from '../test/seed';
import { Counts } from './Counts';
import { CountSheet } from './CountSheet';
import { alerted, confirmed } from '../test/alerts';

beforeEach(() => {
  vi.mocked(alert).mockClear();
  vi.mocked(confirm).mockReset();
});

const screens = [
  { path: '/conteos', element: <Counts /> },
  { path: '/conteos/:id', element: <CountSheet /> },
];

/** Opens a screen; the answers it returns may be changed midway (the fake server reads them at
 * call time). */
function open(at: string, token: string, overrides: Answers = {}) {
  const answers: Answers = {
    'GET /api/local': [200, locales],
    'GET /api/categoria': [200, [{ id: 3, nombre: 'Sol' }]],
    'GET /api/marca': [200, [{ id: 4, nombre: 'Vulk' }]],
    'GET /api/conteos': [
      200,
      conteosPage([
        conteo({ id: 6 }),
        conteo({ estado: 'CERRADO', contados: 3, conDiferencia: 2, cerrado: '2026-11-20T18:30:00' }),
      ]),
    ],
    'GET /api/conteos/5': [200, planillaAbierta()],
    ...overrides,
  };
  return { ...openPage(at, screens, { token, answers }), answers };
}

const bodyOf = (calls: { method: string; path: string; body: string | null }[], method: string, path: string) =>
  JSON.parse(calls.filter((c) => c.method === method && c.path === path).at(-1)?.body ?? 'null');

const rowCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

const input = (modelo: string) => screen.getByLabelText(`Contado de ${modelo}`) as HTMLInputElement;

describe('Conteos: the list', () => {
  it('shows each count with its state and progress; a seller sees their branch’s, without Nuevo conteo', async () => {
    const { calls } = open('/conteos', sellerToken(1));
    const row = await screen.findByTestId('conteo-5');
    expect(rowCells(row)).toEqual([
      '#5',
      '20/11/2026 09:00',
      'Centro',
      'Marca Vulk',
      'Cerrado',
      '3 de 3 contados',
      '2',
      'Ver',
    ]);
    expect(rowCells(screen.getByTestId('conteo-6'))).toEqual([
      '#6',
      '20/11/2026 09:00',
      'Centro',
      'Marca Vulk',
      'Abierto',
      '1 de 3 contados',
      '',
      'Contar',
    ]);
    expect(screen.getByRole('link', { name: 'Contar conteo #6' }).getAttribute('href')).toBe('/conteos/6');
    expect(screen.getByText('Se muestran los conteos de tu local.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo conteo' })).toBeNull();
    expect(calls.find((c) => c.path === '/api/conteos')?.search).toBe('?page=0&size=20');
  });

  it('says when there are none', async () => {
    open('/conteos', sellerToken(1), { 'GET /api/conteos': [200, conteosPage([])] });
    expect(await screen.findByText('No hay conteos.')).toBeTruthy();
  });

  it('an admin filters by branch and starts a count of a branch’s brand; the sheet opens', async () => {
    const user = userEvent.setup();
    const { calls, router } = open('/conteos', adminToken(), {
      'POST /api/conteos': [201, { mensaje: 'El conteo ha comenzado!', planilla: planillaAbierta() }],
    });
    await screen.findByTestId('conteo-5');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(screen.getByLabelText('Local'), '2');
    await waitFor(() => expect(calls.at(-1)?.search).toBe('?localId=2&page=0&size=20'));
    await user.click(screen.getByRole('button', { name: 'Nuevo conteo' }));
    const form = within(screen.getByRole('form', { name: 'Nuevo conteo' }));
    const comenzar = form.getByRole('button', { name: 'Comenzar conteo' }) as HTMLButtonElement;
    expect(comenzar.disabled).toBe(true);
    expect(form.getByText('Elegí el local a contar.')).toBeTruthy();
    await waitFor(() => expect(form.getAllByRole('option', { name: 'Vulk' })).toHaveLength(1));
    await user.selectOptions(form.getByLabelText('Local'), '1');
    await user.selectOptions(form.getByLabelText('Marca (opcional)'), '4');
    await user.click(comenzar);
    await alerted('success', 'CONTEO INICIADO', 'El conteo ha comenzado!');
    expect(bodyOf(calls, 'POST', '/api/conteos')).toEqual({ localId: 1, marcaId: 4 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/conteos/5'));
    expect(await screen.findByRole('heading', { name: 'Conteo #5' })).toBeTruthy();
  });

  it('tells the server’s refusal when the branch has a count open', async () => {
    const user = userEvent.setup();
    const mensaje = 'Ya hay un conteo abierto en ese local: cerralo o cancelalo antes de empezar otro.';
    open('/conteos', adminToken(), { 'POST /api/conteos': [409, { mensaje }] });
    await user.click(await screen.findByRole('button', { name: 'Nuevo conteo' }));
    const form = within(screen.getByRole('form', { name: 'Nuevo conteo' }));
    await waitFor(() => expect(form.getAllByRole('option', { name: 'Centro' })).toHaveLength(1));
    await user.selectOptions(form.getByLabelText('Local'), '1');
    await user.click(form.getByRole('button', { name: 'Comenzar conteo' }));
    await alerted('error', 'ERROR', mensaje);
  });
});

describe('Conteos: the open sheet', () => {
  it('is blind: a seller types, sees the progress, and saves only what changed, as often as wanted', async () => {
    const user = userEvent.setup();
    const { calls, answers } = open('/conteos/5', sellerToken(1));
    expect(await screen.findByRole('heading', { name: 'Conteo #5' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Planilla del conteo' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Marca', 'Modelo', 'Contado']);
    expect(screen.queryByText('Esperado')).toBeNull();
    expect(input('Aviator').value).toBe('2');
    expect(input('RB3025').value).toBe('');
    expect(screen.getByText('1 de 3 contados')).toBeTruthy();
    const guardar = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(guardar.disabled).toBe(true);
    expect(screen.getByText('No hay cantidades nuevas para guardar.')).toBeTruthy();
    // Sellers do not close or cancel.
    expect(screen.queryByRole('button', { name: 'Cerrar conteo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar conteo' })).toBeNull();

    await user.type(input('Clubmaster'), '1,5');
    expect(screen.getByText('Contado de Clubmaster: Debe ser un número entero, sin decimales.')).toBeTruthy();
    expect(guardar.disabled).toBe(true);
    await user.clear(input('Clubmaster'));
    await user.type(input('Clubmaster'), '1.200');
    expect(screen.getByText('2 de 3 contados')).toBeTruthy();
    expect(screen.getByText('1 sin guardar')).toBeTruthy();
    expect(guardar.disabled).toBe(false);

    const afterSave = planillaAbierta({
      conteo: conteo({ contados: 2 }),
      lineas: planillaAbierta().lineas.map((l) => (l.productoId === 11 ? { ...l, contado: 1200 } : l)),
    });
    answers['PUT /api/conteos/5/contados'] = [
      200,
      { mensaje: 'Las cantidades han sido guardadas!', planilla: afterSave },
    ];
    await user.click(guardar);
    await alerted('success', 'CANTIDADES GUARDADAS', 'Las cantidades han sido guardadas!');
    expect(bodyOf(calls, 'PUT', '/api/conteos/5/contados')).toEqual({ contados: [{ productoId: 11, contado: 1200 }] });
    await waitFor(() => expect(input('Clubmaster').value).toBe('1200'));
    // The sheet's own lines arrive with the refetch after the save, a render after the answer.
    await waitFor(() => expect(screen.queryByText('1 sin guardar')).toBeNull());
    expect(guardar.disabled).toBe(true);
    expect(screen.getByText('2 de 3 contados')).toBeTruthy();

    // Typed again: the new value is sent.
    await user.clear(input('Aviator'));
    await user.type(input('Aviator'), '3');
    await user.click(await whenEnabled(guardar));
    await waitFor(() =>
      expect(bodyOf(calls, 'PUT', '/api/conteos/5/contados')).toEqual({ contados: [{ productoId: 12, contado: 3 }] }),
    );
  });

  it('takes a pasted column in the sheet’s order, and refuses one that does not fit, changing nothing', async () => {
    const user = userEvent.setup();
    open('/conteos/5', sellerToken(1));
    await screen.findByRole('heading', { name: 'Conteo #5' });
    await user.click(screen.getByText('Pegar columna', { selector: 'summary' }));
    const area = screen.getByRole('textbox', { name: 'Pegar columna' });
    fireEvent.change(area, { target: { value: '4\n0\n' } });
    await user.click(screen.getByRole('button', { name: 'Pegar en la planilla' }));
    const refusal =
      'La columna tiene 2 líneas y la planilla 3 productos: pegá una cantidad por producto, en el orden de la planilla. No se cambió nada.';
    expect(alert).toHaveBeenCalledWith('error', 'NO SE PEGÓ LA COLUMNA', refusal);
    expect(within(screen.getByTestId('pegado')).getByText(refusal)).toBeTruthy();
    expect([input('Aviator').value, input('Clubmaster').value, input('RB3025').value]).toEqual(['2', '', '']);

    fireEvent.change(area, { target: { value: '4\ncero\n1' } });
    await user.click(screen.getByRole('button', { name: 'Pegar en la planilla' }));
    expect(screen.getByText('Línea 2 (Clubmaster): No es un número. Escriba, por ejemplo, 1.234,56.')).toBeTruthy();
    expect([input('Aviator').value, input('Clubmaster').value, input('RB3025').value]).toEqual(['2', '', '']);

    fireEvent.change(area, { target: { value: '4\r\n0\r\n1.500\r\n' } });
    await user.click(screen.getByRole('button', { name: 'Pegar en la planilla' }));
    expect([input('Aviator').value, input('Clubmaster').value, input('RB3025').value]).toEqual(['4', '0', '1500']);
    expect(screen.getByText('Se pegaron 3 cantidades: revisalas y guardá.')).toBeTruthy();
    expect(screen.getByText('3 de 3 contados')).toBeTruthy();
    expect((area as HTMLTextAreaElement).value).toBe('');
  });

  it('a column pasted into the first quantity fills the sheet; a single number is pasted as usual', async () => {
    open('/conteos/5', sellerToken(1));
    await screen.findByRole('heading', { name: 'Conteo #5' });
    fireEvent.paste(input('Aviator'), { clipboardData: { getData: () => '7\n1\n0\n' } });
    expect([input('Aviator').value, input('Clubmaster').value, input('RB3025').value]).toEqual(['7', '1', '0']);
    fireEvent.paste(input('Aviator'), { clipboardData: { getData: () => '7\n1\n' } });
    expect(alert).toHaveBeenCalledWith('error', 'NO SE PEGÓ LA COLUMNA', expect.stringContaining('2 líneas'));
    expect([input('Aviator').value, input('Clubmaster').value, input('RB3025').value]).toEqual(['7', '1', '0']);
  });

  it('asks before leaving with quantities not saved', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(false);
    const { router } = open('/conteos/5', sellerToken(1));
    await screen.findByRole('heading', { name: 'Conteo #5' });
    await user.type(input('RB3025'), '2');
    await user.click(screen.getByRole('link', { name: 'Volver' }));
    await confirmed('¿Salir sin guardar?', expect.any(String), 'Sí, salir sin guardar');
    expect(router.state.location.pathname).toBe('/conteos/5');
  });

  it('an admin closes once all is counted and saved, asked first; the differences show', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const counted = planillaAbierta({
      conteo: conteo({ contados: 3 }),
      lineas: planillaAbierta().lineas.map((l) => ({ ...l, contado: l.contado ?? 1, costo: 100 })),
    });
    const { calls, answers } = open('/conteos/5', adminToken());
    await screen.findByRole('heading', { name: 'Conteo #5' });
    const cerrar = screen.getByRole('button', { name: 'Cerrar conteo' }) as HTMLButtonElement;
    expect(cerrar.disabled).toBe(true);
    expect(
      within(screen.getByTestId('cierre-problems')).getByText(
        'Faltan contar 2 productos: escribí 0 en los que no hay ninguno.',
      ),
    ).toBeTruthy();
    await user.type(input('RB3025'), '1');
    expect(screen.getByText('Guardá las cantidades escritas antes de cerrar el conteo.')).toBeTruthy();
    answers['PUT /api/conteos/5/contados'] = [
      200,
      { mensaje: 'Las cantidades han sido guardadas!', planilla: counted },
    ];
    await user.type(input('Clubmaster'), '1');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(cerrar.disabled).toBe(false));
    expect(screen.queryByTestId('cierre-problems')).toBeNull();

    answers['POST /api/conteos/5/cierre'] = [
      200,
      { mensaje: 'El conteo ha sido cerrado y el stock ajustado!', planilla: planillaCerrada() },
    ];
    await user.click(cerrar);
    expect(confirm).toHaveBeenCalledWith(
      '¿Cerrar el conteo?',
      'Cada diferencia entre lo contado y el stock ajusta el stock de Centro. No se puede deshacer.',
      'Sí, cerrar',
    );
    await alerted('success', 'CONTEO CERRADO', 'El conteo ha sido cerrado y el stock ajustado!');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/conteos/5/cierre')).toBe(true);
    const diferencias = await screen.findByRole('table', { name: 'Diferencias del conteo' });
    expect(
      within(diferencias)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Marca', 'Modelo', 'Esperado', 'Contado', 'Diferencia', 'Valor al costo']);
    expect(rowCells(screen.getByTestId('diferencia-10'))).toEqual(['Vulk', 'RB3025', '4', '2', '-2', '-$ 20.001,00']);
    expect(rowCells(screen.getByTestId('diferencia-11'))).toEqual(['Vulk', 'Clubmaster', '0', '1', '+1', '$ 5.000,00']);
    expect(rowCells(screen.getByTestId('diferencia-total'))).toEqual(['Total', '', '6', '5', '-1', '-$ 15.001,00']);
    expect(screen.getByTestId('valor-diferencia').textContent).toBe('-$ 15.001,00');
    expect(screen.getByText('Cerrado', { selector: '[data-testid=estado]' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  });

  it('a refused close is told in the server’s words and the sheet is read again', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const all = planillaAbierta({ lineas: planillaAbierta().lineas.map((l) => ({ ...l, contado: 1 })) });
    const { calls } = open('/conteos/5', adminToken(), {
      'GET /api/conteos/5': [200, all],
      'POST /api/conteos/5/cierre': [400, { errors: ['El conteo está cancelado.'] }],
    });
    await screen.findByRole('heading', { name: 'Conteo #5' });
    await user.click(screen.getByRole('button', { name: 'Cerrar conteo' }));
    await alerted('error', 'ERROR DE VALIDACIÓN', 'El conteo está cancelado.');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/conteos/5' && c.method === 'GET')).toHaveLength(2));
  });

  it('an admin cancels, asked first', async () => {
    const user = userEvent.setup();
    vi.mocked(confirm).mockResolvedValue(true);
    const cancelled = planillaAbierta({ conteo: conteo({ estado: 'CANCELADO', cerrado: '2026-11-20T12:00:00' }) });
    open('/conteos/5', adminToken(), {
      'POST /api/conteos/5/cancelacion': [200, { mensaje: 'El conteo ha sido cancelado!', planilla: cancelled }],
    });
    await user.click(await screen.findByRole('button', { name: 'Cancelar conteo' }));
    expect(confirm).toHaveBeenCalledWith(
      '¿Cancelar el conteo?',
      'Lo contado se descarta y el stock no cambia.',
      'Sí, cancelar el conteo',
    );
    await alerted('success', 'CONTEO CANCELADO', 'El conteo ha sido cancelado!');
    expect(await screen.findByText('El conteo fue cancelado: el stock no cambió.')).toBeTruthy();
    expect(screen.getByText('20/11/2026 12:00')).toBeTruthy();
  });
});

describe('Conteos: a closed count', () => {
  it('a seller sees the differences without their value; only those with a difference on demand', async () => {
    const user = userEvent.setup();
    const closed = planillaCerrada({
      valorDiferencia: null,
      lineas: planillaCerrada().lineas.map((l) => ({ ...l, costo: null })),
    });
    open('/conteos/5', sellerToken(1), { 'GET /api/conteos/5': [200, closed] });
    await screen.findByRole('table', { name: 'Diferencias del conteo' });
    expect(screen.queryByText('Valor al costo')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descargar informe' })).toBeNull();
    expect(rowCells(screen.getByTestId('diferencia-10'))).toEqual(['Vulk', 'RB3025', '4', '2', '-2']);
    expect(within(screen.getByTestId('totales')).getByText('2 de 3')).toBeTruthy();
    expect(screen.getByTestId('diferencia-12')).toBeTruthy();
    await user.click(screen.getByLabelText('Solo los productos con diferencia'));
    expect(screen.queryByTestId('diferencia-12')).toBeNull();
    expect(screen.getByTestId('diferencia-10')).toBeTruthy();
  });

  it("an admin downloads the report under the server's name", async () => {
    const user = userEvent.setup();
    const saved = capturedDownloads('blob:xlsx');
    const { calls } = open('/conteos/5', adminToken(), {
      'GET /api/conteos/5': [200, planillaCerrada()],
      'GET /api/conteos/5/excel': [200, 'xlsx'],
    });
    await user.click(await screen.findByRole('button', { name: 'Descargar informe' }));
    await waitFor(() => expect(saved).toEqual(['conteo_5_centro.xlsx']));
    expect(calls.some((c) => c.path === '/api/conteos/5/excel')).toBe(true);
    expect(alert).toHaveBeenLastCalledWith('success', 'ÉXITO', 'El informe se ha descargado correctamente.');
  });
});
