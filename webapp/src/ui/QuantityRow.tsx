import type { ReactNode } from 'react';
import { WHOLE } from '../lib/numbers';
import { NumberInput } from './NumberInput';

interface Props {
  /** The input's id, which the row's label points to. */
  id: string;
  modelo: string;
  /** Beside the model, in parentheses, when there is one. */
  marca?: string | null;
  /** Under the model: what the units are measured against ('Enviadas 3'). */
  note: ReactNode;
  value: string;
  onValueChange: (text: string) => void;
  /** The input's accessible name ('Recibidas de RB3025'). */
  inputLabel: string;
  disabled?: boolean;
  placeholder?: string;
}

/** Units of one product, whole numbers: the product named on the left, the input on the right
 * (what comes back of a sale, what arrived of a transfer). */
export function QuantityRow({
  id,
  modelo,
  marca,
  note,
  value,
  onValueChange,
  inputLabel,
  disabled,
  placeholder,
}: Props) {
  return (
    <div className="row g-2 align-items-center mb-2">
      <label className="col-7 col-form-label" htmlFor={id}>
        {modelo} {marca && <span className="text-muted">({marca})</span>}
        <span className="d-block small text-muted">{note}</span>
      </label>
      <div className="col-5">
        <NumberInput
          id={id}
          rule={WHOLE}
          value={value}
          onValueChange={onValueChange}
          disabled={disabled}
          placeholder={placeholder}
          aria-label={inputLabel}
        />
      </div>
    </div>
  );
}
