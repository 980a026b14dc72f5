import { ENTIDADES, type AuditoriaFiltro } from '../api/audit';
import { useListLookupQuery } from '../api/lookups';
import { BranchFilter } from '../ui/BranchFilter';
import { binder, DateField, SelectField, TextField } from '../ui/fields';
import { FilterForm } from '../ui/FilterForm';

interface Props {
  value: AuditoriaFiltro;
  onChange: (value: AuditoriaFiltro) => void;
  /** 'Buscar': applies the filters from the first page. */
  onSubmit: () => void;
  /** 'Limpiar': back to no filter. */
  onClear: () => void;
}

/** The text filters' columns. */
const TEXT_COLUMNS = { id: 'col-md-4 col-lg-2', usuario: 'col-md-4 col-lg-2', evento: 'col-md-8 col-lg-3' };

/** The log's filters, applied together with 'Buscar' (or Enter). */
export function AuditFilters({ value, onChange, onSubmit, onClear }: Props) {
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const bind = binder(value, onChange);
  /** A free-text filter: the exact value the server compares with. */
  const text = (key: 'id' | 'usuario' | 'evento', id: string, label: string, placeholder: string) => (
    <TextField id={id} label={label} className={TEXT_COLUMNS[key]} placeholder={placeholder} {...bind(key)} />
  );
  const entidades = [{ value: '', label: 'Todos' }, ...ENTIDADES.map((e) => ({ value: e.tipo, label: e.etiqueta }))];

  // From 992 px two rows: what the event is about (2+2+2+3+3 of 12), then when, with the buttons;
  // on a tablet three (the dates together on the last one).
  return (
    <FilterForm
      label="Filtros de auditoría"
      onSubmit={onSubmit}
      onClear={onClear}
      actionsClassName="col-md-4 col-lg-auto d-flex gap-2"
    >
      <SelectField
        id="filtroTipo"
        label="Entidad"
        className="col-md-4 col-lg-2"
        options={entidades}
        {...bind('tipo')}
      />
      {text('id', 'filtroId', 'Id', 'Id de la entidad')}
      {text('usuario', 'filtroUsuario', 'Usuario', 'Nombre de usuario')}
      <BranchFilter id="filtroLocal" className="col-md-4 col-lg-3" locales={locales} {...bind('local')} />
      {text('evento', 'filtroEvento', 'Evento', 'p. ej. Caja cerrada')}
      <DateField id="filtroDesde" label="Desde" className="col-md-4 col-lg-3" {...bind('desde')} />
      <DateField id="filtroHasta" label="Hasta" className="col-md-4 col-lg-3" {...bind('hasta')} />
    </FilterForm>
  );
}
