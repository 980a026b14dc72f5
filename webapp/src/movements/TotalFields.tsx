import { alert } from '../app/alerts';
import { formatPesos, PESOS } from '../lib/money';
import { formatPorcentaje } from '../lib/numbers';
import { NumberInput } from '../ui/NumberInput';
import { MESSAGES, TITLES } from './messages';
import { checkDescuento, DESCUENTO, type MovementForm, type Totales } from './rules';

interface Props {
  form: MovementForm;
  totales: Totales;
  set: (patch: Partial<MovementForm>) => void;
  /** A sale with returns keeps its discount. */
  fixedDescuento?: boolean;
}

/** Before the payments: an ENTRADA's subtotal and discount (checked when it is left) and its
 * total; a SALIDA states its total. */
export function TotalFields({ form, totales: t, set, fixedDescuento = false }: Props) {
  const entrada = form.tipo === 'ENTRADA';

  const commitDescuento = () => {
    const { descuento, problem } = checkDescuento(form.descuento, t.brutoCents);
    set({ descuento });
    if (problem === 'rango') void alert('warning', TITLES.descuento, MESSAGES.descuentoRango);
    if (problem === 'totalCero') void alert('warning', TITLES.descuento, MESSAGES.descuentoTotalCero);
  };

  return (
    <div className="row g-3 mb-4 align-items-end">
      {entrada && (
        <>
          <div className="col-md-3">
            <label htmlFor="subtotal" className="form-label d-block">
              Subtotal
            </label>
            <output id="subtotal" className="fs-5">
              {formatPesos(t.brutoCents)}
            </output>
          </div>
          <div className="col-md-3">
            <label htmlFor="descuento" className="form-label">
              Descuento (%)
            </label>
            <NumberInput
              id="descuento"
              rule={DESCUENTO}
              show={formatPorcentaje}
              value={form.descuento}
              disabled={fixedDescuento}
              onValueChange={(descuento) => set({ descuento })}
              onBlur={fixedDescuento ? undefined : commitDescuento}
            />
          </div>
        </>
      )}
      <div className="col-md-3">
        <label htmlFor="total" className="form-label">
          Total
        </label>
        {form.tipo === 'SALIDA' ? (
          <NumberInput
            id="total"
            rule={PESOS}
            show={formatPesos}
            value={form.totalSalida}
            onValueChange={(totalSalida) => set({ totalSalida })}
          />
        ) : (
          <output id="total" className="fs-5 d-block fw-bold">
            {formatPesos(t.totalCents)}
          </output>
        )}
      </div>
    </div>
  );
}
