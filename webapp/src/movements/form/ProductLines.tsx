import { useState, type FormEvent } from 'react';
import { handledElsewhere } from '../../api/base';
import { useLazyProductosEnLocalQuery, type Producto } from '../../api/products';
import { alert } from '../../app/alerts';
import { centsOf, formatPesos } from '../../lib/money';
import { SelectField } from '../../ui/fields';
import { CellInput } from '../../ui/NumberInput';
import { LinesTable } from '../../ui/LinesTable';
import { SearchBox } from '../../ui/SearchBox';
import { MESSAGES, TITLES } from './messages';
import { type LineaForm, type MovementForm } from './rules';
import { addProducto, CANTIDAD, disponible, lineaSubtotal, removeLinea, setCantidad, stockEn } from './lines';

interface Props {
  form: MovementForm;
  onChange: (form: MovementForm) => void;
  /** A sale with returns keeps its lines: they are shown, not searched, changed or removed. */
  readOnly?: boolean;
}

const label = (p: Producto) => `${p.modelo} — ${p.marca?.nombre ?? 'Sin marca'}`;
const nameOf = (l: LineaForm) => l.producto?.modelo ?? 'Producto eliminado';

/** The product lines of an ENTRADA: search by model code at the movement's branch, choose one of
 * the matches (one per brand), add it; quantities are checked against the branch's stock. The
 * parent keys it by branch, so a new branch starts a new search. */
export function ProductLines({ form, onChange, readOnly = false }: Props) {
  const [modelo, setModelo] = useState('');
  const [found, setFound] = useState<Producto[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [buscar] = useLazyProductosEnLocalQuery();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = modelo.trim();
    if (!text) return;
    if (form.localId === null) {
      void alert('warning', TITLES.advertencia, MESSAGES.buscarSinLocal);
      return;
    }
    const result = await buscar({ modelo: text, localId: form.localId });
    setChosen('');
    if (result.error) {
      setFound(null);
      if (!handledElsewhere(result.error)) void alert('error', TITLES.error, MESSAGES.buscarFallo);
      return;
    }
    const list = result.data ?? [];
    setFound(list);
    if (list.length === 0) void alert('info', TITLES.sinResultados, MESSAGES.sinProductos);
  };

  const choose = (value: string) => {
    setChosen(value);
    const p = found?.find((x) => String(x.id) === value);
    if (p && disponible(form, p) <= 0) {
      void alert('warning', TITLES.advertencia, MESSAGES.marcaSinStock(p.marca?.nombre ?? p.modelo));
    }
  };

  const agregar = () => {
    const p = found?.find((x) => String(x.id) === chosen);
    if (!p) {
      void alert('error', TITLES.error, MESSAGES.productoInvalido);
      return;
    }
    const { form: next, problem } = addProducto(form, p);
    if (problem === 'sinStock') void alert('warning', TITLES.advertencia, MESSAGES.sinStock);
    else if (problem === 'superaStock') void alert('error', TITLES.error, MESSAGES.superaStock);
    else {
      onChange(next);
      setModelo('');
      setFound(null);
      setChosen('');
    }
  };

  const cantidad = (key: string, text: string) => {
    const { form: next, problem } = setCantidad(form, key, text);
    onChange(next);
    if (problem === 'negativa') void alert('warning', TITLES.advertencia, MESSAGES.cantidadNegativa);
    if (problem === 'superaStock') void alert('error', TITLES.error, MESSAGES.superaStock);
  };

  return (
    <fieldset className="mb-4">
      <legend className="fs-5">Productos</legend>
      {!readOnly && (
        <div className="row g-2 align-items-end mb-2">
          <SearchBox
            label="Buscar por modelo"
            inputId="buscarModelo"
            value={modelo}
            onChange={setModelo}
            onSubmit={submit}
            requireText
          />
          <SelectField
            id="productoEncontrado"
            label="Producto encontrado"
            className="col-md-5"
            value={chosen}
            disabled={!found?.length}
            onChange={choose}
            options={[
              { value: '', label: 'Seleccione un producto' },
              ...(found ?? []).map((p) => ({
                value: String(p.id),
                label: `${label(p)} — ${formatPesos(centsOf(p.precio))} (stock ${stockEn(p, form.localId)})`,
              })),
            ]}
          />
          <div className="col-md-3">
            <button type="button" className="btn btn-outline-primary" onClick={agregar}>
              Agregar producto
            </button>
          </div>
        </div>
      )}
      <LinesTable
        label="Detalles de productos"
        rows={form.lineas}
        rowKey={(l) => l.key}
        remove={
          readOnly
            ? undefined
            : { label: (l) => `Quitar ${nameOf(l)}`, onRemove: (l) => onChange(removeLinea(form, l.key)) }
        }
        columns={[
          { header: 'Modelo', cell: (l) => nameOf(l) },
          { header: 'Marca', cell: (l) => l.producto?.marca?.nombre ?? '' },
          { header: 'Precio unitario', cell: (l) => formatPesos(l.precioCents) },
          {
            header: 'Cantidad',
            style: { maxWidth: '7rem' },
            cell: (l, i) =>
              readOnly ? (
                l.cantidad
              ) : (
                <CellInput
                  id={`cantidad-${i}`}
                  rule={CANTIDAD}
                  show={String}
                  aria-label={`Cantidad de ${nameOf(l)}`}
                  value={l.cantidad}
                  onValueChange={(text) => cantidad(l.key, text)}
                />
              ),
          },
          { header: 'Subtotal', cell: (l) => formatPesos(lineaSubtotal(l)) },
        ]}
      />
    </fieldset>
  );
}
