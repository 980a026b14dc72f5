import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../app/alerts';
import { Menu } from '../layout/Menu';
import { routes as appRoutes } from '../routing/routes';
import { openPage, type Answers } from '../test/page';
import {
  adminToken,
  datosMovimiento,
  evento,
  eventoMovimiento,
  instant,
  locales,
  paciente,
  sellerToken,
  springPage,
} from '../test/seed';
import { AuditLog } from './AuditLog';
import { alerted } from '../test/alerts';

const admin = adminToken();
const seller = sellerToken(1);

const LOG = 'GET /api/auditoria';

function open(routes: Answers, token = admin) {
  routes['GET /api/local'] ??= [200, locales];
  return openPage('/auditoria', [{ path: '/auditoria', element: <AuditLog /> }], { token, answers: routes });
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const rows = () =>
  within(screen.getByRole('table', { name: 'Eventos de auditoría' }))
    .getAllByRole('row')
    .slice(1);
const logCalls = (calls: { path: string; search: string }[]) => calls.filter((c) => c.path === '/api/auditoria');

const eventos = [
  evento({
    posicion: 902,
    registrado: instant(2024, 5, 12, 18, 40, 5),
    tipo: 'Movimiento',
    id: '501',
    evento: 'EstadoCambiado',
    usuario: 'beto',
    local: 2,
    localNombre: 'Norte',
    resumen: 'Movimiento 501: estado Pidiendo Cristales → Armando Pedido',
    datos: { anterior: 'PEDIDO_CRISTALES', nuevo: 'ARMANDO_PEDIDO' },
  }),
  evento(),
];

describe('audit log', () => {
  it('lists the events newest first, with local dates and the summary as is', async () => {
    const { calls } = open({ [LOG]: [200, springPage(eventos, 20)] });
    await screen.findByText('beto');
    expect(screen.getByRole('heading', { name: 'AUDITORÍA' })).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Eventos de auditoría' }))
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha', 'Usuario', 'Local', 'Entidad', 'Evento', 'Resumen', 'Datos']);
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [
        '12/05/2024 18:40:05',
        'beto',
        'Norte',
        'Movimiento 501',
        'Estado cambiado',
        'Movimiento 501: estado Pidiendo Cristales → Armando Pedido',
      ],
      ['10/05/2024 10:15:30', 'ana', '', 'Producto 10', 'Stock ajustado', 'Producto 10, local 1: stock -1 (Venta) → 2'],
    ]);
    expect(logCalls(calls)).toHaveLength(1);
    expect(logCalls(calls)[0].search).toBe('?page=0&size=20');
    expect(alert).not.toHaveBeenCalled();
  });

  it("unfolds a row's data, readable, with 'Ver datos' and folds it with 'Ocultar datos'", async () => {
    const user = userEvent.setup();
    open({ [LOG]: [200, springPage(eventos, 20)] });
    await screen.findByText('beto');
    expect(screen.queryByLabelText('Datos del evento 902')).toBeNull();
    const [first] = rows();
    await user.click(within(first).getByRole('button', { name: 'Ver datos' }));
    const datos = screen.getByLabelText('Datos del evento 902');
    expect(
      within(datos)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Antes: Pidiendo Cristales', 'Después: Armando Pedido']);
    // Only that row unfolds.
    expect(screen.queryByLabelText('Datos del evento 900')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Ver datos' })).toHaveLength(1);
    const hide = within(first).getByRole('button', { name: 'Ocultar datos' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    await user.click(hide);
    expect(screen.queryByLabelText('Datos del evento 902')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Ver datos' })).toHaveLength(2);
    // A branch id inside the data reads as the branch's name.
    await user.click(within(rows()[1]).getByRole('button', { name: 'Ver datos' }));
    expect(
      within(screen.getByLabelText('Datos del evento 900'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Local: Centro', 'Cantidad: -1', 'Motivo: Venta', 'Stock resultante: 2']);
  });

  it("names a movement's patient once its row is unfolded, asking only for that patient", async () => {
    const user = userEvent.setup();
    const ventas = [
      eventoMovimiento('MovimientoRegistrado', 911, datosMovimiento({ paciente_id: 7 })),
      eventoMovimiento('MovimientoRegistrado', 910, datosMovimiento({ paciente_id: 99 })),
      eventoMovimiento('MovimientoRegistrado', 909, datosMovimiento({ paciente_id: 8 })),
    ];
    const { calls } = open({
      [LOG]: [200, springPage(ventas, 20)],
      'GET /api/pacientes/id/7': [200, paciente({ id: 7, nombreCompleto: 'María Gómez' })],
      'GET /api/pacientes/id/99': [404, { mensaje: 'El paciente no existe' }],
    });
    await screen.findAllByText(/Movimiento 501 registrado/);
    const asked = () => calls.filter((c) => c.path.startsWith('/api/pacientes')).map((c) => c.path);
    expect(asked()).toEqual([]);

    const lineas = (posicion: number) =>
      within(screen.getByLabelText(`Datos del evento ${posicion}`))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    await user.click(within(rows()[0]).getByRole('button', { name: 'Ver datos' }));
    await waitFor(() => expect(lineas(911)).toContain('Paciente: María Gómez (#7)'));
    // A patient that no longer exists keeps its id.
    // (the unfolded data is a row of its own: the next 'Ver datos' is the second event's)
    await user.click(screen.getAllByRole('button', { name: 'Ver datos' })[0]);
    await waitFor(() => expect(asked()).toContain('/api/pacientes/id/99'));
    await new Promise((r) => setTimeout(r, 20));
    expect(lineas(910)).toContain('Paciente: #99');
    // Only the unfolded rows' patients were asked for, once each; never the patient list.
    expect(asked()).toEqual(['/api/pacientes/id/7', '/api/pacientes/id/99']);
    expect(alert).not.toHaveBeenCalled();
  });

  it('sends every filter with Buscar, omits empty ones, and clears them with Limpiar', async () => {
    const user = userEvent.setup();
    const { calls } = open({ [LOG]: [200, springPage(eventos, 20)] });
    await screen.findByText('beto');
    // prettier-ignore
    expect([...byId<HTMLSelectElement>('filtroTipo').options].map((o) => o.textContent)).toEqual([
      'Todos', 'Producto', 'Movimiento', 'Paciente', 'Caja', 'Trabajo', 'Transferencia', 'Conteo', 'Usuario', 'Local',
      'Marca', 'Categoría', 'Material', 'Método de pago', 'Proveedor', 'Laboratorio', 'Planes de cuotas', 'Obra social',
      'Liquidación',
    ]);
    expect(byId<HTMLSelectElement>('filtroTipo').querySelector('option[value="MaterialProducto"]')?.textContent).toBe(
      'Material',
    );
    await screen.findByRole('option', { name: 'Norte' });
    expect(byId<HTMLSelectElement>('filtroLocal').options[0].textContent).toBe('Todos los locales');

    // Only some filters: the rest stay out of the query.
    await user.selectOptions(byId('filtroTipo'), 'Producto');
    await user.type(byId('filtroEvento'), ' Stock ajustado ');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)?.search).toBe('?tipo=Producto&evento=Stock%20ajustado&page=0&size=20'),
    );
    expect(byId<HTMLInputElement>('filtroEvento').value).toBe('Stock ajustado');

    await user.type(byId('filtroId'), '10');
    await user.type(byId('filtroUsuario'), 'josé');
    await user.selectOptions(byId('filtroLocal'), 'Norte');
    fireEvent.change(byId('filtroDesde'), { target: { value: '2024-05-01' } });
    fireEvent.change(byId('filtroHasta'), { target: { value: '2024-05-31' } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() =>
      expect(logCalls(calls).at(-1)?.search).toBe(
        '?tipo=Producto&id=10&usuario=jos%C3%A9&local=2&evento=Stock%20ajustado&desde=2024-05-01&hasta=2024-05-31&page=0&size=20',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(logCalls(calls).at(-1)?.search).toBe('?page=0&size=20'));
    for (const id of ['filtroTipo', 'filtroId', 'filtroUsuario', 'filtroEvento', 'filtroDesde', 'filtroHasta']) {
      expect(byId<HTMLInputElement>(id).value).toBe('');
    }
    expect(byId<HTMLSelectElement>('filtroLocal').value).toBe('0');
  });

  it('pages through a window of 5 numbers, keeping the filters', async () => {
    const user = userEvent.setup();
    const routes: Answers = { [LOG]: [200, springPage(eventos, 20, 0, 9)] };
    const { calls } = open(routes);
    await screen.findByText('beto');
    await user.type(byId('filtroUsuario'), 'ana');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(logCalls(calls).at(-1)?.search).toBe('?usuario=ana&page=0&size=20'));
    const nav = within(await screen.findByRole('navigation', { name: 'Páginas' }));
    expect(
      nav
        .getAllByRole('button')
        .map((b) => b.textContent)
        .slice(1, -1),
    ).toEqual(['1', '2', '3', '4', '5']);
    routes[LOG] = [200, springPage([evento({ usuario: 'carla' })], 20, 3, 9)];
    await user.click(nav.getByRole('button', { name: '4' }));
    await screen.findByText('carla');
    expect(logCalls(calls).at(-1)?.search).toBe('?usuario=ana&page=3&size=20');
  });

  it('says so when no event matches', async () => {
    open({ [LOG]: [200, springPage([], 20, 0, 0)] });
    await screen.findByText('No se encontraron eventos');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).toBeNull();
  });

  it('says so when the log cannot be loaded', async () => {
    open({ [LOG]: [500, { mensaje: 'x' }] });
    await screen.findByText('No se pudo cargar la auditoría.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("shows the server's message when it refuses a filter", async () => {
    const user = userEvent.setup();
    const routes: Answers = { [LOG]: [200, springPage(eventos, 20)] };
    open(routes);
    await screen.findByText('beto');
    routes[LOG] = [400, { mensaje: 'Fecha inválida: 2024-13-01' }];
    fireEvent.change(byId('filtroDesde'), { target: { value: '2024-12-01' } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await screen.findByText('Fecha inválida: 2024-13-01');
    expect(screen.queryByText('beto')).toBeNull();
    expect(screen.queryByText('No se pudo cargar la auditoría.')).toBeNull();
  });
});

describe('audit route and menu', () => {
  it("is in the admins' ADMINISTRAR menu and only theirs", async () => {
    const user = userEvent.setup();
    openPage('/inicio', [{ path: '/inicio', element: <Menu /> }], { token: admin });
    await user.click(within(screen.getByTestId('menu-administrar')).getByRole('button', { name: 'ADMINISTRAR' }));
    expect(screen.getByRole('link', { name: 'Auditoría' }).getAttribute('href')).toBe('/auditoria');
  });

  it('keeps sellers out of the route', async () => {
    const { calls } = openPage('/auditoria', appRoutes, { token: seller });
    await alerted('warning', 'ACCESO DENEGADO', 'Hola beto, no tenes acceso');
    expect(calls.some((c) => c.path.startsWith('/api/auditoria'))).toBe(false);
    expect(screen.queryByRole('link', { name: 'Auditoría' })).toBeNull();
  });
});
