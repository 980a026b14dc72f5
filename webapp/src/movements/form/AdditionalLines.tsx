import { useState } from 'react';
import { formatPesos } from '../../lib/money';
import { Field, TextField } from '../../ui/fields';
import { PesosInput } from '../../ui/NumberInput';
import { LinesTable } from '../../ui/LinesTable';
import { type MovementForm } from './rules';
import { addAdicional, canAddAdicional, removeAdicional } from './lines';

interface Props {
  form: MovementForm;
  onChange: (form: MovementForm) => void;
  /** A sale with returns keeps its additional lines (returns name them by position). */
  readOnly?: boolean;
}

/** The additional lines of an ENTRADA (lenses, work): a description and an amount each. */
export function AdditionalLines({ form, onChange, readOnly = false }: Props) {
  const [descripcion, setDescripcion] = useState('');
  const [subtotal, setSubtotal] = useState('');
  const ready = canAddAdicional(descripcion, subtotal);

  const agregar = () => {
    if (!ready) return;
    onChange(addAdicional(form, descripcion, subtotal));
    setDescripcion('');
    setSubtotal('');
  };

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Detalles adicionales</legend>
      {!readOnly && (
        <div className="row g-2 align-items-end mb-2">
          <TextField
            id="adicionalDescripcion"
            label="Descripción del detalle"
            className="col-md-6"
            value={descripcion}
            onChange={setDescripcion}
          />
          <Field id="adicionalSubtotal" label="Subtotal del detalle" className="col-md-3">
            <PesosInput id="adicionalSubtotal" value={subtotal} onValueChange={setSubtotal} />
          </Field>
          <div className="col-md-3">
            <button type="button" className="btn btn-outline-primary" disabled={!ready} onClick={agregar}>
              Agregar detalle
            </button>
          </div>
        </div>
      )}
      <LinesTable
        label="Detalles adicionales"
        stacked={false}
        rows={form.adicionales}
        rowKey={(a) => a.key}
        remove={
          readOnly
            ? undefined
            : { label: (a) => `Quitar ${a.descripcion}`, onRemove: (a) => onChange(removeAdicional(form, a.key)) }
        }
        columns={[
          { header: 'Descripción', cell: (a) => a.descripcion },
          { header: 'Subtotal', cell: (a) => formatPesos(a.subtotalCents) },
        ]}
      />
    </fieldset>
  );
}
