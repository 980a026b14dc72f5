import { useState } from 'react';
import { useRegistrarCobroLiquidacionMutation, type LiquidacionDetalle } from '../api/settlements';
import { alert } from '../app/alerts';
import { isoDate } from '../lib/dates';
import { newIdempotencyKey } from '../lib/idempotency';
import { centsOf, formatPesos } from '../lib/money';
import { DateField, Field, SelectField, TextField } from '../ui/fields';
import { PesosInput } from '../ui/NumberInput';
import { SavingOverlay } from '../ui/SavingOverlay';
import { submitter } from '../ui/submit';
import { SendButton } from '../ui/SubmitButton';
import { useForm } from '../ui/useForm';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { LABELS, MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import {
  agregarDebito,
  cambiarDebito,
  cobroBody,
  cobroProblems,
  debitable,
  nuevoCobro,
  pacienteTexto,
  quedaPendiente,
  quitarDebito,
  type CobroForm,
  type DebitoForm,
} from './rules';

interface Props {
  liquidacion: LiquidacionDetalle;
  /** Once recorded: the page opens a blank form (with a key of its own) over the fresh figures. */
  onSaved: () => void;
}

const PROBLEMS_ID = 'cobro-problemas';

/** One rejected sale: which (among those with something left to reject), how much, why. */
function DebitoRow({
  debito,
  position,
  liquidacion: l,
  onChange,
  onRemove,
}: {
  debito: DebitoForm;
  position: number;
  liquidacion: LiquidacionDetalle;
  onChange: (debito: DebitoForm) => void;
  onRemove: () => void;
}) {
  const id = `debito-${debito.key}`;
  const item = l.items.find((i) => i.movimientoId === debito.movimientoId);
  const opciones = l.items.filter((i) => debitable(i) > 0 || i.movimientoId === debito.movimientoId);
  return (
    <fieldset className="border rounded p-2 mb-2" aria-label={`Débito ${position}`}>
      <div className="row g-2 align-items-start">
        <SelectField
          id={`${id}-venta`}
          label="Venta"
          className="col-md-5"
          value={debito.movimientoId}
          onChange={(movimientoId) => onChange({ ...debito, movimientoId })}
          options={[
            { value: 0, label: 'Elegí la venta' },
            ...opciones.map((i) => ({
              value: i.movimientoId,
              label: `N.º ${i.movimientoId} · ${pacienteTexto(i)}${i.comprobante ? ` · ${i.comprobante}` : ''}`,
            })),
          ]}
        />
        <Field id={`${id}-monto`} label="Monto debitado" className="col-sm-6 col-md-3">
          <PesosInput
            id={`${id}-monto`}
            value={debito.monto}
            onValueChange={(monto) => onChange({ ...debito, monto })}
            placeholder="0,00"
            aria-describedby={item ? `${id}-maximo` : undefined}
          />
          {item && (
            <div id={`${id}-maximo`} className="form-text">
              Hasta {formatPesos(debitable(item))}
            </div>
          )}
        </Field>
        <TextField
          id={`${id}-motivo`}
          label="Motivo"
          className="col-sm-6 col-md-4"
          autoComplete="off"
          value={debito.motivo}
          onChange={(motivo) => onChange({ ...debito, motivo })}
        />
      </div>
      <button type="button" className="btn btn-outline-danger btn-sm mt-2" onClick={onRemove}>
        Quitar débito
      </button>
    </fieldset>
  );
}

/**
 * 'Registrar cobro': a transfer the obra social made (never cash: the shop's cash is not
 * touched), its day (today to start with), its reference and amount, and a débito for each sale it
 * rejected, with how much and why. What would still be owed is told as it is typed, and the
 * button waits, saying why, while the server's rules would refuse it (more than it owes among
 * them); the server still decides.
 */
export function CollectForm({ liquidacion: l, onSaved }: Props) {
  const hoy = isoDate(new Date());
  const { form, setForm, bind } = useForm<CobroForm>(() => nuevoCobro(hoy));
  const [opened] = useState(form);
  const dirty = changed(opened, form);
  const saved = useUnsavedChanges(dirty);
  // Made once per opened form: a double click or a retry after a lost answer records one payment.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [registrar, sending] = useRegistrarCobroLiquidacionMutation();
  const problems = cobroProblems(l, form, hoy);
  const queda = quedaPendiente(centsOf(l.pendiente), form);
  const elegidas = new Set(form.debitos.map((d) => d.movimientoId));
  const libres = l.items.filter((i) => debitable(i) > 0 && !elegidas.has(i.movimientoId));

  const submit = submitter(
    problems.length > 0 || sending.isLoading,
    async () => {
      const answer = await registrar({ id: l.id, body: cobroBody(form), idempotencyKey }).unwrap();
      saved();
      void alert('success', TITLES.cobroRegistrado, answer.mensaje);
      onSaved();
    },
    refused,
  );

  return (
    <form className="card mb-4" onSubmit={submit} noValidate aria-label={LABELS.registrarCobro}>
      <SavingOverlay show={sending.isLoading} />
      <div className="card-body">
        <h3 className="h5">{LABELS.registrarCobro}</h3>
        <p className="text-muted small">{MESSAGES.cobroAyuda}</p>
        <div className="row g-2 mb-3">
          <DateField
            id="cobroFecha"
            label="Fecha de la transferencia"
            className="col-sm-6 col-lg-3"
            {...bind('fecha')}
          />
          <TextField
            id="cobroReferencia"
            label="Referencia (N.º de transferencia)"
            className="col-sm-6 col-lg-5"
            autoComplete="off"
            {...bind('referencia')}
          />
          <Field id="cobroMonto" label="Monto cobrado" className="col-sm-6 col-lg-4">
            <PesosInput
              id="cobroMonto"
              value={form.monto}
              onValueChange={(monto) => setForm((f) => ({ ...f, monto }))}
              placeholder="0,00"
            />
          </Field>
        </div>

        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h4 className="h6 m-0 me-auto">Débitos</h4>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={libres.length === 0}
            // With one sale left to reject it comes chosen.
            onClick={() => setForm((f) => agregarDebito(f, libres.length === 1 ? libres[0].movimientoId : 0))}
          >
            {LABELS.agregarDebito}
          </button>
        </div>
        {form.debitos.length === 0 && libres.length === 0 && (
          <p className="text-muted small">{MESSAGES.sinDebitables}</p>
        )}
        {form.debitos.map((d, i) => (
          <DebitoRow
            key={d.key}
            debito={d}
            position={i + 1}
            liquidacion={l}
            onChange={(next) => setForm((f) => cambiarDebito(f, next))}
            onRemove={() => setForm((f) => quitarDebito(f, d.key))}
          />
        ))}

        <p className={`fs-5 mt-3 ${queda < 0 ? 'text-danger' : ''}`} data-testid="queda-pendiente" aria-live="polite">
          {LABELS.quedaPendiente} <strong className="text-nowrap">{formatPesos(queda)}</strong>
        </p>
        <SendButton
          id={PROBLEMS_ID}
          className="btn btn-success"
          problems={problems}
          sending={sending.isLoading}
          pending={!dirty}
          heading={MESSAGES.noRegistrar}
        >
          {LABELS.registrarCobro}
        </SendButton>
      </div>
    </form>
  );
}
