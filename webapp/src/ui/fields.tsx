import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import type { LookupItem } from '../api/types';
import { DateInput } from './DateInput';
import type { DatePrecision } from '../lib/dates';

interface FieldProps {
  /** The control's id, which the label points to. */
  id: string;
  label: ReactNode;
  /** The wrapper's classes: its column in a row, or 'mb-3' in a form. */
  className?: string;
  children: ReactNode;
}

/** A labelled control: the label above it, in a wrapper the form places. */
export function Field({ id, label, className, children }: FieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {children}
    </div>
  );
}

/** One choice of a select. */
export interface Option<V extends string | number> {
  value: V;
  label: ReactNode;
}

/** Lookup items (branches, payment methods, labs...) as choices by id. */
export const named = (items: readonly LookupItem[]): Option<number>[] =>
  items.map((i) => ({ value: i.id, label: i.nombre }));

interface SelectFieldProps<V extends string | number> {
  id: string;
  label: ReactNode;
  className?: string;
  /** The chosen value; a choice is answered as its option's value (a number stays one). */
  value: V;
  onChange: (value: V) => void;
  /** In their order, first ones included ('Todos', 'Elegí el local'). */
  options: readonly Option<V>[];
  disabled?: boolean;
}

/** A labelled select. */
export function SelectField<V extends string | number>({
  id,
  label,
  className,
  value,
  onChange,
  options,
  disabled,
}: SelectFieldProps<V>) {
  return (
    <Field id={id} label={label} className={className}>
      <select
        id={id}
        className="form-select"
        value={value}
        disabled={disabled}
        onChange={(e) => {
          const chosen = options.find((o) => String(o.value) === e.target.value);
          if (chosen) onChange(chosen.value);
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

type Native<E> = Omit<E, 'id' | 'value' | 'onChange' | 'className'>;

interface TextFieldProps extends Native<InputHTMLAttributes<HTMLInputElement>> {
  id: string;
  label: ReactNode;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  /** Marks the input (Bootstrap's is-invalid). */
  invalid?: boolean;
  /** Under the input. */
  children?: ReactNode;
}

/** A labelled text input. */
export function TextField({ id, label, className, value, onChange, invalid, children, ...rest }: TextFieldProps) {
  return (
    <Field id={id} label={label} className={className}>
      <input
        {...rest}
        id={id}
        className={invalid ? 'form-control is-invalid' : 'form-control'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
    </Field>
  );
}

interface TextAreaFieldProps extends Native<TextareaHTMLAttributes<HTMLTextAreaElement>> {
  id: string;
  label: ReactNode;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  /** Under the text area. */
  children?: ReactNode;
}

/** A labelled text area, two rows unless told. */
export function TextAreaField({
  id,
  label,
  className,
  value,
  onChange,
  rows = 2,
  children,
  ...rest
}: TextAreaFieldProps) {
  return (
    <Field id={id} label={label} className={className}>
      <textarea
        {...rest}
        id={id}
        className="form-control"
        rows={rows}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {children}
    </Field>
  );
}

interface CheckFieldProps {
  id: string;
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The check's classes ('form-check mb-2'). */
  className?: string;
  labelClassName?: string;
  disabled?: boolean;
}

/** A checkbox with its label beside it. */
export function CheckField({ id, label, checked, onChange, className, labelClassName, disabled }: CheckFieldProps) {
  return (
    <div className={className ?? 'form-check'}>
      <input
        id={id}
        type="checkbox"
        className="form-check-input"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id} className={labelClassName ? `form-check-label ${labelClassName}` : 'form-check-label'}>
        {label}
      </label>
    </div>
  );
}

interface DateFieldProps {
  id: string;
  label: ReactNode;
  className?: string;
  value: string;
  onChange: (value: string) => void;
  /** A date and time (ui/DateInput). */
  withTime?: DatePrecision;
}

/** A labelled date, dd/mm/aaaa (ui/DateInput). */
export function DateField({ id, label, className, value, onChange, withTime }: DateFieldProps) {
  return (
    <Field id={id} label={label} className={className}>
      <DateInput id={id} value={value} onValueChange={onChange} withTime={withTime} />
    </Field>
  );
}

/** Binds fields to the keys of a form held as a whole: `{...bind('nota')}` gives a field the key's
 * value and the change that patches it in. */
export const patchBinder =
  <F,>(value: F, patch: (change: Partial<F>) => void) =>
  <K extends keyof F>(key: K) => ({
    value: value[key],
    onChange: (v: F[K]) => patch({ [key]: v } as unknown as Partial<F>),
  });

/** Binds fields to the keys of a form's value: `{...bind('fecha')}` gives a field the key's value
 * and the change that writes it. */
export const binder = <F,>(value: F, onChange: (value: F) => void) =>
  patchBinder(value, (change) => onChange({ ...value, ...change }));
