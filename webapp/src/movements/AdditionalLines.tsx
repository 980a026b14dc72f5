import { useState } from 'react';
import { formatPesos, PESOS } from '../lib/money';
import { NumberInput } from '../ui/NumberInput';
import { addAdicional, canAddAdicional, removeAdicional, type MovementForm } from './rules';

interface Props {
  form: MovementForm;
  onChange: (form: MovementForm) => void;
  /** A sale with returns keeps its additional lines (returns name them by position). */
  readOnly?: boolean;
}

/** The additional lines of an ENTRADA (lenses, work): a description and an amount each. */
export function AdditionalLines({ form, onChange, readOnly = false }: Props) {
  const [descripcion, setDescripcion] = useState('');
  const [subtotal, setSubtotal] = useState('');
  const ready = canAddAdicional(descripcion, subtotal);

  const agregar = () => {
    if (!ready) return;
    onChange(addAdicional(form, descripcion, subtotal));
    setDescripcion('');
    setSubtotal('');
  };

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Detalles adicionales</legend>
      {!readOnly && (
        <div className="row g-2 align-items-end mb-2">
          <div className="col-md-6">
            <label htmlFor="adicionalDescripcion" className="form-label">
              Descripción del detalle
            </label>
            <input
              id="adicionalDescripcion"
              className="form-control"
              value={descripcion}
              onChange={(e) => setDescripcion(e.target.value)}
            />
          </div>
          <div className="col-md-3">
            <label htmlFor="adicionalSubtotal" className="form-label">
              Subtotal del detalle
            </label>
            <NumberInput
              id="adicionalSubtotal"
              rule={PESOS}
              show={formatPesos}
              value={subtotal}
              onValueChange={setSubtotal}
            />
          </div>
          <div className="col-md-3">
            <button type="button" className="btn btn-outline-primary" disabled={!ready} onClick={agregar}>
              Agregar detalle
            </button>
          </div>
        </div>
      )}
      {form.adicionales.length > 0 && (
        <table className="table table-sm align-middle" aria-label="Detalles adicionales">
          <thead>
            <tr>
              <th>Descripción</th>
              <th>Subtotal</th>
              {!readOnly && <th />}
            </tr>
          </thead>
          <tbody>
            {form.adicionales.map((a) => (
              <tr key={a.key}>
                <td>{a.descripcion}</td>
                <td>{formatPesos(a.subtotalCents)}</td>
                {!readOnly && (
                  <td>
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      aria-label={`Quitar ${a.descripcion}`}
                      onClick={() => onChange(removeAdicional(form, a.key))}
                    >
                      Quitar
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </fieldset>
  );
}
