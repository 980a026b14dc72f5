import { useId, useState, type InputHTMLAttributes } from 'react';
import { formatPesos, PESOS } from '../lib/money';
import { readNumber, type NumberRule } from '../lib/numbers';
import { inputError } from './inputError';

type Native = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode'>;

interface Props extends Native {
  value: string;
  onValueChange: (text: string) => void;
  /** How the text is read (../lib/numbers): decimals, sign, thousands. */
  rule: NumberRule;
  /** What the text was read as, shown under the input ('= $ 1.234,56'); shown only when it says
   * more than the text itself. */
  show?: (units: number) => string;
  /** Shown once the input was left blank, when the field is required. */
  requiredMessage?: string;
  /** A rule of the field beyond reading the number (a range): why the number read is refused,
   * or null; told under the input as it is typed. */
  check?: (units: number) => string | null;
  /** Bootstrap's small inputs. */
  small?: boolean;
}

/**
 * Every number the app asks for: a text input (never type=number, so neither the mouse wheel nor
 * the browser's own reading changes a value), read by ../lib/numbers. Invalid text is marked with
 * the reason; valid text shows what it was read as. The parent keeps the text and reads it with
 * the same rule.
 */
export function NumberInput({
  value,
  onValueChange,
  rule,
  show,
  requiredMessage,
  check,
  small,
  className,
  ...rest
}: Props) {
  const [left, setLeft] = useState(false);
  const feedbackId = useId();
  const reading = readNumber(value, rule);
  const error =
    inputError(reading, left, requiredMessage) ?? (reading.kind === 'number' && check ? check(reading.units) : null);
  const understood = reading.kind === 'number' && show ? show(reading.units) : null;
  const hint = understood !== null && understood !== value.trim() ? `= ${understood}` : null;
  // A hint the form gives (rest's aria-describedby) is kept beside the input's own feedback.
  const describedBy = [rest['aria-describedby'], error || hint ? feedbackId : undefined].filter(Boolean).join(' ');
  const classes = [small ? 'form-control form-control-sm' : 'form-control', error ? 'is-invalid' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <input
        {...rest}
        type="text"
        inputMode={rule.decimals === 0 && !rule.negative ? 'numeric' : 'decimal'}
        autoComplete="off"
        className={classes}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onValueChange(e.target.value)}
        onBlur={(e) => {
          setLeft(true);
          rest.onBlur?.(e);
        }}
      />
      {error ? (
        <div id={feedbackId} className="invalid-feedback">
          {error}
        </div>
      ) : (
        hint && (
          <div id={feedbackId} className="form-text mt-0 text-nowrap" data-testid="understood">
            {hint}
          </div>
        )
      )}
    </>
  );
}

/** A money input: pesos with up to two decimals, read back as `$ 1.234,56`. */
export function PesosInput(props: Omit<Props, 'rule' | 'show'>) {
  return <NumberInput {...props} rule={PESOS} show={formatPesos} />;
}

/** A number typed in a table's cell: a small input that takes the cell's width (the card's line on
 * a phone too). */
export function CellInput(props: Omit<Props, 'small'>) {
  return (
    <div className="flex-grow-1">
      <NumberInput small {...props} />
    </div>
  );
}
