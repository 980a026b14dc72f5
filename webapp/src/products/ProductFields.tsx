import { useListLookupQuery } from '../api/lookups';
import type { NamedRef } from '../api/products';
import { WHOLE } from '../lib/numbers';
import { CheckField, Field, TextAreaField, patchBinder } from '../ui/fields';
import { NumberInput, PesosInput } from '../ui/NumberInput';
import { RadioGroup } from '../ui/RadioGroup';
import { ChoiceList } from './ChoiceList';
import { PROBLEMS } from './messages';
import {
  GENEROS,
  onlyCristal,
  setStock,
  toggleCategoria,
  toggleItem,
  toggleLocal,
  typeCost,
  withListFlags,
  type ProductFieldsValue,
} from './rules';

const SCROLL_BOX = 200;

interface Props {
  value: ProductFieldsValue;
  onChange: (next: ProductFieldsValue) => void;
}

/** The product fields both forms share, from the categories down. Everything after the
 * categories waits until one is chosen; material and gender do not apply to cristal alone. */
export function ProductFields({ value, onChange }: Props) {
  const { data: categorias = [] } = useListLookupQuery('/api/categoria');
  const { data: marcas = [] } = useListLookupQuery('/api/marca');
  const { data: materiales = [] } = useListLookupQuery('/api/materialProducto');
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const { data: proveedores = [] } = useListLookupQuery('/api/proveedor');
  const set = (patch: Partial<ProductFieldsValue>) => onChange({ ...value, ...patch });
  const elegidas = withListFlags(value.categorias, categorias);
  const bind = patchBinder(value, set);

  const toggleBranch = (local: NamedRef, checked: boolean) =>
    set({ productoLocales: toggleLocal(value.productoLocales, local, checked) });
  const chosen = (id: number) => value.productoLocales.find((s) => s.local.id === id);
  /** A single choice among a lookup's items, kept as the chosen item's id and name. */
  const oneOf = (key: 'marca' | 'material') => ({
    isChecked: (item: NamedRef) => value[key]?.id === item.id,
    onToggle: (item: NamedRef) => set({ [key]: { id: item.id, nombre: item.nombre } }),
  });

  return (
    <>
      <ChoiceList
        legend="Categorías"
        type="checkbox"
        items={categorias}
        isChecked={(c) => value.categorias.some((s) => s.id === c.id)}
        onToggle={(c, checked) => set({ categorias: toggleCategoria(elegidas, c, checked) })}
        testId="categorias"
      />
      {value.categorias.length > 0 && (
        <>
          <ChoiceList
            legend="Marca"
            type="radio"
            items={marcas}
            {...oneOf('marca')}
            searchLabel="Buscar marca"
            height={SCROLL_BOX}
            testId="marcas"
          />
          <TextAreaField id="descripcion" label="Descripción" className="mb-3" {...bind('descripcion')} />
          {!onlyCristal(elegidas) && (
            <>
              <ChoiceList
                legend="Material"
                type="radio"
                items={materiales}
                {...oneOf('material')}
                height={SCROLL_BOX}
                testId="materiales"
              />
              <RadioGroup
                className="mb-3"
                legend="Género"
                name="genero"
                inline
                options={GENEROS.map((g) => ({ value: g, label: g }))}
                {...bind('genero')}
              />
            </>
          )}
          <div className="row g-3 mb-3">
            <Field id="costo" label="Costo" className="col-sm-6">
              <PesosInput id="costo" value={value.costo} onValueChange={(costo) => onChange(typeCost(value, costo))} />
            </Field>
            <Field id="precio" label="Precio" className="col-sm-6">
              <PesosInput
                id="precio"
                required
                requiredMessage={PROBLEMS.precioObligatorio}
                value={value.precio}
                onValueChange={(precio) => set({ precio })}
              />
            </Field>
          </div>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 fw-semibold">Locales y stock</legend>
            {locales.map((l) => {
              const stock = chosen(l.id);
              return (
                <div className="d-flex align-items-center gap-3 mb-2" key={l.id}>
                  <CheckField
                    id={`local-${l.id}`}
                    label={l.nombre}
                    className="form-check flex-grow-1 m-0"
                    checked={stock !== undefined}
                    onChange={(checked) => toggleBranch({ id: l.id, nombre: l.nombre }, checked)}
                  />
                  <div style={{ maxWidth: '9rem' }}>
                    <NumberInput
                      small
                      rule={WHOLE}
                      show={String}
                      aria-label={`Stock ${l.nombre}`}
                      disabled={stock === undefined}
                      value={stock?.stock ?? ''}
                      onValueChange={(text) => set({ productoLocales: setStock(value.productoLocales, l.id, text) })}
                    />
                  </div>
                </div>
              );
            })}
          </fieldset>
          <ChoiceList
            legend="Proveedores"
            type="checkbox"
            items={proveedores}
            isChecked={(p) => value.proveedores.some((s) => s.id === p.id)}
            onToggle={(p, checked) =>
              set({ proveedores: toggleItem(value.proveedores, { id: p.id, nombre: p.nombre }, checked) })
            }
            searchLabel="Buscar proveedor"
            height={SCROLL_BOX}
            testId="proveedores"
          />
        </>
      )}
    </>
  );
}
