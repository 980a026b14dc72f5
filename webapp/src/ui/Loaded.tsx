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

interface NotReadProps {
  /** The route named a record (a positive id); when not, it failed before asking. */
  valid: boolean;
  query: Read<unknown>;
  failed: string;
  loading: string;
}

/** What a record's screen shows while it has no record: why it failed (a bad id, or the server's
 * words unless the session already answered a 401 or 403), else 'Cargando...'. */
export function NotRead({ valid, query, failed, loading }: NotReadProps) {
  if (!valid || (query.isError && !handledElsewhere(query.error))) {
    return <p className="alert alert-danger">{errorText(query.error) ?? failed}</p>;
  }
  return <p className="text-muted">{loading}</p>;
}
