import { formatPesos } from '../../lib/money';
import type { Totales } from './totals';

interface FigureProps {
  id: string;
  label: string;
  /** The figure's column, when it has one. */
  className?: string;
  cents: number;
  /** Shown in bold (what is owed). */
  bold?: boolean;
}

/** An amount the form works out, not typed: its label above it. */
export function Figure({ id, label, className, cents, bold = false }: FigureProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label d-block">
        {label}
      </label>
      <output id={id} className={bold ? 'fs-5 fw-bold' : 'fs-5'}>
        {formatPesos(cents)}
      </output>
    </div>
  );
}

/** After the payments: what was charged (surcharges included) and what is still owed. */
export function Balance({ totales: t }: { totales: Totales }) {
  return (
    <div className="d-flex flex-wrap gap-4 mb-4">
      <Figure id="totalImpuesto" label="Total cobrado (con recargo)" cents={t.cobradoCents} />
      <Figure id="deuda" label="Deuda" cents={t.deudaCents} bold />
    </div>
  );
}
