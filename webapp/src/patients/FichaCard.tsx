import { useId } from 'react';
import type { TipoVision } from '../api/patients';
import { formatFecha } from '../lib/dates';
import { NumberInput } from '../ui/NumberInput';
import { DateInput } from '../ui/DateInput';
import { LABELS } from './messages';
import {
  GRAD_FIELDS,
  MEDIDAS,
  OJOS,
  gradIndex,
  gradLabel,
  normaliseFichaNumber,
  normaliseGrad,
  removeCristal,
  setFichaNumber,
  setGraduacion,
  type FichaForm,
  type FichaNumberField,
} from './ficha';
import { PRESCRIPCION } from './prescription';

interface Props {
  ficha: FichaForm;
  /** One-based position in the list (1 = newest). */
  position: number;
  onChange: (next: FichaForm) => void;
  /** The date input was left: the list re-sorts newest first. */
  onDateCommit: () => void;
}

/** One prescription record: date, far and near tables per eye, additions, measures and lenses.
 * Numbers are kept as typed and normalised when an input is left. */
export function FichaCard({ ficha, position, onChange, onDateCommit }: Props) {
  const id = useId();
  const numberInput = (field: FichaNumberField) => (
    <div className="col-6 col-md-4 col-lg-3" key={field}>
      <label htmlFor={`${id}-${field}`} className="form-label small mb-1">
        {LABELS.numero[field]}
      </label>
      <NumberInput
        id={`${id}-${field}`}
        small
        rule={PRESCRIPCION}
        value={ficha[field]}
        onValueChange={(text) => onChange(setFichaNumber(ficha, field, text))}
        onBlur={(e) => {
          const text = normaliseFichaNumber(field, e.target.value);
          if (text !== e.target.value) onChange(setFichaNumber(ficha, field, text));
        }}
      />
    </div>
  );

  const table = (tipo: TipoVision) => (
    <div className="col-lg-6" key={tipo}>
      <table className="table table-sm table-bordered align-middle mb-2">
        <caption className="caption-top fw-semibold text-body">{LABELS.vision[tipo].title}</caption>
        <thead className="table-light">
          <tr>
            <th scope="col">Ojo</th>
            {GRAD_FIELDS.map((f) => (
              <th scope="col" key={f}>
                {LABELS.grad[f]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {OJOS.map((ojo) => {
            const g = ficha.graduaciones[gradIndex(ojo, tipo)];
            return (
              <tr key={ojo}>
                <th scope="row">{LABELS.ojo[ojo]}</th>
                {GRAD_FIELDS.map((field) => (
                  <td key={field}>
                    <NumberInput
                      small
                      rule={PRESCRIPCION}
                      style={{ minWidth: '3.75rem' }}
                      aria-label={gradLabel(field, tipo, ojo)}
                      value={g[field]}
                      onValueChange={(text) => onChange(setGraduacion(ficha, ojo, tipo, field, text))}
                      onBlur={(e) => {
                        const text = normaliseGrad(field, e.target.value);
                        if (text !== e.target.value) onChange(setGraduacion(ficha, ojo, tipo, field, text));
                      }}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );

  return (
    <fieldset className="card mb-3" aria-label={`Ficha de graduación ${position}`}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">Ficha de graduación</span>
        {/* The label stays beside its date when a phone wraps the header. */}
        <div className="ms-auto d-flex align-items-center gap-2">
          <label htmlFor={`${id}-fecha`} className="small">
            Fecha
          </label>
          <DateInput
            id={`${id}-fecha`}
            required
            small
            groupClassName="w-auto"
            style={{ width: '8.5rem' }}
            className={ficha.fecha ? undefined : 'is-invalid'}
            value={ficha.fecha}
            onValueChange={(fecha) => onChange({ ...ficha, fecha })}
            onBlur={onDateCommit}
          />
        </div>
      </div>
      <div className="card-body">
        <div className="row g-3">{(['LEJOS', 'CERCA'] as const).map(table)}</div>
        <div className="row g-2 mb-3">
          {numberInput('adicionDerecho')}
          {numberInput('adicionIzquierdo')}
        </div>
        <div className="row g-2 mb-3">{MEDIDAS.map(numberInput)}</div>
        <h3 className="fs-6 fw-semibold">Cristales</h3>
        {ficha.cristales.length === 0 ? (
          <p className="text-muted small mb-0">Sin cristales registrados.</p>
        ) : (
          <table className="table table-sm align-middle mb-0" aria-label="Cristales">
            <thead>
              <tr>
                <th scope="col">Nombre</th>
                <th scope="col">Fecha</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {ficha.cristales.map((c, i) => (
                <tr key={c.id ?? `nuevo-${i}`}>
                  <td>
                    {c.nombre ?? ''}
                    {c.devolucionId != null && <span className="text-muted small"> (devuelto)</span>}
                  </td>
                  <td>{c.fecha ? formatFecha(c.fecha) : ''}</td>
                  <td className="text-end">
                    <button
                      type="button"
                      className="btn btn-outline-danger btn-sm"
                      onClick={() => onChange(removeCristal(ficha, i))}
                    >
                      Eliminar
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </fieldset>
  );
}
