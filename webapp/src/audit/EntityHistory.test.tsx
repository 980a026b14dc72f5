import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alert } from '../app/alerts';
import { openPage, type Answers } from '../test/page';
import {
  adminToken,
  datosMovimiento,
  datosProducto,
  evento,
  eventoMovimiento,
  instant,
  locales,
  lookupAnswers,
  paciente,
} from '../test/seed';
import { EntityHistory } from './EntityHistory';

const admin = adminToken();

/** The texts of the changes the open event lists. */
const listedChanges = () =>
  within(screen.getByRole('list', { name: 'Cambios' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

function open(tipo: 'Producto' | 'Movimiento' | 'Paciente', id: number, routes: Answers) {
  return openPage('/historial', [{ path: '/historial', element: <EntityHistory tipo={tipo} id={id} /> }], {
    token: admin,
    answers: routes,
  });
}

const table = () => within(screen.getByRole('table', { name: 'Historial' }));
const rows = () => table().getAllByRole('row').slice(1);
const momento = () => document.getElementById('historialMomento') as HTMLInputElement;

const registrado = datosMovimiento();
const editado = datosMovimiento({
  descripcion: 'Armazón con cristales',
  lineas: [
    ...(registrado.lineas as unknown[]),
    {
      producto_id: 11,
      modelo: 'CL100',
      marca: 'Vulk',
      cristal: true,
      cantidad: 1,
      precio_unitario: 500,
      subtotal: 500,
    },
  ],
  total: 3500,
  total_impuesto: 3500,
  pagos: [
    ...(registrado.pagos as unknown[]),
    { id: 2, metodo_pago_id: 2, monto: 2500, monto_impuesto: 2625, fecha: '2024-05-12T18:40:00' },
  ],
  estado: 'ARMANDO_PEDIDO',
});

const movementHistory = [
  eventoMovimiento('MovimientoRegistrado', 101, registrado, { registrado: instant(2024, 5, 10, 10, 15, 0) }),
  evento({
    posicion: 102,
    registrado: instant(2024, 5, 11, 9, 0, 0),
    tipo: 'Movimiento',
    id: '501',
    evento: 'EstadoCambiado',
    usuario: 'beto',
    resumen: 'Movimiento 501: estado PEDIDO_CRISTALES → ARMANDO_PEDIDO',
    datos: { anterior: 'PEDIDO_CRISTALES', nuevo: 'ARMANDO_PEDIDO' },
  }),
  eventoMovimiento('MovimientoEditado', 103, editado, { registrado: instant(2024, 5, 12, 18, 40, 0), usuario: 'beto' }),
  eventoMovimiento(
    'MovimientoEditado',
    104,
    { ...editado, vendedor: 'carla', fecha: '2024-05-13T08:00:00', descuento: 10 },
    { registrado: instant(2024, 5, 13, 8, 5, 0) },
  ),
];

describe('entity history', () => {
  it("lists one entity's events, oldest first, with date, user and summary", async () => {
    const { calls } = open('Producto', 10, {
      'GET /api/auditoria/historial/Producto/10': [
        200,
        [
          evento({
            posicion: 5,
            evento: 'ProductoCreado',
            resumen: 'Producto 10 creado: RB3025',
            registrado: instant(2024, 1, 5, 8),
            localNombre: 'Centro',
          }),
          evento({ posicion: 9 }),
        ],
      ],
    });
    await screen.findByText('Producto 10 creado: RB3025');
    expect(screen.getByRole('heading', { name: 'Historial' })).toBeTruthy();
    expect(
      table()
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Fecha', 'Usuario', 'Local', 'Resumen']);
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['05/01/2024 08:00:00', 'ana', 'Centro', 'Producto 10 creado: RB3025'],
      ['10/05/2024 10:15:30', 'ana', '', 'Producto 10, local 1: stock -1 (Venta) → 2'],
    ]);
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/auditoria'))).toEqual([
      '/api/auditoria/historial/Producto/10',
    ]);
  });

  it('shows each movement edit as its changed fields against the movement before it', async () => {
    open('Movimiento', 501, { 'GET /api/auditoria/historial/Movimiento/501': [200, movementHistory] });
    await screen.findAllByText(/Movimiento 501 editado/);
    const changes = screen.getAllByRole('list', { name: 'Cambios' });
    expect(changes).toHaveLength(2);
    // The state moved by EstadoCambiado before the first edit is not the edit's change.
    expect(
      within(changes[0])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Descripción: — → Armazón con cristales',
      'Líneas: 1 línea, total $ 2.000,00 → 2 líneas, total $ 2.500,00',
      'Total: $ 3.000,00 → $ 3.500,00',
      'Total con recargo: $ 3.000,00 → $ 3.500,00',
      'Pagos: 1 pago, total $ 1.000,00 → 2 pagos, total $ 3.625,00',
    ]);
    expect(
      within(changes[1])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Fecha: 10/05/2024 10:15 → 13/05/2024 08:00', 'Vendedor: ana → carla', 'Descuento: — → 10%']);
    // Each list sits in its edit's row; the registration and the state change have none.
    const [reg, estado, edit1, edit2] = rows();
    expect(within(reg).queryByRole('list')).toBeNull();
    expect(within(estado).queryByRole('list')).toBeNull();
    expect(within(edit1).getByRole('list', { name: 'Cambios' })).toBe(changes[0]);
    expect(within(edit2).getByRole('list', { name: 'Cambios' })).toBe(changes[1]);
  });

  it("names a movement's patients in its changes and its state, '#id' for one that cannot be read", async () => {
    const user = userEvent.setup();
    const { calls } = open('Movimiento', 501, {
      'GET /api/auditoria/historial/Movimiento/501': [
        200,
        [
          eventoMovimiento('MovimientoRegistrado', 101, registrado),
          eventoMovimiento('MovimientoEditado', 102, { ...registrado, paciente_id: 12 }),
        ],
      ],
      'GET /api/auditoria/estado/Movimiento/501': [200, { datos: { ...registrado, paciente_id: 12 } }],
      'GET /api/pacientes/id/7': [200, paciente({ id: 7, nombreCompleto: 'María Gómez' })],
      'GET /api/pacientes/id/12': [500, { mensaje: 'x' }],
    });
    const cambios = await screen.findByRole('list', { name: 'Cambios' });
    await waitFor(() =>
      expect(
        within(cambios)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['Paciente: María Gómez (#7) → #12']),
    );
    await user.type(momento(), '10/05/2024 10:15');
    await user.click(screen.getByRole('button', { name: 'Ver al momento' }));
    const estado = await screen.findByLabelText('Estado al momento');
    expect(
      within(estado)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toContain('Paciente: #12');
    const pacientes = calls.filter((c) => c.path.startsWith('/api/pacientes')).map((c) => c.path);
    expect(new Set(pacientes)).toEqual(new Set(['/api/pacientes/id/7', '/api/pacientes/id/12']));
    expect(alert).not.toHaveBeenCalled();
  });

  it("shows a product edit's changes with names and money, after a mass price update", async () => {
    const datos = datosProducto();
    const producto = (posicion: number, evento_: string, data: unknown) =>
      evento({ posicion, evento: evento_, resumen: `${evento_} ${posicion}`, datos: data });
    open('Producto', 10, {
      ...lookupAnswers,
      'GET /api/auditoria/historial/Producto/10': [
        200,
        [
          producto(1, 'ProductoCreado', { datos, fecha: '2024-05-01' }),
          producto(2, 'PrecioActualizado', { anterior: 3600, nuevo: 4000, fecha: '2024-05-02' }),
          producto(3, 'ProductoEditado', {
            datos: { ...datos, marca_id: 6, categoria_ids: [1, 2], precio: 4500.5 },
            fecha: '2024-05-03',
          }),
        ],
      ],
    });
    await screen.findByText('ProductoEditado 3');
    await waitFor(() =>
      expect(listedChanges()).toEqual([
        'Marca: Vulk → Ray-Ban',
        'Categorías: Sol → Sol, Receta',
        'Precio: $ 4.000,00 → $ 4.500,50',
      ]),
    );
  });

  it("names the branch of a patient edit's changes", async () => {
    const datos = { nombre_completo: 'José Pérez', celular: '3772 400000', genero: 'Hombre', local_id: 1 };
    const paciente = (posicion: number, evento_: string, data: unknown) =>
      evento({ posicion, tipo: 'Paciente', id: '7', evento: evento_, resumen: `${evento_} ${posicion}`, datos: data });
    open('Paciente', 7, {
      'GET /api/local': [200, locales],
      'GET /api/auditoria/historial/Paciente/7': [
        200,
        [
          paciente(1, 'PacienteRegistrado', { ficha: 12, datos, fecha: '2024-05-01' }),
          paciente(2, 'PacienteEditado', { datos: { ...datos, local_id: 2, celular: '3772 1' }, fecha: '2024-05-03' }),
        ],
      ],
    });
    await screen.findByText('PacienteEditado 2');
    await waitFor(() => expect(listedChanges()).toEqual(['Celular: 3772 400000 → 3772 1', 'Local: Centro → Norte']));
  });

  it('says so when an edit has nothing before it to compare with', async () => {
    open('Movimiento', 501, {
      'GET /api/auditoria/historial/Movimiento/501': [200, [movementHistory[2]]],
    });
    await screen.findByText('No hay datos anteriores con qué comparar.');
    expect(screen.queryByRole('list', { name: 'Cambios' })).toBeNull();
  });

  it('shows the entity as it stood at the chosen moment, asked as an ISO instant in UTC', async () => {
    const user = userEvent.setup();
    const then = {
      created: true,
      deleted: false,
      ficha: 12,
      datos: { nombre_completo: 'José Pérez', celular: '3772 400000', documento: null, local_id: 2 },
      fichas: [{}, {}],
      version: 4,
    };
    const { calls } = open('Paciente', 7, {
      'GET /api/local': [200, locales],
      'GET /api/auditoria/historial/Paciente/7': [200, []],
      'GET /api/auditoria/estado/Paciente/7': [200, then],
    });
    await screen.findByText('No hay eventos registrados.');
    const ver = screen.getByRole<HTMLButtonElement>('button', { name: 'Ver al momento' });
    expect(ver.disabled).toBe(true);
    expect(momento().type).toBe('text');
    expect(momento().placeholder).toBe('dd/mm/aaaa hh:mm:ss');
    await user.type(momento(), '10/05/2024 10:15:30');
    await user.click(ver);
    const estado = await screen.findByLabelText('Estado al momento');
    await waitFor(() =>
      expect(
        within(estado)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual([
        'Ficha: 12',
        'Nombre completo: José Pérez',
        'Documento: —',
        'Celular: 3772 400000',
        'Local: Norte',
        'Fichas: 2',
      ]),
    );
    const asked = calls.find((c) => c.path === '/api/auditoria/estado/Paciente/7');
    const utc = new Date(2024, 4, 10, 10, 15, 30).toISOString().replace('.000Z', 'Z');
    expect(asked?.search).toBe(`?hasta=${encodeURIComponent(utc)}`);
  });

  it("shows the server's message when the entity did not exist then", async () => {
    const user = userEvent.setup();
    const routes: Answers = {
      'GET /api/auditoria/historial/Movimiento/501': [200, movementHistory],
      'GET /api/auditoria/estado/Movimiento/501': [404, { mensaje: 'El movimiento 501 no existía en ese momento' }],
    };
    open('Movimiento', 501, routes);
    await screen.findAllByText(/Movimiento 501 editado/);
    await user.type(momento(), '01/01/2020 00:00');
    await user.click(screen.getByRole('button', { name: 'Ver al momento' }));
    await screen.findByText('El movimiento 501 no existía en ese momento');
    expect(screen.queryByLabelText('Estado al momento')).toBeNull();
    // A later moment that existed replaces the message with the state.
    routes['GET /api/auditoria/estado/Movimiento/501'] = [200, { created: true, deleted: false, datos: editado }];
    await user.clear(momento());
    await user.type(momento(), '12/05/2024 19:00:00');
    await user.click(screen.getByRole('button', { name: 'Ver al momento' }));
    await screen.findByLabelText('Estado al momento');
    expect(screen.queryByText('El movimiento 501 no existía en ese momento')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('says so when the history cannot be loaded', async () => {
    open('Producto', 10, { 'GET /api/auditoria/historial/Producto/10': [500, { mensaje: 'x' }] });
    await screen.findByText('No se pudo cargar el historial.');
    await waitFor(() => expect(screen.queryByRole('table')).toBeNull());
  });
});
