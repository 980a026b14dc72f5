import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useListLookupQuery } from '../api/lookups';
import { DateInput } from '../ui/DateInput';
import { SendButton } from '../ui/SubmitButton';
import { MESSAGES } from './messages';
import type { Orden } from './rules';

/** What the lab is told: the lab, the promised day (dd/mm/aaaa), the tray and the notes. `prefix`
 * keeps the ids apart when two forms could meet on a page. */
export function OrderFields({
  orden,
  onChange,
  prefix,
}: {
  orden: Orden;
  onChange: (change: Partial<Orden>) => void;
  prefix: string;
}) {
  const { data: laboratorios = [], isSuccess } = useListLookupQuery('/api/laboratorio');
  return (
    <div className="row g-2 mb-2">
      <div className="col-sm-6 col-lg-3">
        <label htmlFor={`${prefix}Laboratorio`} className="form-label">
          Laboratorio
        </label>
        <select
          id={`${prefix}Laboratorio`}
          className="form-select"
          value={orden.laboratorioId}
          onChange={(e) => onChange({ laboratorioId: Number(e.target.value) })}
        >
          <option value={0}>Elegí el laboratorio</option>
          {laboratorios.map((l) => (
            <option key={l.id} value={l.id}>
              {l.nombre}
            </option>
          ))}
        </select>
        {isSuccess && laboratorios.length === 0 && <p className="small text-muted mb-0">{MESSAGES.sinLaboratorios}</p>}
      </div>
      <div className="col-sm-6 col-lg-3">
        <label htmlFor={`${prefix}Prometido`} className="form-label">
          Prometido para
        </label>
        <DateInput
          id={`${prefix}Prometido`}
          value={orden.prometido}
          onValueChange={(prometido) => onChange({ prometido })}
        />
      </div>
      <div className="col-sm-6 col-lg-2">
        <label htmlFor={`${prefix}Bandeja`} className="form-label">
          Bandeja
        </label>
        <input
          id={`${prefix}Bandeja`}
          className="form-control"
          value={orden.bandeja}
          onChange={(e) => onChange({ bandeja: e.target.value })}
        />
      </div>
      <div className="col-sm-6 col-lg-4">
        <label htmlFor={`${prefix}Notas`} className="form-label">
          Notas para el laboratorio
        </label>
        <textarea
          id={`${prefix}Notas`}
          className="form-control"
          rows={2}
          value={orden.notas}
          onChange={(e) => onChange({ notas: e.target.value })}
        />
      </div>
    </div>
  );
}

interface OrderSendProps {
  orden: Orden;
  set: Dispatch<SetStateAction<Orden>>;
  /** Keeps the ids apart (the fields', and the reasons' list: `${prefix}-problems`). */
  prefix: string;
  /** Why the button waits; empty when it does not. */
  problems: string[];
  sending: boolean;
  /** The button's label. */
  children: ReactNode;
}

/** The order's fields with the button that sends them, and the reasons it waits under it. */
export function OrderSend({ orden, set, prefix, problems, sending, children }: OrderSendProps) {
  return (
    <>
      <OrderFields orden={orden} onChange={(c) => set((o) => ({ ...o, ...c }))} prefix={prefix} />
      <SendButton id={`${prefix}-problems`} className="btn btn-primary" problems={problems} sending={sending}>
        {children}
      </SendButton>
    </>
  );
}
