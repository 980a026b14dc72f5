import { DataTable, type DataTableProps } from '../ui/DataTable';

interface Props<T> extends Omit<DataTableProps<T>, 'empty' | 'variant' | 'stacked'> {
  /** Said instead of the table when there are no rows. */
  empty: string;
}

/** A table of the audit's records, compact and striped, read across on a phone too (its columns
 * compare one record with the next). */
export function AuditRows<T>({ empty, ...table }: Props<T>) {
  return (
    <DataTable
      empty={<p className="text-muted">{empty}</p>}
      variant="table-sm table-striped"
      stacked={false}
      {...table}
    />
  );
}
