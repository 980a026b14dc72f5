import { useState } from 'react';
import { useFijarTasaMutation } from '../api/cardPlans';
import { alert } from '../app/alerts';
import { newIdempotencyKey } from '../lib/idempotency';
import { formatEntero, formatPorcentaje, PERCENT, WHOLE } from '../lib/numbers';
import { DateInput } from '../ui/DateInput';
import { Field } from '../ui/fields';
import { NumberInput } from '../ui/NumberInput';
import { RowForm } from '../ui/RowForm';
import { submitter } from '../ui/submit';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { cuotasCheck, recargoCheck, tasaBody, tasaProblems, type TasaForm } from './rules';

interface Props {
  metodoPagoId: number;
  form: TasaForm;
  set: (change: Partial<TasaForm>) => void;
  /** The rate was saved: the form starts again. */
  onSaved: () => void;
}

/** 'Agregar plan o cambiar recargo': the cuotas, the surcharge in percent (0 is sin interés) and
 * the day it starts (today unless told). The method's plans show the answer at once. */
export function PlanForm({ metodoPagoId, form, set, onSaved }: Props) {
  const [fijar, sending] = useFijarTasaMutation();
  // One per rate meant: a double click or a retry after a lost answer records it once; the next
  // rate, once this one is saved, is another.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const problems = tasaProblems(form);
  const submit = submitter(
    problems.length > 0 || sending.isLoading,
    async () => {
      const answer = await fijar({ metodoPagoId, body: tasaBody(form), idempotencyKey }).unwrap();
      setIdempotencyKey(newIdempotencyKey());
      onSaved();
      void alert('success', TITLES.guardado, answer.mensaje);
    },
    refused,
  );
  return (
    <RowForm
      name="plan"
      title="Agregar plan o cambiar recargo"
      help={<p className="small text-muted">{MESSAGES.formAyuda}</p>}
      onSubmit={submit}
      submit={{
        label: 'Guardar plan',
        className: 'btn btn-primary',
        column: 'col-12 col-md-auto',
        problems,
        sending: sending.isLoading,
      }}
    >
      <Field id="planCuotas" label="Cuotas" className="col-6 col-md-2">
        <NumberInput
          id="planCuotas"
          rule={WHOLE}
          show={formatEntero}
          check={cuotasCheck}
          value={form.cuotas}
          onValueChange={(cuotas) => set({ cuotas })}
          placeholder="3"
        />
      </Field>
      <Field id="planRecargo" label="Recargo (%)" className="col-6 col-md-3">
        <NumberInput
          id="planRecargo"
          rule={PERCENT}
          show={formatPorcentaje}
          check={recargoCheck}
          value={form.recargo}
          onValueChange={(recargo) => set({ recargo })}
          placeholder="0"
        />
      </Field>
      <Field id="planDesde" label="Desde" className="col-12 col-md-4">
        <DateInput id="planDesde" value={form.desde} onValueChange={(desde) => set({ desde })} />
      </Field>
    </RowForm>
  );
}
