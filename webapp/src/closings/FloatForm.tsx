import type { FormEvent } from 'react';
import type { CajaMetodo } from '../api/closings';
import { SendButton } from '../ui/SubmitButton';
import { AmountFields } from './AmountFields';
import type { Montos } from './rules';

interface Props {
  /** One line per method (lineasDelFondo): a card plan never holds a float. */
  metodos: CajaMetodo[];
  value: Montos;
  onChange: (value: Montos) => void;
  /** Why the button is disabled; empty when it is not. */
  problems: string[];
  /** 'Abrir caja', or the correction of an open day's float. */
  button: string;
  onSubmit: () => void;
}

/** The float per payment method ('Fondo inicial'): a blank method starts at zero. */
export function FloatForm({ metodos, value, onChange, problems, button, onSubmit }: Props) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problems.length === 0) onSubmit();
  };
  return (
    <form aria-label="Fondo inicial" onSubmit={submit} noValidate>
      <p className="text-muted small">
        Lo que hay en caja al empezar el día, por método de pago (lo que quede vacío empieza en $ 0,00).
      </p>
      <AmountFields idPrefix="fondo" metodos={metodos} value={value} onChange={onChange} />
      <SendButton id="fondo-problems" className="btn btn-primary mt-3" problems={problems}>
        {button}
      </SendButton>
    </form>
  );
}
