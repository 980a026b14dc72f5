import { useState } from 'react';
import { useAjustarStockMutation, useMotivosStockQuery } from '../api/stock';
import { alert } from '../app/alerts';
import { newIdempotencyKey } from '../lib/idempotency';
import { formatEntero } from '../lib/numbers';
import { NumberInput } from '../ui/NumberInput';
import { Field, SelectField, TextAreaField } from '../ui/fields';
import { FormDialog } from '../ui/Modal';
import { useForm } from '../ui/useForm';
import { MESSAGES, TITLES } from './messages';
import { refused } from './refused';
import { ajusteBody, ajusteInicial, ajusteProblems, CANTIDAD_AJUSTE, stockResultante, type Ajuste } from './rules';

interface Props {
  productoId: number;
  modelo: string;
  localId: number;
  localNombre: string;
  /** The branch's stock now. */
  stock: number;
  onClose: () => void;
  /** After the server took the adjustment. */
  onSaved?: () => void;
}

/** 'Ajustar stock' of one product at one branch (admins): the reason from the server's list, the
 * signed quantity (a reason that only takes out says so) and a note. */
export function AdjustDialog({ productoId, modelo, localId, localNombre, stock, onClose, onSaved }: Props) {
  const motivos = useMotivosStockQuery();
  const { form: ajuste, set, bind } = useForm<Ajuste>(ajusteInicial);
  const [ajustar, sending] = useAjustarStockMutation();
  // Made once per opened dialog: a double click or a retry after a lost answer writes off once;
  // the dialog opened again is a new adjustment.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const lista = motivos.data ?? [];
  const problems = ajusteProblems(ajuste, lista, stock, modelo);
  const motivo = lista.find((m) => m.motivo === ajuste.motivo);
  const resultante = stockResultante(stock, ajuste);

  return (
    <FormDialog
      name="ajuste"
      titleKey={`${productoId}-${localId}`}
      title={`Ajustar stock de ${modelo} en ${localNombre}`}
      formLabel="Ajustar stock"
      onClose={onClose}
      send={() => ajustar({ productoId, body: ajusteBody(localId, ajuste), idempotencyKey }).unwrap()}
      saved={(answer) => {
        onSaved?.();
        void alert('success', TITLES.ajustado, answer.mensaje);
      }}
      refused={refused}
      submit={{ label: 'Ajustar', className: 'btn-primary', problems, sending: sending.isLoading }}
    >
      <p data-testid="ajuste-stock">Stock actual: {formatEntero(stock)}</p>
      {motivos.isError && <p className="alert alert-danger">{MESSAGES.motivosFallo}</p>}
      <SelectField
        id="ajusteMotivo"
        label="Motivo"
        className="mb-3"
        {...bind('motivo')}
        options={[{ value: '', label: 'Elegí el motivo' }, ...lista.map((m) => ({ value: m.motivo, label: m.nombre }))]}
      />
      <Field id="ajusteCantidad" label="Cantidad" className="mb-3">
        <NumberInput
          id="ajusteCantidad"
          rule={CANTIDAD_AJUSTE}
          value={ajuste.cantidad}
          onValueChange={(cantidad) => set({ cantidad })}
          placeholder={motivo?.resta ? '-1' : '0'}
          aria-describedby="ajusteCantidadAyuda"
        />
        <div className="form-text" id="ajusteCantidadAyuda" data-testid="ajuste-regla">
          {motivo?.resta ? MESSAGES.resta(motivo.nombre) : MESSAGES.sumaOResta}
          {resultante !== null && ` ${MESSAGES.queda(resultante)}.`}
        </div>
      </Field>
      <TextAreaField id="ajusteNota" label="Nota (opcional)" className="mb-3" {...bind('nota')} />
    </FormDialog>
  );
}
