import type { FormEvent } from 'react';
import type { CajaMetodo } from '../api/closings';
import { SendButton } from '../ui/SubmitButton';
import { AmountFields } from './AmountFields';
import { MESSAGES, PARA_CERRAR } from './messages';
import { MotivoField } from './MotivoField';
import type { Montos } from './rules';

interface Props {
  metodos: CajaMetodo[];
  value: Montos;
  onChange: (value: Montos) => void;
  /** Counted before with a difference: the reason may be written to close. */
  withMotivo: boolean;
  motivo: string;
  onMotivo: (motivo: string) => void;
  /** Why 'Cerrar caja' is disabled; empty when it is not. */
  problems: string[];
  /** Nothing counted yet: the reasons are what is still to do, not errors. */
  pending?: boolean;
  onSubmit: () => void;
}

/** The count per line: each payment method, and each plan of a card as the terminal's batch lists
 * them. The first one is blind: nothing expected is on screen. */
export function CountForm({
  metodos,
  value,
  onChange,
  withMotivo,
  motivo,
  onMotivo,
  problems,
  pending = false,
  onSubmit,
}: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problems.length === 0) onSubmit();
  };
  return (
    <form aria-label="Conteo" onSubmit={submit} noValidate>
      <p className="text-muted small">
        {withMotivo
          ? 'Si volviste a contar, corregí los montos; si no, escribí el motivo de la diferencia.'
          : MESSAGES.ciego}
      </p>
      <AmountFields
        idPrefix="contado"
        metodos={metodos}
        value={value}
        onChange={onChange}
        requiredMessage="Escribí el monto contado (0 si no hay)."
        planesHint={MESSAGES.contarPlanes}
      />
      {withMotivo && (
        <div className="mt-3">
          <MotivoField
            id="motivo"
            label="Motivo de la diferencia"
            value={motivo}
            onChange={onMotivo}
            help="Con el motivo, la caja se cierra aunque no coincida."
          />
        </div>
      )}
      <SendButton
        id="conteo-problems"
        className="btn btn-danger mt-3"
        problems={problems}
        pending={pending}
        heading={pending ? PARA_CERRAR : undefined}
      >
        Cerrar caja
      </SendButton>
    </form>
  );
}
