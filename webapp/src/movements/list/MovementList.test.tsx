// The cash-box list: its rows, filters and totals.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { coberturaLeida, fila, pago, springPage } from '../../test/seed';
import { admin, seller, FILTRAR, COMPLETO, TOTALES, open, byId, rows, sale } from './fixture';

describe('movement list', () => {
  it('lists one row per movement with its payments inside, its description and its debt', async () => {
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    expect(screen.getByRole('heading', { name: 'LISTADO DE MOVIMIENTOS' })).toBeTruthy();
    // prettier-ignore
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Fecha', 'Tipo', 'Paciente', 'Local', 'Descripción', 'Total', 'Deuda', 'Estado', 'Pagos', 'Acciones',
    ]);
    const cells = rows().map((r) =>
      within(r)
        .getAllByRole('cell')
        .slice(0, 8)
        .map((c) => c.textContent),
    );
    // prettier-ignore
    expect(cells).toEqual([
      ['12/05/2024 18:40', 'ENTRADA', 'José Pérez', 'Centro', 'Anteojo completo', '$ 3.000,00', '—', 'Pidiendo Cristales'],
      ['11/05/2024 12:30', 'ENTRADA', 'José Pérez', 'Centro', '', '$ 5.000,00', '$ 4.000,00', 'Pidiendo Cristales'],
      ['11/05/2024 08:00', 'SALIDA', '', 'Norte', 'Alquiler', '$ 200,00', '—', ''],
    ]);
    const [first, second, third] = rows();
    // The sale paid two ways is one row with both payments.
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Efectivo: $ 1.000,00 — 10/05/2024 10:15', 'Tarjeta: $ 2.100,00 — 12/05/2024 18:40']);
    expect(within(second).getAllByRole('cell')[6].className).toContain('text-danger');
    expect(
      within(third)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Efectivo: $ 200,00 — 11/05/2024 08:00']);
    expect(within(first).getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/editarMovimiento/501');
    for (const name of ['PDF Comprobante', 'PDF Óptica', 'Copiar enlace', 'Eliminar']) {
      expect(within(first).getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Crear movimiento' }).getAttribute('href')).toBe('/crearMovimiento');
    expect(calls.find((c) => c.path === '/api/movimientos/lista')?.search).toBe('?page=0&size=10');
    // No date chosen: no day sums.
    expect(calls.some((c) => c.path === '/api/movimientos/filtrar-completo')).toBe(false);
  });

  it('tells a payment in cuotas as its receipt does', async () => {
    const enCuotas = pago({ id: 36, metodoPago: { id: 2, nombre: 'Tarjeta' }, montoImpuesto: 1100 });
    const rowsInCuotas = [
      fila({ cajaMovimientos: [{ ...enCuotas, cuotas: 3, recargo: 10, valorCuota: 366.67 }, pago()] }),
    ];
    open(admin, { [FILTRAR]: [200, springPage(rowsInCuotas, 10)] });
    await screen.findByText('$ 3.000,00');
    expect(
      within(rows()[0])
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Tarjeta: $ 1.100,00 — 10/05/2024 10:153 cuotas de $ 366,67',
      'Efectivo: $ 1.000,00 — 10/05/2024 10:15',
    ]);
  });

  it('links a sale and its returns both ways: the refund names the sale, the sale is marked', async () => {
    const rowsWithReturn = [
      fila({
        id: 501,
        devoluciones: [601],
        // Paid in full: the whole value of the return was refunded.
        devuelto: { productos: [{ productoId: 10, cantidad: 1 }], adicionales: [], valor: 274, credito: 0 },
      }),
      fila({
        id: 601,
        tipoMovimiento: 'SALIDA',
        estadoMovimiento: null,
        total: 274,
        devolucionDe: 501,
        devolucionDeComprobante: '0001-00000005',
      }),
    ];
    open(seller, { [FILTRAR]: [200, springPage(rowsWithReturn, 10)] });
    // The refund names the sale by the number on the customer's receipt.
    await screen.findByText('Devolución de 0001-00000005');
    const [sold, refund] = rows().map((r) => within(r).getAllByRole('cell')[1]);
    expect(sold.textContent).toBe('ENTRADACon devolución #601');
    expect(within(sold).getByRole('link', { name: 'Devolución #601' }).getAttribute('href')).toBe(
      '/editarMovimiento/601',
    );
    expect(within(refund).getByRole('link', { name: 'Devolución de 0001-00000005' }).getAttribute('href')).toBe(
      '/editarMovimiento/501',
    );
  });

  it('shows a sale’s receipt number in its row; the customer’s PDF is that receipt', async () => {
    const numbered = [fila({ comprobante: '0001-00000042' }), fila({ id: 503, comprobante: null })];
    open(seller, { [FILTRAR]: [200, springPage(numbered, 10)] });
    const [first, second] = await screen.findAllByTestId('comprobante').then(() => rows());
    expect(within(first).getAllByRole('cell')[1].textContent).toBe('ENTRADAComprobante N° 0001-00000042');
    expect(within(second).getAllByRole('cell')[1].textContent).toBe('ENTRADA');
    expect(within(first).getByRole('button', { name: 'PDF Comprobante' }).getAttribute('title')).toBe(
      'Comprobante para el cliente',
    );
  });

  it('shows under a covered sale’s debt what its obra social pays, which the debt leaves out', async () => {
    const covered = [
      fila({ id: 503, total: 2376, deuda: 656, cobertura: coberturaLeida() }),
      fila({
        id: 504,
        deuda: 0,
        cobertura: coberturaLeida({ obraSocial: 'Swiss Medical', plan: 'SMG20', monto: 3000 }),
      }),
      fila({ id: 505 }),
    ];
    open(seller, { [FILTRAR]: [200, springPage(covered, 10)] });
    await screen.findByText('$ 2.376,00');
    const deudas = rows().map((r) => within(r).getAllByRole('cell')[6]);
    expect(deudas.map((c) => c.textContent)).toEqual([
      '$ 656,00Obra social: OSDE 210 · $ 720,00',
      '—Obra social: Swiss Medical SMG20 · $ 3.000,00',
      '—',
    ]);
    expect(within(deudas[0]).getByTestId('cobertura').textContent).toBe('Obra social: OSDE 210 · $ 720,00');
  });

  it('says so when there are no movements', async () => {
    open(admin, { [FILTRAR]: [200, springPage([], 10, 0, 0)] });
    await screen.findByText('No se encontraron movimientos');
    expect(screen.queryByRole('navigation', { name: 'Páginas' })).toBeNull();
  });

  it('says so when the list cannot be loaded', async () => {
    open(admin, { [FILTRAR]: [500, { mensaje: 'x' }] });
    await screen.findByText('No se pudieron cargar los movimientos.');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("gives sellers no branch filter, no totals (not even the day's) and no delete", async () => {
    const user = userEvent.setup();
    const { calls } = open(seller, { [FILTRAR]: [200, springPage(sale, 10)], [COMPLETO]: [200, []] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    fireEvent.change(byId('filtroFecha')!, { target: { value: '2024-05-12' } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/movimientos/lista')).toHaveLength(2));
    expect(screen.queryByText(/Totales del día/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/movimientos/filtrar-completo')).toBe(false);
    expect(byId('filtroLocal')).toBeNull();
    for (const id of ['filtroTipo', 'filtroPaciente', 'filtroFecha', 'filtroMetodoPago'])
      expect(byId(id)).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Mostrar totales' })).toBeNull();
    expect(screen.queryByText('Totales por método de pago')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/movimientos/totales' || c.path === '/api/local')).toBe(false);
  });

  it('hides the admin totals like a password until the eye shows them, for the chosen branch', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)] });
    const efectivo = await screen.findByLabelText<HTMLInputElement>('Efectivo');
    const tarjeta = screen.getByLabelText<HTMLInputElement>('Tarjeta');
    expect([efectivo.type, tarjeta.type]).toEqual(['password', 'password']);
    expect([efectivo.value, tarjeta.value]).toEqual(['$ 15.000,00', '-$ 200,50']);
    expect(calls.find((c) => c.path === '/api/movimientos/totales')?.search).toBe('?idLocal=0');
    await user.click(screen.getByRole('button', { name: 'Mostrar totales' }));
    expect([efectivo.type, tarjeta.type]).toEqual(['text', 'text']);
    await user.click(screen.getByRole('button', { name: 'Ocultar totales' }));
    expect(efectivo.type).toBe('password');
    await user.selectOptions(await screen.findByLabelText('Local'), 'Norte');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(calls.some((c) => c.search === '?idLocal=2')).toBe(true));
    expect(calls.filter((c) => c.path === '/api/movimientos/lista').at(-1)?.search).toBe('?page=0&size=10&idLocal=2');
  });

  it('says so when the totals cannot be calculated', async () => {
    open(admin, { [FILTRAR]: [200, springPage(sale, 10)], [TOTALES]: [500, { mensaje: 'x' }] });
    await screen.findByText('No se pudieron calcular los totales.');
  });

  it('applies every filter with Buscar and clears them with Limpiar', async () => {
    const user = userEvent.setup();
    const { calls } = open(admin, { [FILTRAR]: [200, springPage(sale, 10)], [COMPLETO]: [200, []] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    await user.selectOptions(byId('filtroLocal')!, 'Centro');
    await user.selectOptions(byId('filtroTipo')!, 'SALIDA');
    await user.type(byId('filtroPaciente')!, ' José P ');
    fireEvent.change(byId('filtroFecha')!, { target: { value: '2024-05-12' } });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Método de pago' }), 'Tarjeta');
    await user.click(screen.getByRole('checkbox', { name: 'Con deuda' }));
    const filtrar = () => calls.filter((c) => c.path === '/api/movimientos/lista');
    expect(filtrar()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const query = '&idLocal=1&tipoMovimiento=SALIDA&nombrePaciente=Jos%C3%A9%20P&fecha=2024-05-12&metodoPago=Tarjeta';
    await waitFor(() => expect(filtrar().at(-1)?.search).toBe(`?page=0&size=10${query}&conDeuda=true`));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/movimientos/filtrar-completo')?.search).toBe(
        `?${query.slice(1)}&conDeuda=true`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Limpiar' }));
    await waitFor(() => expect(filtrar().at(-1)?.search).toBe('?page=0&size=10'));
    expect(byId<HTMLInputElement>('filtroPaciente')!.value).toBe('');
    expect(byId<HTMLSelectElement>('filtroLocal')!.value).toBe('0');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Con deuda' }).checked).toBe(false);
    expect(screen.queryByText(/Totales del día/)).toBeNull();
  });

  it('sums the chosen day per payment method: each payment once, + ENTRADA, − SALIDA', async () => {
    const day = '2024-05-12';
    const twice = [
      pago({ id: 41, fecha: `${day}T09:00:00`, montoImpuesto: 500 }),
      pago({ id: 42, fecha: `${day}T17:00:00`, montoImpuesto: 300 }),
    ];
    const everyRow = [
      fila({ fecha: `${day}T18:40:00` }),
      fila({ id: 502, fecha: `${day}T17:00:00`, cajaMovimientos: twice }),
      fila({ id: 502, fecha: `${day}T09:00:00`, cajaMovimientos: twice }),
      fila({
        id: 503,
        tipoMovimiento: 'SALIDA',
        fecha: `${day}T12:00:00`,
        cajaMovimientos: [pago({ id: 51, fecha: `${day}T12:00:00`, montoImpuesto: 200 })],
      }),
    ];
    const user = userEvent.setup();
    open(admin, { [FILTRAR]: [200, springPage(everyRow.slice(0, 2), 10)], [COMPLETO]: [200, everyRow] });
    await screen.findByText('12/05/2024 18:40', { selector: 'td' });
    fireEvent.change(byId('filtroFecha')!, { target: { value: day } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const box = within(await screen.findByRole('region', { name: 'Totales del día 12/05/2024' }));
    await box.findByText('Tarjeta');
    const pairs = box.getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]);
    // In the order of the server's list of methods (Efectivo, Tarjeta), not as they came.
    expect(pairs).toEqual([
      ['Efectivo', '$ 600,00'],
      ['Tarjeta', '$ 2.100,00'],
      ['Total del día', '$ 2.700,00'],
    ]);
  });
});
