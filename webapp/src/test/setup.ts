import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI runs the suites in parallel on two cores: give findBy/waitFor more than the default second.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
