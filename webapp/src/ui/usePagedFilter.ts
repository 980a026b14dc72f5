import { useState } from 'react';
import { patchBinder } from './fields';

/** A paged list's filter held together with its page: changing any filter goes back to the first
 * page; `bind('localId')` gives a field the filter's value and that change. */
export function usePagedFilter<F extends { page: number }>(initial: F | (() => F)) {
  const [filtro, setFiltro] = useState<F>(initial);
  const set = (change: Partial<F>) => setFiltro((f) => ({ ...f, ...change, page: 0 }));
  const setPage = (page: number) => setFiltro((f) => ({ ...f, page }));
  return { filtro, set, bind: patchBinder(filtro, set), setPage };
}
