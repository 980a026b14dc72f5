import type { LookupItem } from '../api/types';

interface Props {
  id: string;
  /** The column class of the filter row. */
  className: string;
  /** The chosen branch id; 0 is every branch. */
  value: number;
  locales: LookupItem[];
  onChange: (id: number) => void;
}

/** The branch select of the filter rows, with 'Todos los locales' (0) first. */
export function BranchFilter({ id, className, value, locales, onChange }: Props) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        Local
      </label>
      <select id={id} className="form-select" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        <option value={0}>Todos los locales</option>
        {locales.map((l) => (
          <option key={l.id} value={l.id}>
            {l.nombre}
          </option>
        ))}
      </select>
    </div>
  );
}
