import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// The screens speak through app/alerts (SweetAlert2 dialogs); every test gets mocks instead, whose
// calls test/alerts.ts waits for and a test may answer (a confirmation declined).
vi.mock('../app/alerts', () => ({ alert: vi.fn(), confirm: vi.fn(), toast: vi.fn() }));

// CI runs the suites in parallel on two cores: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 4000 });

// After each test: the screen, the storage, the fake server (fetch) and the calls every mock
// recorded (a file's mocked alerts) are gone; an answer a test gave a mock stays its own business.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});
