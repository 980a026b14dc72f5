// The pagination rule every paged list shares (spec 000 and 001 section 9).
export const PAGE_WINDOW = 5;

/** Up to 5 page numbers around the current one, shifted to stay inside 0..totalPages-1. */
export function pageWindow(current: number, totalPages: number, size = PAGE_WINDOW): number[] {
  const count = Math.min(size, Math.max(totalPages, 0));
  const start = Math.max(0, Math.min(current - Math.floor(size / 2), totalPages - count));
  return Array.from({ length: count }, (_, i) => start + i);
}

export const pageInRange = (page: number, totalPages: number) =>
  Number.isInteger(page) && page >= 0 && page < totalPages;
