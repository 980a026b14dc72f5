import { PagedTable, type Page, type TableSpec } from './DataTable';
import { Loaded, type Read } from './Loaded';

/** What a paged list says when it failed (and the server said nothing readable), while it
 * loads, and when it is empty. */
export interface ListTexts {
  failed: string;
  loading: string;
  empty: string;
}

interface Props<T> extends TableSpec<T> {
  query: Read<Page<T>>;
  texts: ListTexts;
  onPage: (page: number) => void;
  /** Not asked yet (a filter is missing): nothing is said while there is no answer. */
  idle?: boolean;
}

/** A list screen's body: a paged query's records in a table with its pagination, or what the list
 * says while it loads, when it failed and when it is empty. */
export function PagedList<T>({ query, texts, onPage, idle, ...table }: Props<T>) {
  return (
    <Loaded query={query} failed={texts.failed} loading={texts.loading} idle={idle}>
      {(page) => <PagedTable page={page} empty={texts.empty} onPage={onPage} {...table} />}
    </Loaded>
  );
}
