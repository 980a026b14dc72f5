import { PERCENT, formatPorcentaje, WHOLE } from '../lib/numbers';
import { CheckField } from '../ui/fields';
import { NumberInput, PesosInput } from '../ui/NumberInput';
import { LABELS, MAX_VALIDEZ_DIAS } from './messages';
import { porcentajeCheck, resumenDeForm, topeCheck, validezCheck, type CoberturaForm, type PlanForm } from './rules';

interface Props {
  plan: PlanForm;
  /** One-based position in the list: names the card ('Plan 2') and its inputs' ids. */
  position: number;
  onChange: (plan: PlanForm) => void;
  onRemove: () => void;
}

type Que = 'cristales' | 'armazones';

/**
 * One plan of an obra social, as a card: its name, what it covers of lenses and of frames (a
 * percentage, a cap in pesos, both, or neither), whether it asks for a prescription and for how
 * many days one stays valid. Its inputs' ids are `plan-{position}-…`; their labels repeat on every
 * card, so the card (a group named 'Plan N') tells them apart.
 */
export function PlanCard({ plan, position, onChange, onRemove }: Props) {
  const id = (name: string) => `plan-${position}-${name}`;
  const set = (patch: Partial<PlanForm>) => onChange({ ...plan, ...patch });
  const setCobertura = (que: Que, patch: Partial<CoberturaForm>) => set({ [que]: { ...plan[que], ...patch } });

  const cobertura = (que: Que) => (
    <>
      <div className="col-6 col-md-3 col-lg-2">
        <label htmlFor={id(`${que}-porcentaje`)} className="form-label small mb-1">
          {LABELS[que].porcentaje}
        </label>
        <NumberInput
          id={id(`${que}-porcentaje`)}
          small
          rule={PERCENT}
          show={formatPorcentaje}
          check={porcentajeCheck}
          value={plan[que].porcentaje}
          onValueChange={(porcentaje) => setCobertura(que, { porcentaje })}
        />
      </div>
      <div className="col-6 col-md-3 col-lg-2">
        <label htmlFor={id(`${que}-tope`)} className="form-label small mb-1">
          {LABELS[que].tope}
        </label>
        <PesosInput
          id={id(`${que}-tope`)}
          small
          check={topeCheck}
          value={plan[que].tope}
          onValueChange={(tope) => setCobertura(que, { tope })}
        />
      </div>
    </>
  );

  return (
    <fieldset className="card mb-3" aria-label={`Plan ${position}`} data-testid={`plan-${position}`}>
      <div className="card-header d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">Plan {position}</span>
        <button type="button" className="btn btn-outline-danger btn-sm ms-auto" onClick={onRemove}>
          Quitar plan
        </button>
      </div>
      <div className="card-body">
        <div className="row g-2">
          <div className="col-12 col-lg-4">
            <label htmlFor={id('nombre')} className="form-label small mb-1">
              {LABELS.nombre}
            </label>
            <input
              id={id('nombre')}
              className="form-control form-control-sm"
              autoComplete="off"
              value={plan.nombre}
              onChange={(e) => set({ nombre: e.target.value })}
            />
          </div>
          {cobertura('cristales')}
          {cobertura('armazones')}
        </div>
        <div className="row g-2 mt-1 align-items-end">
          <div className="col-6 col-md-3 col-lg-4 pb-1">
            <CheckField
              id={id('requiere-receta')}
              label={LABELS.requiereReceta}
              checked={plan.requiereReceta}
              onChange={(requiereReceta) => set({ requiereReceta })}
            />
          </div>
          <div className="col-6 col-md-3 col-lg-3">
            <label htmlFor={id('validez')} className="form-label small mb-1">
              {LABELS.validez}
            </label>
            <NumberInput
              id={id('validez')}
              small
              rule={WHOLE}
              check={validezCheck}
              placeholder="Sin límite"
              aria-describedby={id('validez-ayuda')}
              value={plan.validez}
              onValueChange={(validez) => set({ validez })}
            />
            <div id={id('validez-ayuda')} className="visually-hidden">
              De 1 a {MAX_VALIDEZ_DIAS} días; vacío, una receta de cualquier fecha.
            </div>
          </div>
        </div>
        <p className="small text-muted mb-0 mt-2" data-testid={`plan-${position}-resumen`}>
          {resumenDeForm(plan)}
        </p>
      </div>
    </fieldset>
  );
}
