import { DataTable, type DataTableProps } from '../ui/DataTable';

interface Props<T> extends Omit<DataTableProps<T>, 'empty' | 'variant' | 'stacked'> {
  /** Said instead of the table when there are no rows. */
  empty: string;
}

/** A table of the audit's records, compact and striped; on a phone one card per record, in the
 * same order, so a record's links and notes stay in sight instead of off the screen's side. */
export function AuditRows<T>({ empty, ...table }: Props<T>) {
  return <DataTable empty={<p className="text-muted">{empty}</p>} variant="table-sm table-striped" {...table} />;
}
