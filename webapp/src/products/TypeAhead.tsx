import { useId, useState } from 'react';
import type { NamedRef } from '../api/products';
import { matches } from './rules';

const MAX_SUGGESTIONS = 8;

interface Props {
  label: string;
  items: NamedRef[];
  value: NamedRef | null;
  onChange: (item: NamedRef | null) => void;
}

/** A text box that suggests matching names; a name counts only once picked from the list. */
export function TypeAhead({ label, items, value, onChange }: Props) {
  const id = useId();
  const [text, setText] = useState(value?.nombre ?? '');
  const suggestions =
    text.trim() && value?.nombre !== text ? items.filter((i) => matches(i.nombre, text)).slice(0, MAX_SUGGESTIONS) : [];

  const type = (next: string) => {
    setText(next);
    if (value) onChange(null);
  };
  const pick = (item: NamedRef) => {
    setText(item.nombre);
    onChange({ id: item.id, nombre: item.nombre });
  };

  return (
    <div className="position-relative">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        className="form-control"
        autoComplete="off"
        placeholder="Todos"
        value={text}
        onChange={(e) => type(e.target.value)}
      />
      {suggestions.length > 0 && (
        <ul
          className="list-group position-absolute w-100 shadow"
          style={{ zIndex: 10 }}
          aria-label={`Sugerencias de ${label}`}
        >
          {suggestions.map((s) => (
            <li className="list-group-item list-group-item-action p-0" key={s.id}>
              <button
                type="button"
                className="btn btn-link w-100 text-start text-decoration-none"
                onClick={() => pick(s)}
              >
                {s.nombre}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
