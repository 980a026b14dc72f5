import type { LookupItem } from '../api/types';
import type { StatisticsFiltro } from './rules';
import { BranchFilter } from '../ui/BranchFilter';
import { binder, DateField } from '../ui/fields';
import { FilterForm } from '../ui/FilterForm';

interface Props {
  value: StatisticsFiltro;
  onChange: (value: StatisticsFiltro) => void;
  locales: LookupItem[];
  /** 'Aplicar Filtros' (or Enter). */
  onSubmit: () => void;
  /** 'Limpiar Filtros': every branch, no dates. */
  onClear: () => void;
}

/** The branch and the period of the statistics, applied together. */
export function StatisticsFilters({ value, onChange, locales, onSubmit, onClear }: Props) {
  const bind = binder(value, onChange);
  return (
    <FilterForm
      label="Filtros de estadísticas"
      onSubmit={onSubmit}
      onClear={onClear}
      submitLabel="Aplicar Filtros"
      clearLabel="Limpiar Filtros"
      actionsClassName="col-md-5 d-flex flex-wrap gap-2"
    >
      <BranchFilter id="local" className="col-md-3" locales={locales} {...bind('local')} />
      <DateField id="fechaInicio" label="Fecha de inicio" className="col-sm-6 col-md-2" {...bind('fechaInicio')} />
      <DateField id="fechaFin" label="Fecha de fin" className="col-sm-6 col-md-2" {...bind('fechaFin')} />
    </FilterForm>
  );
}
