import type { FormEvent } from 'react';
import { TIPOS_ENTIDAD, type AuditoriaFiltro } from '../api/audit';
import { useListLookupQuery } from '../api/lookups';
import { BranchFilter } from '../ui/BranchFilter';
import { DateInput } from '../ui/DateInput';

interface Props {
  value: AuditoriaFiltro;
  onChange: (value: AuditoriaFiltro) => void;
  /** 'Buscar': applies the filters from the first page. */
  onSubmit: () => void;
  /** 'Limpiar': back to no filter. */
  onClear: () => void;
}

/** A free-text filter: the exact value the server compares with. */
function TextFilter(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (v: string) => void;
  /** The column's classes. */
  className: string;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="form-label">
        {props.label}
      </label>
      <input
        id={props.id}
        className="form-control"
        placeholder={props.placeholder}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}

/** The log's filters, applied together with 'Buscar' (or Enter). */
export function AuditFilters({ value, onChange, onSubmit, onClear }: Props) {
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const set = <K extends keyof AuditoriaFiltro>(key: K, v: AuditoriaFiltro[K]) => onChange({ ...value, [key]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  // From 992 px two rows: what the event is about (2+2+2+3+3 of 12), then when, with the buttons;
  // on a tablet three (the dates together on the last one).
  return (
    <form className="row g-2 mb-3 align-items-end" role="search" aria-label="Filtros de auditoría" onSubmit={submit}>
      <div className="col-md-4 col-lg-2">
        <label htmlFor="filtroTipo" className="form-label">
          Entidad
        </label>
        <select
          id="filtroTipo"
          className="form-select"
          value={value.tipo}
          onChange={(e) => set('tipo', e.target.value)}
        >
          <option value="">Todos</option>
          {TIPOS_ENTIDAD.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      <TextFilter
        id="filtroId"
        className="col-md-4 col-lg-2"
        label="Id"
        placeholder="Id de la entidad"
        value={value.id}
        onChange={(v) => set('id', v)}
      />
      <TextFilter
        id="filtroUsuario"
        className="col-md-4 col-lg-2"
        label="Usuario"
        placeholder="Nombre de usuario"
        value={value.usuario}
        onChange={(v) => set('usuario', v)}
      />
      <BranchFilter
        id="filtroLocal"
        className="col-md-4 col-lg-3"
        value={value.local}
        locales={locales}
        onChange={(id) => set('local', id)}
      />
      <TextFilter
        id="filtroEvento"
        className="col-md-8 col-lg-3"
        label="Evento"
        placeholder="p. ej. StockAjustado"
        value={value.evento}
        onChange={(v) => set('evento', v)}
      />
      <div className="col-md-4 col-lg-3">
        <label htmlFor="filtroDesde" className="form-label">
          Desde
        </label>
        <DateInput id="filtroDesde" value={value.desde} onValueChange={(v) => set('desde', v)} />
      </div>
      <div className="col-md-4 col-lg-3">
        <label htmlFor="filtroHasta" className="form-label">
          Hasta
        </label>
        <DateInput id="filtroHasta" value={value.hasta} onValueChange={(v) => set('hasta', v)} />
      </div>
      <div className="col-md-4 col-lg-auto d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          Buscar
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClear}>
          Limpiar
        </button>
      </div>
    </form>
  );
}
