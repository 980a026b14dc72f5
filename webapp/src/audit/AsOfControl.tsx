import { useState, type FormEvent } from 'react';
import { localToIsoUtc } from '../lib/dates';
import { MESSAGES } from './messages';

interface Props {
  /** The datetime-local input's id. */
  id: string;
  label: string;
  button: string;
  /** The chosen moment as an ISO instant in UTC. */
  onSubmit: (hasta: string) => void;
  busy?: boolean;
}

/** A datetime-local input and its button: asks for something as it stood at that moment. */
export function AsOfControl({ id, label, button, onSubmit, busy = false }: Props) {
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const hasta = localToIsoUtc(value);
    setInvalid(hasta === null);
    if (hasta) onSubmit(hasta);
  };
  return (
    <form className="row g-2 align-items-end mb-2" onSubmit={submit}>
      <div className="col-auto">
        <label htmlFor={id} className="form-label">
          {label}
        </label>
        <input
          id={id}
          type="datetime-local"
          step={1}
          className={`form-control${invalid ? ' is-invalid' : ''}`}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        {invalid && <div className="invalid-feedback">{MESSAGES.momentoInvalido}</div>}
      </div>
      <div className="col-auto">
        <button type="submit" className="btn btn-outline-primary" disabled={busy || value === ''}>
          {button}
        </button>
      </div>
    </form>
  );
}
