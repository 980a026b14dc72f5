import { useState, type FormEvent } from 'react';
import { handledElsewhere } from '../api/base';
import { useLazySearchPacientesQuery } from '../api/patients';
import { alert } from '../app/alerts';
import { SearchBox } from '../ui/SearchBox';
import { MESSAGES, TITLES } from './messages';

export interface Elegido {
  id: number;
  nombre: string;
}

interface Props {
  value: Elegido | null;
  onChange: (paciente: Elegido | null) => void;
}

/** The patient filter: a search by name as the patient screens do it (first page of matches)
 * to choose from, or the chosen one with 'Quitar paciente'. */
export function PatientChooser({ value, onChange }: Props) {
  const [text, setText] = useState('');
  const [search, found] = useLazySearchPacientesQuery();
  const [shown, setShown] = useState(false);
  const matches = shown ? (found.currentData?.content ?? []) : [];

  const buscar = async (e: FormEvent) => {
    e.preventDefault();
    const nombre = text.trim();
    if (!nombre) return;
    setShown(true);
    const result = await search({ by: 'nombre', text: nombre, page: 0 });
    if (result.error) {
      if (!handledElsewhere(result.error)) void alert('error', TITLES.error, MESSAGES.pacienteBusquedaFallo);
      return;
    }
    if ((result.data?.content.length ?? 0) === 0) {
      void alert('info', TITLES.sinResultados, MESSAGES.pacienteSinResultados);
    }
  };

  if (value) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-2" data-testid="paciente-elegido">
        <span>
          Paciente: <strong>{value.nombre}</strong>
        </span>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => onChange(null)}>
          Quitar paciente
        </button>
      </div>
    );
  }
  return (
    <div>
      <div className="row">
        <SearchBox
          label="Buscar paciente por nombre"
          inputId="saldoPaciente"
          value={text}
          onChange={setText}
          onSubmit={buscar}
          requireText
        />
      </div>
      {matches.length > 0 && (
        <ul className="list-group mt-2" aria-label="Pacientes encontrados">
          {matches.map((p) => (
            <li className="list-group-item d-flex flex-wrap align-items-center gap-2" key={p.id}>
              <span className="me-auto">
                {p.nombreCompleto} (ficha {p.ficha}){p.documento ? ` — ${p.documento}` : ''}
              </span>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                aria-label={`Seleccionar ${p.nombreCompleto}`}
                onClick={() => {
                  onChange({ id: p.id, nombre: p.nombreCompleto });
                  setShown(false);
                  setText('');
                }}
              >
                Seleccionar
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
