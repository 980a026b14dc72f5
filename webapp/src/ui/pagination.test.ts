import { describe, expect, it } from 'vitest';
import { pageInRange, pageWindow } from './pagination';

describe('pagination', () => {
  it('shows a window of 5 pages around the current one, inside the range', () => {
    expect(pageWindow(0, 10)).toEqual([0, 1, 2, 3, 4]);
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 10)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(1, 3)).toEqual([0, 1, 2]);
    expect(pageWindow(0, 0)).toEqual([]);
  });

  it('ignores pages outside 0..totalPages-1', () => {
    expect(pageInRange(-1, 3)).toBe(false);
    expect(pageInRange(3, 3)).toBe(false);
    expect(pageInRange(2, 3)).toBe(true);
  });
});
