import type { FormEvent } from 'react';
import type { MovimientoFiltro } from '../api/cashbox';
import { useListLookupQuery } from '../api/lookups';
import { TIPOS_MOVIMIENTO } from './rules';
import { BranchFilter } from '../ui/BranchFilter';
import { DateInput } from '../ui/DateInput';

interface Props {
  value: MovimientoFiltro;
  onChange: (value: MovimientoFiltro) => void;
  /** 'Buscar': applies the filters from the first page. */
  onSubmit: () => void;
  /** 'Limpiar': back to no filter. */
  onClear: () => void;
  /** Only admins choose the branch; the server forces a seller's own. */
  admin: boolean;
  /** False on one patient's list, whose name filter is fixed. */
  byPatient: boolean;
}

/** The list's filters, applied together with 'Buscar' (or Enter). */
export function MovementFilters({ value, onChange, onSubmit, onClear, admin, byPatient }: Props) {
  const { data: locales = [] } = useListLookupQuery('/api/local', { skip: !admin });
  const { data: metodos = [] } = useListLookupQuery('/api/metodoPago');
  const set = <K extends keyof MovimientoFiltro>(key: K, v: MovimientoFiltro[K]) => onChange({ ...value, [key]: v });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };

  return (
    <form className="row g-2 mb-3 align-items-end" role="search" aria-label="Filtros de movimientos" onSubmit={submit}>
      {admin && (
        <BranchFilter
          id="filtroLocal"
          className="col-md-2"
          value={value.idLocal}
          locales={locales}
          onChange={(id) => set('idLocal', id)}
        />
      )}
      <div className="col-md-2">
        <label htmlFor="filtroTipo" className="form-label">
          Tipo
        </label>
        <select
          id="filtroTipo"
          className="form-select"
          value={value.tipoMovimiento}
          onChange={(e) => set('tipoMovimiento', e.target.value)}
        >
          <option value="">Todos</option>
          {TIPOS_MOVIMIENTO.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
      {!byPatient && (
        <div className="col-md-3">
          <label htmlFor="filtroPaciente" className="form-label">
            Paciente
          </label>
          <input
            id="filtroPaciente"
            className="form-control"
            placeholder="Nombre del paciente"
            value={value.nombrePaciente}
            onChange={(e) => set('nombrePaciente', e.target.value)}
          />
        </div>
      )}
      <div className="col-md-2">
        <label htmlFor="filtroFecha" className="form-label">
          Fecha
        </label>
        <DateInput id="filtroFecha" value={value.fecha} onValueChange={(v) => set('fecha', v)} />
      </div>
      <div className="col-md-2">
        <label htmlFor="filtroMetodoPago" className="form-label">
          Método de pago
        </label>
        <select
          id="filtroMetodoPago"
          className="form-select"
          value={value.metodoPago}
          onChange={(e) => set('metodoPago', e.target.value)}
        >
          <option value="">Todos</option>
          {metodos.map((m) => (
            <option key={m.id} value={m.nombre}>
              {m.nombre}
            </option>
          ))}
        </select>
      </div>
      <div className="col-md-auto">
        <div className="form-check mb-2">
          <input
            id="filtroConDeuda"
            type="checkbox"
            className="form-check-input"
            checked={value.conDeuda}
            onChange={(e) => set('conDeuda', e.target.checked)}
          />
          <label htmlFor="filtroConDeuda" className="form-check-label text-nowrap">
            Con deuda
          </label>
        </div>
      </div>
      <div className="col-md-auto d-flex gap-2">
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
