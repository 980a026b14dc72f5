import { useState } from 'react';
import { useRetirarPlanMutation } from '../api/cardPlans';
import { alert } from '../app/alerts';
import { confirmWith } from '../app/confirmations';
import { formatFecha } from '../lib/dates';
import { newIdempotencyKey } from '../lib/idempotency';
import { DateField } from '../ui/fields';
import { FormDialog } from '../ui/Modal';
import { MESSAGES, retireConfirm, TITLES } from './messages';
import { refused as refuse } from './refused';
import { cuotasNombre, desdeProblems } from './rules';

/** The admin declined the confirmation: nothing to tell. */
const DECLINED = Symbol('declined');
const refused = (error: unknown) => {
  if (error !== DECLINED) refuse(error);
};

interface Props {
  metodoPagoId: number;
  metodo: string;
  cuotas: number;
  /** The day the dialog proposes: today, or the first day the plan will be offered. */
  desde: string;
  onClose: () => void;
}

/** 'Dejar de ofrecer' a plan from a day on (asked first): payments from that day on can no longer
 * be charged on it; those already charged keep their rate. */
export function RetireDialog({ metodoPagoId, metodo, cuotas, desde: proposed, onClose }: Props) {
  const [desde, setDesde] = useState(proposed);
  const [retirar, sending] = useRetirarPlanMutation();
  // Made once per opened dialog: a double click or a retry after a lost answer withdraws once.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const plan = cuotasNombre(cuotas);
  return (
    <FormDialog
      name="retiro"
      titleKey={cuotas}
      title={`Dejar de ofrecer ${plan}`}
      formLabel={`Dejar de ofrecer ${plan}`}
      onClose={onClose}
      send={async () => {
        if (!(await confirmWith(retireConfirm(plan, formatFecha(desde), metodo)))) throw DECLINED;
        return retirar({ metodoPagoId, cuotas, desde, idempotencyKey }).unwrap();
      }}
      saved={(answer) => void alert('success', TITLES.retirado, answer.mensaje)}
      refused={refused}
      submit={{
        label: 'Dejar de ofrecer',
        className: 'btn-danger',
        problems: desdeProblems(desde),
        sending: sending.isLoading,
      }}
    >
      <p className="mb-3">{MESSAGES.retiroAyuda}</p>
      <DateField id="retiroDesde" label="Desde" className="mb-3" value={desde} onChange={setDesde} />
    </FormDialog>
  );
}
