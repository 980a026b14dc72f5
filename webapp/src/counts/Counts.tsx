import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useConteosQuery, type Conteo } from '../api/counts';
import { useListLookupQuery } from '../api/lookups';
import { useAppSelector } from '../app/store';
import { formatFechaHora } from '../lib/dates';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import type { Column, TableSpec } from '../ui/DataTable';
import { PagedList } from '../ui/PagedList';
import { usePagedFilter } from '../ui/usePagedFilter';
import { StateBadge } from '../ui/StateBadge';
import { LIST_TEXTS, MESSAGES } from './messages';
import { NewCount } from './NewCount';
import { alcance, estadoDe, progresoText } from './rules';

const PAGE_SIZE = 20;

/**
 * Route conteos (staff): the physical counts, newest first, with their state and progress (a
 * seller sees their branch's; an admin filters by branch and starts a new one). Each row opens
 * its sheet, where the quantities are typed in and, once closed, the differences are shown.
 */
export function Counts() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: locales = [] } = useListLookupQuery('/api/local', { skip: !admin });
  const { filtro, bind, setPage } = usePagedFilter({ localId: 0, page: 0, size: PAGE_SIZE });
  const [nuevo, setNuevo] = useState(false);
  const list = useConteosQuery(filtro, { refetchOnMountOrArgChange: true });

  return (
    <section>
      <h2 className="text-center mb-3">CONTEOS</h2>
      <div className="row g-2 mb-3 align-items-end">
        {admin && (
          <BranchFilter id="conteosLocal" className="col-sm-6 col-md-3" locales={locales} {...bind('localId')} />
        )}
        {admin && (
          <div className="col-md-auto ms-md-auto">
            <button type="button" className="btn btn-success" aria-expanded={nuevo} onClick={() => setNuevo((n) => !n)}>
              Nuevo conteo
            </button>
          </div>
        )}
      </div>
      {admin && nuevo && <NewCount />}
      {!admin && <p className="text-muted small">{MESSAGES.soloTuLocal}</p>}
      <PagedList query={list} texts={LIST_TEXTS} onPage={setPage} {...TABLE} />
    </section>
  );
}

const COLUMNS: Column<Conteo>[] = [
  { header: 'N.º', cell: (c) => `#${c.id}` },
  { header: 'Iniciado', className: 'text-nowrap', cell: (c) => formatFechaHora(c.iniciado) },
  { header: 'Local', cell: (c) => c.local },
  { header: 'Productos', cell: (c) => alcance(c) },
  { header: 'Estado', cell: (c) => <StateBadge {...estadoDe(c.estado)} /> },
  { header: 'Avance', cell: (c) => progresoText({ contados: c.contados, total: c.productos }) },
  {
    header: 'Con diferencia',
    align: 'md-end',
    cell: (c) => (c.conDiferencia == null ? '' : formatEntero(c.conDiferencia)),
  },
  {
    header: 'Acciones',
    cell: (c) => (
      <Link
        className="btn btn-outline-primary btn-sm"
        to={`/conteos/${c.id}`}
        aria-label={`${c.estado === 'ABIERTO' ? 'Contar' : 'Ver'} conteo #${c.id}`}
      >
        {c.estado === 'ABIERTO' ? 'Contar' : 'Ver'}
      </Link>
    ),
  },
];

const TABLE: TableSpec<Conteo> = {
  label: 'Conteos',
  columns: COLUMNS,
  rowKey: (c) => c.id,
  rowTestId: (c) => `conteo-${c.id}`,
};
