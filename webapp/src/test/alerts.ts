// The screens speak through app/alerts, which every test gets mocked (test/setup.ts); these wait
// for a message the way every test did by hand, the mock being the module imported here.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { alert, confirm } from '../app/alerts';
import type { Call } from './page';

/** Waits until the screen has shown this alert. */
export const alerted = (...args: Parameters<typeof alert>) =>
  waitFor(() => expect(alert).toHaveBeenCalledWith(...args));

/** Waits until the screen has asked this confirmation. */
export const confirmed = (...args: Parameters<typeof confirm>) =>
  waitFor(() => expect(confirm).toHaveBeenCalledWith(...args));

/** Clicks the delete button `find` answers (a list's first 'Eliminar' unless told), declines the
 * confirmation it asks, and checks that no DELETE was sent. */
export async function declinedDelete(
  calls: Call[],
  find: () => Promise<HTMLElement> = () => screen.findByRole('button', { name: 'Eliminar' }),
) {
  vi.mocked(confirm).mockResolvedValue(false);
  await userEvent.setup().click(await find());
  await waitFor(() => expect(confirm).toHaveBeenCalled());
  expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
}
