import { useListLookupQuery } from '../../api/lookups';
import type { MovimientoFiltro } from '../../api/movements';
import { BranchFilter } from '../../ui/BranchFilter';
import { binder, CheckField, DateField, SelectField, TextField } from '../../ui/fields';
import { FilterForm } from '../../ui/FilterForm';
import { TIPOS_MOVIMIENTO } from './rules';

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
  const bind = binder(value, onChange);
  const todos = { value: '', label: 'Todos' };
  const tipos = [todos, ...TIPOS_MOVIMIENTO.map((t) => ({ value: t, label: t }))];
  const metodosPago = [todos, ...metodos.map((m) => ({ value: m.nombre, label: m.nombre }))];

  return (
    <FilterForm label="Filtros de movimientos" onSubmit={onSubmit} onClear={onClear}>
      {admin && <BranchFilter id="filtroLocal" className="col-md-2" locales={locales} {...bind('idLocal')} />}
      <SelectField id="filtroTipo" label="Tipo" className="col-md-2" options={tipos} {...bind('tipoMovimiento')} />
      {!byPatient && (
        <TextField
          id="filtroPaciente"
          label="Paciente"
          className="col-md-3"
          placeholder="Nombre del paciente"
          {...bind('nombrePaciente')}
        />
      )}
      <DateField id="filtroFecha" label="Fecha" className="col-md-2" {...bind('fecha')} />
      <SelectField
        id="filtroMetodoPago"
        label="Método de pago"
        className="col-md-2"
        options={metodosPago}
        {...bind('metodoPago')}
      />
      <div className="col-md-auto">
        <CheckField
          id="filtroConDeuda"
          label="Con deuda"
          className="form-check mb-2"
          labelClassName="text-nowrap"
          checked={value.conDeuda}
          onChange={(v) => onChange({ ...value, conDeuda: v })}
        />
      </div>
    </FilterForm>
  );
}
