import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alert } from '../app/alerts';
import { INICIO, openPage, type Answers } from '../test/page';
import {
  adminToken,
  asiento,
  datosMovimiento,
  evento,
  eventoMovimiento,
  locales,
  lookupAnswers,
  movementAnswers,
  movimiento,
  paciente,
  producto,
  sellerToken,
} from '../test/seed';
import { editScreens } from './routes';

const admin = adminToken();
const seller = sellerToken(1);

const screens = [
  { path: '/editarProducto/:id', element: editScreens.producto },
  { path: '/editarMovimiento/:id', element: editScreens.movimiento },
  { path: '/editarPaciente/:id', element: editScreens.paciente },
  INICIO,
];

const routes = (): Answers => ({
  ...lookupAnswers,
  ...movementAnswers,
  'GET /api/local': [200, locales],
  'GET /api/productos/10': [200, producto()],
  'GET /api/movimientos/501': [200, movimiento()],
  'GET /api/pacientes/id/7': [200, paciente()],
  'GET /api/auditoria/stock/10': [200, [asiento()]],
  'GET /api/auditoria/historial/Producto/10': [200, [evento()]],
  'GET /api/auditoria/historial/Movimiento/501': [
    200,
    [eventoMovimiento('MovimientoRegistrado', 101, datosMovimiento())],
  ],
  'GET /api/auditoria/historial/Paciente/7': [
    200,
    [evento({ tipo: 'Paciente', id: '7', evento: 'PacienteRegistrado', resumen: 'Paciente 7 registrado: José Pérez' })],
  ],
});

const audited = (calls: { path: string }[]) =>
  calls.filter((c) => c.path.startsWith('/api/auditoria')).map((c) => c.path);

describe('audit sections of the edit screens', () => {
  it('shows the product its stock ledger and history, below the form, for admins', async () => {
    const { calls } = openPage('/editarProducto/10', screens, { token: admin, answers: routes() });
    await screen.findByRole('table', { name: 'Libro de stock' });
    await screen.findByText('Producto 10, local 1: stock -1 (Venta) → 2');
    const form = screen.getByRole('heading', { name: 'Editar Producto' });
    const historial = screen.getByRole('heading', { name: 'Historial' });
    expect(form.compareDocumentPosition(historial) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(audited(calls).sort()).toEqual(['/api/auditoria/historial/Producto/10', '/api/auditoria/stock/10']);
  });

  it('shows the movement and the patient their history for admins', async () => {
    const first = openPage('/editarMovimiento/501', screens, { token: admin, answers: routes() });
    await screen.findByText('Movimiento 501 registrado: ENTRADA por $ 3000.00 en el local 1');
    expect(screen.queryByRole('table', { name: 'Libro de stock' })).toBeNull();
    expect(audited(first.calls)).toEqual(['/api/auditoria/historial/Movimiento/501']);
    first.unmount();
    vi.unstubAllGlobals();

    const second = openPage('/editarPaciente/7', screens, { token: admin, answers: routes() });
    await screen.findByText('Paciente 7 registrado: José Pérez');
    expect(audited(second.calls)).toEqual(['/api/auditoria/historial/Paciente/7']);
  });

  it("makes no audit request on a seller's edit screens", async () => {
    for (const [at, submit] of [
      ['/editarMovimiento/501', 'Guardar'],
      ['/editarPaciente/7', 'Editar Paciente'],
    ] as const) {
      const { calls, unmount } = openPage(at, screens, { token: seller, answers: routes() });
      // The loaded form is on screen: an admin's section mounts with it.
      await screen.findByRole('button', { name: submit });
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('heading', { name: 'Historial' })).toBeNull();
      expect(audited(calls)).toEqual([]);
      expect(alert).not.toHaveBeenCalled();
      expect(screen.queryByText('pantalla de inicio')).toBeNull();
      unmount();
      vi.unstubAllGlobals();
    }
  });
});
