import type { MotivoPrecio } from '../api/movements';
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
  /** Admins may sell below what a seller may charge, with a reason from the list. */
  admin?: boolean;
}

/** The server's reasons for a price below the floor, as people read them. */
const MOTIVOS: [MotivoPrecio, string][] = [
  ['GARANTIA', 'Garantía'],
  ['CORTESIA', 'Cortesía'],
  ['CAMBIO', 'Cambio de producto'],
  ['PROMOCION', 'Promoción'],
  ['ERROR_DE_LISTA', 'Error en el precio de lista'],
];

/** Before the payments: an ENTRADA's subtotal and discount (checked when it is left) and its
 * total; a SALIDA states its total. */
export function TotalFields({ form, totales: t, set, fixedDescuento = false, admin = false }: Props) {
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
          {admin && (
            <div className="col-md-3">
              <label htmlFor="motivoPrecio" className="form-label">
                Motivo del precio
              </label>
              <select
                id="motivoPrecio"
                className="form-select"
                value={form.motivoPrecio}
                onChange={(e) => set({ motivoPrecio: e.target.value as MotivoPrecio | '' })}
              >
                <option value="">Precio de lista</option>
                {MOTIVOS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          )}
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
