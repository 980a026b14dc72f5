import { useState } from 'react';
import { useCobrarMutation, useReciboCobroMutation, type CobroGuardado, type Saldo } from '../api/balances';
import { handledElsewhere } from '../api/base';
import { alert } from '../app/alerts';
import { confirmation, confirmWith } from '../app/confirmations';
import { refuser } from '../app/refusals';
import { planTexto } from '../lib/cuotas';
import { formatFecha } from '../lib/dates';
import { newIdempotencyKey } from '../lib/idempotency';
import { money, parseCents } from '../lib/money';
import { usePlanesDelMetodo } from '../ui/cardPlans';
import { CuotasSelect } from '../ui/CuotasSelect';
import { PesosInput } from '../ui/NumberInput';
import { Field } from '../ui/fields';
import { BranchField, MetodoField } from '../ui/CashDeskFields';
import type { CashDesk } from '../ui/cashDesk';
import { FormDialog } from '../ui/Modal';
import { useForm } from '../ui/useForm';
import { MESSAGES, RECIBO, TITLES, ventaNombre } from './messages';
import { cobroBody, cobroInicial, cobroProblems, conMetodo, impuestoDelPlan, type Cobro } from './rules';

interface Props extends CashDesk {
  saldo: Saldo;
  onClose: () => void;
}

/** How a refused payment is told: the server's list of reasons (400), or its message (409). */
const refused = refuser(TITLES, MESSAGES);

/** 'Cobrar' on one sale's balance: payment method, its plan in cuotas when it is a card with
 * plans today, amount (the whole debt to start with), the amount charged with a surcharge (computed
 * on a plan), and for admins the collecting branch. A dialog over the list, so it reads the same on
 * a phone. */
export function CollectDialog({ saldo, admin, ownLocalId, locales, metodos, onClose }: Props) {
  const {
    form: cobro,
    setForm: setCobro,
    set,
    bind,
  } = useForm<Cobro>(() =>
    cobroInicial(saldo, metodos[0]?.id ?? 0, admin ? (ownLocalId ?? saldo.localId) : (ownLocalId ?? 0)),
  );
  const [cobrar, sending] = useCobrarMutation();
  // One collection per opened dialog, however often "Cobrar" is pressed.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [imprimir] = useReciboCobroMutation();
  // The customer leaves with the payment's own receipt: its number is told, and printed on request.
  const saved = async (answer: CobroGuardado) => {
    const recibo = answer.recibo;
    if (!recibo) {
      void alert('success', TITLES.cobrado, answer.mensaje);
      return;
    }
    const texto = RECIBO.texto(answer.mensaje, recibo.comprobante);
    if (!(await confirmWith(confirmation(TITLES.cobrado, texto, RECIBO.imprimir)))) return;
    try {
      await imprimir(recibo).unwrap();
    } catch (error) {
      if (!handledElsewhere(error)) void alert('error', TITLES.error, MESSAGES.reciboFallo);
    }
  };
  // The payment methods may arrive after the dialog opened.
  if (!cobro.metodoPagoId && metodos.length > 0) setCobro({ ...cobro, metodoPagoId: metodos[0].id });
  const problems = cobroProblems(saldo, cobro, admin);
  // The payment is today's: today's plans of its method, as the server charges it.
  const planes = usePlanesDelMetodo(cobro.metodoPagoId || null);
  const impuesto = cobro.plan ? impuestoDelPlan(cobro) : cobro.montoImpuesto;
  const impuestoCents = parseCents(impuesto);

  return (
    <FormDialog
      name="cobro"
      titleKey={saldo.idMovimiento}
      title={`Cobrar ${ventaNombre(saldo).toLowerCase()}`}
      formLabel="Cobrar saldo"
      onClose={onClose}
      send={() => cobrar({ idMovimiento: saldo.idMovimiento, body: cobroBody(cobro, admin), idempotencyKey }).unwrap()}
      saved={(answer) => void saved(answer)}
      refused={refused}
      submit={{ label: 'Cobrar', className: 'btn-success', problems, sending: sending.isLoading }}
    >
      <p className="mb-3" data-testid="cobro-resumen">
        {saldo.paciente ?? 'Sin paciente'} · {formatFecha(saldo.fecha)} · {saldo.local}
        <br />
        Total {money(saldo.total)} · Pagado {money(saldo.pagado)} · <strong>Debe {money(saldo.deuda)}</strong>
      </p>
      <MetodoField
        id="cobroMetodo"
        label="Método de pago"
        metodos={metodos}
        value={cobro.metodoPagoId}
        onChange={(id) => setCobro(conMetodo(cobro, id))}
      />
      {(planes.length > 0 || cobro.plan) && (
        <Field id="cobroCuotas" label="Cuotas" className="mb-3">
          <CuotasSelect id="cobroCuotas" planes={planes} value={cobro.plan} onChange={(plan) => set({ plan })} />
        </Field>
      )}
      <Field id="cobroMonto" label="Monto" className="mb-3">
        <PesosInput id="cobroMonto" value={cobro.monto} onValueChange={(monto) => set({ monto })} placeholder="0,00" />
      </Field>
      <Field id="cobroMontoImpuesto" label="Monto con recargo (opcional)" className="mb-3">
        <PesosInput
          id="cobroMontoImpuesto"
          value={impuesto}
          readOnly={cobro.plan !== null}
          onValueChange={(montoImpuesto) => set({ montoImpuesto })}
          placeholder="Igual al monto"
        />
        {cobro.plan ? (
          impuestoCents !== null && (
            <div className="form-text" data-testid="cobroCuotasTexto" aria-live="polite">
              {planTexto(cobro.plan.cuotas, impuestoCents)}
            </div>
          )
        ) : (
          <div className="form-text">{MESSAGES.impuestoAyuda}</div>
        )}
      </Field>
      <BranchField
        id="cobroLocal"
        label="Local que cobra"
        admin={admin}
        ownLocalId={ownLocalId}
        locales={locales}
        own={(nombre) => <p className="text-muted small mb-0">Se cobra en la caja de hoy de {nombre}.</p>}
        {...bind('localId')}
      />
    </FormDialog>
  );
}
