import type { ReactNode } from 'react';

interface Props<T extends string | number> {
  legend: string;
  /** The radios' name; also prefixes their ids. */
  name: string;
  options: readonly { value: T; label: ReactNode }[];
  value: T | null | undefined;
  onChange: (value: T) => void;
  inline?: boolean;
  className?: string;
}

/** A titled list of radio buttons (branch, gender): one choice among a few. */
export function RadioGroup<T extends string | number>({
  legend,
  name,
  options,
  value,
  onChange,
  inline = false,
  className,
}: Props<T>) {
  return (
    <fieldset className={className}>
      <legend className="form-label fs-6 fw-semibold">{legend}</legend>
      {options.map((option) => (
        <div className={`form-check${inline ? ' form-check-inline' : ''}`} key={option.value}>
          <input
            className="form-check-input"
            type="radio"
            name={name}
            id={`${name}-${option.value}`}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <label className="form-check-label" htmlFor={`${name}-${option.value}`}>
            {option.label}
          </label>
        </div>
      ))}
    </fieldset>
  );
}
