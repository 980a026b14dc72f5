import type { CajaMetodo } from '../api/closings';
import { Field } from '../ui/fields';
import { PesosInput } from '../ui/NumberInput';
import type { Montos } from './rules';

interface Props {
  /** Prefix of the inputs' ids: `${idPrefix}-${metodoPagoId}`. */
  idPrefix: string;
  metodos: CajaMetodo[];
  value: Montos;
  onChange: (value: Montos) => void;
  /** Shown once an input was left blank. */
  requiredMessage?: string;
}

/** One amount per payment method, read as people type money ('1.234,56'). */
export function AmountFields({ idPrefix, metodos, value, onChange, requiredMessage }: Props) {
  return (
    <div className="row g-3">
      {metodos.map((m) => {
        const id = `${idPrefix}-${m.metodoPagoId}`;
        return (
          <Field id={id} label={m.metodoPago} className="col-sm-6 col-lg-4" key={m.metodoPagoId}>
            <PesosInput
              id={id}
              value={value[m.metodoPagoId] ?? ''}
              onValueChange={(text) => onChange({ ...value, [m.metodoPagoId]: text })}
              requiredMessage={requiredMessage}
              placeholder="0,00"
            />
          </Field>
        );
      })}
    </div>
  );
}
