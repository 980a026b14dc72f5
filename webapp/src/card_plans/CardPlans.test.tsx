import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirm } from '../app/alerts';
import { routes as appRoutes } from '../routing/routes';
import { alerted, confirmed } from '../test/alerts';
import { cellTexts, openPage, postedBody, postKeys, whenEnabled, type Answers, type Call } from '../test/page';
import { adminToken, sellerToken } from '../test/seed';
import { CardPlans } from './CardPlans';

/** 15/11/2026 10:00, local time: the screen's today. */
const NOW = new Date(2026, 10, 15, 10, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  vi.mocked(confirm).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
});

const VISA = { id: 3, nombre: 'Visa' };

/** Visa's plans: 1 pago sin interés; 3 cuotas at 10 % since 01/11, 12,5 % from 01/12; 6 cuotas
 * withdrawn on 10/11. */
const PLANES = [
  { cuotas: 1, vigente: { recargo: 0, desde: '2026-10-01' }, tasas: [{ recargo: 0, desde: '2026-10-01' }] },
  {
    cuotas: 3,
    vigente: { recargo: 10, desde: '2026-11-01' },
    tasas: [
      { recargo: 0, desde: '2026-10-01' },
      { recargo: 10, desde: '2026-11-01' },
      { recargo: 12.5, desde: '2026-12-01' },
    ],
  },
  {
    cuotas: 6,
    vigente: null,
    tasas: [
      { recargo: 15, desde: '2026-10-01' },
      { recargo: null, desde: '2026-11-10' },
    ],
  },
];

const planes = (list: unknown[] = PLANES) => ({ metodoPago: VISA, planes: list });
const PATH = '/api/metodoPago/3/planes';

function open(answers: Answers = {}) {
  const { keys, onRequest } = postKeys();
  const view = openPage('/metodosPago/3/planes', [{ path: '/metodosPago/:id/planes', element: <CardPlans /> }], {
    token: adminToken(),
    answers: { [`GET ${PATH}`]: [200, planes()], ...answers },
    onRequest,
  });
  return { ...view, keys };
}

const table = () => screen.findByRole('table', { name: 'Planes de cuotas' });
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const deleted = (calls: Call[]) => calls.filter((c) => c.method === 'DELETE');

