import { lazy, Suspense, useState } from 'react';
import { errorText, handledElsewhere } from '../api/base';
import { useCierresQuery, type Cierre } from '../api/cashclosing';
import { formatFecha } from '../lib/dates';
import { centsOf, money } from '../lib/money';
import { formatEntero } from '../lib/numbers';
import { Pagination } from '../ui/Pagination';
import { Diferencia } from './DayFigures';
import { MESSAGES } from './messages';
import { diferenciasChart, estadoLabel } from './rules';
import '../ui/stackedTable.css';

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
  const data = list.isError ? undefined : list.currentData;

  return (
    <section aria-labelledby="cierres-title" className="mt-4">
      <h3 className="h5" id="cierres-title">
        Cierres
      </h3>
      {admin && <DifferencesPanel localId={localId} />}
      {list.isError && !handledElsewhere(list.error) && (
        <p className="alert alert-danger">{errorText(list.error) ?? MESSAGES.cierresFallo}</p>
      )}
      {!data && !list.isError && <p className="text-muted">{MESSAGES.cargando}</p>}
      {data && data.content.length === 0 && <p className="text-muted">{MESSAGES.sinCierres}</p>}
      {data && data.content.length > 0 && (
        <>
          <div className="table-responsive">
            <table className="table table-striped align-middle table-stacked" aria-label="Cierres de caja">
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Local</th>
                  <th scope="col">Estado</th>
                  <th scope="col" className="text-md-end">
                    Esperado
                  </th>
                  <th scope="col" className="text-md-end">
                    Contado
                  </th>
                  <th scope="col" className="text-md-end">
                    Diferencia
                  </th>
                  <th scope="col">Motivo</th>
                  <th scope="col" className="text-md-end">
                    Reaperturas
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.content.map((c) => (
                  <tr key={`${c.localId}/${c.fecha}`}>
                    <td data-label="Fecha" className="text-nowrap">
                      <button
                        type="button"
                        className="btn btn-link p-0 align-baseline"
                        title="Ver la caja de ese día"
                        onClick={() => onOpen(c)}
                      >
                        {formatFecha(c.fecha)}
                      </button>
                    </td>
                    <td data-label="Local">{c.local}</td>
                    <td data-label="Estado">{estadoLabel(c.estado)}</td>
                    <td data-label="Esperado" className="text-md-end text-nowrap">
                      {money(c.esperado)}
                    </td>
                    <td data-label="Contado" className="text-md-end text-nowrap">
                      {money(c.contado)}
                    </td>
                    <td data-label="Diferencia" className="text-md-end">
                      <Diferencia cents={centsOf(c.diferencia)} />
                    </td>
                    <td data-label="Motivo" className="small">
                      {c.motivo ?? ''}
                    </td>
                    <td data-label="Reaperturas" className="text-md-end">
                      {formatEntero(c.reaperturas)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={data.number} totalPages={data.totalPages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

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
