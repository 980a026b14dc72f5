import { describe, expect, it } from 'vitest';
import { containsFolded, fold } from './text';

describe('search text', () => {
  it('folds accents and case away', () => {
    expect(fold('Cañón')).toBe('canon');
    expect(fold('ÓPTICA Pérez')).toBe('optica perez');
    expect(fold('Ü ñ Ç')).toBe('u n c');
  });

  it('finds a text ignoring accents and case, either side', () => {
    expect(containsFolded('Cañón', 'canon')).toBe(true);
    expect(containsFolded('Óptica Norte', 'OPTICA')).toBe(true);
    expect(containsFolded('Optica', ' óptica ')).toBe(true);
    expect(containsFolded('Óptica', 'optico')).toBe(false);
  });
});
