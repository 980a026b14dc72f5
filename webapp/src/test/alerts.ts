// The screens speak through app/alerts, which a test mocks (vi.mock('../app/alerts')); these wait
// for a message the way every test did by hand, the mock being the module imported here.
import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { alert, confirm } from '../app/alerts';

/** Waits until the screen has shown this alert. */
export const alerted = (...args: Parameters<typeof alert>) =>
  waitFor(() => expect(alert).toHaveBeenCalledWith(...args));

/** Waits until the screen has asked this confirmation. */
export const confirmed = (...args: Parameters<typeof confirm>) =>
  waitFor(() => expect(confirm).toHaveBeenCalledWith(...args));
