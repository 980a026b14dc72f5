// The lab jobs' tests share this: their screens opened over a fake server seeded with the jobs,
// and how a row or a sent body is read.
import { within } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { confirm } from '../app/alerts';
import { openPage, postKeys, type Answers } from '../test/page';
import { laboratorios, locales, trabajo, trabajoEstados, trabajoResumen, trabajosPage } from '../test/seed';
import { JobDetail } from './JobDetail';
import { JobList } from './JobList';
import { Reminders } from './Reminders';
import { SaleJob } from './SaleJob';

// Every test that imports this gives confirm its own answer (the file mocks app/alerts).
afterEach(() => {
  vi.mocked(confirm).mockReset();
});

export const screens = [
  { path: '/trabajos', element: <JobList /> },
  { path: '/trabajos/:id', element: <JobDetail /> },
  { path: '/editarMovimiento/:id', element: <SaleJob id={41} /> },
  { path: '/recordatorios', element: <Reminders /> },
];

/** Opens `at`; `keys` records each POST's Idempotency-Key. */
export function open(at: string, token: string, answers: Answers = {}) {
  const { keys, onRequest } = postKeys();
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
            comprobante: null,
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
    onRequest,
  });
  return { ...view, keys };
}

export const bodyOf = (calls: { method: string; path: string; body: string | null }[], path: string) =>
  JSON.parse([...calls].reverse().find((c) => c.method !== 'GET' && c.path === path)?.body ?? 'null');

export const rowCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
