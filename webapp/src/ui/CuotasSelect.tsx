import { planNombre, type PlanPago } from '../lib/cuotas';

/** An option's value: a plan is its cuotas at its rate (a saved payment keeps the rate it was
 * charged at, which may no longer be the day's). */
const keyOf = (plan: PlanPago) => `${plan.cuotas}-${plan.recargo}`;

interface Props {
  id: string;
  /** The select's name when no label points to it ('Cuotas 1'). */
  'aria-label'?: string;
  /** The plans the payment's method offers on its day, by cuotas. */
  planes: PlanPago[];
  /** The plan chosen; null: no plan, the amount charged is typed. */
  value: PlanPago | null;
  onChange: (plan: PlanPago | null) => void;
  /** Bootstrap's small select (a table's cell). */
  small?: boolean;
  disabled?: boolean;
}

/**
 * A payment's plan in cuotas: 'Sin cuotas', then the method's plans ('1 pago', '3 cuotas sin
 * interés', '6 cuotas (10 % de recargo)'). The plan a payment was saved with stays offered when
 * the day's list lost it. Nothing is shown for a method without plans.
 */
export function CuotasSelect({ id, planes, value, onChange, small = false, disabled, ...rest }: Props) {
  const offered = (value && !planes.some((p) => keyOf(p) === keyOf(value)) ? [...planes, value] : planes)
    .slice()
    .sort((a, b) => a.cuotas - b.cuotas || a.recargo - b.recargo);
  if (offered.length === 0) return null;
  return (
    <select
      id={id}
      aria-label={rest['aria-label']}
      className={small ? 'form-select form-select-sm' : 'form-select'}
      value={value ? keyOf(value) : ''}
      disabled={disabled}
      onChange={(e) => onChange(offered.find((p) => keyOf(p) === e.target.value) ?? null)}
    >
      <option value="">Sin cuotas</option>
      {offered.map((p) => (
        <option key={keyOf(p)} value={keyOf(p)}>
          {planNombre(p)}
        </option>
      ))}
    </select>
  );
}
