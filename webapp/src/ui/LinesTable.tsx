import type { Key } from 'react';
import { DataTable, type Column } from './DataTable';
import { RemoveButton } from './RemoveButton';

/** 'Quitar' on a line: its accessible name, and what it takes away. */
export interface Removal<T> {
  label: (row: T, index: number) => string;
  onRemove: (row: T) => void;
}

/** The last column of a form's lines: 'Quitar', named by what it takes away. */
export const removeColumn = <T,>({ label, onRemove }: Removal<T>): Column<T> => ({
  header: '',
  cell: (row, i) => <RemoveButton label={label(row, i)} onClick={() => onRemove(row)} />,
});

interface Props<T> {
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => Key;
  columns: readonly Column<T>[];
  /** 'Quitar' on each line; none while the lines are only read. */
  remove?: Removal<T>;
  stacked?: boolean;
}

/** The lines a form is filling in (products, details): a small table once there is one. */
export function LinesTable<T>({ label, rows, rowKey, columns, remove, stacked }: Props<T>) {
  if (rows.length === 0) return null;
  return (
    <DataTable
      label={label}
      variant="table-sm"
      stacked={stacked}
      rows={rows}
      rowKey={rowKey}
      columns={remove ? [...columns, removeColumn(remove)] : columns}
    />
  );
}
