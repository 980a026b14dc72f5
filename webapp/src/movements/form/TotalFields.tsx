import type { MotivoPrecio } from '../../api/movements';
import { alert } from '../../app/alerts';
import { formatPesos } from '../../lib/money';
import { formatPorcentaje } from '../../lib/numbers';
import { Field, SelectField, type Option } from '../../ui/fields';
import { NumberInput, PesosInput } from '../../ui/NumberInput';
import { Figure } from './Balance';
import { MESSAGES, TITLES } from './messages';
import { type MovementForm } from './rules';
import { checkDescuento, DESCUENTO, descuentoEnRango, type Totales } from './totals';

interface Props {
  form: MovementForm;
  totales: Totales;
  set: (patch: Partial<MovementForm>) => void;
  /** A sale with returns keeps its discount. */
  fixedDescuento?: boolean;
  /** Admins may sell below what a seller may charge, with a reason from the list. */
  admin?: boolean;
}

/** The server's reasons for a price below the floor, as people read them, after the list price. */
const MOTIVOS: Option<MotivoPrecio | ''>[] = [
  { value: '', label: 'Precio de lista' },
  { value: 'GARANTIA', label: 'Garantía' },
  { value: 'CORTESIA', label: 'Cortesía' },
  { value: 'CAMBIO', label: 'Cambio de producto' },
  { value: 'PROMOCION', label: 'Promoción' },
  { value: 'ERROR_DE_LISTA', label: 'Error en el precio de lista' },
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
          <Figure id="subtotal" label="Subtotal" className="col-md-3" cents={t.brutoCents} />
          <Field id="descuento" label="Descuento (%)" className="col-md-3">
            <NumberInput
              id="descuento"
              rule={DESCUENTO}
              show={formatPorcentaje}
              value={form.descuento}
              check={(units) => (descuentoEnRango(units) ? null : MESSAGES.descuentoRango)}
              disabled={fixedDescuento}
              onValueChange={(descuento) => set({ descuento })}
              onBlur={fixedDescuento ? undefined : commitDescuento}
            />
          </Field>
          {admin && (
            <SelectField<MotivoPrecio | ''>
              id="motivoPrecio"
              label="Motivo del precio"
              className="col-md-3"
              value={form.motivoPrecio}
              onChange={(motivoPrecio) => set({ motivoPrecio })}
              options={MOTIVOS}
            />
          )}
        </>
      )}
      <Field id="total" label="Total" className="col-md-3">
        {form.tipo === 'SALIDA' ? (
          <PesosInput id="total" value={form.totalSalida} onValueChange={(totalSalida) => set({ totalSalida })} />
        ) : (
          <output id="total" className="fs-5 d-block fw-bold">
            {formatPesos(t.totalCents)}
          </output>
        )}
      </Field>
    </div>
  );
}
