import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { handledElsewhere } from '../api/base';
import { useListLookupQuery } from '../api/lookups';
import type { LookupItem } from '../api/types';
import { useActualizarPreciosMutation, type MassUpdateBody, type NamedRef } from '../api/products';
import { alert, confirm } from '../app/alerts';
import { formatPesos } from '../lib/money';
import { formatPorcentaje, readNumber } from '../lib/numbers';
import { Field, SelectField } from '../ui/fields';
import { NumberInput } from '../ui/NumberInput';
import { RadioGroup } from '../ui/RadioGroup';
import { SaveProblems } from '../ui/SaveProblems';
import { changed, useUnsavedChanges } from '../ui/useUnsavedChanges';
import { MASS_UPDATE_CONFIRM, MESSAGES, PROBLEMS, TITLES } from './messages';
import { useActionKey } from '../ui/useActionKey';
import { massUpdateConfirmText, massValueRule, percentageInRange } from './rules';
import { TypeAhead } from './TypeAhead';

const optionalId = (text: string) => (text === '' ? null : Number(text));

/** What the update changes, and how the value is read. */
const TIPOS = [
  { value: 'precio', label: 'Precio' },
  { value: 'costo', label: 'Costo' },
] as const;
const TIPOS_CAMBIO = [
  { value: 'porcentaje', label: 'Porcentaje' },
  { value: 'fijo', label: 'Fijo' },
] as const;

/** What the screen opens with: a change to any of it is asked about before leaving. */
const OPENED = { tipo: 'precio', tipoCambio: 'porcentaje', valor: '', categoria: '', material: '' };

/** A lookup the update may be limited to ('' for all, `all` in words), by id. */
const filterSelect = (
  id: string,
  label: string,
  all: string,
  items: LookupItem[],
  value: string,
  onChange: (value: string) => void,
) => (
  <SelectField
    id={id}
    label={label}
    className="col-md-6"
    value={value}
    onChange={onChange}
    options={[{ value: '', label: all }, ...items.map((i) => ({ value: String(i.id), label: i.nombre }))]}
  />
);

/** Route actualizar-productos: raise or lower every price or cost that the filters select. */
export function MassUpdate() {
  const navigate = useNavigate();
  const { data: categorias = [] } = useListLookupQuery('/api/categoria');
  const { data: materiales = [] } = useListLookupQuery('/api/materialProducto');
  const { data: proveedores = [] } = useListLookupQuery('/api/proveedor');
  const { data: marcas = [] } = useListLookupQuery('/api/marca');
  const [tipo, setTipo] = useState<MassUpdateBody['tipo']>('precio');
  const [tipoCambio, setTipoCambio] = useState<MassUpdateBody['tipoCambio']>('porcentaje');
  const [valor, setValor] = useState('');
  const [categoria, setCategoria] = useState('');
  const [material, setMaterial] = useState('');
  const [proveedor, setProveedor] = useState<NamedRef | null>(null);
  const [marca, setMarca] = useState<NamedRef | null>(null);
  const [send, { isLoading }] = useActualizarPreciosMutation();
  const actionKey = useActionKey();
  const saved = useUnsavedChanges(
    changed(OPENED, { tipo, tipoCambio, valor, categoria, material, proveedor: proveedor?.id, marca: marca?.id }),
  );
  // Hundredths of a percent, or cents of a fixed amount: both two decimals.
  const reading = readNumber(valor, massValueRule(tipoCambio));
  const amount = reading.kind === 'number' ? reading.units / 100 : NaN;
  const problems =
    reading.kind === 'blank'
      ? [PROBLEMS.valor]
      : reading.kind === 'invalid'
        ? [PROBLEMS.valorInvalido(reading.error)]
        : [];
  const enabled = problems.length === 0 && !isLoading;

  const apply = async (e: FormEvent) => {
    e.preventDefault();
    if (!enabled) return;
    if (tipoCambio === 'porcentaje' && !percentageInRange(amount)) {
      void alert('warning', TITLES.valorInvalido, MESSAGES.porcentajeRango);
      return;
    }
    if (!(await confirm(MASS_UPDATE_CONFIRM.title, massUpdateConfirmText(tipo), MASS_UPDATE_CONFIRM.button))) return;
    const body: MassUpdateBody = {
      tipo,
      tipoCambio,
      valor: amount,
      categoria: optionalId(categoria),
      proveedor: proveedor?.id ?? null,
      material: optionalId(material),
      marca: marca?.id ?? null,
    };
    try {
      await send({ body, idempotencyKey: actionKey.keyFor(body) }).unwrap();
      actionKey.done();
      saved();
      void alert('success', TITLES.actualizados, MESSAGES.actualizados);
      navigate('/inicio');
    } catch (error) {
      if (!handledElsewhere(error)) {
        void alert('error', TITLES.error, MESSAGES.actualizarFallo);
      }
    }
  };

  return (
    <section>
      <h2 className="mb-4">Actualizar precio o costo</h2>
      <form onSubmit={apply} noValidate>
        <RadioGroup
          className="mb-3"
          legend="Qué actualizar"
          name="tipo"
          inline
          options={TIPOS}
          value={tipo}
          onChange={setTipo}
        />
        <RadioGroup
          className="mb-3"
          legend="Tipo de cambio"
          name="tipoCambio"
          inline
          options={TIPOS_CAMBIO}
          value={tipoCambio}
          onChange={setTipoCambio}
        />
        <Field id="valor" label="Valor" className="mb-3">
          <NumberInput
            id="valor"
            rule={massValueRule(tipoCambio)}
            show={(units) => (tipoCambio === 'porcentaje' ? formatPorcentaje(units) : formatPesos(units))}
            value={valor}
            onValueChange={setValor}
          />
        </Field>
        <div className="row g-3 mb-4">
          {filterSelect('filtro-categoria', 'Categoría', 'Todas', categorias, categoria, setCategoria)}
          <div className="col-md-6">
            <TypeAhead label="Proveedor" items={proveedores} value={proveedor} onChange={setProveedor} />
          </div>
          {filterSelect('filtro-material', 'Material', 'Todos', materiales, material, setMaterial)}
          <div className="col-md-6">
            <TypeAhead label="Marca" items={marcas} value={marca} onChange={setMarca} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary" disabled={!enabled} aria-describedby="valor-problemas">
          Aplicar Cambios
        </button>
        <SaveProblems id="valor-problemas" problems={problems} />
      </form>
    </section>
  );
}
