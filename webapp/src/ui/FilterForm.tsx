import type { ReactNode } from 'react';

interface Props {
  /** The form's accessible name ('Filtros de movimientos'). */
  label: string;
  /** Applies the filters (the button, or Enter). */
  onSubmit: () => void;
  /** Back to no filter. */
  onClear: () => void;
  submitLabel?: string;
  clearLabel?: string;
  /** The buttons' column. */
  actionsClassName?: string;
  /** The filters, each in its column. */
  children: ReactNode;
}

/** A row of filters applied together, with its apply and clear buttons at the end. */
export function FilterForm({
  label,
  onSubmit,
  onClear,
  submitLabel = 'Buscar',
  clearLabel = 'Limpiar',
  actionsClassName = 'col-md-auto d-flex gap-2',
  children,
}: Props) {
  return (
    <form
      className="row g-2 mb-3 align-items-end"
      role="search"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <div className={actionsClassName}>
        <button type="submit" className="btn btn-primary">
          {submitLabel}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClear}>
          {clearLabel}
        </button>
      </div>
    </form>
  );
}
