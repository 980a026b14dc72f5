import { Link } from 'react-router-dom';
import { useTrabajoEstadosQuery, useTrabajosQuery, type TrabajoResumen, type TrabajosFiltro } from '../api/jobs';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { formatFecha } from '../lib/dates';
import { ventaNumero } from '../lib/names';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import type { Column, TableSpec } from '../ui/DataTable';
import { CheckField, named, SelectField } from '../ui/fields';
import { usePagedFilter } from '../ui/usePagedFilter';
import { PagedList } from '../ui/PagedList';
import { EstadoBadge } from './EstadoBadge';
import { LIST_TEXTS, MESSAGES, TITLES } from './messages';
import { ABIERTOS, filtroInicial, tiempoText } from './rules';

/**
 * Route trabajos (staff): the lab jobs, promised earliest first, the open ones to start with;
 * filtered by state, lab, only the overdue ones and, for admins, by branch (a seller sees their
 * own). Each row says how long the job has been in its state (the server's seconds, by the shop's
 * clock, as of when the list was read) and opens the job.
 */
export function JobList() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const { data: laboratorios = [] } = useListLookupQuery('/api/laboratorio');
  const { data: estados = [] } = useTrabajoEstadosQuery();
  const { filtro, set, bind, setPage } = usePagedFilter<TrabajosFiltro>(filtroInicial);
  const list = useTrabajosQuery(filtro, { refetchOnMountOrArgChange: true });

  return (
    <section>
      <h2 className="text-center mb-3">TRABAJOS</h2>
      <div className="row g-2 mb-3 align-items-end">
        <SelectField
          id="trabajoEstado"
          label="Estado"
          className="col-sm-6 col-md-3"
          {...bind('estado')}
          options={[
            { value: ABIERTOS, label: 'Abiertos (sin entregar)' },
            { value: '', label: 'Todos los estados' },
            ...estados.map((e) => ({ value: e.clave, label: e.etiqueta })),
          ]}
        />
        {admin && (
          <BranchFilter id="trabajoLocal" className="col-sm-6 col-md-3" locales={locales} {...bind('localId')} />
        )}
        <SelectField
          id="trabajoLaboratorio"
          label="Laboratorio"
          className="col-sm-6 col-md-3"
          {...bind('laboratorioId')}
          options={[{ value: 0, label: 'Todos los laboratorios' }, ...named(laboratorios)]}
        />
        <div className="col-sm-6 col-md-auto">
          <CheckField
            id="trabajoAtrasados"
            label="Solo atrasados"
            className="form-check mb-2"
            checked={filtro.atrasados}
            onChange={(atrasados) => set({ atrasados })}
          />
        </div>
      </div>
      {!admin && <p className="text-muted small">{MESSAGES.soloTuLocal}</p>}
      <PagedList query={list} texts={LIST_TEXTS} onPage={setPage} {...table(admin)} />
    </section>
  );
}

const table = (admin: boolean): TableSpec<TrabajoResumen> => ({
  label: 'Trabajos',
  rowKey: (t) => t.id,
  rowTestId: (t) => `trabajo-${t.id}`,
  rowClassName: (t) => (t.atrasado ? 'table-danger' : undefined),
  columns: columns(admin),
});

const columns = (admin: boolean): (Column<TrabajoResumen> | false)[] => [
  {
    header: 'Venta',
    className: 'text-nowrap',
    cell: (t) => (
      <Link to={`/trabajos/${t.id}`} aria-label={`Ver ${TITLES.trabajo(ventaNumero(t, t.id)).toLowerCase()}`}>
        {ventaNumero(t, t.id)}
      </Link>
    ),
  },
  { header: 'Paciente', cell: (t) => t.paciente ?? '' },
  { header: 'Laboratorio', cell: (t) => t.laboratorio },
  { header: 'Prometido', className: 'text-nowrap', cell: (t) => formatFecha(t.prometido) },
  { header: 'Estado', cell: (t) => <EstadoBadge etiqueta={t.etiqueta} estado={t.estado} atrasado={t.atrasado} /> },
  { header: 'En el estado', className: 'text-nowrap', cell: (t) => tiempoText(t.segundos) },
  admin && { header: 'Local', cell: (t) => t.local },
];
