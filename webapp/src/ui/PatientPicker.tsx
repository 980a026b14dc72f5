import { useState, type FormEvent } from 'react';
import { handledElsewhere } from '../api/base';
import { useLazySearchPacientesQuery, type Paciente } from '../api/patients';
import { alert } from '../app/alerts';
import { SearchBox } from './SearchBox';

/** The feature's words for a search that failed or found nobody. */
export interface PatientPickerTexts {
  error: string;
  busquedaFallo: string;
  sinResultados: string;
  pacienteSinResultados: string;
}

/** The search's words from a feature's TITLES (error, sinResultados) and MESSAGES. */
export const pickerTexts = (
  titles: { error: string; sinResultados: string },
  messages: { pacienteBusquedaFallo: string; pacienteSinResultados: string },
): PatientPickerTexts => ({
  error: titles.error,
  busquedaFallo: messages.pacienteBusquedaFallo,
  sinResultados: titles.sinResultados,
  pacienteSinResultados: messages.pacienteSinResultados,
});

interface Props {
  paciente: Paciente | null;
  onChange: (paciente: Paciente | null) => void;
  texts: PatientPickerTexts;
  /** The search input's id and the chosen patient's test id (each screen has its own). */
  inputId: string;
  testId: string;
}

/** A patient chosen by name: the chosen one with 'Quitar paciente', or a search by name (first
 * page of matches, as the patient screens search) to choose from. The movement form and the
 * customer balances use it. */
export function PatientPicker({ paciente, onChange, texts, inputId, testId }: Props) {
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
      if (!handledElsewhere(result.error)) void alert('error', texts.error, texts.busquedaFallo);
      return;
    }
    if ((result.data?.content.length ?? 0) === 0) {
      void alert('info', texts.sinResultados, texts.pacienteSinResultados);
    }
  };
  const elegir = (p: Paciente) => {
    onChange(p);
    setShown(false);
    setText('');
  };

  if (paciente) {
    return (
      <div className="d-flex flex-wrap align-items-center gap-2" data-testid={testId}>
        <span>
          Paciente: <strong>{paciente.nombreCompleto}</strong> (ficha {paciente.ficha})
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
          inputId={inputId}
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
                onClick={() => elegir(p)}
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