describe('Planes de cuotas', () => {
  it("lists a card's plans with today's surcharge, since when, and the rates to come and before", async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'Planes de cuotas de Visa' })).toBeTruthy();
    expect(
      within(await table())
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Plan', 'Recargo hoy', 'Desde', 'Próximos cambios', 'Anteriores', 'Acciones']);
    expect(cellTexts(await table())).toEqual([
      ['1 pago', 'sin interés', '01/10/2026', '—', '—', 'Cambiar recargoDejar de ofrecer'],
      [
        '3 cuotas',
        '10 %',
        '01/11/2026',
        '01/12/2026: 12,5 %',
        '01/10/2026: sin interés',
        'Cambiar recargoDejar de ofrecer',
      ],
      ['6 cuotas', 'No se ofrece', '10/11/2026', '—', '01/10/2026: 15 %', 'Cambiar recargo'],
    ]);
    // The rate's form starts today.
    expect(input('Desde').value).toBe('15/11/2026');
    expect(screen.getByRole('link', { name: 'Volver a métodos de pago' }).getAttribute('href')).toBe(
      '/adminitrarMetodoPago',
    );
  });

  it('says so when the card has no plans yet', async () => {
    open({ [`GET ${PATH}`]: [200, planes([])] });
    expect(await screen.findByText(/no tiene planes de cuotas/)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Agregar plan o cambiar recargo' })).toBeTruthy();
  });

  it("posts a new rate from a day on, with an Idempotency-Key, and shows the server's message and plans", async () => {
    const user = userEvent.setup();
    const after = [...PLANES, { cuotas: 12, vigente: null, tasas: [{ recargo: 20, desde: '2026-12-01' }] }];
    const { calls, keys } = open({
      [`POST ${PATH}`]: [201, { mensaje: 'El plan de 12 cuotas ha sido guardado!', planes: planes(after) }],
    });
    await table();
    expect(button('Guardar plan').disabled).toBe(true);
    expect(screen.getByTestId('save-problems').textContent).toContain('Escribí las cuotas.');
    await user.type(input('Cuotas'), '12');
    await user.type(input('Recargo (%)'), '20.5');
    await user.clear(input('Desde'));
    await user.type(input('Desde'), '01/12/2026');
    await user.click(button('Guardar plan'));
    await alerted('success', 'PLAN GUARDADO', 'El plan de 12 cuotas ha sido guardado!');
    expect(postedBody(calls, PATH)).toEqual({ cuotas: 12, recargo: '20,5', desde: '2026-12-01' });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // The answer's plans are shown at once, and the form starts again.
    await screen.findByTestId('plan-12');
    expect(cellTexts(await table())[3]).toEqual([
      '12 cuotas',
      'Todavía no se ofrece',
      '—',
      '01/12/2026: 20 %',
      '—',
      'Cambiar recargoDejar de ofrecer',
    ]);
    expect(input('Cuotas').value).toBe('');
    expect(input('Desde').value).toBe('15/11/2026');
  });

  it("'Cambiar recargo' fills in the plan; a refusal is told in the server's words and nothing changes", async () => {
    const user = userEvent.setup();
    const error = 'El recargo debe ser un porcentaje entre 0 y 200, con hasta dos decimales.';
    const { calls } = open({ [`POST ${PATH}`]: [400, { errors: [error] }] });
    await table();
    await user.click(button('Cambiar el recargo de 3 cuotas'));
    expect(input('Cuotas').value).toBe('3');
    expect(document.activeElement).toBe(input('Recargo (%)'));
    await user.type(input('Recargo (%)'), '0');
    await user.click(button('Guardar plan'));
    await alerted('error', 'ERROR DE VALIDACIÓN', error);
    expect(postedBody(calls, PATH)).toEqual({ cuotas: 3, recargo: '0', desde: '2026-11-15' });
    // The form keeps what was typed, to correct it.
    expect(input('Cuotas').value).toBe('3');
    expect(input('Recargo (%)').value).toBe('0');
  });

  it('stops offering a plan from a day on, asked first; declined, nothing is sent', async () => {
    const user = userEvent.setup();
    const mensaje = 'El plan de 3 cuotas deja de ofrecerse desde el 01/12/2026.';
    const retirado = { ...PLANES[1], tasas: [...PLANES[1].tasas.slice(0, 2), { recargo: null, desde: '2026-12-01' }] };
    const { calls } = open({
      [`DELETE ${PATH}/3`]: [200, { mensaje, planes: planes([PLANES[0], retirado, PLANES[2]]) }],
    });
    await table();
    await user.click(button('Dejar de ofrecer 3 cuotas'));
    const dialog = within(screen.getByRole('dialog', { name: 'Dejar de ofrecer 3 cuotas' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Desde').value).toBe('15/11/2026');
    await user.clear(dialog.getByLabelText('Desde'));
    await user.type(dialog.getByLabelText('Desde'), '01/12/2026');

    vi.mocked(confirm).mockResolvedValue(false);
    await user.click(dialog.getByRole('button', { name: 'Dejar de ofrecer' }));
    await confirmed(
      '¿Dejar de ofrecer 3 cuotas?',
      'Desde el 01/12/2026 no se podrá cobrar en 3 cuotas con Visa. Los pagos ya registrados no cambian.',
      'Sí, dejar de ofrecerlo',
    );
    expect(deleted(calls)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();

    vi.mocked(confirm).mockResolvedValue(true);
    await user.click(await whenEnabled(dialog.getByRole('button', { name: 'Dejar de ofrecer' })));
    await alerted('success', 'PLAN RETIRADO', mensaje);
    expect(deleted(calls).map((c) => `${c.path}${c.search}`)).toEqual([`${PATH}/3?desde=2026-12-01`]);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(cellTexts(screen.getByRole('table'))[1][3]).toBe('01/12/2026: deja de ofrecerse'));
  });

  it("is reached from a payment method's line, for admins only", async () => {
    const user = userEvent.setup();
    openPage('/adminitrarMetodoPago', appRoutes, {
      token: adminToken(),
      answers: {
        'GET /api/metodoPago': [200, [{ id: 1, nombre: 'Efectivo' }, VISA]],
        [`GET ${PATH}`]: [200, planes()],
      },
    });
    const link = await screen.findByRole('link', { name: 'Planes de cuotas de Visa' });
    expect(link.getAttribute('href')).toBe('/metodosPago/3/planes');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Planes de cuotas de Visa' })).toBeTruthy();
  });

  it('sends a seller back to inicio', async () => {
    const { calls } = openPage('/metodosPago/3/planes', appRoutes, { token: sellerToken(1) });
    await alerted('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso');
    expect(calls.some((c) => c.path === PATH)).toBe(false);
  });
});
