// The cash list shows the payment methods in the order the server lists them (GET
// /api/metodoPago), as the movement form and the closing do: not by name, not as they came.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fila, metodosPago, pago, springPage } from '../../test/seed';
import { admin, byId, COMPLETO, FILTRAR, open, TOTALES } from './fixture';

const [efectivo, tarjeta] = metodosPago;
const mercadoPago = { id: 3, nombre: 'Mercado Pago' };
const LISTA = [tarjeta, mercadoPago, efectivo];

describe('payment methods in the cash list', () => {
  it("orders an admin's totals and the day's sums by the server's list", async () => {
    const user = userEvent.setup();
    const day = '2024-05-12';
    const venta = fila({
      fecha: `${day}T10:00:00`,
      cajaMovimientos: [
        pago({ id: 1, fecha: `${day}T10:00:00`, metodoPago: efectivo, montoImpuesto: 100 }),
        pago({ id: 2, fecha: `${day}T10:00:00`, metodoPago: mercadoPago, montoImpuesto: 50 }),
        pago({ id: 3, fecha: `${day}T10:00:00`, metodoPago: tarjeta, montoImpuesto: 25 }),
      ],
    });
    open(admin, {
      'GET /api/metodoPago': [200, LISTA],
      // The server answers the totals by name.
      [TOTALES]: [200, { Efectivo: 1, 'Mercado Pago': 2, Tarjeta: 3 }],
      [FILTRAR]: [200, springPage([venta], 10)],
      [COMPLETO]: [200, [venta]],
    });
    await screen.findByRole('region', { name: 'Totales por método de pago' });
    await waitFor(() =>
      expect([...document.querySelectorAll('label[for^="total-"]')].map((l) => l.textContent)).toEqual([
        'Tarjeta',
        'Mercado Pago',
        'Efectivo',
      ]),
    );

    fireEvent.change(byId('filtroFecha')!, { target: { value: day } });
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    const box = within(await screen.findByRole('region', { name: 'Totales del día 12/05/2024' }));
    await box.findByText('Tarjeta');
    expect(box.getAllByRole('term').map((t) => t.textContent)).toEqual([
      'Tarjeta',
      'Mercado Pago',
      'Efectivo',
      'Total del día',
    ]);
  });
});
