import { Link } from 'react-router-dom';
import { useListLookupQuery } from '../api/lookups';
import {
  useTransferenciasQuery,
  type EstadoTransferencia,
  type TransferenciaPage,
  type TransferenciasFiltro,
} from '../api/transfers';
import { useAppSelector } from '../app/store';
import { formatFechaHora } from '../lib/dates';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { BranchFilter } from '../ui/BranchFilter';
import type { Column, TableSpec } from '../ui/DataTable';
import { SelectField } from '../ui/fields';
import { usePagedFilter } from '../ui/usePagedFilter';
import { PagedList } from '../ui/PagedList';
import { StateBadge } from '../ui/StateBadge';
import { LIST_TEXTS, MESSAGES } from './messages';
import { ESTADOS, estadoDe } from './rules';

const PAGE_SIZE = 20;

/**
 * Route transferencias (staff): the transfers between branches, newest first, with their state;
 * filtered by state and, for admins, by branch (a seller sees those from or to their own).
 * 'Nueva transferencia' sends one; each row opens its detail, where it is received or cancelled.
 */
export function TransferList() {
  const admin = useAppSelector((s) => isAdmin(s.session));
  const { data: locales = [] } = useListLookupQuery('/api/local');
  const { filtro, bind, setPage } = usePagedFilter<TransferenciasFiltro>({
    estado: '',
    localId: 0,
    page: 0,
    size: PAGE_SIZE,
  });
  const list = useTransferenciasQuery(filtro, { refetchOnMountOrArgChange: true });

  return (
    <section>
      <h2 className="text-center mb-3">TRANSFERENCIAS</h2>
      <div className="row g-2 mb-3 align-items-end">
        <SelectField<EstadoTransferencia | ''>
          id="transferenciaEstado"
          label="Estado"
          className="col-sm-6 col-md-3"
          {...bind('estado')}
          options={[
            { value: '', label: 'Todos los estados' },
            ...ESTADOS.map((e) => ({ value: e, label: estadoDe(e).nombre })),
          ]}
        />
        {admin && (
          <BranchFilter id="transferenciaLocal" className="col-sm-6 col-md-3" locales={locales} {...bind('localId')} />
        )}
        <div className="col-md-auto ms-md-auto">
          <Link className="btn btn-success" to="/transferencias/nueva">
            Nueva transferencia
          </Link>
        </div>
      </div>
      {!admin && <p className="text-muted small">{MESSAGES.soloTuLocal}</p>}
      <PagedList query={list} texts={LIST_TEXTS} onPage={setPage} {...TABLE} />
    </section>
  );
}

const COLUMNS: Column<TransferenciaPage['content'][number]>[] = [
  { header: 'N.º', cell: (t) => `#${t.id}` },
  { header: 'Enviada', className: 'text-nowrap', cell: (t) => formatFechaHora(t.enviada) },
  { header: 'Origen', cell: (t) => t.origen },
  { header: 'Destino', cell: (t) => t.destino },
  { header: 'Unidades', align: 'md-end', cell: (t) => formatEntero(t.unidades) },
  { header: 'Estado', cell: (t) => <StateBadge {...estadoDe(t.estado)} /> },
  {
    header: 'Acciones',
    cell: (t) => (
      <Link
        className="btn btn-outline-primary btn-sm"
        to={`/transferencias/${t.id}`}
        aria-label={`Ver transferencia #${t.id}`}
      >
        Ver
      </Link>
    ),
  },
];

const TABLE: TableSpec<TransferenciaPage['content'][number]> = {
  label: 'Transferencias',
  columns: COLUMNS,
  rowKey: (t) => t.id,
  rowTestId: (t) => `transferencia-${t.id}`,
};
