import { useState, type FormEvent } from 'react';
import { localToIsoUtc } from '../lib/dates';
import { DateInput } from '../ui/DateInput';

interface Props {
  /** The date input's id. */
  id: string;
  label: string;
  button: string;
  /** The chosen moment as an ISO instant in UTC. */
  onSubmit: (hasta: string) => void;
  busy?: boolean;
}

/** A moment typed as dd/mm/aaaa hh:mm:ss (the seconds optional) whatever the browser's language,
 * with the calendar button, and its button: asks for something as it stood at that moment. The
 * button waits for a moment that reads as one; a text that does not says why under the input. */
export function AsOfControl({ id, label, button, onSubmit, busy = false }: Props) {
  // `yyyy-MM-ddTHH:mm:ss` in local time, '' when blank, or the text while it is not a moment.
  const [value, setValue] = useState('');
  const hasta = localToIsoUtc(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (hasta) onSubmit(hasta);
  };
  return (
    <form className="row g-2 align-items-end mb-2" onSubmit={submit}>
      <div className="col-auto">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        <DateInput id={id} value={value} onValueChange={setValue} withTime="seconds" />
      </div>
      <div className="col-auto">
        <button type="submit" className="btn btn-outline-primary" disabled={busy || hasta === null}>
          {button}
        </button>
      </div>
    </form>
  );
}
