import { lazy, Suspense, useState } from 'react';
import { useCierresQuery, type Cierre } from '../api/closings';
import { formatFecha } from '../lib/dates';
import { centsOf, money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import type { Column, TableSpec } from '../ui/DataTable';
import { PagedList } from '../ui/PagedList';
import { Diferencia } from './DayFigures';
import { LIST_TEXTS, MESSAGES } from './messages';
import { diferenciasChart, estadoLabel, motivoDelCierre } from './rules';

// recharts is loaded with the chart, never with the rest of the app.
const DiferenciasPorDiaChart = lazy(() => import('./charts').then((m) => ({ default: m.DiferenciasPorDiaChart })));

const PAGE_SIZE = 10;
/** The chart's days: the latest closings the server gives in one page. */
const CHART_SIZE = 100;
const FRESH = { refetchOnMountOrArgChange: true } as const;

interface Props {
  /** 0: every branch (admins); a seller always gets their own. */
  localId: number;
  admin: boolean;
  /** Shows that day above. */
  onOpen: (cierre: Cierre) => void;
}

/** The counted days, newest first, with their differences; for admins, a chart of them. */
export function ClosingHistory({ localId, admin, onOpen }: Props) {
  const [page, setPage] = useState(0);
  const list = useCierresQuery({ localId, page, size: PAGE_SIZE }, FRESH);

  return (
    <section aria-labelledby="cierres-title" className="mt-4">
      <h3 className="h5" id="cierres-title">
        Cierres
      </h3>
      {admin && <DifferencesPanel localId={localId} />}
      <PagedList query={list} texts={LIST_TEXTS} onPage={setPage} {...table(onOpen)} />
    </section>
  );
}

const table = (onOpen: (cierre: Cierre) => void): TableSpec<Cierre> => ({
  label: 'Cierres de caja',
  variant: 'table-striped',
  rowKey: (c) => `${c.localId}/${c.fecha}`,
  columns: columns(onOpen),
});

const columns = (onOpen: (cierre: Cierre) => void): Column<Cierre>[] => [
  {
    header: 'Fecha',
    className: 'text-nowrap',
    cell: (c) => (
      <button
        type="button"
        className="btn btn-link p-0 align-baseline"
        title="Ver la caja de ese día"
        onClick={() => onOpen(c)}
      >
        {formatFecha(c.fecha)}
      </button>
    ),
  },
  { header: 'Local', cell: (c) => c.local },
  { header: 'Estado', cell: (c) => estadoLabel(c.estado) },
  { header: 'Esperado', align: 'md-end', className: 'text-nowrap', cell: (c) => money(c.esperado) },
  { header: 'Contado', align: 'md-end', className: 'text-nowrap', cell: (c) => money(c.contado) },
  { header: 'Diferencia', align: 'md-end', cell: (c) => <Diferencia cents={centsOf(c.diferencia)} /> },
  { header: 'Motivo', className: 'small', cell: motivoDelCierre },
  { header: 'Reaperturas', align: 'md-end', cell: (c) => formatEntero(c.reaperturas) },
];

/** Admins: the differences of the latest closed days, charted. */
function DifferencesPanel({ localId }: { localId: number }) {
  const query = useCierresQuery({ localId, page: 0, size: CHART_SIZE }, FRESH);
  if (!query.currentData) return null;
  const chart = diferenciasChart(query.currentData.content);
  return (
    <section className="card mb-3" aria-labelledby="diferencias-title">
      <div className="card-body">
        <h4 className="h6" id="diferencias-title">
          Diferencias por día
        </h4>
        {chart.data.length === 0 ? (
          <p className="text-muted mb-0">{MESSAGES.sinDiferencias}</p>
        ) : (
          <div role="img" aria-label="Diferencias por día">
            <Suspense fallback={<p className="text-muted mb-0">{MESSAGES.cargandoGrafico}</p>}>
              <DiferenciasPorDiaChart chart={chart} />
            </Suspense>
          </div>
        )}
      </div>
    </section>
  );
}
