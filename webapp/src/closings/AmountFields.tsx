import type { CajaMetodo } from '../api/closings';
import { Field } from '../ui/fields';
import { PesosInput } from '../ui/NumberInput';
import { conPlanes, lineaKey, lineaNombre, type Montos } from './rules';

interface Props {
  /** Prefix of the inputs' ids: `${idPrefix}-${lineaKey}` ('contado-2', 'contado-2-cuotas-6'). */
  idPrefix: string;
  /** The lines, in the day's order: a card's plans right after its own line. */
  metodos: CajaMetodo[];
  value: Montos;
  onChange: (value: Montos) => void;
  /** Shown once a method's own input was left blank (a plan's may stay blank: its card counted whole). */
  requiredMessage?: string;
  /** Said over a card's lines when it has plans: how it may be counted. */
  planesHint?: (metodo: string) => string;
}

/** The lines in groups: a method alone, or a card with its plans. */
function grupos(metodos: CajaMetodo[]): CajaMetodo[][] {
  const out: CajaMetodo[][] = [];
  for (const m of metodos) {
    const last = out.at(-1);
    if (m.cuotas != null && last?.[0].metodoPagoId === m.metodoPagoId) last.push(m);
    else out.push([m]);
  }
  return out;
}

/** One amount per line, read as people type money ('1.234,56'). A card with plans takes a whole
 * row, its own line and its plans side by side (one under the other on a phone), under the hint. */
export function AmountFields({ idPrefix, metodos, value, onChange, requiredMessage, planesHint }: Props) {
  const field = (m: CajaMetodo, describedBy?: string) => {
    const key = lineaKey(m);
    const id = `${idPrefix}-${key}`;
    return (
      <Field id={id} label={lineaNombre(m)} className="col-sm-6 col-lg-4" key={key}>
        <PesosInput
          id={id}
          value={value[key] ?? ''}
          onValueChange={(text) => onChange({ ...value, [key]: text })}
          requiredMessage={m.cuotas == null ? requiredMessage : undefined}
          placeholder="0,00"
          aria-describedby={describedBy}
        />
      </Field>
    );
  };
  return (
    <div className="row g-3">
      {grupos(metodos).map((grupo) => {
        const [own] = grupo;
        if (!planesHint || !conPlanes(grupo, own)) return grupo.map((m) => field(m));
        const hintId = `${idPrefix}-${lineaKey(own)}-planes`;
        return (
          <div className="col-12" key={lineaKey(own)}>
            <p className="form-text mt-0 mb-2" id={hintId}>
              {planesHint(own.metodoPago)}
            </p>
            <div className="row g-3">{grupo.map((m, i) => field(m, i === 0 ? hintId : undefined))}</div>
          </div>
        );
      })}
    </div>
  );
}
