import { formatPesos } from '../lib/money';
import type { Totales } from './rules';

/** After the payments: what was charged (surcharges included) and what is still owed. */
export function Balance({ totales: t }: { totales: Totales }) {
  return (
    <div className="d-flex flex-wrap gap-4 mb-4">
      <div>
        <label htmlFor="totalImpuesto" className="form-label d-block">
          Total cobrado (con recargo)
        </label>
        <output id="totalImpuesto" className="fs-5">
          {formatPesos(t.cobradoCents)}
        </output>
      </div>
      <div>
        <label htmlFor="deuda" className="form-label d-block">
          Deuda
        </label>
        <output id="deuda" className="fs-5 fw-bold">
          {formatPesos(t.deudaCents)}
        </output>
      </div>
    </div>
  );
}
