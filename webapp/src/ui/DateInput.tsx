import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import { dateText, datePattern, readDate, type DatePrecision, type DateReading } from '../lib/dates';
import { inputError } from './inputError';

type Native = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'inputMode' | 'size'>;

interface Props extends Native {
  /** The input's id, for its label. */
  id: string;
  /** `yyyy-MM-dd` (`yyyy-MM-ddTHH:mm` with `withTime`, `yyyy-MM-ddTHH:mm:ss` with 'seconds'), '' when blank; while the text is not a
   * date, that text as typed (so a form can tell it is not one and never takes it for another). */
  value: string;
  onValueChange: (value: string) => void;
  /** A date and time to the minute (`dd/mm/aaaa hh:mm`), as a movement's date; 'seconds' to the
   * second (`dd/mm/aaaa hh:mm:ss`), as the audit's state at a moment. */
  withTime?: DatePrecision;
  /** Shown once the input was left blank, when the field is required. */
  requiredMessage?: string;
  /** Bootstrap's small inputs. */
  small?: boolean;
  /** Classes of the group that holds the input and its calendar button (e.g. a width). */
  groupClassName?: string;
}

/** What the parent keeps for a text: the ISO value of a date, '' when blank, else the text. */
const valueOf = (text: string, reading: DateReading) =>
  reading.kind === 'date' ? reading.iso : reading.kind === 'blank' ? '' : text;

/** The native picker, opened by the calendar button; false where the browser has no showPicker. */
function openPicker(input: HTMLInputElement | null): boolean {
  if (!input || typeof input.showPicker !== 'function') return false;
  try {
    input.showPicker();
    return true;
  } catch {
    return false;
  }
}

/**
 * Every date the app asks for, written as Argentina writes it: a text input that shows and reads
 * dd/mm/aaaa (also d/m/aaaa, dd-mm-aaaa; with `withTime`, 'dd/mm/aaaa hh:mm', or 'dd/mm/aaaa
 * hh:mm:ss' to the second) whatever the
 * browser's language, through ../lib/dates. A text that is not a date (31/02/2026) is marked with
 * why and makes the input invalid, so the form it is in is not submitted with it; a valid one is
 * rewritten as dd/mm/aaaa when the input is left. The calendar button opens the browser's own
 * picker on a hidden date input, whose choice is written back as dd/mm/aaaa.
 */
export function DateInput({
  id,
  value,
  onValueChange,
  withTime = false,
  requiredMessage,
  small,
  groupClassName,
  className,
  disabled,
  ...rest
}: Props) {
  const [text, setText] = useState(() => dateText(value, withTime));
  const [left, setLeft] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const feedbackId = useId();
  // The parent may change the value (a form loaded, filters cleared): then its value is shown.
  const shown = valueOf(text, readDate(text, withTime)) === value ? text : dateText(value, withTime);
  const reading = readDate(shown, withTime);
  const error = inputError(reading, left, requiredMessage);

  // Invalid text makes the input invalid for its form: 'Buscar' or 'Guardar' do not submit it.
  const invalid = reading.kind === 'invalid' ? reading.error : '';
  useEffect(() => input.current?.setCustomValidity(invalid), [invalid]);

  const write = (next: string) => {
    setText(next);
    onValueChange(valueOf(next, readDate(next, withTime)));
  };
  const pattern = datePattern(withTime);
  const size = small ? ' form-control-sm' : '';
  const buttonSize = small ? ' btn-sm' : '';

  return (
    <div className={['position-relative', groupClassName ?? ''].join(' ')}>
      <div className={error ? 'input-group has-validation' : 'input-group'}>
        <input
          {...rest}
          ref={input}
          id={id}
          type="text"
          inputMode={withTime ? 'text' : 'numeric'}
          autoComplete="off"
          placeholder={pattern}
          disabled={disabled}
          className={['form-control' + size, error ? 'is-invalid' : '', className ?? ''].filter(Boolean).join(' ')}
          value={shown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? feedbackId : undefined}
          onChange={(e) => write(e.target.value)}
          onBlur={(e) => {
            setLeft(true);
            if (reading.kind === 'date') setText(dateText(reading.iso, withTime));
            rest.onBlur?.(e);
          }}
        />
        <button
          type="button"
          className={'btn btn-outline-secondary' + buttonSize}
          disabled={disabled}
          aria-label="Elegir en el calendario"
          title="Elegir en el calendario"
          onClick={() => {
            if (!openPicker(picker.current)) input.current?.focus();
          }}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
            <path d="M3.5 0a.5.5 0 0 1 .5.5V1h8V.5a.5.5 0 0 1 1 0V1h1a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H2a2 2 0 0 1-2-2V3a2 2 0 0 1 2-2h1V.5a.5.5 0 0 1 .5-.5zM1 4v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V4H1z" />
          </svg>
        </button>
        {error && (
          <div id={feedbackId} className="invalid-feedback">
            {error}
          </div>
        )}
      </div>
      {/* The browser's calendar, opened by the button; never focused nor read aloud. */}
      <input
        ref={picker}
        type={withTime ? 'datetime-local' : 'date'}
        step={withTime === 'seconds' ? 1 : undefined}
        tabIndex={-1}
        aria-hidden="true"
        className="position-absolute bottom-0 start-0 opacity-0 border-0 p-0"
        style={{ width: 1, height: 1, pointerEvents: 'none' }}
        value={reading.kind === 'date' ? reading.iso : ''}
        onChange={(e) => {
          if (e.target.value === '') return;
          const chosen =
            withTime === 'seconds'
              ? e.target.value.slice(0, 19)
              : withTime
                ? e.target.value.slice(0, 16)
                : e.target.value;
          write(dateText(chosen, withTime));
          setLeft(true);
        }}
      />
    </div>
  );
}
