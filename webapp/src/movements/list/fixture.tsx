// The cash-box list's tests share this: the list opened over a fake server with the lookups and
// totals every admin screen reads, and the rows of a sale paid two ways, a sale with a debt and an
// expense.
import { screen } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { confirm } from '../../app/alerts';
import { openPage } from '../../test/page';
import { adminToken, fila, locales, metodosPago, pago, sellerToken } from '../../test/seed';
import { MovementList, PatientMovements } from './MovementList';

export const admin = adminToken();
export const seller = sellerToken(1);

export type Routes = Record<string, [number, unknown]>;

export const FILTRAR = 'GET /api/movimientos/lista';
export const COMPLETO = 'GET /api/movimientos/filtrar-completo';
export const TOTALES = 'GET /api/movimientos/totales';

/** Adds the lookups and totals every admin screen reads to the given answers (the same object,
 * so a test may still change an answer midway). */
export const withLookups = (routes: Routes): Routes =>
  Object.assign(
    routes,
    {
      'GET /api/local': [200, locales],
      'GET /api/metodoPago': [200, metodosPago],
      [TOTALES]: [200, { Efectivo: 15000, Tarjeta: -200.5 }],
    },
    { ...routes },
  );

export function open(token: string, routes: Routes, at = '/adminitrarCaja') {
  return openPage(
    at,
    [
      { path: '/adminitrarCaja', element: <MovementList /> },
      { path: '/adminitrarCajaPaciente/:pacienteFicha', element: <PatientMovements /> },
    ],
    { token, answers: withLookups(routes) },
  );
}

export const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T | null;
export const rows = () => screen.getAllByRole('row').slice(1);

/** A sale paid two ways (one row), a sale with a debt, and an expense. */
export const sale = [
  fila({ fecha: '2024-05-12T18:40:00', descripcion: 'Anteojo completo' }),
  fila({
    id: 503,
    codigoEstado: '503-Qw12erTy',
    fecha: '2024-05-11T12:30:00',
    total: 5000,
    totalImpuesto: 5000,
    deuda: 4000,
    cajaMovimientos: [pago({ id: 35, fecha: '2024-05-11T12:30:00' })],
  }),
  fila({
    id: 502,
    codigoEstado: '502-Zz81aQpL',
    tipoMovimiento: 'SALIDA',
    estadoMovimiento: null,
    paciente: null,
    local: locales[1],
    descripcion: 'Alquiler',
    total: 200,
    fecha: '2024-05-11T08:00:00',
    cajaMovimientos: [pago({ id: 40, fecha: '2024-05-11T08:00:30', montoImpuesto: 200 })],
  }),
];

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(confirm).mockReset();
});
