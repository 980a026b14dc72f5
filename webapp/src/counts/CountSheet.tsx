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
import { useRouteRecord } from '../ui/editScreen';
import { RecordScreen } from '../ui/RecordScreen';
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
  const { valid, query, record: p } = useRouteRecord(useConteoQuery);
  const session = useAppSelector((s) => s.session);

  if (!p) return <NotRead valid={valid} query={query} failed={MESSAGES.conteoFallo} loading={MESSAGES.cargando} />;
  const c = p.conteo;
  return (
    <RecordScreen
      testId="conteo-datos"
      facts={[
        ['Local', c.local],
        [
          'Productos',
          <>
            {alcance(c)} · {formatEntero(c.productos)}
          </>,
        ],
        ['Iniciado', formatFechaHora(c.iniciado)],
        !!c.cerrado && [c.estado === 'CANCELADO' ? 'Cancelado' : 'Cerrado', formatFechaHora(c.cerrado)],
      ]}
      title={`Conteo #${c.id}`}
      badge={<StateBadge {...estadoDe(c.estado)} />}
      back="/conteos"
    >
      {c.estado === 'ABIERTO' && puedeContar(session, c) && (
        <OpenSheet key={c.id} planilla={p} admin={puedeCerrar(session, c)} reload={() => void query.refetch()} />
      )}
      {c.estado === 'CERRADO' && <Differences planilla={p} admin={isAdmin(session)} />}
      {c.estado === 'CANCELADO' && <CancelledSheet planilla={p} />}
    </RecordScreen>
  );
}
