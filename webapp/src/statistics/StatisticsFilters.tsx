import type { FormEvent } from 'react';
import type { LookupItem } from '../api/types';
import type { StatisticsFiltro } from './rules';
import { BranchFilter } from '../ui/BranchFilter';
import { DateInput } from '../ui/DateInput';

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
  const set = <K extends keyof StatisticsFiltro>(key: K, v: StatisticsFiltro[K]) => onChange({ ...value, [key]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <form className="row g-2 mb-3 align-items-end" role="search" aria-label="Filtros de estadísticas" onSubmit={submit}>
      <BranchFilter
        id="local"
        className="col-md-3"
        value={value.local}
        locales={locales}
        onChange={(id) => set('local', id)}
      />
      <div className="col-sm-6 col-md-2">
        <label htmlFor="fechaInicio" className="form-label">
          Fecha de inicio
        </label>
        <DateInput id="fechaInicio" value={value.fechaInicio} onValueChange={(v) => set('fechaInicio', v)} />
      </div>
      <div className="col-sm-6 col-md-2">
        <label htmlFor="fechaFin" className="form-label">
          Fecha de fin
        </label>
        <DateInput id="fechaFin" value={value.fechaFin} onValueChange={(v) => set('fechaFin', v)} />
      </div>
      <div className="col-md-5 d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary">
          Aplicar Filtros
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClear}>
          Limpiar Filtros
        </button>
      </div>
    </form>
  );
}
