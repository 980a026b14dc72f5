import { useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Read } from './Loaded';

/** The props of a route that loads an entity and edits it. `below` is what the route shows under
 * the form once the entity is loaded (the router puts the audit panel there), so a feature's
 * screen does not import another feature to show it. */
export interface EditScreenProps {
  below?: (id: number) => ReactNode;
}

/** A positive whole id as a route writes it, or null for anything else. */
export const positiveId = (text: string | undefined) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The route's `:param` (`:id` unless told) as a positive id, or null when it is not one. */
export const useRouteId = (param = 'id') => positiveId(useParams()[param]);

/** A record's screen at `:id`: the id (0 when the route names none), whether it names one, and
 * `useRead`'s read of the record, fresh each time the screen opens; `record` is none while the
 * read failed, so an old answer never stays on screen. */
export function useRouteRecord<Q extends Read<unknown>>(
  useRead: (id: number, options: { skip: boolean; refetchOnMountOrArgChange: true }) => Q,
) {
  const id = useRouteId() ?? 0;
  const valid = id > 0;
  const query = useRead(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const record: Q['currentData'] = query.isError ? undefined : query.currentData;
  return { id, valid, query, record };
}

/**
 * The record an edit form opens with: the first fresh answer for `id`, kept while the query reads
 * it again (a refetch after saving must not reset the form); null until it arrives, and again for
 * another id. `reseed` opens the form again with a newer answer.
 */
export function useSeed<T extends { id: number }>(
  query: { currentData?: T; isFetching: boolean },
  id: number | null,
): [T | null, (record: T) => void] {
  const [loaded, setLoaded] = useState<T | null>(null);
  if (loaded && loaded.id !== id) setLoaded(null);
  if (!loaded && id !== null && query.currentData?.id === id && !query.isFetching) setLoaded(query.currentData);
  return [loaded && loaded.id === id ? loaded : null, setLoaded];
}
