import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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
