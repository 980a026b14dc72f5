import type { FormEvent } from 'react';

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (e: FormEvent) => void;
  /** Disables 'Buscar' while the text is blank (the patient searches, spec 001 section 2). */
  requireText?: boolean;
  inputId?: string;
}

/** One labelled search field with its 'Buscar' button, submitted as a form. */
export function SearchBox({ label, value, onChange, onSubmit, requireText = false, inputId }: Props) {
  return (
    <form className="col-md-4" role="search" aria-label={label} onSubmit={onSubmit}>
      <div className="input-group">
        <input
          id={inputId}
          className="form-control"
          placeholder={label}
          aria-label={label}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={requireText && value.trim() === ''}>
          Buscar
        </button>
      </div>
    </form>
  );
}
