import type { CSSProperties, Key, ReactNode } from 'react';
import { Pagination } from './Pagination';
import './stackedTable.css';

/** One column: its header, and what each row shows in it. */
export interface Column<T> {
  header: ReactNode;
  /** Each cell's data-label, the card's label on a phone; the header when it is text. */
  label?: string;
  /** Figures: right-aligned from md up ('md-end'), or always ('end'). */
  align?: 'md-end' | 'end';
  /** The cells' classes beside the alignment ('text-nowrap'), or per row. */
  className?: string | ((row: T) => string | undefined);
  /** Classes of the header and the cells alike (a column a phone leaves out). */
  columnClassName?: string;
  style?: CSSProperties;
  cell: (row: T, index: number) => ReactNode;
}

export interface DataTableProps<T> {
  /** The table's accessible name. */
  label?: string;
  rows: readonly T[];
  /** `false` leaves a column out (one for admins only). */
  columns: readonly (Column<T> | false)[];
  rowKey: (row: T, index: number) => Key;
  rowClassName?: (row: T) => string | undefined;
  rowTestId?: (row: T, index: number) => string;
  /** Bootstrap's table classes beside the stacked layout: 'table-sm', 'table-striped', 'mb-0'. */
  variant?: string;
  /** The header row's classes ('table-dark'). */
  headClassName?: string;
  /** Rows after the data: a total. */
  foot?: ReactNode;
  /** One card per record on a phone (the default), or the plain table everywhere. */
  stacked?: boolean;
  /** Shown instead of the table when there are no rows, as given; without it the table shows empty. */
  empty?: ReactNode;
}

const joined = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ') || undefined;
const alignClass = (align: Column<unknown>['align']) => (align ? `text-${align}` : undefined);

/** A table of records that turns into one card per record on a phone (ui/stackedTable.css): each
 * cell carries its column's label. */
export function DataTable<T>({
  label,
  rows,
  columns,
  rowKey,
  rowClassName,
  rowTestId,
  variant,
  headClassName,
  foot,
  stacked = true,
  empty,
}: DataTableProps<T>) {
  if (empty !== undefined && rows.length === 0) return <>{empty}</>;
  const shown = columns.filter((c): c is Column<T> => c !== false);
  return (
    <div className="table-responsive">
      <table className={joined('table', variant, 'align-middle', stacked && 'table-stacked')} aria-label={label}>
        <thead className={headClassName}>
          <tr>
            {shown.map((c, j) => (
              <th key={j} scope="col" className={joined(alignClass(c.align), c.columnClassName)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} className={rowClassName?.(row)} data-testid={rowTestId?.(row, i)}>
              {shown.map((c, j) => (
                <td
                  key={j}
                  data-label={c.label ?? (typeof c.header === 'string' ? c.header : '')}
                  className={joined(
                    alignClass(c.align),
                    typeof c.className === 'function' ? c.className(row) : c.className,
                  )}
                  style={c.style}
                >
                  {c.cell(row, i)}
                </td>
              ))}
            </tr>
          ))}
          {foot}
        </tbody>
      </table>
    </div>
  );
}

/** A page of records as the server answers every paged list (`number` from 0). */
export interface Page<T> {
  content: T[];
  number: number;
  totalPages: number;
}

interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows'> {
  page: Page<T>;
  /** Said instead of an empty table. */
  empty: ReactNode;
  onPage: (page: number) => void;
}

/** A page of records with the pagination under it, or what an empty list says. */
export function PagedTable<T>({ page, empty, onPage, ...table }: PagedTableProps<T>) {
  if (page.content.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <>
      <DataTable rows={page.content} {...table} />
      <Pagination page={page.number} totalPages={page.totalPages} onPage={onPage} />
    </>
  );
}

/** What a list screen's table is, beside its rows: its name, columns and row keys. */
export type TableSpec<T> = Omit<DataTableProps<T>, 'rows'>;

/** The look of the entity lists (movements, patients, products): striped, hovered, a dark header. */
export const ENTITY_TABLE = { variant: 'table-striped table-hover', headClassName: 'table-dark' } as const;

/** An entity list's look, and what it says in a blue box when there is nothing to list. */
export const entityTable = (empty: string) => ({
  ...ENTITY_TABLE,
  empty: <div className="alert alert-info text-center">{empty}</div>,
});
