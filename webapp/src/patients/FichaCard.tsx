import { useId } from 'react';
import type { Ojo, TipoVision } from '../api/patients';
import {
  GRAD_FIELDS,
  OJOS,
  gradIndex,
  normaliseFichaNumber,
  normaliseGrad,
  removeCristal,
  setFichaNumber,
  setGraduacion,
  type FichaForm,
  type FichaNumberField,
  type GradField,
  type MedidaField,
} from './rules';

const GRAD_LABELS: Record<GradField, string> = { esferico: 'Esférico', cilindrico: 'Cilíndrico', eje: 'Eje' };
const OJO_LABELS: Record<Ojo, string> = { DERECHO: 'Derecho', IZQUIERDO: 'Izquierdo' };
const VISION: Record<TipoVision, { title: string; word: string }> = {
  LEJOS: { title: 'Visión de lejos', word: 'lejos' },
  CERCA: { title: 'Visión de cerca', word: 'cerca' },
};

const MEDIDA_LABELS: Record<MedidaField, string> = {
  dnpDerecho: 'DNP derecho',
  dnpIzquierdo: 'DNP izquierdo',
  alturaPupilarDerecho: 'Altura pupilar derecho',
  alturaPupilarIzquierdo: 'Altura pupilar izquierdo',
  alturaPelicula: 'Altura película',
  puente: 'Puente',
  diagonalMayor: 'Diagonal mayor',
  largo: 'Largo',
  alturaArmazon: 'Altura armazón',
};
const MEDIDA_ORDER = Object.keys(MEDIDA_LABELS) as MedidaField[];

/** The accessible name of a graduation input, e.g. "Esférico lejos derecho". */
export const gradLabel = (field: GradField, tipo: TipoVision, ojo: Ojo) =>
  `${GRAD_LABELS[field]} ${VISION[tipo].word} ${OJO_LABELS[ojo].toLowerCase()}`;

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
  const numberInput = (field: FichaNumberField, label: string) => (
    <div className="col-6 col-md-4 col-lg-3" key={field}>
      <label htmlFor={`${id}-${field}`} className="form-label small mb-1">
        {label}
      </label>
      <input
        id={`${id}-${field}`}
        className="form-control form-control-sm"
        inputMode="decimal"
        autoComplete="off"
        value={ficha[field]}
        onChange={(e) => onChange(setFichaNumber(ficha, field, e.target.value))}
        onBlur={(e) => {
          const text = normaliseFichaNumber(field, e.target.value);
          if (text !== e.target.value) onChange(setFichaNumber(ficha, field, text));
        }}
      />
    </div>
  );

  const table = (tipo: TipoVision) => (
    <div className="col-md-6" key={tipo}>
      <table className="table table-sm table-bordered align-middle mb-2">
        <caption className="caption-top fw-semibold text-body">{VISION[tipo].title}</caption>
        <thead className="table-light">
          <tr>
            <th scope="col">Ojo</th>
            {GRAD_FIELDS.map((f) => (
              <th scope="col" key={f}>
                {GRAD_LABELS[f]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {OJOS.map((ojo) => {
            const g = ficha.graduaciones[gradIndex(ojo, tipo)];
            return (
              <tr key={ojo}>
                <th scope="row">{OJO_LABELS[ojo]}</th>
                {GRAD_FIELDS.map((field) => (
                  <td key={field}>
                    <input
                      className="form-control form-control-sm"
                      inputMode="decimal"
                      autoComplete="off"
                      aria-label={gradLabel(field, tipo, ojo)}
                      value={g[field]}
                      onChange={(e) => onChange(setGraduacion(ficha, ojo, tipo, field, e.target.value))}
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
        <label htmlFor={`${id}-fecha`} className="ms-auto small">
          Fecha
        </label>
        <input
          id={`${id}-fecha`}
          type="date"
          required
          className={`form-control form-control-sm w-auto${ficha.fecha ? '' : ' is-invalid'}`}
          value={ficha.fecha}
          onChange={(e) => onChange({ ...ficha, fecha: e.target.value })}
          onBlur={onDateCommit}
        />
      </div>
      <div className="card-body">
        <div className="row g-3">{(['LEJOS', 'CERCA'] as const).map(table)}</div>
        <div className="row g-2 mb-3">
          {numberInput('adicionDerecho', 'Adición derecho')}
          {numberInput('adicionIzquierdo', 'Adición izquierdo')}
        </div>
        <div className="row g-2 mb-3">{MEDIDA_ORDER.map((f) => numberInput(f, MEDIDA_LABELS[f]))}</div>
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
                  <td>{c.nombre ?? ''}</td>
                  <td>{c.fecha ?? ''}</td>
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
