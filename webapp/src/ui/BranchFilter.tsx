import type { LookupItem } from '../api/types';
import { named, SelectField } from './fields';

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
    <SelectField
      id={id}
      label="Local"
      className={className}
      value={value}
      onChange={onChange}
      options={[{ value: 0, label: 'Todos los locales' }, ...named(locales)]}
    />
  );
}
