import { Link } from 'react-router-dom';
import { useConteoQuery, type Planilla } from '../api/counts';
import { useAppSelector } from '../app/store';
import { formatFechaHora } from '../lib/dates';
import { formatEntero } from '../lib/numbers';
import { isAdmin } from '../session/sessionSlice';
import { Differences } from './Differences';
import { StateBadge } from '../ui/StateBadge';
import { MESSAGES } from './messages';
import { OpenSheet } from './OpenSheet';
import { alcance, estadoDe, puedeCerrar, puedeContar } from './rules';
import { DataTable } from '../ui/DataTable';
import { useRouteId } from '../ui/editScreen';
import { NotRead } from '../ui/Loaded';

/** A cancelled count: what had been counted, for the record; the stock did not change. */
function CancelledSheet({ planilla }: { planilla: Planilla }) {
  return (
    <div>
      <p className="alert alert-secondary">{MESSAGES.cancelado}</p>
      <DataTable
        label="Planilla del conteo"
        variant="table-sm"
        rows={planilla.lineas}
        rowKey={(l) => l.productoId}
        columns={[
          { header: 'Marca', cell: (l) => l.marca },
          { header: 'Modelo', cell: (l) => l.modelo },
          { header: 'Contado', align: 'md-end', cell: (l) => (l.contado == null ? '—' : formatEntero(l.contado)) },
        ]}
      />
    </div>
  );
}

/**
 * Route conteos/:id (staff of the branch): the count's sheet. Open: the blind count, typed or
 * pasted and saved as often as wanted, closed or cancelled by an admin. Closed: the differences
 * (at cost for admins) and the report. Cancelled: what had been counted.
 */
export function CountSheet() {
  const id = useRouteId() ?? 0;
  const valid = id > 0;
  const session = useAppSelector((s) => s.session);
  const query = useConteoQuery(id, { skip: !valid, refetchOnMountOrArgChange: true });
  const p = query.isError ? undefined : query.currentData;

  if (!p) return <NotRead valid={valid} query={query} failed={MESSAGES.conteoFallo} loading={MESSAGES.cargando} />;
  const c = p.conteo;
  return (
    <section>
      <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
        <h2 className="mb-0">Conteo #{c.id}</h2>
        <StateBadge {...estadoDe(c.estado)} />
      </div>
      <dl className="row mb-3" data-testid="conteo-datos">
        <dt className="col-sm-3">Local</dt>
        <dd className="col-sm-9">{c.local}</dd>
        <dt className="col-sm-3">Productos</dt>
        <dd className="col-sm-9">
          {alcance(c)} · {formatEntero(c.productos)}
        </dd>
        <dt className="col-sm-3">Iniciado</dt>
        <dd className="col-sm-9">{formatFechaHora(c.iniciado)}</dd>
        {c.cerrado && (
          <>
            <dt className="col-sm-3">{c.estado === 'CANCELADO' ? 'Cancelado' : 'Cerrado'}</dt>
            <dd className="col-sm-9">{formatFechaHora(c.cerrado)}</dd>
          </>
        )}
      </dl>
      {c.estado === 'ABIERTO' && puedeContar(session, c) && (
        <OpenSheet key={c.id} planilla={p} admin={puedeCerrar(session, c)} reload={() => void query.refetch()} />
      )}
      {c.estado === 'CERRADO' && <Differences planilla={p} admin={isAdmin(session)} />}
      {c.estado === 'CANCELADO' && <CancelledSheet planilla={p} />}
      <Link className="btn btn-secondary mt-3" to="/conteos">
        Volver
      </Link>
    </section>
  );
}
