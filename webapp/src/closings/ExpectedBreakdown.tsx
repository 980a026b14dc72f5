import { Link } from 'react-router-dom';
import { useEsperadoCajaQuery, type DiaCaja, type LineaEsperado } from '../api/closings';
import { formatFechaHora } from '../lib/dates';
import { centsOf, formatPesos } from '../lib/money';
import { DataTable } from '../ui/DataTable';
import { MESSAGES } from './messages';
import { detalleDeLinea, type Fila } from './rules';

interface Props {
  dia: DiaCaja;
  /** The line opened, with the expected figure the last count compared it with. */
  fila: Fila;
  /** The day's lines: how the last count compared the card decides what makes up the figure. */
  rows: Fila[];
  onClose: () => void;
}

function Concepto({ linea }: { linea: LineaEsperado }) {
  if (linea.movimientoId == null || !linea.abrible) return <>{linea.concepto}</>;
  return <Link to={`/editarMovimiento/${linea.movimientoId}`}>{linea.concepto}</Link>;
}

/**
 * One line's expected figure, opened: the float, then each sale, collection, refund and expense
 * of the day, adding up to the figure. The server answers per method; a card's plan shows only its
 * payments, and the card's own line its payments without a plan, unless the card was counted whole
 * (rules.detalleDeLinea). A seller's link opens only their branch's movements (a collection here
 * may pay another branch's sale). Read fresh each time it opens: a movement recorded since the
 * count shows, with a note to count again.
 */
export function ExpectedBreakdown({ dia, fila, rows, onClose }: Props) {
  const query = useEsperadoCajaQuery(dia, { refetchOnMountOrArgChange: true });
  const metodo = fila.metodo;
  const { alcance, lineas, esperado } = detalleDeLinea(
    rows,
    fila,
    query.currentData?.find((m) => m.metodoPagoId === fila.metodoPagoId),
  );
  const titleId = `esperado-${fila.key}-title`;
  const nota =
    alcance === 'sinPlanes' ? MESSAGES.detalleSinPlanes : alcance === 'entera' ? MESSAGES.detalleEntera(metodo) : null;
  return (
    <section className="card card-body mb-3" aria-labelledby={titleId} data-testid="detalle-esperado">
      <div className="d-flex flex-wrap gap-2 justify-content-between align-items-center mb-2">
        <h4 className="h6 mb-0" id={titleId}>
          {MESSAGES.detalleEsperado(metodo)}
        </h4>
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onClose}>
          Cerrar detalle
        </button>
      </div>
      {query.isFetching && !query.currentData && <p className="text-muted mb-0">{MESSAGES.cargando}</p>}
      {query.isError && <p className="alert alert-danger mb-0">{MESSAGES.detalleFallo}</p>}
      {query.currentData && (
        <>
          {nota && <p className="small text-muted mb-2">{nota}</p>}
          <DataTable
            label={MESSAGES.detalleEsperado(metodo)}
            variant="table-sm mb-1"
            rows={lineas}
            rowKey={(l, i) => `${l.movimientoId ?? 'fondo'}-${i}`}
            empty={
              <p className="text-muted mb-0">
                {alcance === 'plan' ? MESSAGES.detalleVacioPlan : MESSAGES.detalleVacio}
              </p>
            }
            columns={[
              { header: 'Concepto', cell: (l) => <Concepto linea={l} /> },
              { header: 'Fecha', className: 'text-nowrap', cell: (l) => (l.fecha ? formatFechaHora(l.fecha) : '') },
              {
                header: 'Monto',
                align: 'md-end',
                className: 'text-nowrap',
                cell: (l) => formatPesos(centsOf(l.monto)),
              },
            ]}
            foot={
              <tr className="fw-bold">
                <td colSpan={2} data-label="Total">
                  Esperado
                </td>
                <td className="text-md-end text-nowrap" data-label="Monto">
                  {formatPesos(esperado)}
                </td>
              </tr>
            }
          />
          {esperado !== fila.esperado && <p className="alert alert-warning small mb-0">{MESSAGES.esperadoCambio}</p>}
        </>
      )}
    </section>
  );
}
