import type { Agrupar, RentabilidadFiltro } from '../api/profitability';
import type { LookupItem } from '../api/types';
import { BranchFilter } from '../ui/BranchFilter';
import { binder, DateField, named, SelectField, TextField } from '../ui/fields';
import { FilterForm } from '../ui/FilterForm';
import { AGRUPACIONES } from './rules';

interface Props {
  value: RentabilidadFiltro;
  onChange: (value: RentabilidadFiltro) => void;
  /** The lookups, already in Spanish order. */
  locales: LookupItem[];
  marcas: LookupItem[];
  categorias: LookupItem[];
  /** 'Ver' (or Enter). */
  onSubmit: () => void;
  /** 'Limpiar': this month, no other filter. */
  onClear: () => void;
  /** A new grouping: the report shown is read again grouped so, without waiting for 'Ver'. */
  onAgrupar: (agrupar: Agrupar) => void;
}

/** The period, the branch, brand, category and seller, and how to group the report. */
export function ProfitabilityFilters({
  value,
  onChange,
  locales,
  marcas,
  categorias,
  onSubmit,
  onClear,
  onAgrupar,
}: Props) {
  const bind = binder(value, onChange);
  return (
    <FilterForm
      label="Filtros de rentabilidad"
      onSubmit={onSubmit}
      onClear={onClear}
      submitLabel="Ver"
      clearLabel="Limpiar"
      actionsClassName="col-12 col-lg-auto d-flex flex-wrap gap-2"
    >
      <DateField id="rentabilidadDesde" label="Desde" className="col-6 col-md-4 col-lg-3" {...bind('fechaInicio')} />
      <DateField id="rentabilidadHasta" label="Hasta" className="col-6 col-md-4 col-lg-3" {...bind('fechaFin')} />
      <BranchFilter
        id="rentabilidadLocal"
        className="col-sm-6 col-md-4 col-lg-3"
        locales={locales}
        {...bind('localId')}
      />
      <SelectField
        id="rentabilidadMarca"
        label="Marca"
        className="col-sm-6 col-md-4 col-lg-3"
        options={[{ value: 0, label: 'Todas' }, ...named(marcas)]}
        {...bind('marcaId')}
      />
      <SelectField
        id="rentabilidadCategoria"
        label="Categoría"
        className="col-sm-6 col-md-4 col-lg-3"
        options={[{ value: 0, label: 'Todas' }, ...named(categorias)]}
        {...bind('categoriaId')}
      />
      <TextField
        id="rentabilidadVendedor"
        label="Vendedor"
        className="col-sm-6 col-md-4 col-lg-3"
        placeholder="Todos"
        autoComplete="off"
        {...bind('vendedor')}
      />
      <SelectField
        id="rentabilidadAgrupar"
        label="Agrupar por"
        className="col-sm-6 col-md-4 col-lg-3"
        value={value.agrupar}
        onChange={onAgrupar}
        options={AGRUPACIONES}
      />
    </FilterForm>
  );
}
