import type { ReactNode } from 'react';
import { errorText, handledElsewhere } from '../api/base';

/** What a screen reads of a query: a failure, or its answer for the current arguments. */
export interface Read<D> {
  isError: boolean;
  error?: unknown;
  currentData?: D;
}

interface Props<D> {
  query: Read<D>;
  /** Said when it failed and the server said nothing readable. */
  failed: string;
  /** Said until the answer arrives. */
  loading: string;
  /** Not asked yet (a filter is missing): nothing is said while there is no answer. */
  idle?: boolean;
  children: (data: D) => ReactNode;
}

/** A screen's part that shows a query's answer: the server's words when it failed (unless the
 * session already answered a 401 or 403), 'Cargando...' until it arrives, then the answer. A
 * failed read again never leaves the old answer on screen. */
export function Loaded<D>({ query, failed, loading, idle = false, children }: Props<D>) {
  const data = query.isError ? undefined : query.currentData;
  return (
    <>
      {query.isError && !handledElsewhere(query.error) && (
        <p className="alert alert-danger">{errorText(query.error) ?? failed}</p>
      )}
      {!query.isError && !data && !idle && <p className="text-muted">{loading}</p>}
      {data && children(data)}
    </>
  );
}
