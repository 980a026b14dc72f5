// The movement form's tests share this: the screens opened over a fake server, the form's clock
// and the steps a user repeats (a branch, an ENTRADA with a line, a payment, a product search).
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { alert } from '../../app/alerts';
import { openPage } from '../../test/page';
import { adminToken, movementAnswers, sellerToken } from '../../test/seed';
import { CreateMovement, EditMovement } from './MovementScreens';

export const admin = adminToken();
export const seller = sellerToken(2);

/** 2025-06-01 09:15:30, local time: the form's "now". */
export const NOW = new Date(2025, 5, 1, 9, 15, 30);
export const NOW_TEXT = '2025-06-01T09:15';

export type Routes = Record<string, [number, unknown]>;

/** Opens the movement screens at `at`; records each request's Idempotency-Key too. */
export function open(at: string, routes: Routes = {}, token = admin) {
  for (const [k, v] of Object.entries(movementAnswers)) routes[k] ??= v;
  const keys: { method: string; key: string | null }[] = [];
  const screens = [
    { path: '/crearMovimiento', element: <CreateMovement /> },
    { path: '/crearMovimiento/:pacienteId', element: <CreateMovement /> },
    { path: '/editarMovimiento/:id', element: <EditMovement /> },
    { path: '/adminitrarCaja', element: <p>listado de movimientos</p> },
  ];
  const view = openPage(at, screens, {
    token,
    answers: routes,
    onRequest: (request) => keys.push({ method: request.method, key: request.headers.get('Idempotency-Key') }),
  });
  return { ...view, keys };
}

export const el = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
export const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
export const sent = (calls: { method: string; body: string | null }[], method: string) =>
  JSON.parse(calls.find((c) => c.method === method)!.body!);
export const warned = (title: string, text: string) => expect(alert).toHaveBeenCalledWith('warning', title, text);

/** The form's clock: every test of the file runs at NOW (only Date is faked). */
export function fixClock() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

export type User = ReturnType<typeof userEvent.setup>;

export async function chooseBranch(user: User, nombre: string) {
  await screen.findByRole('option', { name: nombre });
  await user.selectOptions(el('#local'), nombre);
}

/** Type ENTRADA at Centro with an additional line of `amount`. */
export async function entradaWithExtra(user: User, amount = '1000') {
  await user.selectOptions(el('#tipoMovimiento'), 'ENTRADA');
  await chooseBranch(user, 'Centro');
  await user.type(el('#adicionalDescripcion'), 'Cristal Orma Blue');
  await user.type(el('#adicionalSubtotal'), amount);
  await user.click(button('Agregar detalle'));
}

export async function addPayment(user: User, monto: string, impuesto?: string) {
  await waitFor(() => expect(button('Agregar pago').disabled).toBe(false));
  await user.click(button('Agregar pago'));
  const rows = screen.getAllByTestId(/^pago-/);
  const n = rows.length - 1;
  await user.clear(el(`#monto-${n}`));
  await user.type(el(`#monto-${n}`), monto);
  if (impuesto !== undefined) {
    await user.clear(el(`#montoImpuesto-${n}`));
    await user.type(el(`#montoImpuesto-${n}`), impuesto);
  }
}

export async function search(user: User, modelo: string) {
  await user.type(el('#buscarModelo'), modelo);
  await user.click(within(screen.getByRole('search', { name: 'Buscar por modelo' })).getByRole('button'));
}
